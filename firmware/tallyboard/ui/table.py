# SPDX-License-Identifier: MIT
"""The score table (rank, side, this hand's change, total, bags where they
count) and the game-over screen with the winners. 2 to 6 sides fit."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets

X_NAME = 10
X_CHANGE = 84
X_TOTAL = 114
ROW = 9  # 6 sides fit under the title bar


def ranking(g, totals):
    """Side indexes best first, and the rank (1-based, ties shared) of each side."""
    lowest = g.NAME == "hearts"
    order = list(range(len(totals)))
    # Insertion sort: at most 6 sides, and no key functions to allocate.
    for i in range(1, len(order)):
        j = i
        while j > 0:
            a = totals[order[j - 1]]
            b = totals[order[j]]
            if (b < a) if lowest else (b > a):
                order[j - 1], order[j] = order[j], order[j - 1]
                j -= 1
            else:
                break
    ranks = [0] * len(totals)
    for i in range(len(order)):
        if i > 0 and totals[order[i]] == totals[order[i - 1]]:
            ranks[order[i]] = ranks[order[i - 1]]
        else:
            ranks[order[i]] = i + 1
    return order, ranks


def tie_plays_on(g):
    """True when the target was reached but a shared best total means another hand."""
    target = g.target
    if g.finished or target is None or not g.hands:
        return False
    for total in g.totals:
        if total >= target:
            return True
    return False


class TableScreen:
    """Running totals after hand ``index`` (default: the last complete one).

    OK calls ``on_ok(app)``; BACK opens the game menu (``on_back``); long
    BACK undoes the last entry while the game is open. UP/DOWN step through
    earlier hands."""

    def __init__(self, app, on_ok, on_back=None, index=None, undo=True):
        g = app.game
        self.on_ok = on_ok
        self.on_back = on_back
        self.undo = undo
        self.index = len(g.hands) - 1 if index is None else index

    def key(self, app, name, kind):
        g = app.game
        if kind == LONG:
            if name == BACK and self.undo:
                app.undo()
        elif name == OK:
            self.on_ok(app)
        elif name == BACK:
            if self.on_back:
                self.on_back(app)
        elif name == UP and self.index > 0:
            self.index -= 1
        elif name == DOWN and self.index < len(g.hands) - 1:
            self.index += 1

    def draw(self, app):
        fb = app.fb
        g = app.game
        h = text.SMALL.height
        if g.finished:
            x = widgets.title(fb, t("game_over"))
        else:
            x = widgets.title(fb, t("round") if g.NAME == "wizard" else t("hand"))
            if self.index >= 0:
                widgets.draw_int(fb, self.index + 1, x + 4, 0, None, 0)
        y = h
        if g.finished:
            # Winners go in the title bar: 6 sides need every line below it.
            x = text.draw(fb, t("winner") if len(g.winners) == 1 else t("winners"), x + 6, 0, text.SMALL, 0)
            done = []
            for s in g.winners:
                i = g.side_of(s)
                if i not in done:
                    done.append(i)
                    x = text.draw(fb, app.side_names[i], x + 4, 0, text.SMALL, 0)
        elif tie_plays_on(g) and self.index == len(g.hands) - 1:
            widgets.draw_right(fb, t("tie_more"), widgets.W - 1, 0, text.SMALL, 0)
        show_bags = g.NAME == "spades" and g.settings.get("bags")
        if self.index < 0:
            return
        hand = g.hands[self.index]
        order, ranks = ranking(g, hand.totals)
        rows = len(order)
        for r in range(rows):
            i = order[r]
            yy = y + r * ROW
            if yy + h > widgets.H:
                break
            widgets.draw_int(fb, ranks[i], 0, yy)
            text.draw(fb, app.side_names[i], X_NAME, yy)
            widgets.draw_int_right(fb, hand.scores[i], X_CHANGE, yy, None, 1, True)
            widgets.draw_int_right(fb, hand.totals[i], X_TOTAL + (0 if show_bags else 13), yy)
            if show_bags:
                widgets.draw_int_right(fb, hand.bags[i], widgets.W - 1, yy)
