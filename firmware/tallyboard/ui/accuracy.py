# SPDX-License-Identifier: MIT
"""This game's bid accuracy per player, opened from the score table (RIGHT).

One line per player: the name, bids made over hands played, and the share
in percent. A Wizard bid is made when the player took exactly the bid; a
Spades bid when the player's side made its contract (a nil or blind nil:
no trick taken), as `tricktally stats` counts them on the PC. Hearts has no
bids, so the table does not open this screen there.

Imported only when opened. The screen object and its counts are made once
and reused, so opening it again and redrawing allocate nothing.
"""

from tallyboard import text
from tallyboard.buttons import UP, DOWN
from tallyboard.i18n import t
from tallyboard.ui import widgets

X_MADE = 96  # right edge of "made/hands"
SLASH = "/"
PERCENT = "%"


def bid_made(g, hand, seat):
    """True when ``seat`` made its bid in complete ``hand`` of Spades or Wizard."""
    values = hand.values
    bid = values["bid"][seat]
    tricks = values["tricks"][seat]
    if g.NAME == "wizard":
        return tricks == bid
    if bid <= 0:  # nil (0) or blind nil (-1)
        return tricks == 0
    contract = 0
    took = 0
    for s in g.sides[g.side_of(seat)]:
        if values["bid"][s] > 0:
            contract += values["bid"][s]
        took += values["tricks"][s]
    return took >= contract


class AccuracyScreen:
    """Bids made per player in the game so far; any key but UP/DOWN goes back."""

    def __init__(self):
        self.made = [0] * 6
        self.back = None

    def open(self, app, back):
        """Count the bids made in ``app.game`` and show them; ``back`` is the screen to return to."""
        g = app.game
        self.back = back
        for seat in range(g.n):
            count = 0
            for hand in g.hands:
                if bid_made(g, hand, seat):
                    count += 1
            self.made[seat] = count
        app.go(self)

    def key(self, app, name, kind):
        if name != UP and name != DOWN:
            app.go(self.back)

    def draw(self, app):
        fb = app.fb
        g = app.game
        widgets.title(fb, t("acc_title"))
        hands = len(g.hands)
        if hands == 0:
            text.draw(fb, t("acc_none"), 0, widgets.line(1))
            return
        for seat in range(g.n):
            y = widgets.line(1 + seat)
            text.draw(fb, app.names[seat], 0, y)
            made = self.made[seat]
            # "made/hands" ending at X_MADE, then the percentage at the right edge.
            right = X_MADE
            widgets.draw_int_right(fb, hands, right, y)
            right -= text.width(hands)
            widgets.draw_int_right(fb, SLASH, right, y)
            right -= text.width(SLASH)
            widgets.draw_int_right(fb, made, right, y)
            widgets.draw_int_right(fb, PERCENT, widgets.W - 1, y)
            widgets.draw_int_right(fb, made * 100 // hands, widgets.W - 1 - text.width(PERCENT), y)


_screen = None


def open_accuracy(app, back):
    """Show this game's bid accuracy (the one screen object is reused)."""
    global _screen
    if _screen is None:
        _screen = AccuracyScreen()
    _screen.open(app, back)
