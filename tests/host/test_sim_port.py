# SPDX-License-Identifier: MIT
"""The simulator's serial port under a stable name (sim-flash/serial) and
the PC tools finding it when no board is on USB (tricktally_host.sim_port,
link_client.pick_port)."""

import os
import signal
import subprocess
import sys

import pytest

from tricktally_host import sim_port
from tricktally_host.link_client import LinkError, pick_port
from tricktally_host.sim.board import SimBoard

TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_link_names_the_running_simulator_and_goes_with_it(tmp_path, capsys):
    flash = str(tmp_path / "flash")
    board = SimBoard(flash, serial=True)
    try:
        link = os.path.join(flash, "serial")
        assert board.serial_link == link and os.readlink(link) == board.serial_path
        assert sim_port.find(flash) == (board.serial_path, None)
        assert pick_port(None, [], simulator=flash) == board.serial_path
        assert "no board on USB: using the simulator's port %s (%s)" % (link, board.serial_path) in capsys.readouterr().err
        assert pick_port("/dev/ttyACM7", [], simulator=flash) == "/dev/ttyACM7"  # --port wins
        with pytest.raises(LinkError):
            pick_port(None, [], simulator=None)  # deploy never takes the simulator
    finally:
        board.close()
    assert not os.path.lexists(link)
    assert sim_port.find(flash) == (None, None)


def test_a_link_left_behind_is_ignored_with_a_word(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    link = flash / "serial"
    # The pty is gone...
    os.symlink("/dev/pts/999999", link)
    assert sim_port.find(str(flash)) == (None, "%s is left from a simulator that is no longer running (ignored)" % link)
    # ...or its number now belongs to another program's terminal (not locked):
    # never taken for the simulator.
    master, slave = os.openpty()
    try:
        os.remove(link)
        os.symlink(os.ttyname(slave), link)
        path, why = sim_port.find(str(flash))
        assert path is None and "no longer running" in why
        with pytest.raises(LinkError) as info:
            pick_port(None, [], simulator=str(flash))
        assert "no TrickTally board found on USB" in str(info.value) and "no longer running (ignored)" in str(info.value)
    finally:
        os.close(master)
        os.close(slave)


def _start_sim(folder, *args):
    sim = subprocess.Popen(
        [TRICKTALLY, "sim", "--headless", "--run-seconds", "0", "--seed", "1", *args],
        cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    first = sim.stdout.readline()
    assert first.startswith("serial: /dev/"), first + sim.stderr.read()
    return sim, first.split(": ", 1)[1].strip()


def _tricktally(folder, *args):
    return subprocess.run([TRICKTALLY, *args], cwd=folder, capture_output=True, text=True, timeout=120)


def test_sync_without_port_finds_the_simulator_in_this_folder(db_target, tmp_path):
    db = db_target
    sim, pty = _start_sim(tmp_path, "--import", os.path.join(ROOT, "examples", "wizard.json"))
    try:
        assert os.readlink(tmp_path / "sim-flash" / "serial") == pty
        synced = _tricktally(tmp_path, "sync", "--db", db)
        assert synced.returncode == 0, synced.stderr
        assert "using the simulator's port sim-flash/serial (%s)" % pty in synced.stderr
        assert "1 game, 1 new" in synced.stdout
        pushed = _tricktally(tmp_path, "players", "push", "Ana", "Ben")
        assert pushed.returncode == 0 and "roster of 2 players" in pushed.stdout, pushed.stderr
    finally:
        sim.send_signal(signal.SIGTERM)  # ends as q does: the link removed
        sim.communicate(timeout=30)
    assert sim.returncode == 128 + signal.SIGTERM
    assert not os.path.lexists(tmp_path / "sim-flash" / "serial")
    # A simulator killed outright leaves its link: sync says so and stops.
    sim, _ = _start_sim(tmp_path)
    sim.kill()
    sim.communicate(timeout=30)
    assert os.path.islink(tmp_path / "sim-flash" / "serial")
    stale = _tricktally(tmp_path, "sync", "--db", db)
    assert stale.returncode == 2
    assert "sim-flash/serial is left from a simulator that is no longer running (ignored); give --port" in stale.stderr
