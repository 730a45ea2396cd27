# SPDX-License-Identifier: MIT
"""`make test-board` (tests/board.py) without a board: its suites run over
the unix port and the 32-bit WebAssembly port, the same payloads a board
runs; its mpremote transport builds the expected commands and, given a
stand-in for mpremote that runs the payload on the unix port, brings the
results back; a missing PORT or board is one clear line."""

import pathlib
import subprocess
import sys

import pytest

from tests import board, mpvm


def test_suites_pass_on_the_unix_port():
    lines = []
    figures = board.run_all(board.unix_transport, echo=lines.append)
    game = figures["game"]
    assert figures["core_vectors"] == 12
    assert figures["journals"] > 10
    assert game["presses"] > 150 and game["flash_writes"] > 60
    assert 0 < game["lowest_mem_free"] < mpvm.HEAPSIZE
    assert game["press_ms_p50"] <= game["press_ms_p95"] <= game["press_ms_max"]
    assert game["journal_bytes"] <= game["flash_bytes"]
    assert any("lowest_mem_free" in line for line in lines)


def test_suites_pass_on_the_32_bit_port():
    figures = board.run_all(board.wasm32_transport, echo=lambda line: None)
    assert figures["facts"]["maxsize"] == 2**31 - 1
    assert figures["game"]["presses"] > 150


def test_a_game_that_ends_differently_fails_the_suite():
    def lying(name, data=None, leaves=()):
        lines = board.unix_transport(name, data)
        for line in lines:
            if "end" in line:
                line["end"]["totals"][0] += 10
        return lines

    with pytest.raises(board.BoardError) as info:
        board.suite_game(lying)
    assert "on CPython" in str(info.value)


def test_a_journal_written_differently_fails_the_suite():
    def lying(name, data=None, leaves=()):
        lines = board.unix_transport(name, data)
        for line in lines:
            if "write" in line:
                line["hex"] = line["hex"][:-2] + "20"  # the last newline made a space
        return lines

    with pytest.raises(board.BoardError) as info:
        board.suite_journal(lying)
    assert "other bytes" in str(info.value)


def test_payload_command_copies_the_data_runs_and_cleans_up(tmp_path):
    argv = board.payload_argv("/dev/ttyACM0", tmp_path / "board_game.py", tmp_path / "tt_data.json",
                              [tmp_path / "ui_script.mpy"])
    assert argv[1:5] == ["-m", "mpremote", "connect", "/dev/ttyACM0"]
    text = " ".join(str(a) for a in argv)
    assert "fs cp %s :tt_data.json" % (tmp_path / "tt_data.json") in text
    assert "fs cp %s :ui_script.mpy" % (tmp_path / "ui_script.mpy") in text
    assert "+ run %s +" % (tmp_path / "board_game.py") in text
    # the cleanup runs first and last, and removes the helper too
    assert argv[6] == argv[-1] == board.cleanup_script(["ui_script.mpy"])
    assert "ui_script.mpy" in argv[-1] and "tt_flash" in argv[-1]


def test_the_cleanup_removes_the_journal_folder_and_the_data(tmp_path):
    # The cleanup is MicroPython and CPython alike: run it on a folder
    # laid out as a run leaves the board.
    (tmp_path / "tt_flash").mkdir()
    (tmp_path / "tt_flash" / "g0001.tj").write_text("x")
    (tmp_path / "tt_data.json").write_text("{}")
    (tmp_path / "board_io.mpy").write_bytes(b"M")
    (tmp_path / "main.py").write_text("")
    proc = subprocess.run([sys.executable, "-c", board.cleanup_script(["board_io.mpy"])], cwd=tmp_path)
    assert proc.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.py"]


def _fake_mpremote(calls):
    """A stand-in for mpremote: runs the script it was asked to run on the
    unix port, with the data file it was asked to copy."""

    def run(argv, capture_output=True, text=True, **kw):
        calls.append(argv)
        script = pathlib.Path(argv[argv.index("run") + 1])
        data = None
        if ":" + mpvm.DATA_FILE in argv:
            data = pathlib.Path(argv[argv.index(":" + mpvm.DATA_FILE) - 1]).read_text()
        out = mpvm.run_payload(script.stem, data=data)
        return subprocess.CompletedProcess(argv, 0, out, "")

    return run


