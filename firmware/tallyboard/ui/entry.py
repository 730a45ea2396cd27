# SPDX-License-Identifier: MIT
"""The screens of a hand: the header every hand screen shares, the number
picker (bids, tricks, hearts). Only what a game needs is loaded: Wizard's
trump screen is in ui.trump, Hearts' seat picker and moon choice in
ui.seats, the privacy
screens of hidden and delayed bidding (pass to NAME, reveal) in
ui.private, the first card played of delayed bidding in ui.first_card.

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

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# Constants: on the board they are folded into the code (no name kept).
_BLIND_NIL = const(-1)
# The neighbours' arrows (the privacy and bid-line screens write them too).
_ARROW_L = const("\u25c0")
_ARROW_R = const("\u25b6")
_VALUE_Y = const(24)  # the big value fills pages 3 and 4 exactly
_NEIGHBOUR = const(36)  # the neighbours sit this far left/right of the middle
# text.SMALL's advance: every character and digit (a width is a count of
# characters, no text.width call).
_ADV = const(6)
# A line's UTF-8 bytes, filled in place by whoever draws the next line with
# one text.draw instead of one per piece ("3/10", ui.table's next deal): a
# call costs some 0.25 Pico ms. tallyboard.text's bytearray on CPython: its
# extend() takes a string, as MicroPython's does.
LINE = getattr(text, "bytearray", bytearray)(0)


def fraction(a, b=None):
    """LINE filled with int ``a`` (not negative) and, unless ``b`` is None,
    "/" and ``b``: "3/10" in one text.draw."""
    line = LINE
    line[0:] = b""
    while True:
        d = 1  # the power of ten of a's first digit
        while d * 10 <= a:
            d *= 10
        while d:
            line.append(48 + a // d % 10)
            d //= 10
        if b is None:
            return line
        line.append(47)  # "/"
        a = b
        b = None


def header(app, g, kind=None, value=None):
    """Page 0: hand (round) number and dealer in the title bar; page 1: the
    cards dealt, and flush right the trump or target (Hearts: the pass
    direction alone). With ``kind`` (tricks, hearts) page 1 keeps only what
    matters then and ends with the running sum of that kind, ``value`` (on
    the picker) counted in: the tricks' sum alone (the cards are its
    denominator), Hearts' pass direction and sum."""
    fb = app.fb
    if text.MASK & 1:  # the title bar is redrawn
        # Wizard has rounds, Spades and Hearts hands.
        x = widgets.title(fb, t("round" if g.NAME == "wizard" else "hand"))
        # "3/10" ("3" where the hands are not counted)
        x = text.draw(fb, fraction(g.hand_number, g.hand_count() or None), x + 4, -2, None, 0)
        name = app.names[g.dealer]
        dealer = t("dealer_short")
        right = widgets.W if app.keeper is None else app.keeper.title_right()  # the battery mark
        # The dealer sits flush right, but never over the hand number: the
        # name whole where the bar holds it, else cut to the letters that
        # fit ("Round 10/15 D:Benedet", widgets.clip).
        x = max(right - 3 - (len(name) + len(dealer)) * _ADV, x + 4)
        x = text.draw(fb, dealer, x, -2, text.SMALL, 0) + 2
        if x + len(name) * _ADV > right:
            name = widgets.clip(name, right - x)
        text.draw(fb, name, x, -2, text.SMALL, 0)
    if not text.MASK & 3:
        return  # line 1 (its letters in page 1, accents in page 0) is not redrawn
    y = 6  # line 1
    if g.NAME == "hearts":
        # One phrase per direction ("pass left", "no passing"): the running
        # sum may take the right of the line.
        from tallyboard.ui.seats import pass_word  # Hearts' screens

        text.draw(fb, pass_word(g), 0, y)
    elif kind is None:
        # "1 card" / "13 cards"
        x = text.draw(fb, g.cards, 0, y)
        text.draw(fb, i18n.tn("card_one", "cards", g.cards), x + 3, y)
    if kind is not None:
        draw_sum(fb, g, kind, y, value, False)
    elif g.NAME == "wizard":
        if g.trump is not None:  # (None: the trump screen is asking it)
            from tallyboard.ui.trump import trump_sign  # Wizard's

            word = t("trump")
            x = text.draw(fb, word, widgets.W - 4 - (len(word) + 1) * _ADV, y)
            text.draw(fb, trump_sign(g.trump), x + 3, y)
    elif g.NAME == "spades":
        # The target flush right, as the running sum of the other screens.
        word = t("target")
        n = g.target
        w = len(word) * _ADV + 3 + text.width(n)
        x = text.draw(fb, word, widgets.W - 1 - w, y)
        text.draw(fb, n, x + 3, y)


