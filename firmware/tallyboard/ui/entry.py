# SPDX-License-Identifier: MIT
"""The screens of a hand: the header every hand screen shares, the number
picker (bids, tricks, hearts), the seat picker (queen, jack), the moon
choice, the Wizard trump, and the privacy screens of hidden and delayed
bidding (pass to NAME, first card played, reveal).

The pickers only show and move a value; ``app.enter`` checks it with the
core and journals it. Number picker keys: UP/DOWN change the value, OK
enters it, LEFT/RIGHT enter the value one below/above at once (the neighbours
are shown beside the big number), BACK opens the game menu, long BACK undoes
the last entry.
"""

from tallyboard import i18n, text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, LONG, REPEAT
from tallyboard.i18n import t
from tallyboard.ui import widgets, defaults

SUIT_KEYS = {"S": "suit_S", "H": "suit_H", "D": "suit_D", "C": "suit_C", "none": "suit_none"}
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663", "none": "-"}
DIR_KEYS = {"left": "dir_left", "right": "dir_right", "across": "dir_across", "hold": "dir_hold", "left2": "dir_left2", "right2": "dir_right2"}
KIND_KEYS = {"bid": "bid", "tricks": "tricks", "hearts": "hearts", "queen": "queen", "jack": "jack", "moon": "moon"}
# Row labels are short forms (6 letters at most: the columns start at x=40).
ROW_KEYS = {"bid": "row_bid", "tricks": "tricks", "hearts": "row_hearts"}
BLIND_NIL = -1
ARROW_L = "\u25c0"
ARROW_R = "\u25b6"
ARROW_UD = "\u25b2\u25bc"
VALUE_Y = 24  # the big value fills pages 3 and 4 exactly
NEIGHBOUR = 36  # the neighbours sit this far left/right of the middle


def header(app, g):
    """Page 0: hand (round) number and dealer in the title bar; page 1: the
    cards dealt, and the trump, pass direction or target."""
    fb = app.fb
    x = widgets.title(fb, t("round") if g.NAME == "wizard" else t("hand"))
    x = widgets.draw_int(fb, g.hand_number, x + 4, -2, None, 0)
    count = g.hand_count()
    if count:
        x = text.draw(fb, "/", x, -2, text.SMALL, 0)
        x = widgets.draw_int(fb, count, x, -2, None, 0)
    name = app.short_names[g.dealer]
    dealer = t("dealer_short")
    right = widgets.W if app.keeper is None else app.keeper.title_right()  # the battery mark
    # The dealer sits flush right, but never over the hand number: when
    # the bar is too short ("Round 10/10" beside the battery mark), the
    # name's end is covered by lit bar again (cut at a letter, no new string).
    x = max(right - 1 - text.width(name) - text.width(dealer) - 2, x + 4)
    x = text.draw(fb, dealer, x, -2, text.SMALL, 0) + 2
    if text.draw(fb, name, x, -2, text.SMALL, 0) > right - 1:
        cut = x + (right - 1 - x) // text.SMALL.advance * text.SMALL.advance
        fb.fill_rect(cut, 0, widgets.W - cut, 8, 1)
    y = widgets.line(1)
    x = widgets.draw_int(fb, g.cards, 0, y)
    x = text.draw(fb, i18n.tn("card_one", "cards", g.cards), x + 3, y)
    x += 8
    if g.NAME == "wizard":
        x = text.draw(fb, t("trump"), x, y)
        trump = g.trump
        text.draw(fb, SUIT_SIGNS[trump] if trump is not None else "?", x + 3, y)
    elif g.NAME == "hearts":
        # One phrase per direction ("pass left", "no passing"), set flush
        # right: the longest phrase fits beside "10 cards" in every language.
        widgets.draw_right(fb, t(DIR_KEYS[g.pass_direction()]), widgets.W - 1, y)
    else:
        x = text.draw(fb, t("target"), x, y)
        widgets.draw_int(fb, g.target, x + 3, y)


def _draw_row(fb, app, g, kind, y, mark_seat):
    # Label, then one column per seat in entry order: the values so far.
    text.draw(fb, t(ROW_KEYS[kind]), 0, y)
    values = g.current.values[kind]
    order = app.order
    width = (widgets.W - 40) // g.n
    for i in range(g.n):
        s = order[i]
        right = 40 + width * (i + 1) - 2
        v = values[s]
        if v is None:
            widgets.draw_right(fb, "-", right, y)
        elif v == BLIND_NIL:
            widgets.draw_right(fb, t("blind_short"), right, y)
        else:
            widgets.draw_int_right(fb, v, right, y)
        if s == mark_seat:
            fb.hline(right - width + 4, y + 9, width - 4, 1)


