# SPDX-License-Identifier: MIT
"""The final standings once a game is over: rank, side and final total, the
winner (or the tied winners) marked, and the way on: OK goes home (or back
to the list of games), UP opens the table of the last hand to look back
hand by hand; BACK or OK there comes back here. Loaded at game over only."""

from tallyboard import text
from tallyboard.buttons import UP, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.table import ranking, TableScreen

X_TOTAL = 127  # the right edge of the totals, as in the score table (ui.table)

MARK = "\u2713"  # beside each winner


class FinalScreen:
    """``on_ok(app)`` leaves (home, or the games list); ``undo`` allows a
    long BACK to take back the entry that ended the game."""

    def __init__(self, app, on_ok, undo=True):
        self.on_ok = on_ok
        self.undo = undo
        n = len(app.game.sides)
        self._order = [0] * n
        self._ranks = [0] * n
        self.winners = [app.game.side_of(s) for s in app.game.winners]

    def key(self, app, name, kind):
        if kind == LONG:
            if name == BACK and self.undo:
                app.undo()
        elif name == OK:
            self.on_ok(app)
        elif name == UP:
            here = self

            def back(app):
                app.go(here)

            app.go(TableScreen(app, back, back, None, False))

    def draw(self, app):
        fb = app.fb
        g = app.game
        widgets.title(fb, t("final"))
        # Right-aligned by the characters' count (SMALL is fixed-pitch):
        # no width() call.
        adv = text.SMALL.advance
        word = t("col_total")
        text.draw(fb, word, X_TOTAL - len(word) * adv, -2, None, 0)
        order = self._order
        ranks = self._ranks
        ranking(g, g.totals, order, ranks)
        for r in range(len(g.totals)):
            i = order[r]
            y = 8 * r + 6  # line 1 + r
            color = 1
            if i in self.winners:
                # The winner's line is inverted and ticked: seen from across the table.
                color = widgets.highlight(fb, 1 + r)
                text.draw(fb, MARK, 0, y, text.SMALL, color)
            else:
                text.draw(fb, ranks[i], 0, y)
            v = g.totals[i]
            x = X_TOTAL - text.width(v)
            # The side's name whole up to a space before its total.
            text.draw(fb, widgets.clip(app.side_names[i], x - adv - 10), 10, y, text.SMALL, color)
            text.draw(fb, v, x, y, None, color)
        word = t("final_help_round" if g.NAME == "wizard" else "final_help")
        text.draw(fb, word, (widgets.W - len(word) * adv) // 2, 54)  # line 7
