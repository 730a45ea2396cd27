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
    proc = _run(["--flash", str(flash), "--screenshot", str(shots), "--seed", "1"], "ok\nok\nup\nok\nbogus\nquit\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("serial: /dev/pts/")
    assert lines[1] == "screen: Menu TrickTally"
    assert lines[2] == "screen: Form New game"
    assert lines[3].startswith("screen: NumberEntry spades hand=1 kind=bid")
    assert any(line.startswith("error: unknown button 'bogus'") for line in lines)
    pngs = sorted(os.listdir(shots))
    assert pngs[0] == "001-menu.png" and len(pngs) >= 4
    with open(shots / pngs[0], "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    # the game is in the flash folder: a new run resumes where it stood
    before = [line for line in lines if line.startswith("screen: NumberEntry")][-1]
    again = _run(["--flash", str(flash)], "")
    assert again.returncode == 0
    assert again.stdout.splitlines()[1] == before


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


def test_quadrant_rendering_packs_two_by_two_pixels_per_character():
    from tricktally_host.sim.render import quadrants

    ram = bytearray(1024)
    ram[0] = 0b01  # x=0: row 0 -> top-left
    ram[1] = 0b10  # x=1: row 1 -> bottom-right
    ram[2] = 0b11  # x=2: rows 0 and 1 -> left column of the second cell
    ram[3] = 0b11  # x=3: and its right column: full
    ram[128] = 0b1  # x=0, y=8: line 4, top-left
    lines = quadrants(ram)
    assert len(lines) == 32 and len(lines[0]) == 64
    assert lines[0][:3] == "\u259a\u2588 "
    assert lines[4][0] == "\u2598"


def test_block_rendering_packs_two_pixel_rows_per_line():
    from tricktally_host.sim.render import blocks

    ram = bytearray(1024)
    ram[0] = 0b01  # x=0: pixel row 0 on
    ram[1] = 0b10  # x=1: pixel row 1 on
    ram[2] = 0b11  # x=2: both
    lines = blocks(ram)
    assert len(lines) == 32 and len(lines[0]) == 128
    assert lines[0][:4] == "\u2580\u2584\u2588 "
