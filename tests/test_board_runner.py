# SPDX-License-Identifier: MIT
"""`make test-board` (tests/board.py) without a board: its suites run over
the unix port and the 32-bit WebAssembly port, the same payloads a board
runs; its mpremote transport builds the expected commands and, given a
stand-in for mpremote that runs the payload on the unix port, brings the
results back; a missing PORT or board is one clear line."""

import pathlib
import subprocess

import pytest

from tests import board, mpvm


def test_suites_pass_on_the_unix_port():
    lines = []
    figures = board.run_all(board.unix_transport, echo=lines.append)
    game = figures["game"]
    assert figures["core_vectors"] == 12
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
    def lying(name, data=None):
        lines = board.unix_transport(name, data)
        for line in lines:
            if "end" in line:
                line["end"]["totals"][0] += 10
        return lines

    with pytest.raises(board.BoardError) as info:
        board.suite_game(lying)
    assert "on CPython" in str(info.value)


def test_payload_command_copies_the_data_runs_and_cleans_up(tmp_path):
    argv = board.payload_argv("/dev/ttyACM0", tmp_path / "board_game.py", tmp_path / "tt_data.json",
                              [tmp_path / "ui_script.mpy"])
    assert argv[1:5] == ["-m", "mpremote", "connect", "/dev/ttyACM0"]
    text = " ".join(str(a) for a in argv)
    assert "fs cp %s :tt_data.json" % (tmp_path / "tt_data.json") in text
    assert "fs cp %s :ui_script.mpy" % (tmp_path / "ui_script.mpy") in text
    assert "+ run %s +" % (tmp_path / "board_game.py") in text
    # the cleanup runs first and last
    assert argv[6] == board.CLEANUP and argv[-1] == board.CLEANUP


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