class NumberEntry:
    """Pick a whole number for the expected bid, tricks or hearts entry."""

    def __init__(self, app, g, preset=None):
        self.reset(app, g, preset)

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
        self.last = self.kind != "bid" and app.smart and defaults.is_last(g, self.kind)
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
        elif kind == LONG:
            if name == BACK:
                app.undo()
        elif name == OK:
            app.enter(self.kind, self.seat, self.value)
        elif name == BACK:
            app.game_menu()
        elif (name == LEFT or name == RIGHT) and app.smart and kind != REPEAT:
            v = self.neighbour(-1 if name == LEFT else 1)
            if v is not None:
                app.enter(self.kind, self.seat, v)

    def draw(self, app):
        # One page per line: header 0-1, label 2, value 3-4 (neighbours in
        # 4), hint 5, rows 6-7. A value change touches pages 3-4 near the middle; a
        # confirm also the name and one column of a row (bytes per press).
        fb = app.fb
        g = app.game
        y = widgets.line(2)
        x = text.draw(fb, t(KIND_KEYS[self.kind]), 0, y)
        text.draw(fb, app.names[self.seat], x + 4, y)
        # Hints go on line 5, under the value: the label line holds a
        # 10-letter name in every language.
        y = widgets.line(5)
        if self.kind == "bid":
            if self.value == self.forbidden:
                widgets.draw_center(fb, t("forbidden_even"), y)
            elif self.value == BLIND_NIL:
                widgets.draw_center(fb, t("blind_nil"), y)
            elif self.value == 0 and g.NAME == "spades":
                widgets.draw_center(fb, t("nil"), y)
        elif self.last:
            widgets.draw_center(fb, t("filled_in"), y)
        header(app, g)
        big = text.BIG
        v = self.value if self.value >= 0 else 0
        w = widgets.int_width(v, big)
        x0 = (widgets.W - w) // 2
        widgets.draw_int(fb, v, x0, VALUE_Y, big)
        if self.value == self.forbidden:
            widgets.cross_out(fb, x0 - 2, VALUE_Y, x0 + w + 1, VALUE_Y + big.height - 1)
        if app.smart:
            ys = widgets.line(4)
            left = self.neighbour(-1)
            if left is not None:
                x = text.draw(fb, ARROW_L, 64 - NEIGHBOUR, ys)
                if left == BLIND_NIL:
                    text.draw(fb, t("blind_short"), x + 1, ys)
                else:
                    widgets.draw_int(fb, left, x + 1, ys)
            nxt = self.neighbour(1)
            if nxt is not None:
                x = 64 + NEIGHBOUR - text.width(ARROW_R)
                text.draw(fb, ARROW_R, x, ys)
                widgets.draw_int_right(fb, nxt, x - 1, ys)
        if self.private:
            return
        if self.kind == "tricks":
            _draw_row(fb, app, g, "tricks", widgets.line(6), self.seat)
            _draw_row(fb, app, g, "bid", widgets.line(7), self.seat)
        else:
            _draw_row(fb, app, g, self.kind, widgets.line(7), self.seat)


class SeatEntry:
    """Pick the seat that took the queen of spades (or the jack of
    diamonds), drawn like the number picker: UP/DOWN move, OK enters."""

    def __init__(self, app, g, preset=None):
        self.reset(app, g, preset)

    def reset(self, app, g, preset=None):
        """Point the picker at the expected step."""
        self.kind = g.kind
        self.seat = None
        self.cursor = preset if preset is not None else defaults.seat(g, self.kind, app.smart)

    def key(self, app, name, kind):
        if name == UP or name == DOWN:
            n = app.game.n
            self.cursor = (self.cursor + (n - 1 if name == UP else 1)) % n
        elif kind == LONG:
            if name == BACK:
                app.undo()
        elif name == OK:
            app.enter(self.kind, None, self.cursor)
        elif name == BACK:
            app.game_menu()

    def draw(self, app):
        fb = app.fb
        g = app.game
        header(app, g)
        text.draw(fb, t(KIND_KEYS[self.kind]), 0, widgets.line(2))
        x = widgets.draw_center(fb, app.names[self.cursor], widgets.line(4))
        text.draw(fb, ARROW_UD, x + 4, widgets.line(4))
        _draw_row(fb, app, g, "hearts", widgets.line(7), self.cursor)


