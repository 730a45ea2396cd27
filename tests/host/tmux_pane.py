# SPDX-License-Identifier: MIT
"""A real terminal for the terminal simulator's tests: a tmux server of the
test's own (its socket in the test's folder), one pane of a given size, and
the pane read back cell by cell with its attributes (``tmux capture-pane
-e``), decoded back into the OLED's pixels.

The decoding is written from the characters' definitions (Unicode's
Braille dot numbering, the half blocks), not from the simulator's renderer,
so a wrong drawing cannot decode into the right picture."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import time

from PIL import Image

WIDTH = 128
HEIGHT = 64

# Unicode Braille: dots 1-8 are bits 0-7; dot n sits at (column, row).
_DOTS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3))
_HALF = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def tmux_or_fail():
    """The tmux program; a test fails with one clear line when it is missing
    (``make test`` installs it: the Makefile's ``tmux`` target)."""
    path = shutil.which("tmux")
    if not path:
        raise AssertionError("tmux is missing: run `make tmux` (apt-get install -y tmux) to run the terminal simulator's tests")
    return path


class Pane:
    """``tricktally sim ARGS`` running in a ``columns`` x ``lines`` tmux pane."""

    def __init__(self, folder, columns, lines, args):
        self.tmux = tmux_or_fail()
        self.socket = os.path.join(folder, "tmux.sock")
        conf = os.path.join(folder, "tmux.conf")
        with open(conf, "w") as f:
            f.write("set -g status off\nset -g remain-on-exit on\n")
        argv = [sys.executable, "-c", "from tricktally_host.cli import main; main()", "sim", *args]
        command = "env LANG=C.UTF-8 LC_ALL=C.UTF-8 %s" % shlex.join(argv)
        self._tmux("-f", conf, "new-session", "-d", "-x", str(columns), "-y", str(lines), "-c", folder, command)

    def _tmux(self, *args):
        proc = subprocess.run([self.tmux, "-u", "-S", self.socket, *args], capture_output=True, text=True, timeout=30)
        if proc.returncode:
            raise AssertionError("tmux %s failed: %s" % (" ".join(args), proc.stderr.strip()))
        return proc.stdout

    def size(self):
        """The pane's ``(columns, lines)``."""
        w, h = self._tmux("display-message", "-p", "#{pane_width} #{pane_height}").split()
        return int(w), int(h)

    def resize(self, columns, lines):
        """Resize the window (the simulator sees the new size as a person's
        terminal would: tmux sends it SIGWINCH)."""
        self._tmux("resize-window", "-x", str(columns), "-y", str(lines))

    def keys(self, *names):
        """Type keys (tmux key names: Enter, Down, q...)."""
        self._tmux("send-keys", *names)

    def dead(self):
        """Whether the simulator has ended."""
        return self._tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def capture(self):
        """The pane as lines of cells ``(char, reverse, fg)``."""
        text = self._tmux("capture-pane", "-p", "-e")
        return [_cells(line) for line in text.split("\n")]

    def close(self):
        subprocess.run([self.tmux, "-S", self.socket, "kill-server"], capture_output=True, timeout=30)


def _cells(line):
    cells = []
    reverse, fg = False, None
    pos = 0
    for m in _SGR.finditer(line):
        for ch in line[pos : m.start()]:
            cells.append((ch, reverse, fg))
        pos = m.end()
        params = [int(p) if p else 0 for p in re.split("[;:]", m.group(1))] or [0]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                reverse, fg = False, None
            elif p == 7:
                reverse = True
            elif p == 27:
                reverse = False
            elif 30 <= p <= 37 or 90 <= p <= 97:
                fg = p
            elif p == 39:
                fg = None
            elif p in (38, 48):
                i += 2 if params[i + 1 : i + 2] == [5] else 4
            i += 1
    for ch in line[pos:]:
        cells.append((ch, reverse, fg))
    return cells


def text_lines(cells):
    """The captured lines as plain text."""
    return ["".join(c[0] for c in line) for line in cells]


# Picture widths in cells (inside the border) by mode.
MODES = {64: "Braille", 128: "half blocks", 256: "2x"}


def decode(cells):
    """``(mode, pixels, styles)`` of the framed picture in the pane:
    ``pixels[y][x]`` 0/1 (a reversed cell's dots are its dark pixels) and
    ``styles[y]`` the set of ``(reverse, fg)`` the cells holding pixel row
    ``y`` are drawn in; ``(None, None, None)`` when no whole frame is
    shown. Raises AssertionError on a character no picture uses."""
    lines = text_lines(cells)
    top = next((i for i, t in enumerate(lines) if re.fullmatch(r"\+-+\+", t)), None)
    if top is None:
        return None, None, None
    width = len(lines[top]) - 2
    mode = MODES.get(width)
    high = {"Braille": 16, "half blocks": 32, "2x": 64}.get(mode)
    if mode is None or top + high + 1 >= len(lines) or lines[top + high + 1] != lines[top]:
        return None, None, None
    pixels = [[0] * WIDTH for _ in range(HEIGHT)]
    for row in range(high):
        line = cells[top + 1 + row]
        assert line[0][0] == "|" and line[width + 1][0] == "|", "no side borders on line %d" % row
        for col in range(width):
            ch, rev, _ = line[1 + col]
            for x, y, on in _cell_pixels(mode, col, row, ch):
                pixels[y][x] = on ^ rev
    return mode, pixels, _styles(cells, top, mode, width, high)


def _cell_pixels(mode, col, row, ch):
    if mode == "Braille":
        code = ord(ch) - 0x2800
        assert 0 <= code < 256, "not a Braille cell: %r" % ch
        for bit, (dx, dy) in enumerate(_DOTS):
            yield 2 * col + dx, 4 * row + dy, code >> bit & 1
    elif mode == "half blocks":
        assert ch in _HALF, "not a half block: %r" % ch
        top, bottom = _HALF[ch]
        yield col, 2 * row, top
        yield col, 2 * row + 1, bottom
    else:
        assert ch in (" ", "\u2588"), "not a 2x cell: %r" % ch
        yield col // 2, row, 1 if ch == "\u2588" else 0


def _styles(cells, top, mode, width, high):
    """For each pixel row, the set of ``(reverse, fg)`` styles its cells use."""
    rows_per_line = {"Braille": 4, "half blocks": 2, "2x": 1}[mode]
    styles = [set() for _ in range(HEIGHT)]
    for row in range(high):
        seen = {(c[1], c[2]) for c in cells[top + 1 + row][1 : width + 1]}
        for dy in range(rows_per_line):
            styles[row * rows_per_line + dy] |= seen
    return styles


def frame_from_png(path):
    """The pixels of a ``--screenshot`` PNG taken with ``--scale 1``."""
    with Image.open(path) as img:
        img = img.convert("RGB")
        assert img.size == (WIDTH + 2, HEIGHT + 2), "a --scale 1 screenshot is 130x66"
        return [[1 if img.getpixel((1 + x, 1 + y))[0] > 128 else 0 for x in range(WIDTH)] for y in range(HEIGHT)]


def newest_png(folder):
    """The last screenshot the simulator saved (None before the first)."""
    names = sorted(n for n in os.listdir(folder) if n.endswith(".png")) if os.path.isdir(folder) else []
    return os.path.join(folder, names[-1]) if names else None


def wait_for(what, check, timeout=30.0):
    """Poll ``check()``, which returns ``(done, value)``, until done; then
    the value. AssertionError naming ``what`` and the last value after
    ``timeout`` seconds (the machine may be busy: this is no timing test)."""
    deadline = time.monotonic() + timeout
    while True:
        done, value = check()
        if done:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %s; last seen: %s" % (what, value))
        time.sleep(0.05)
