# SPDX-License-Identifier: MIT
"""A message over the whole screen (a refused entry with the core's reason,
journal damage found at boot, a write that failed). OK or BACK goes on."""

from tallyboard import text
from tallyboard.buttons import OK, BACK, UP, DOWN
from tallyboard.ui import widgets


def wrap(s, width, font=None):
    """Split ``s`` into lines that fit in ``width`` pixels (breaks at spaces,
    or inside a word too long for a line). A line never starts with a
    colon, a semicolon or a question or exclamation mark: French puts a
    space before them, which is no place to break. Used for messages and
    an undo's title line, not per key."""
    lines = []
    line = ""
    words = []
    for word in s.split(" "):
        if word in (":", ";", "?", "!") and words:
            words[-1] += " " + word
        else:
            words.append(word)
    for word in words:
        candidate = word if not line else line + " " + word
        if text.width(candidate, font) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while text.width(word, font) > width:
            cut = len(word)
            while cut > 1 and text.width(word[:cut], font) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


class Message:
    """``title`` in the bar, ``body`` wrapped below (UP/DOWN scroll); OK or
    BACK calls ``then(app)``."""

    def __init__(self, title, body, then):
        self.title = title
        self.lines = wrap(body, widgets.W - 2)
        self.then = then
        self.top = 0

    def key(self, app, name, kind):
        if name == OK or name == BACK:
            self.then(app)
        elif name == DOWN and self.top + 7 < len(self.lines):
            self.top += 1
        elif name == UP and self.top > 0:
            self.top -= 1

    def draw(self, app):
        fb = app.fb
        widgets.title(fb, self.title)
        for i in range(self.top, min(len(self.lines), self.top + 7)):
            text.draw(fb, self.lines[i], 1, widgets.line(1 + i - self.top))
