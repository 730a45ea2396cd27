# SPDX-License-Identifier: MIT
"""The number picker (bids, tricks, hearts) and the screen a hand's next
step asks for (``for_step``). What every hand screen shares is ui.hand's;
only what a game needs is loaded: Wizard's trump screen is in ui.trump,
Hearts' seat picker and moon choice in ui.seats, the privacy screens of
hidden and delayed bidding (pass to NAME, reveal) in ui.private, the first
card played of delayed bidding in ui.first_card.

The pickers only show and move a value; ``app.enter`` checks it with the
core and journals it. Number picker keys: UP/DOWN change the value, OK
enters it, LEFT/RIGHT enter the value one below/above at once (the neighbours
are shown beside the big number), BACK opens the game menu, long BACK undoes
the last entry.
"""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, REPEAT
from tallyboard.i18n import t
from tallyboard.ui import widgets, defaults
from tallyboard.ui.hand import draw_names, draw_neighbours, draw_sum, draw_values, game_key, header

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# Constants: on the board they are folded into the code (no name kept).
_BLIND_NIL = const(-1)
_VALUE_Y = const(24)  # the big value fills pages 3 and 4 exactly
# text.SMALL's advance: every character and digit (a width is a count of
# characters, no text.width call).
_ADV = const(6)


