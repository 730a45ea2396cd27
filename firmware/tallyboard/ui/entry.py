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

from tallyboard import text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, LONG, REPEAT
from tallyboard.i18n import t
from tallyboard.ui import widgets, defaults

SUIT_KEYS = {"S": "suit_S", "H": "suit_H", "D": "suit_D", "C": "suit_C", "none": "suit_none"}
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663", "none": "-"}
DIR_KEYS = {"left": "dir_left", "right": "dir_right", "across": "dir_across", "hold": "dir_hold", "left2": "dir_left2", "right2": "dir_right2"}
KIND_KEYS = {"bid": "bid", "tricks": "tricks", "hearts": "hearts", "queen": "queen", "jack": "jack", "moon": "moon"}
ROW_KEYS = {"bid": "bids", "tricks": "tricks", "hearts": "hearts"}
BLIND_NIL = -1
ARROW_L = "\u25c0"
ARROW_R = "\u25b6"
VALUE_Y = 32  # the big value fills pages 4 and 5 exactly
NEIGHBOUR = 42  # the neighbours sit this far left/right of the middle
ROW = 9  # pitch of list lines where 6 must fit under a title bar


def header(app, g):
    """Two lines: hand/round number and dealer; cards, and trump, pass
    direction or target."""
    fb = app.fb
    h = text.SMALL.height
    x = widgets.title(fb, t("round") if g.NAME == "wizard" else t("hand"))
    x = widgets.draw_int(fb, g.hand_number, x + 4, 0, None, 0)
    count = g.hand_count()
    if count:
        x = text.draw(fb, "/", x, 0, text.SMALL, 0)
        widgets.draw_int(fb, count, x, 0, None, 0)
    name = app.short_names[g.dealer]
    right = widgets.W - 1
    x = right - text.width(name) - text.width(t("dealer_short")) - 2
    x = text.draw(fb, t("dealer_short"), x, 0, text.SMALL, 0)
    text.draw(fb, name, x + 2, 0, text.SMALL, 0)
    x = widgets.draw_int(fb, g.cards, 0, h)
    x = text.draw(fb, t("cards"), x + 3, h)
    x += 8
    if g.NAME == "wizard":
        x = text.draw(fb, t("trump"), x, h)
        trump = g.trump
        text.draw(fb, SUIT_SIGNS[trump] if trump is not None else "?", x + 3, h)
    elif g.NAME == "hearts":
        x = text.draw(fb, t("pass"), x, h)
        text.draw(fb, t(DIR_KEYS[g.pass_direction()]), x + 3, h)
    else:
        x = text.draw(fb, t("target"), x, h)
        widgets.draw_int(fb, g.target, x + 3, h)


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
            fb.hline(right - width + 4, y + text.SMALL.height - 1, width - 4, 1)


class NumberEntry:
    """Pick a whole number for the expected bid, tricks or hearts entry."""

    def __init__(self, app, g, preset=None):
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
        # Layout by pages (8 px): header 0-2, label 2-3, value 4-5, row 6-7.
        # A value change touches only pages 4-5 near the middle, a confirm
        # also the name and one column of the row (display bytes per press).
        fb = app.fb
        g = app.game
        h = text.SMALL.height
        header(app, g)
        x = text.draw(fb, t(KIND_KEYS[self.kind]), 0, 2 * h)
        text.draw(fb, app.names[self.seat], x + 4, 2 * h)
        right = widgets.W - 1
        if self.kind == "bid":
            if self.value == self.forbidden:
                widgets.draw_right(fb, t("forbidden_even"), right, 2 * h)
            elif self.value == BLIND_NIL:
                widgets.draw_right(fb, t("blind_nil"), right, 2 * h)
            elif self.value == 0 and g.NAME == "spades":
                widgets.draw_right(fb, t("nil"), right, 2 * h)
        elif self.last:
            widgets.draw_right(fb, t("filled_in"), right, 2 * h)
        elif self.kind == "tricks":
            bid = g.current.values["bid"][self.seat]
            bid = bid if bid is not None and bid > 0 else 0
            x = widgets.draw_int_right(fb, bid, right, 2 * h)
            widgets.draw_right(fb, t("bid"), right - widgets.int_width(bid) - 3, 2 * h)
        big = text.BIG
        yv = VALUE_Y
        v = self.value if self.value >= 0 else 0
        w = widgets.int_width(v, big)
        x0 = (widgets.W - w) // 2
        widgets.draw_int(fb, v, x0, yv, big)
        if self.value == self.forbidden:
            widgets.cross_out(fb, x0 - 2, yv, x0 + w + 1, yv + big.height - 1)
        if app.smart:
            ys = yv + (big.height - h) // 2 + 1
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
        _draw_row(fb, app, g, self.kind, widgets.H - h, self.seat)


