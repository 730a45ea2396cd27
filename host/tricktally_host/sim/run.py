# SPDX-License-Identifier: MIT
"""The simulator's two loops: headless (buttons from stdin, a line per
screen) and the terminal (the OLED drawn as large as the terminal holds:
tricktally_host.sim.picture; keys live)."""

import os
import re
import select
import signal
import sys
import tempfile
import time

from tallyfakes.describe import describe
from tricktally_host.sim import keys, picture, render
from tricktally_host.sim.power import power_line
from tricktally_host.sim.status import status_line

POLL_S = 0.01


def end_on_signals():
    """Let SIGTERM and SIGHUP (its terminal closed) end the simulator as q
    does: the terminal put back, the serial port's link removed."""

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)


class Screenshots:
    """Saves a PNG of the picture into ``folder`` each time it changes (a
    new screen, and a cursor moved within one), named
    ``run003-012-numberentry.png``: this run's number (one more than any in
    the folder), the picture's number in the run, the screen. Runs into one
    folder never overwrite each other: files are only ever created new."""

    def __init__(self, board, folder, scale=4):
        self.board = board
        self.folder = folder
        self.scale = scale
        self.count = 0
        self.last = None
        self.run = None
        if folder:
            os.makedirs(folder, exist_ok=True)
            self.run = _next_run(folder)

    def check(self):
        """Save the picture if it changed; returns the path or None."""
        if not self.folder:
            return None
        frame = bytes(self.board.bus.gddram)
        if frame == self.last:
            return None
        self.last = frame
        self.count += 1
        data = render.png_bytes(frame, self.scale)
        screen = self.board.app.screen.__class__.__name__.lower()
        # Written whole to a hidden file, then linked under its name: a
        # reader never sees half a picture, and a link never overwrites.
        fd, tmp = tempfile.mkstemp(prefix=".shot-", suffix=".png", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            while True:
                path = os.path.join(self.folder, "run%03d-%03d-%s.png" % (self.run, self.count, screen))
                try:
                    os.link(tmp, path)
                    return path
                except FileExistsError:  # another simulator took this run number
                    self.run = _next_run(self.folder)
        finally:
            os.remove(tmp)


_RUN = re.compile(r"run(\d+)-")


def _next_run(folder):
    runs = [int(m.group(1)) for m in map(_RUN.match, os.listdir(folder)) if m]
    return max(runs, default=0) + 1


def headless(board, stdin, out, shots, run_seconds=None):
    """Read buttons from ``stdin`` one per line; print a line per screen
    change ("screen: ..."), and after it, when the board reads its text
    (SimBoard's ``read_text``), one "text: ROW" line per text row as drawn,
    top to bottom ("text:>ROW" for an inverted one). Ends on 'quit', or
    at end of input unless ``run_seconds`` is given (then it keeps serving
    the serial link that long; 0 = forever)."""
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
            out.write("screen: %s\n" % describe(board.app))
            if board.text is not None:
                for line in board.text.lines():
                    out.write(line + "\n")
            out.flush()
        shots.check()

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


# The alternate screen (the terminal's own contents come back on exit),
# the cursor hidden; and back.
ENTER = "\x1b[?1049h\x1b[?25l\x1b[2J"
LEAVE = "\x1b[?25h\x1b[?1049l"


def terminal(board, shots):
    """Draw the OLED in the terminal and map keys to buttons until q. The
    picture follows the terminal's size as it changes (checked every loop)."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    view = TerminalView(board, out)
    try:
        tty.setcbreak(fd)
        out.write(ENTER)
        while True:
            view.update()
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
                view.pressed = True
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write(LEAVE)
        out.flush()


class TerminalView:
    """The picture on the terminal ``out``, redrawn when the frame, the
    terminal's size or the status line changes."""

    def __init__(self, board, out):
        self.board = board
        self.out = out
        self.pressed = True  # the status line's words need a look
        self.frame = None
        self.size = None
        self.status = None
        self.mode = None

    def update(self):
        """Redraw if anything shown changed; returns True when it did."""
        size = _terminal_size(self.out)
        frame = bytes(self.board.bus.gddram)
        status = self.status
        if self.pressed or frame != self.frame:
            self.pressed = False
            status = status_line(self.board.app, self._port())
        if (frame, size, status) == (self.frame, self.size, self.status):
            return False
        clear = size != self.size
        self.frame, self.size, self.status = frame, size, status
        columns, lines = size
        self.mode, rows = picture.layout(frame, columns, lines, status)
        self.out.write(("\x1b[2J" if clear else "") + picture.ansi(rows, columns))
        self.out.flush()
        return True

    def _port(self):
        b = self.board
        return "%s (%s)" % (b.serial_link, b.serial_path) if b.serial_link else b.serial_path


def _terminal_size(out):
    # Asked of the terminal itself each time (COLUMNS and LINES, which
    # shutil reads first, do not follow a resize).
    try:
        size = os.get_terminal_size(out.fileno())
        return size.columns, size.lines
    except (OSError, ValueError, AttributeError):
        return 80, 24