def test_board_transport_brings_back_the_payload_output(tmp_path, monkeypatch):
    monkeypatch.setattr(board.os.path, "exists", lambda path: True)
    calls = []
    transport = board.BoardTransport("/dev/ttyACM0", run=_fake_mpremote(calls))
    assert board.suite_core(transport) == 12
    facts = board.suite_facts(transport)
    assert facts["framebuf"] is True
    assert len(calls) == 2 and all("connect" in c for c in calls)


def test_a_traceback_on_the_board_is_one_line(monkeypatch):
    monkeypatch.setattr(board.os.path, "exists", lambda path: True)

    def run(argv, **kw):
        return subprocess.CompletedProcess(argv, 1, "Traceback (most recent call last):\nMemoryError: memory allocation failed\n", "")

    with pytest.raises(board.BoardError) as info:
        board.BoardTransport("/dev/ttyACM0", run=run)("board_facts")
    assert str(info.value) == "payload board_facts failed on the board: MemoryError: memory allocation failed"


def test_no_port_and_no_board_are_one_clear_line(capsys):
    assert board.main(["board"]) == 2
    assert "PORT=/dev/ttyACM0" in capsys.readouterr().err
    assert board.main(["board", "/dev/ttyACM-not-here"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no board at /dev/ttyACM-not-here" in err


def test_make_test_board_without_port_stops_with_one_line():
    repo = pathlib.Path(__file__).resolve().parent.parent
    proc = subprocess.run(["make", "-s", "test-board"], cwd=repo, capture_output=True, text=True)
    assert proc.returncode != 0
    # (a venv rebuilt first may print before it)
    assert ("test-board: make test-board needs the board's serial port: make test-board PORT=/dev/ttyACM0"
            in proc.stderr.splitlines())


def test_on_a_board_the_game_draws_on_its_real_i2c_bus(monkeypatch):
    # board_game with "i2c": the display driver writes through the board's
    # own machine.I2C (here a stand-in) at the board file's OLED address.
    import types

    from tallyboard.boards import pico
    from tallyfakes.memfs import MemFS
    from tests.payloads.board_game import Board

    sent = []
    machine = types.ModuleType("machine")
    machine.I2C = lambda *a, **k: types.SimpleNamespace(writeto=lambda addr, buf: sent.append((addr, len(buf))))
    machine.Pin = lambda *a, **k: None
    monkeypatch.setitem(sys.modules, "machine", machine)
    b = Board({"keys": "", "i2c": True}, fs=MemFS())
    booted = sum(n for _, n in sent)
    figures = b.press("d")
    assert {addr for addr, _ in sent} == {pico.OLED_ADDR}
    assert figures["display"] == sum(n for _, n in sent) - booted > 0


def test_the_stand_ins_go_on_the_board_for_the_run_and_come_off_after(monkeypatch):
    # board_game plays on the host's fake clock (host/tallyfakes): deployed
    # beside the app for the run, removed by the cleanup at the end.
    monkeypatch.setattr(board.os.path, "exists", lambda path: True)
    calls = []
    real_run = subprocess.run

    def run(argv, **kw):
        if "mpremote" in argv:
            calls.append(list(argv))
            return subprocess.CompletedProcess(argv, 0, "", "")
        return real_run(argv, **kw)  # mpy-cross staging

    transport = board.BoardTransport("/dev/ttyACM0", run=run)
    transport.deploy()
    copied = [pathlib.Path(a).as_posix() for a in calls[-1] if a.endswith(".mpy")]
    assert any(a.endswith("/tallyfakes/fake_clock.mpy") for a in copied)
    assert any(a.endswith("/tallyboard/app.mpy") for a in copied)
    assert transport.remove_stand_ins()
    assert calls[-1][-1] == board.cleanup_script([mpvm.STAND_INS]) and "'tallyfakes'" in calls[-1][-1]
