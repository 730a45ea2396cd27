# SPDX-License-Identifier: MIT
"""The battery mark at the right end of the title bar.

The level comes from the gauge (tallyboard.battery, through
tallyboard.keeper): 0..4 bars, or None when the board has no gauge (then
nothing is drawn). The keeper draws the mark in the display's overlay, so
it goes on every frame just before it is sent, dark on the lit title bar,
and only where the bar is free: a screen that uses the right end of its
bar (the score table's column heads) keeps it, and a screen without a
title bar gets no mark.
"""

W = 128
WIDTH = 16  # pixels the mark takes at the right end of the bar
_X = W - WIDTH


def left(level):
    """The x where the mark begins for ``level`` (the title bar's text must
    end before it); the whole width when there is no mark."""
    return W if level is None else _X - 1


def draw(display, level):
    """Draw the mark for ``level`` (0..4 bars; None: nothing) on
    ``display``'s frame when the right end of page 0 is a free, lit title
    bar."""
    if level is None:
        return
    page0 = display.buffer
    for x in range(_X - 1, W):
        if page0[x] != 0xFF:
            return
    fb = display.fb
    fb.rect(_X, 1, 14, 6, 0)  # the body
    fb.fill_rect(_X + 14, 2, 1, 4, 0)  # the nub
    for k in range(level):
        fb.fill_rect(_X + 2 + 3 * k, 3, 2, 2, 0)