class SeatEntry:
    """Pick the seat that took the queen of spades (or the jack of diamonds)."""

    def __init__(self, app, g, preset=None):
        self.kind = g.kind
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
        h = text.SMALL.height
        widgets.title(fb, t(KIND_KEYS[self.kind]))
        hearts = g.current.values["hearts"]
        for s in range(g.n):
            y = h + s * ROW
            color = 1
            if s == self.cursor:
                fb.fill_rect(0, y, widgets.W, ROW, 1)
                color = 0
            text.draw(fb, app.names[s], 2, y, text.SMALL, color)
            widgets.draw_int_right(fb, hearts[s], widgets.W - 2, y, None, color)


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
        h = text.SMALL.height
        widgets.title(fb, t("moon"))
        shooter = g.shooter(g.current)
        if shooter is not None:
            text.draw(fb, app.names[shooter], 0, h)
        for i in range(len(self.choices)):
            y = 2 * h + 4 + i * h
            color = 1
            if i == self.cursor:
                fb.fill_rect(0, y, widgets.W, h, 1)
                color = 0
            text.draw(fb, t("v_" + self.choices[i]), 2, y, text.SMALL, color)


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
        h = text.SMALL.height
        header(app, g)
        widgets.draw_center(fb, t("trump_q"), 2 * h)
        widgets.draw_center(fb, t("suit_S"), 3 * h - 1)
        text.draw(fb, t("suit_C"), 0, 4 * h - 3)
        widgets.draw_right(fb, t("suit_H"), widgets.W - 1, 4 * h - 3)
        widgets.draw_center(fb, t("suit_D"), 5 * h - 5)
        x = text.draw(fb, "OK", 0, widgets.H - h)
        text.draw(fb, t("suit_none"), x + 4, widgets.H - h)


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
        h = text.SMALL.height
        widgets.draw_center(fb, t("pass_to"), 2 * h)
        widgets.draw_center(fb, app.names[self.seat], 3 * h + 4)
        widgets.draw_center(fb, t("ok_ready"), widgets.H - h)


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
        h = text.SMALL.height
        header(app, app.game)
        widgets.draw_center(fb, t("first_card"), 3 * h)
        widgets.draw_center(fb, t("ok_reveal"), widgets.H - h)


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
        h = text.SMALL.height
        widgets.title(fb, t("bids"))
        bids = g.current.values["bid"]
        for i in range(g.n):
            s = app.order[i]
            y = h + i * ROW
            text.draw(fb, app.names[s], 2, y)
            widgets.draw_int_right(fb, bids[s], widgets.W - 2, y)


def for_step(app, preset=None):
    """The screen for what the game expects next (``g.kind`` / ``g.seat``)."""
    g = app.game
    kind = g.kind
    if kind == "queen" or kind == "jack":
        return SeatEntry(app, g, preset)
    if kind == "moon":
        return ChoiceEntry(app, g, preset)
    if kind == "first_card":
        return FirstCardScreen()
    return NumberEntry(app, g, preset)