# The row labels' column; the seats share the rest, in table order always
# (the same place every hand, whoever deals): seat s's column starts at
# _LABEL_W + (W - _LABEL_W) // n * s.
def game_key(app, name, kind):
    """The keys every hand screen shares: a long press (long BACK undoes
    the last entry; the others do nothing) and BACK (the game menu).
    Returns True when ``name`` was one of them."""
    if kind == LONG:
        if name == BACK:
            app.undo()
        return True
    if name == BACK:
        app.game_menu()
        return True
    return False


_LABEL_W = const(26)


def draw_names(fb, app, g, y, current, only=-1):
    """Line ``y``: each seat's name (cut to its column) centred over its
    values; the seat whose value is asked is inverted, the dealer is
    underlined (the title bar says "D:"). With ``only`` (a seat), just the
    cells of ``only`` and ``current``, cleared first."""
    mask = text.MASK
    if only < 0 and not mask & 3 << (y >> 3):
        return  # neither of the line's pages is redrawn
    width = (widgets.W - _LABEL_W) // g.n
    names = app.initials  # the names cut to a column, made once per game
    if names is None:
        names = app.initials = []
        accents = False
        for p in g.players:
            p = widgets.clip(p, width - 2)  # a glyph's blank column apart
            names.append(p)
            accents = accents or len(p.encode()) > len(p)  # not ASCII
        # After the names: whether one may have ink in the page above its
        # line (only accented capitals do, tallyboard.text: none in ASCII).
        names.append(accents)
    if only < 0 and not mask & 2 << (y >> 3) and not names[g.n]:
        return  # only the page above is redrawn, and no name reaches it
    adv = text.SMALL.advance
    for s in range(g.n):
        x = _LABEL_W + width * s
        if only >= 0:
            if s != only and s != current:
                continue
            fb.fill_rect(x, y + 2, width, 8, 0)
        color = 1
        if s == current:
            fb.fill_rect(x, y + 2, width - 1, 8, 1)
            color = 0
        name = names[s]
        w = len(name) * adv
        left = x + (width - w) // 2
        text.draw(fb, name, left, y, None, color)
        if s == g.dealer:
            fb.hline(left, y + 9, w, 1 - color if s == current else 1)