class ChoiceEntry:
    """Pick one of the core's choices (the moon: others +26 or self -26)."""

    def __init__(self, app, g, preset=None):
        self.kind = g.kind
        self.choices = g.bounds()
        self.cursor = 0
        if preset in self.choices:
            self.cursor = self.choices.index(preset)

    def key(self, app, name, kind):
        if name == UP or name == DOWN:
            self.cursor = (self.cursor + 1) % len(self.choices)
        elif kind == LONG:
            if name == BACK:
                app.undo()
        elif name == OK:
            app.enter(self.kind, None, self.choices[self.cursor])
        elif name == BACK:
            app.game_menu()

    def draw(self, app):
        fb = app.fb
        g = app.game
        widgets.title(fb, t("moon"))
        shooter = g.shooter(g.current)
        if shooter is not None:
            text.draw(fb, app.names[shooter], 0, widgets.line(1))
        for i in range(len(self.choices)):
            color = widgets.highlight(fb, 3 + i) if i == self.cursor else 1
            text.draw(fb, t("v_" + self.choices[i]), 2, widgets.line(3 + i), text.SMALL, color)


TRUMP_ORDER = (UP, RIGHT, DOWN, LEFT)
TRUMP_KEYS = {UP: "\u25b2", RIGHT: "\u25b6", DOWN: "\u25bc", LEFT: "\u25c0"}


class TrumpEntry:
    """Wizard trump for the round: one key per suit, OK for none."""

    KEYS = {UP: "S", RIGHT: "H", DOWN: "D", LEFT: "C", OK: "none"}

    def key(self, app, name, kind):
        if kind == LONG:
            if name == BACK:
                app.undo()
            return
        if name == BACK:
            app.game_menu()
            return
        suit = self.KEYS.get(name)
        if suit is not None:
            app.set_trump(suit)

    def draw(self, app):
        fb = app.fb
        g = app.game
        header(app, g)
        # The entry layout: page 2 the question, then one key per suit.
        text.draw(fb, t("trump_q"), 0, widgets.line(2))
        y = widgets.line(4)
        x = 4
        for key in TRUMP_ORDER:
            x = text.draw(fb, TRUMP_KEYS[key], x, y)
            x = text.draw(fb, SUIT_SIGNS[self.KEYS[key]], x + 1, y) + 8
        x = text.draw(fb, "OK", 4, widgets.line(6))
        text.draw(fb, t("suit_none"), x + 4, widgets.line(6))


class PassScreen:
    """Before a private bid: only 'pass to NAME' shows, nothing of the others."""

    def __init__(self, seat):
        self.seat = seat

    def key(self, app, name, kind):
        if name == OK and kind != LONG:
            app.private_ready(self.seat)
        elif name == BACK and kind != LONG:
            app.game_menu()

    def draw(self, app):
        fb = app.fb
        widgets.draw_center(fb, t("pass_to"), widgets.line(2))
        widgets.draw_center(fb, app.names[self.seat], widgets.line(4))
        widgets.draw_center(fb, t("ok_ready"), widgets.line(7))


class FirstCardScreen:
    """Delayed bidding: bids stay hidden until the first card is played."""

    def key(self, app, name, kind):
        if kind == LONG:
            if name == BACK:
                app.undo()
        elif name == OK:
            app.enter("first_card", None, 1)
        elif name == BACK:
            app.game_menu()

    def draw(self, app):
        fb = app.fb
        header(app, app.game)
        widgets.draw_center(fb, t("first_card"), widgets.line(3))
        widgets.draw_center(fb, t("ok_reveal"), widgets.line(6))


class RevealScreen:
    """Hidden or delayed bidding: every bid shown together, once."""

    def key(self, app, name, kind):
        if kind == LONG:
            if name == BACK:
                app.undo()
        elif name == OK:
            app.revealed()
        elif name == BACK:
            app.game_menu()

    def draw(self, app):
        fb = app.fb
        g = app.game
        widgets.title(fb, t("bids"))
        bids = g.current.values["bid"]
        for i in range(g.n):
            s = app.order[i]
            y = widgets.line(1 + i)
            text.draw(fb, app.names[s], 2, y)
            widgets.draw_int_right(fb, bids[s], widgets.W - 2, y)


def _reuse(cls, app, g, preset):
    # One picker of each kind for the app's life, reset for each entry.
    keep = app.pickers
    screen = keep.get(cls)
    if screen is None:
        screen = keep[cls] = cls(app, g, preset)
    else:
        screen.reset(app, g, preset)
    return screen


def for_step(app, preset=None):
    """The screen for what the game expects next (``g.kind`` / ``g.seat``)."""
    g = app.game
    kind = g.kind
    if kind == "queen" or kind == "jack":
        return _reuse(SeatEntry, app, g, preset)
    if kind == "moon":
        return ChoiceEntry(app, g, preset)
    if kind == "first_card":
        return app.keep(FirstCardScreen)
    return _reuse(NumberEntry, app, g, preset)
