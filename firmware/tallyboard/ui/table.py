# SPDX-License-Identifier: MIT
"""The score table (rank, side, this hand's change, total, bags where they
count, and who deals next with how many cards). 2 to 6 sides fit. The final
standings after game over are in final.py."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets

X_NAME = 10
# Right edges of the change and total columns, without and with bags.
X_CHANGE = 84
X_TOTAL = 127
X_CHANGE_BAGS = 76
X_TOTAL_BAGS = 104
NAME_W = 48  # room for a side's name (40 with the bags column)
NAME_W_BAGS = 40
ELLIPSIS = "\u2026"


def ranking(g, totals, order=None, ranks=None):
    """Side indexes best first, and the rank (1-based, ties shared) of each
    side; fills ``order`` and ``ranks`` when given (no allocation)."""
    lowest = g.NAME == "hearts"
    if order is None:
        order = [0] * len(totals)
        ranks = [0] * len(totals)
    for i in range(len(totals)):
        order[i] = i
    # Insertion sort: at most 6 sides, and no key functions to allocate.
    for i in range(1, len(totals)):
        j = i
        while j > 0:
            a = totals[order[j - 1]]
            b = totals[order[j]]
            if (b < a) if lowest else (b > a):
                order[j - 1], order[j] = order[j], order[j - 1]
                j -= 1
            else:
                break
    for i in range(len(totals)):
        if i > 0 and totals[order[i]] == totals[order[i - 1]]:
            ranks[order[i]] = ranks[order[i - 1]]
        else:
            ranks[order[i]] = i + 1
    return order, ranks


def shows_bags(g):
    """Bags get a column where they count: Spades with the bag penalty on."""
    return g.NAME == "spades" and g.settings.get("bags")


def name_width(g):
    """Pixels a side's name may take in the table."""
    return NAME_W_BAGS if shows_bags(g) else NAME_W


def tie_plays_on(g):
    """True when the target was reached but a shared best total means another hand."""
    target = g.target
    if g.finished or target is None or not g.hands:
        return False
    for total in g.totals:
        if total >= target:
            return True
    return False


def hand_word(g):
    """The key of the game's one word for a deal (Wizard: round)."""
    return "round" if g.NAME == "wizard" else "hand"


def next_deal(app, g):
    """ "Ben deals 13 cards" (Hearts: "Ben deals, pass left"): who deals the
    next hand and how, the name shortened until the line fits."""
    if g.current is None:
        return None
    if g.NAME == "hearts":
        key = "next_deals_pass"
        what = t("dir_" + g.pass_direction())
    else:
        key = "next_deals"
        n = g.cards
        what = "%d %s" % (n, t("card_one") if n == 1 else t("cards"))
    name = g.players[g.dealer]
    while True:
        line = t(key).format(name, what)
        if text.width(line) <= widgets.W or len(name) <= 1:
            return widgets.clip(line, widgets.W)
        name = name[:-1]


class TableScreen:
    """Running totals after hand ``index`` (default: the last complete one).

    OK calls ``on_ok(app)``; BACK opens the game menu (``on_back``); long
    BACK undoes the last entry while the game is open. UP/DOWN step through
    earlier hands."""

    def __init__(self, app, on_ok, on_back=None, index=None, undo=True):
        self._order = [0] * 6
        self._ranks = [0] * 6
        self.reset(app, on_ok, on_back, index, undo)

    def reset(self, app, on_ok, on_back=None, index=None, undo=True):
        """Show the table again for the current game (reused between hands)."""
        g = app.game
        self.on_ok = on_ok
        self.on_back = on_back
        self.undo = undo
        self.index = len(g.hands) - 1 if index is None else index
        # Made once per table shown, not per key press.
        self.next_line = None if g.finished else next_deal(app, g)

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
        x = widgets.title(fb, t(hand_word(g)))
        if self.index >= 0:
            widgets.draw_int(fb, self.index + 1, x + 4, -2, None, 0)
        show_bags = shows_bags(g)
        x_change = X_CHANGE_BAGS if show_bags else X_CHANGE
        x_total = X_TOTAL_BAGS if show_bags else X_TOTAL
        widgets.draw_right(fb, t("col_change"), x_change, -2, None, 0)
        widgets.draw_right(fb, t("col_total"), x_total, -2, None, 0)
        if show_bags:
            widgets.draw_right(fb, t("col_bags"), widgets.W - 1, -2, None, 0)
        # Line 7 (6 sides fill lines 1-6): what comes next.
        if tie_plays_on(g) and self.index == len(g.hands) - 1:
            text.draw(fb, t("tie_more"), 0, widgets.line(7))
        elif self.next_line is not None:
            text.draw(fb, self.next_line, 0, widgets.line(7))
        if self.index < 0:
            return
        hand = g.hands[self.index]
        order, ranks = ranking(g, hand.totals, self._order, self._ranks)
        rows = len(hand.totals)
        for r in range(rows):
            i = order[r]
            yy = widgets.line(1 + r)
            widgets.draw_int(fb, ranks[i], 0, yy)
            text.draw(fb, app.side_names[i], X_NAME, yy)
            widgets.draw_int_right(fb, hand.scores[i], x_change, yy, None, 1, True)
            widgets.draw_int_right(fb, hand.totals[i], x_total, yy)
            if show_bags:
                widgets.draw_int_right(fb, hand.bags[i], widgets.W - 1, yy)
