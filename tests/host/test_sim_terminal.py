# SPDX-License-Identifier: MIT
"""The terminal simulator in a real terminal (tmux): at 80x24, 132x40 and
270x70 the picture is Braille, half blocks and 2x, read back from the pane
and decoded into pixels equal to the frame buffer (the simulator's own
``--screenshot`` of it); the choice follows a resize while it runs; a
terminal too small says so in one line."""

import os

import pytest

from tests.host.tmux_pane import Pane, decode, frame_from_png, newest_png, text_lines, wait_for
from tricktally_host.sim.picture import TITLE_ROWS

TITLE_COLOUR = 36  # cyan: the title bar's reverse video (sim/picture.py)


@pytest.fixture
def sim(tmp_path):
    """Start ``tricktally sim`` in a tmux pane: ``sim(columns, lines)``."""
    panes = []

    def start(columns, lines):
        args = ["--flash", str(tmp_path / "flash"), "--screenshot", str(tmp_path / "shots"), "--scale", "1", "--seed", "1"]
        pane = Pane(str(tmp_path), columns, lines, args)
        panes.append(pane)
        assert pane.size() == (columns, lines)
        return pane

    yield start
    for pane in panes:
        pane.close()


def shows(pane, shots, mode, words):
    """Wait until the pane shows the ``mode`` picture with ``words`` on the
    status line, decoded into exactly the newest screenshot's pixels;
    returns ``(styles, lines)``."""

    def check():
        cells = pane.capture()
        got, pixels, styles = decode(cells)
        lines = [line.rstrip() for line in text_lines(cells)]
        status = [line for line in lines if "serial:" in line]
        if got != mode or not status or words not in status[0]:
            return False, "mode %s, status %r" % (got, status)
        png = newest_png(shots)
        frame = frame_from_png(png) if png else None
        if frame != pixels:
            wrong = "no screenshot" if frame is None else sum(a != b for fr, pr in zip(frame, pixels) for a, b in zip(fr, pr))
            return False, "%s pixels differ from %s" % (wrong, png)
        return True, (styles, lines)

    return wait_for("the %s picture with %r" % (mode, words), check)


def check_title_and_highlight(styles):
    """The home screen: the title bar (page 0) is reversed in the title's
    colour, the highlighted first line under it reversed plainly."""
    for y in range(TITLE_ROWS):
        assert (True, TITLE_COLOUR) in styles[y] and (True, None) not in styles[y], y
    for y in range(TITLE_ROWS, 2 * TITLE_ROWS):
        assert (True, None) in styles[y] and (True, TITLE_COLOUR) not in styles[y], y


@pytest.mark.parametrize("columns,lines,mode", [(80, 24, "Braille"), (132, 40, "half blocks"), (270, 70, "2x")])
def test_each_size_shows_its_picture_and_it_decodes_to_the_frame_buffer(sim, tmp_path, columns, lines, mode):
    shots = str(tmp_path / "shots")
    pane = sim(columns, lines)
    styles, text = shows(pane, shots, mode, "TrickTally \u00b7 New game")
    check_title_and_highlight(styles)
    assert all(len(line) <= columns for line in text)
    assert any("Enter/space OK" in line for line in text)
    pane.keys("Enter")
    shows(pane, shots, mode, "New game \u00b7 Game: Spades")
    before = len(os.listdir(shots))
    pane.keys("Down")  # the cursor moves within the screen: a new picture
    shows(pane, shots, mode, "New game \u00b7 Players: 4")
    assert len(os.listdir(shots)) == before + 1


def test_the_picture_follows_a_resize_while_running(sim, tmp_path):
    shots = str(tmp_path / "shots")
    link = tmp_path / "flash" / "serial"
    pane = sim(80, 24)
    shows(pane, shots, "Braille", "TrickTally")
    assert os.readlink(link).startswith("/dev/pts/")
    for columns, lines, mode in ((132, 40, "half blocks"), (270, 70, "2x"), (80, 24, "Braille"), (270, 70, "2x")):
        pane.resize(columns, lines)
        styles, _ = shows(pane, shots, mode, "TrickTally \u00b7 New game")
        check_title_and_highlight(styles)

    # Too small for any picture: one line saying how big it must be, and
    # nothing else (no border scrolled half away).
    def one_line():
        shown = [line.rstrip() for line in text_lines(pane.capture()) if line.strip()]
        return shown == ["The board needs a terminal of 66x21 or more; this one is 80x20."], shown

    pane.resize(80, 20)
    wait_for("the too-small line", one_line)
    pane.resize(80, 24)
    shows(pane, shots, "Braille", "TrickTally")
    pane.keys("q")
    wait_for("the simulator to end", lambda: (pane.dead(), "running"))
    assert not os.path.lexists(link)  # the port's link goes with it
