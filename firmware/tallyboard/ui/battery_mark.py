# SPDX-License-Identifier: MIT
"""The battery mark at the right end of every title bar.

``level`` is set by the app from its gauge (tallyboard.battery): 0..4 bars,
or None when the board has no gauge (then nothing is drawn and the title
bar is as before). The mark is drawn dark on the lit bar.
"""

W = 128
WIDTH = 16  # pixels the mark takes at the right end of the bar
_X = W - WIDTH

level = None


def left():
    """The x where the mark begins (text of the bar must end before it)."""
    return W if level is None else _X - 1


def draw(fb):
    """Draw the mark for ``level`` on the title bar (page 0)."""
    if level is None:
        return
    fb.fill_rect(_X - 1, 0, WIDTH + 1, 8, 1)  # clear the bar under it
    fb.rect(_X, 1, 14, 6, 0)  # the body
    fb.fill_rect(_X + 14, 2, 1, 4, 0)  # the nub
    for k in range(level):
        fb.fill_rect(_X + 2 + 3 * k, 3, 2, 2, 0)