def draw_values(fb, app, g, kind, y, preview=None, preview_seat=None, only=-1):
    """Line ``y``: the short label of ``kind``, then each seat's value
    centred under its name ("-" while missing). ``preview`` is drawn
    crossed out in ``preview_seat``'s column: the bid the rules will forbid
    there. With ``only`` (a seat), just that seat's cell, cleared first."""
    if only < 0 and not text.MASK & 3 << (y >> 3):
        return  # neither of the line's pages is redrawn
    values = g.current.values[kind]
    if only < 0:
        text.draw(fb, t("row_bid" if kind == "bid" else "row_tricks" if kind == "tricks" else "row_hearts"), 0, y)
        if not text.MASK & 1 << ((y + 2) >> 3) and _BLIND_NIL not in values:
            return  # digits and "-" stay in the line's own page: not redrawn
    width = (widgets.W - _LABEL_W) // g.n
    for s in range(g.n):
        x = _LABEL_W + width * s
        if only >= 0:
            if s != only:
                continue
            fb.fill_rect(x, y + 2, width, 8, 0)
        v = values[s]
        if v is None and s == preview_seat and preview is not None:
            left = x + (width - (_ADV if preview < 10 else 2 * _ADV)) // 2  # a bid: 1 or 2 digits
            right = text.draw(fb, preview, left, y)
            widgets.cross_out(fb, left - 1, y + 2, right, y + 9)
        elif v is None:
            # SMALL's "-" is row 5 of its cell, 5 px: one line, not a glyph.
            fb.hline(x + (width - 6) // 2, y + 5, 5, 1)
        elif v == _BLIND_NIL:
            widgets.draw_center(fb, t("blind_short"), y, None, 1, x, x + width)
        else:
            text.draw(fb, v, x + (width - (_ADV if v < 10 else 2 * _ADV)) // 2, y)  # a count: 1 or 2 digits


def draw_sum(fb, g, kind, y, value, center=True):
    """The running sum as players say it: "bids 11/13" while it is short of
    the cards (or 13 hearts), "over by 1" past them, and "under by 2" once
    every bid is in and it falls short. ``value`` is the one on the
    picker, counted as if entered. Drawn piece by piece: no string built."""
    total = 13 if kind == "hearts" else g.cards  # the hearts in a deck, or the cards dealt
    values = g.current.values[kind]
    s = value if value is not None and value > 0 else 0
    missing = 0
    for v in values:
        if v is None:
            missing += 1
        elif v > 0:
            s += v
    if value is not None:
        missing -= 1
    if s > total:
        key, n, den = "sum_over" if s - total > 1 else "sum_over_one", s - total, None
    elif missing <= 0 and s < total and kind == "bid":
        key, n, den = "sum_under" if total - s > 1 else "sum_under_one", total - s, None
    else:
        key, n, den = "sum_bids" if kind == "bid" else "sum_tricks" if kind == "tricks" else "row_hearts", s, total
    word = t(key)
    line = fraction(n, den)  # "11/13"
    w = (len(word) + len(line)) * _ADV + 4
    x = (widgets.W - w) // 2 if center else widgets.W - 1 - w
    text.draw(fb, line, text.draw(fb, word, x, y) + 4, y)


class NumberEntry:
    """Pick a whole number for the expected bid, tricks or hearts entry."""

    cell_pages = 0  # pages redrawn cell by cell by the next draw (see dirty)
    # The trump screen (ui.trump sets it when loaded): its title bar stays
    # for the round's first bid (widgets.paint).
    follows = None
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
        if last.__class__ is self.follows:
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
                ys = 30  # line 4
                left = self.neighbour(-1)
                if left is not None:
                    x = text.draw(fb, _ARROW_L, 64 - _NEIGHBOUR, ys)
                    if left == _BLIND_NIL:
                        text.draw(fb, t("blind_short"), x + 1, ys)
                    else:
                        text.draw(fb, left, x + 1, ys)
                nxt = self.neighbour(1)
                if nxt is not None:
                    x = 64 + _NEIGHBOUR - _ADV  # the arrow's left
                    text.draw(fb, _ARROW_R, x, ys)
                    text.draw(fb, nxt, x - 1 - (_ADV if nxt < 10 else 2 * _ADV), ys)
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


def __getattr__(name):
    # Wizard's trump screen is in ui.trump (loaded for a Wizard game only);
    # the app asks it here, beside the other hand screens.
    if name == "TrumpEntry":
        from tallyboard.ui.trump import TrumpEntry

        return TrumpEntry
    raise AttributeError(name)


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
    if g.NAME == "hearts" and kind != "hearts":
        # Hearts' queen, jack and moon: its screens, loaded for its game
        # (forgotten at home).
        from tallyboard.ui.seats import for_step as hearts_step

        return hearts_step(app, g, kind, preset)
    if kind == "first_card":
        from tallyboard.ui.first_card import FirstCardScreen

        return app.keep(FirstCardScreen)
    return _reuse(NumberEntry, app, g, preset)
