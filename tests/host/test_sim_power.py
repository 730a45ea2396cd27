# SPDX-License-Identifier: MIT
"""`tricktally sim` with a fake supply and time jumps (issue 15): the idle
steps and the gauge work in the simulator."""

import subprocess
import sys

from tallyfakes.describe import describe
from tricktally_host.sim.board import SimBoard

CMD = [sys.executable, "-c", "from tricktally_host.cli import main; main()", "sim", "--headless", "--no-serial"]


def test_headless_wait_and_battery_lines(tmp_path):
    script = "ok\nwait 61\nwait 240\nok\nup\nok\nwait 1800\nok\nbattery 1.9\nwait 1\nbattery x\nquit\n"
    proc = subprocess.run(CMD + ["--flash", str(tmp_path), "--battery", "3.0"], input=script,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    power = [line for line in lines if line.startswith("power: ")]
    assert power == ["power: dim", "power: off", "power: awake", "power: deep", "power: awake"]
    # the first press after "off" only woke the board: still on the form
    woke = lines.index("power: off") + 1
    assert lines[woke] == "power: awake" and lines[woke + 1].startswith("screen: NumberEntry")
    assert any(line.startswith("error: battery needs a number") for line in lines)


def test_deep_sleep_in_the_sim_boots_into_the_open_game(tmp_path):
    board = SimBoard(str(tmp_path), serial=False, battery=2.9)
    board.press("ok")  # new game form
    board.press("up")  # its Start row
    board.press("ok")  # start with the defaults
    where = describe(board.app)
    board.wait(5 * 60 * 1000 + 1)
    assert board.state() == "off" and bytes(board.bus.gddram) == bytes(1024)  # shown dark
    board.wait(26 * 60 * 1000)
    assert board.state() == "deep" and not board.bus.on
    before = board.app
    board.press("ok")  # boots; does nothing else
    assert board.app is not before and board.bus.on and any(board.bus.gddram)
    assert describe(board.app) == where


def test_low_supply_in_the_sim_warns_and_refuses_a_new_game(tmp_path):
    board = SimBoard(str(tmp_path), serial=False, battery=2.0)
    assert describe(board.app) == "Message Battery"
    board.press("ok")
    board.press("ok")  # New game
    board.press("up")  # its Start row
    board.press("ok")  # start: refused, the cells are flat
    assert describe(board.app) == "Message Refused" and board.app.game is None


def test_with_the_serial_link_open_the_sim_never_sleeps_deep(tmp_path):
    board = SimBoard(str(tmp_path), serial=True)
    try:
        board.wait(40 * 60 * 1000)
        assert board.state() == "off"  # display off, still answering the PC
    finally:
        board.close()