class NumberEntry:
    """Pick a whole number for the expected bid, tricks or hearts entry."""

    cell_pages = 0  # pages redrawn cell by cell by the next draw (see dirty)
    # The class of the trump screen (ui.trump): its title bar stays for the
    # round's first bid (widgets.paint).
    follows = "TrumpEntry"
    # What the last draw showed: game, hand, kind, seat, value, entries,
    # crossed-out preview (see dirty); made by the first draw.
    drawn = None

    def reset(self, app, g, preset=None):
        """Point the picker at the expected step (the app reuses one picker
        for every entry: no allocation per entry on the board)."""
        self.kind = g.kind
        self.seat = g.seat
        low, high = g.bounds()
        self.low = low
        self.high = high
        self.private = self.kind == "bid" and hasattr(g, "bids_visible") and not g.bids_visible()
        # A private bidder must learn nothing of the others' bids: no crossed-out
        # value, no default computed from them (the core still refuses a
        # forbidden bid when it is entered).
        self.forbidden = None
        if self.kind == "bid" and hasattr(g, "forbidden_bid") and not self.private:
            self.forbidden = g.forbidden_bid()
        self.last = self.kind != "bid" and app.smart and g.current.count(self.kind) == g.n - 1  # the last seat
        if preset is not None and low <= preset <= high:
            self.value = preset
        else:
            self.value = defaults.number(g, app.smart, self.private)

    def neighbour(self, step):
        """The value one step away (skipping a forbidden bid), or None."""
        v = self.value + step
        if v == self.forbidden:
            v += step
        if v < self.low or v > self.high:
            return None
        return v

    def key(self, app, name, kind):
        if name == UP or name == DOWN:
            v = self.value + (1 if name == UP else -1)
            if self.low <= v <= self.high:
                self.value = v
        elif game_key(app, name, kind):
            pass
        elif name == OK:
            app.enter(self.kind, self.seat, self.value)
        elif (name == LEFT or name == RIGHT) and app.smart and kind != REPEAT:
            v = self.neighbour(-1 if name == LEFT else 1)
            if v is not None:
                app.enter(self.kind, self.seat, v)

    __init__ = reset  # (app, g, preset=None): the picker starts as reset leaves it

    def dirty(self, app, last):
        """The pages that may differ from this picker's last draw (see
        widgets.paint). A line's accents reach the page above it, so a
        changed line takes that page too, except line 1: its accents fall
        on the lit title bar. The next seat of the same kind: all but the
        title bar (the hand and dealer stay), and so for the first seat of
        the next kind in the same hand. The value alone: the value, its
        hint and its neighbours (pages 3-4: no hint has ink above its
        line) and the running sum (the header's line 1, or line 7 for
        bids: 6-7), and line 6 when the crossed-out preview changes."""
        d = self.drawn
        g = app.game
        self.cell_pages = 0
        if last.__class__.__name__ == self.follows:
            # The round's first bid right after its trump: the same title bar.
            return 0xFE if last.game is g and last.hand == g.hand_number else 255
        if last is not self or d is None or d[0] is not g or d[1] != g.hand_number:
            return 255
        if d[2] != self.kind:
            return 0xFE  # bids done, tricks asked: the title bar (hand, dealer) stays
        if d[3] != self.seat or d[5] != g.entries():
            if self.kind != "tricks":
                return 0xFE
            if g.entries() == d[5] + 1 and g.current.values["tricks"][d[3]] is not None and _BLIND_NIL not in g.current.values["bid"]:
                # The next seat after one count: in the names (page 5) and
                # counts (page 7) only two cells and one change (draw).
                self.cell_pages = 0xA0
                return 0x1E
            # The bids' line 6 stays, and line 7 changes only in digits,
            # which never reach page 6.
            return 0xBE
        if d[4] == self.value:
            return 0
        if self.kind != "bid":
            return 0x1A
        if not self.private and d[6] != defaults.forbidden_next(g, self.value):
            return 0xFE
        return 0xD8

    def over_toast(self, app):
        """Line 2: who is asked ("Bid Émile"). App.redraw draws it again
        over an undo's line that takes the title bar and line 1: its
        accents then stand out from that bar (tallyboard.text)."""
        x = text.draw(app.fb, t(self.kind), 0, 14)
        text.draw(app.fb, app.names[self.seat], x + 4, 14)

    def draw(self, app):
        # One page per line: header 0-1, label and name 2, value 3-4
        # (its hint in 3, neighbours in 4), names 5, values 6-7. A value change touches
        # pages 3-4 near the middle and the running sum; a confirm also the
        # name and one column of a row (bytes per press).
        fb = app.fb
        g = app.game
        kind = self.kind
        d = self.drawn
        if d is None:
            d = self.drawn = [None] * 7
        counted = d[3]  # the seat asked last time (see below)
        d[0] = g
        d[1] = g.hand_number
        d[2] = kind
        d[3] = self.seat
        d[4] = self.value
        d[5] = g.entries()
        # The crossed-out bid in the dealer's column (None: none).
        d[6] = None if self.private else defaults.forbidden_next(g, self.value)
        mask = text.MASK
        if mask & 0x06:  # line 2 (pages 1-2): who is asked, the name whole
            self.over_toast(app)
        if self.private or kind == "bid":
            header(app, g)
        else:
            header(app, g, kind, self.value)
        if mask & 0x18:  # the value and its neighbours (pages 3-4)
            big = text.BIG
            v = self.value if self.value >= 0 else 0
            w = big.advance if v < 10 else 2 * big.advance  # 1 or 2 digits
            x0 = (widgets.W - w) // 2
            text.draw(fb, v, x0, _VALUE_Y, big)
            # Why the value is special, flush right on line 3 beside it
            # (8 characters at most beside 2 digits, 9 beside one).
            hint = None
            if kind == "bid":
                if self.value == self.forbidden:
                    hint = t("hint_forbidden")
                    # (the glyphs' rows: a blank row above and below them)
                    widgets.cross_out(fb, x0 - 2, _VALUE_Y + 1, x0 + w + 1, _VALUE_Y + big.height - 2)
                elif self.value == _BLIND_NIL:
                    hint = t("blind_nil")
                elif self.value == 0 and g.NAME == "spades":
                    hint = t("nil")
            elif self.last:
                hint = t("filled_in")
            if hint:
                text.draw(fb, hint, widgets.W - 1 - len(hint) * _ADV, 22)  # line 3
            if app.smart:
                draw_neighbours(fb, self.neighbour(-1), self.neighbour(1), 30)  # line 4
        if self.private:
            return
        # Lines 5, 6 and 7 at y = 38, 46 and 54.
        draw_names(fb, app, g, 38, self.seat)
        if self.cell_pages and mask != 255:
            # Cells of pages 5 and 7 (see dirty): the seat that was asked
            # (d[3] before this draw: kept in counted) and the one asked now.
            text.MASK = 255
            draw_names(fb, app, g, 38, self.seat, counted)
            draw_values(fb, app, g, "tricks", 54, None, None, counted)
            text.MASK = mask
            return
        if kind == "tricks":
            draw_values(fb, app, g, "bid", 46)
            draw_values(fb, app, g, "tricks", 54)
        elif kind == "hearts":
            draw_values(fb, app, g, "hearts", 46)
            if mask & 0xC0 and not g.current.total("hearts"):
                widgets.draw_center(fb, t("moon_hint"), 54)
        else:
            draw_values(fb, app, g, "bid", 46, d[6], g.dealer)
            if mask & 0xC0:  # line 7
                draw_sum(fb, g, "bid", 54, self.value)


def for_step(app, preset=None):
    """The screen for what the game expects next (``g.kind`` / ``g.seat``)."""
    g = app.game
    kind = g.kind
    if g.NAME == "hearts" and kind != "hearts":
        # Hearts' queen, jack and moon: its screens, loaded for its game
        # (forgotten at home).
        from tallyboard.ui.seats import for_step as hearts_step

        return hearts_step(app, g, kind, preset)
    if kind == "first_card":
        from tallyboard.ui.first_card import FirstCardScreen

        return app.keep(FirstCardScreen)
    return app.picker(NumberEntry, preset)
