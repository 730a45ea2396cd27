# SPDX-License-Identifier: MIT
"""`tricktally sim`: headless runs, screenshots, the flash folder, keys."""

import os
import subprocess
import sys

from tricktally_host.sim import keys

CMD = [sys.executable, "-c", "from tricktally_host.cli import main; main()", "sim", "--headless"]


def _run(args, script, timeout=60):
    proc = subprocess.run(CMD + args, input=script, capture_output=True, text=True, timeout=timeout)
    return proc


def test_headless_prints_the_serial_port_first_then_screens(tmp_path):
    flash = tmp_path / "flash"
    shots = tmp_path / "shots"
    proc = _run(["--flash", str(flash), "--screenshot", str(shots), "--seed", "1"], "ok\nup\nok\nup\nok\nbogus\nquit\n")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if not line.startswith("text:")]
    assert lines[0].startswith("serial: /dev/pts/")
    assert lines[1] == "screen: Menu TrickTally"
    assert lines[2] == "screen: Form New game"
    assert lines[3].startswith("screen: NumberEntry spades hand=1 kind=bid")
    assert any(line.startswith("error: unknown button 'bogus'") for line in lines)
    pngs = sorted(os.listdir(shots))
    assert pngs[0] == "run001-001-menu.png" and len(pngs) >= 4
    with open(shots / pngs[0], "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    # the game is in the flash folder: a new run resumes where it stood
    before = [line for line in lines if line.startswith("screen: NumberEntry")][-1]
    again = _run(["--flash", str(flash)], "")
    assert again.returncode == 0
    assert again.stdout.splitlines()[1] == before


def _screens(stdout):
    # [(screen line, [text lines])] of a headless run.
    out = []
    for line in stdout.splitlines():
        if line.startswith("screen: "):
            out.append((line, []))
        elif line.startswith("text:"):
            out[-1][1].append(line)
    return out


def test_headless_prints_each_screens_text_rows_as_drawn(tmp_path):
    # OK opens the new-game form; down, down: the cursor on "Seat 1"; OK
    # opens its list; then a game: its first bid screen.
    script = "ok\ndown\ndown\nok\nback\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nup\nok\nquit\n"
    proc = _run(["--flash", str(tmp_path), "--no-serial", "--seed", "1"], script)
    assert proc.returncode == 0, proc.stderr
    screens = _screens(proc.stdout)
    assert screens[0] == ("screen: Menu TrickTally", [
        "text:>TrickTally", "text:>New game", "text: Games", "text: Players", "text: Settings"])
    form = screens[1][1]
    assert form[:3] == ["text:>New game", "text:>Game           Spades", "text: Players             4"]
    seat = [s for s in screens if s[0] == "screen: Menu Seat 1"][0][1]
    assert seat[0] == "text:>Seat 1" and "text:>P1" in seat
    # The first bid: the title bar, the bidder (inverted in the names row),
    # the big number and its neighbours, the running sum.
    bid = [s for s in screens if s[0].startswith("screen: NumberEntry")][0][1]
    assert bid[0].startswith("text:>Hand 1") and bid[0].endswith("D: P2")  # the seed's dealer
    assert bid[2] == "text: Bid P3"
    assert bid[3:5] == ["text: 3", "text: ◀2        4▶"]
    assert bid[5].startswith("text:>P1 ") and bid[5].split()[1:] == ["P2", "P3", "P4"]
    assert bid[-1] == "text: bids 3/13"


def test_run_seconds_keeps_serving_after_stdin_ends(tmp_path):
    proc = _run(["--flash", str(tmp_path), "--run-seconds", "0.5", "--no-serial"], "")
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == "serial: none"


def test_terminal_keys_map_to_buttons():
    assert keys.decode("\x1b[A\x1b[1;2D\r\x7fO Uq") == [
        ("up", 1), ("left", 2), ("ok", 1), ("back", 1), ("ok", 2), ("ok", 1), ("back", 2), ("quit", 1)]
    assert keys.parse_line("long back") == ("back", 2)
    assert keys.parse_line("  # comment") is None
    try:
        keys.parse_line("long")
    except ValueError as e:
        assert "unknown button" in str(e)
    else:
        raise AssertionError("'long' alone must be refused")


def test_braille_rendering_packs_two_by_four_pixels_per_character():
    from tricktally_host.sim.render import braille

    ram = bytearray(1024)
    ram[0] = 0b0001  # x=0, y=0: dot 1
    ram[1] = 0b1000  # x=1, y=3: dot 8
    ram[2] = 0b1111  # x=2: y=0..3, the left column of the second cell
    ram[3] = 0b1111  # x=3: and the right column: all eight dots
    ram[128] = 0b1  # x=0, y=8: the third line of cells
    lines = braille(ram)
    assert len(lines) == 16 and len(lines[0]) == 64
    assert lines[0][:3] == "\u2881\u28ff\u2800"
    assert lines[2][0] == "\u2801"


def test_the_whole_panel_and_key_help_fit_an_80x24_terminal():
    from tricktally_host.sim.picture import layout, plain_lines

    ram = bytearray([0xFF]) * 1024  # every pixel on
    mode, rows = layout(ram, 80, 24, "serial: /dev/pts/7   screen: " + "x" * 100)
    lines = plain_lines(rows)
    assert mode == "Braille"
    assert len(lines) <= 24
    assert max(len(line) for line in lines) <= 80
    # all 64 pixel rows: 16 lines of cells, framed (every pixel lit: an
    # inverted area, drawn reversed with no dots)
    cells = [line for line in lines if line.startswith("|")]
    assert len(cells) == 16 and all(line == "|" + "\u2800" * 64 + "|" for line in cells)
    assert any("Enter" in line for line in lines) and any("undo" in line for line in lines)
    # a big terminal gets half blocks: two pixel rows a line
    _, big = layout(ram, 140, 40)
    assert len([line for line in plain_lines(big) if line.startswith("|")]) == 32


def test_each_flash_folder_is_its_own_board(tmp_path):
    from tricktally_host.sim.board import SimBoard

    one = SimBoard(str(tmp_path / "one"), serial=False)
    two = SimBoard(str(tmp_path / "two"), serial=False)
    again = SimBoard(str(tmp_path / "one"), serial=False)
    assert one.device_id != two.device_id
    assert again.device_id == one.device_id  # kept with its flash folder
    assert one.device_id.startswith("sim-")
    # the journal ignores the id file: no game appears
    assert again.app.stored_games() == []


def test_screens_tool_parses_its_arguments(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tricktally_host.sim.screens", "--help"], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert proc.returncode == 0 and "usage:" in proc.stdout
    assert os.listdir(tmp_path) == []  # no folder called --help
    bad = subprocess.run([sys.executable, "-m", "tricktally_host.sim.screens", "--bogus"], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert bad.returncode == 2 and "--bogus" in bad.stderr


def test_block_rendering_packs_two_pixel_rows_per_line():
    from tricktally_host.sim.render import blocks

    ram = bytearray(1024)
    ram[0] = 0b01  # x=0: pixel row 0 on
    ram[1] = 0b10  # x=1: pixel row 1 on
    ram[2] = 0b11  # x=2: both
    lines = blocks(ram)
    assert len(lines) == 32 and len(lines[0]) == 128
    assert lines[0][:4] == "\u2580\u2584\u2588 "


def test_docs_screens_are_what_the_simulator_shows_and_the_readme_shows_them(tmp_path):
    from PIL import Image

    from tricktally_host.sim.screens import make_screens

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    docs = os.path.join(root, "docs", "screens")
    made = sorted(os.path.basename(p) for p in make_screens(str(tmp_path)))
    # (docs/screens may hold other pictures too, such as the PC's reports)
    missing = sorted(set(made) - set(os.listdir(docs)))
    assert missing == [], "regenerate: python -m tricktally_host.sim.screens docs/screens"
    for name in made:
        with Image.open(os.path.join(docs, name)) as a, Image.open(tmp_path / name) as b:
            assert a.tobytes() == b.tobytes(), "%s differs from the simulator's" % name
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    missing = [n for n in made if "docs/screens/" + n not in readme]
    assert missing == [], "README does not show %s" % missing
