# SPDX-License-Identifier: MIT
"""The score table's first-bid line (Spades: the table after a hand asks the
next hand's first bid, see ui.table.TableScreen). Loaded only for a game
that asks it: a Wizard or Hearts game never holds it in RAM."""

from tallyboard import text
from tallyboard.i18n import t
from tallyboard.ui import widgets

BID_VALUE_X = 100  # the middle of the bid shown on the bid line


def draw(fb, app, picker, y):
    """ "Bid Ana   ◀2 [3] 4▶" inverted on line ``y``: the next hand's first
    bid as its picker starts it, the value boxed, its neighbours beside
    (a long name without the word: "Kristoffer ◀2 [3] 4▶")."""
    # The line's own page exactly, as a highlighted menu line: a row more
    # above or below would cover the descenders of the side above it or
    # the tops of the next deal under it.
    fb.fill_rect(0, y + 2, widgets.W, 8, 1)
    # "Bid Kristoffer" where the line holds both up to the left
    # neighbour's arrow, else the name alone, whole (12 letters fit).
    name = app.names[picker.seat]
    word = t("bid")
    room = BID_VALUE_X - 24 - 3 - 1
    x = 1
    if text.width(word) + 4 + text.width(name) <= room:
        x = text.draw(fb, word, 1, y, text.SMALL, 0) + 4
    text.draw(fb, name, x, y, text.SMALL, 0)
    v = picker.value
    if v < 0:
        label = t("blind_short")
        w = text.width(label)
    else:
        w = text.width(v)
    x0 = BID_VALUE_X - w // 2
    fb.fill_rect(x0 - 2, y + 2, w + 4, 8, 0)
    if v < 0:
        text.draw(fb, label, x0, y)
    else:
        text.draw(fb, v, x0, y)
    left = picker.neighbour(-1)
    if app.smart and left is not None:
        x = text.draw(fb, "\u25c0", BID_VALUE_X - 24, y, text.SMALL, 0)  # as the number picker's
        if left < 0:
            text.draw(fb, t("blind_short"), x, y, text.SMALL, 0)
        else:
            text.draw(fb, left, x, y, None, 0)
    right = picker.neighbour(1)
    if app.smart and right is not None:
        x = widgets.W - 1 - text.SMALL.advance  # the arrow's left
        text.draw(fb, "\u25b6", x, y, text.SMALL, 0)
        widgets.draw_int_right(fb, right, x, y, None, 0)
