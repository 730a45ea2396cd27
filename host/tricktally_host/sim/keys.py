# SPDX-License-Identifier: MIT
"""Keyboard to the board's six buttons.

Terminal: arrows move, Enter or space is OK, Backspace or Esc is BACK; a
long press is the shifted key: Shift+arrows, O (capital) for long OK, B or
U for long BACK (undo); q quits. Headless: one button per line: ``ok``,
``up``, ``long back``... or ``quit``."""

BUTTONS = ("up", "down", "left", "right", "ok", "back")
PRESS = 1
LONG = 2

# Escape sequences of the arrow keys, plain and with Shift (xterm).
SEQUENCES = {
    "\x1b[A": ("up", PRESS),
    "\x1b[B": ("down", PRESS),
    "\x1b[C": ("right", PRESS),
    "\x1b[D": ("left", PRESS),
    "\x1bOA": ("up", PRESS),
    "\x1bOB": ("down", PRESS),
    "\x1bOC": ("right", PRESS),
    "\x1bOD": ("left", PRESS),
    "\x1b[1;2A": ("up", LONG),
    "\x1b[1;2B": ("down", LONG),
    "\x1b[1;2C": ("right", LONG),
    "\x1b[1;2D": ("left", LONG),
}
SINGLE = {
    "\r": ("ok", PRESS),
    "\n": ("ok", PRESS),
    " ": ("ok", PRESS),
    "O": ("ok", LONG),
    "\x7f": ("back", PRESS),
    "\x08": ("back", PRESS),
    "\x1b": ("back", PRESS),
    "B": ("back", LONG),
    "U": ("back", LONG),
    "w": ("up", PRESS),
    "s": ("down", PRESS),
    "a": ("left", PRESS),
    "d": ("right", PRESS),
}
# Two lines under the panel, each shorter than an 80-column terminal.
HELP_LINES = (
    "arrows/wasd move   Enter/space OK   Bksp/Esc BACK   q quit",
    "long press: Shift+arrow   O = long OK   B = long BACK (undo)",
)


def decode(chars):
    """Split typed characters into ``[(button, kind)]``; 'quit' for q."""
    out = []
    i = 0
    while i < len(chars):
        matched = False
        for seq in sorted(SEQUENCES, key=len, reverse=True):
            if chars.startswith(seq, i):
                out.append(SEQUENCES[seq])
                i += len(seq)
                matched = True
                break
        if matched:
            continue
        c = chars[i]
        i += 1
        if c in ("q", "\x03"):
            out.append(("quit", PRESS))
        elif c in SINGLE:
            out.append(SINGLE[c])
    return out


def parse_line(line):
    """A headless command line: ``(button, kind)``, ('quit', 1), or None for
    a blank or comment line. Raises ValueError for anything else."""
    words = line.strip().lower().split()
    if not words or words[0].startswith("#"):
        return None
    if words == ["quit"]:
        return ("quit", PRESS)
    kind = PRESS
    if words[0] in ("long", "hold"):
        kind = LONG
        words = words[1:]
    if len(words) != 1 or words[0] not in BUTTONS:
        raise ValueError("unknown button %r (say one of %s, optionally after 'long', or quit)" % (line.strip(), ", ".join(BUTTONS)))
    return (words[0], kind)
