# SPDX-License-Identifier: MIT
"""The simulator's two loops: headless (buttons from stdin, a line per
screen) and the terminal (the OLED in block characters, keys live)."""

import os
import shutil
import select
import sys
import time

from tricktally_host.sim import keys, render
from tricktally_host.sim.power import power_line

POLL_S = 0.01


class Screenshots:
    """Saves a PNG of each new screen into ``folder`` (numbered)."""

    def __init__(self, board, folder, scale=4):
        self.board = board
        self.folder = folder
        self.scale = scale
        self.count = 0
        self.last = None
        if folder:
            os.makedirs(folder, exist_ok=True)

    def check(self):
        """Save the screen if it is a new one; returns the path or None."""
        if not self.folder:
            return None
        key = self.board.screen_key()
        if key == self.last:
            return None
        self.last = key
        self.count += 1
        name = "%03d-%s.png" % (self.count, self.board.app.screen.__class__.__name__.lower())
        return render.png(self.board.bus.gddram, os.path.join(self.folder, name), self.scale)


def headless(board, stdin, out, shots, run_seconds=None):
    """Read buttons from ``stdin`` one per line; print a line per screen
    change ("screen: ..."), and after it, when the board reads its text
    (SimBoard's ``read_text``), one "text: ROW" line per text row as drawn,
    top to bottom ("text:>ROW" for an inverted one). Ends on 'quit', or at end of input unless ``run_seconds`` is
    given (then it keeps serving the serial link that long; 0 = forever)."""
    out.write("serial: %s\n" % (board.serial_path or "none"))
    shown = [None]
    power = ["awake"]

    def report():
        # One line (and a screenshot) for each new screen; one line when the
        # board dims, turns its display off, sleeps or wakes.
        if board.state() != power[0]:
            power[0] = board.state()
            out.write("power: %s\n" % power[0])
            out.flush()
        key = board.screen_key()
        if key != shown[0]:
            shown[0] = key
            out.write("screen: %s\n" % board.app.describe())
            if board.text is not None:
                for line in board.text.lines():
                    out.write(line + "\n")
            shots.check()
            out.flush()

    start = time.monotonic()
    fd = stdin.fileno()
    buf = b""
    open_input = True
    while True:
        report()
        if run_seconds and time.monotonic() - start >= run_seconds:
            return 0
        if not open_input and run_seconds is None:
            return 0
        board.tick()
        if not open_input:
            time.sleep(POLL_S)
            continue
        readable, _, _ = select.select([fd], [], [], POLL_S)
        if not readable:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            open_input = False
            lines = [buf] if buf.strip() else []
            buf = b""
        else:
            buf += chunk
            parts = buf.split(b"\n")
            buf = parts[-1]
            lines = parts[:-1]
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            try:
                if power_line(board, line):
                    report()
                    continue
                ev = keys.parse_line(line)
            except ValueError as e:
                out.write("error: %s\n" % e)
                out.flush()
                continue
            if ev is None:
                continue
            if ev[0] == "quit":
                return 0
            board.press(ev[0], ev[1])
            report()


def terminal(board, shots):
    """Draw the OLED in the terminal and map keys to buttons until q."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        drawn = None
        while True:
            frame = bytes(board.bus.gddram)
            if frame != drawn:
                drawn = frame
                _draw(out, board)
                shots.check()
            board.tick()
            readable, _, _ = select.select([fd], [], [], POLL_S)
            if not readable:
                continue
            chars = os.read(fd, 64).decode("utf-8", "replace")
            for name, kind in keys.decode(chars):
                if name == "quit":
                    return 0
                board.press(name, kind)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\n")
        out.flush()


def frame_lines(gddram, columns, rows, status=""):
    """The terminal picture: the panel in a frame, the key help and a status
    line, sized to a ``columns`` x ``rows`` terminal. Full-size blocks need
    130x38; anything smaller gets Braille cells (2x4 pixels a character),
    whose 66x18 frame, help and status fit 80x24."""
    if columns >= 130 and rows >= 38:
        lines = render.blocks(gddram)
    else:
        lines = render.braille(gddram)
    border = "+" + "-" * len(lines[0]) + "+"
    out = [border]
    for line in lines:
        out.append("|" + line + "|")
    out.append(border)
    out.extend(keys.HELP_LINES)
    if status:
        out.append(status[: max(1, columns - 1)])
    return out


def _draw(out, board):
    size = shutil.get_terminal_size((80, 24))
    status = "serial: %s   screen: %s" % (board.serial_path or "none", board.app.describe())
    lines = frame_lines(board.bus.gddram, size.columns, size.lines, status)
    out.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K")
    out.flush()
