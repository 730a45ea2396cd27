# SPDX-License-Identifier: MIT
"""The privacy screens of Wizard's hidden and delayed bidding: pass the
board to NAME and the reveal of every bid. Loaded only for a game that
bids hidden or delayed; the first card of delayed bidding is in
ui.first_card (a hidden game's RAM holds none of it)."""

from tallyboard import text
from tallyboard.i18n import t
from tallyboard.ui import widgets, defaults
from tallyboard.buttons import DOWN, LEFT, OK, REPEAT, RIGHT, UP
from tallyboard.ui.hand import draw_neighbours, game_key

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# text.SMALL's advance: every character and digit (a width is a count of
# characters: no text.width or widgets.draw_center call).
_ADV = const(6)
# The words of the tricks picker that follows the reveal (ui.entry), read
# from the flash by the press that shows the reveal, which has time to
# spare, not by the one that leaves it: the picker's first whole draw.
_TRICKS_WORDS = const(("tricks", "sum_tricks", "row_bid", "row_tricks"))


class PassScreen:
    """Before a private bid: "pass the board to NAME", and nothing of the
    others' bids. The bid the picker would start at (it depends on nothing
    private: the cards and the number of players) is shown with its
    neighbours, so the bidder can bid in one press: OK bids it, LEFT/RIGHT
    the one below/above; UP/DOWN open the private picker one step away.
    BACK opens the game menu, long BACK undoes the last bid (its value
    stays hidden)."""

    hand = None  # the hand and starting bid the last draw showed (see dirty)
    shown = None

    def __init__(self, seat):
        self.seat = seat

    def dirty(self, app, last):
        """Pages that differ from the pass screen ``last`` (widgets.paint):
        in the same hand only the name (line 3: pages 2-3) can, since the
        start depends only on the hand (its cards, the players). This
        screen shows last's start then (draw skips the lines that stay)."""
        if last.hand is not app.game.current:
            return 255
        self.hand = last.hand
        self.shown = last.shown
        return 0 if last.seat == self.seat else 0x0C

    def key(self, app, name, kind):
        if game_key(app, name, kind):
            return
        if name == OK:
            # The start this screen shows (draw, or dirty from the one before).
            app.enter("bid", self.seat, self.shown)
        elif (name == LEFT or name == RIGHT) and app.smart and kind != REPEAT:
            low, high = app.game.bounds()
            v = self.shown + (1 if name == RIGHT else -1)
            if 0 <= v and low <= v <= high:
                app.enter("bid", self.seat, v)
        elif name == UP or name == DOWN:
            app.private_ready(self.seat)
            app.screen.key(app, name, kind)

    def draw(self, app):
        # Line k takes pages k-1 (its accents) and k; the start's box on
        # line 5 reaches row 48 (page 6). A partial redraw (dirty: the
        # name, pages 2-3) draws only the blocks it needs.
        fb = app.fb
        mask = text.MASK
        if mask & 0x03:
            s = t("pass_to")
            text.draw(fb, s, (widgets.W - len(s) * _ADV) // 2, 6)  # line 1
        if mask & 0x0C:
            s = app.names[self.seat]
            text.draw(fb, s, (widgets.W - len(s) * _ADV) // 2, 22)  # line 3
        if mask & 0xC0:
            s = t("pass_keys")
            text.draw(fb, s, (widgets.W - len(s) * _ADV) // 2, 54)  # line 7
        if not mask & 0x70:
            return  # the start and its neighbours stay (dirty set shown)
        # The private picker's starting bid (nothing private: see above).
        v = self.shown = defaults.number(app.game, app.smart, True)
        self.hand = app.game.current
        low, high = app.game.bounds()
        y = 38  # line 5
        w = _ADV if v < 10 else 2 * _ADV  # a bid: 1 or 2 digits
        x0 = (widgets.W - w) // 2
        fb.fill_rect(x0 - 3, y + 1, w + 6, 10, 1)
        text.draw(fb, v, x0, y, None, 0)
        if app.smart:
            draw_neighbours(fb, v - 1 if v - 1 >= 0 and v - 1 >= low else None, v + 1 if v + 1 <= high else None, y)


class RevealScreen:
    """Hidden or delayed bidding: every bid shown together, once."""

    def key(self, app, name, kind):
        if not game_key(app, name, kind) and name == "ok":
            app.revealed()

    def draw(self, app):
        fb = app.fb
        g = app.game
        for word in _TRICKS_WORDS:
            t(word)  # kept by tallyboard.i18n for the picker's draw
        widgets.title(fb, t("bids"))
        bids = g.current.values["bid"]
        for i in range(g.n):
            s = app.order[i]
            y = 8 * i + 6  # line 1 + i
            text.draw(fb, app.names[s], 2, y)
            v = bids[s]
            text.draw(fb, v, widgets.W - 2 - (_ADV if v < 10 else 2 * _ADV), y)  # a bid: 1 or 2 digits
