# SPDX-License-Identifier: MIT
"""What every screen of a hand shares: the header (hand number, dealer,
cards, trump, pass or target), the keys every hand screen takes, the
names and values lines and the running sum. The hand's screens
(ui.entry's number picker, ui.trump, ui.seats, ui.private,
ui.first_card) and the score table (ui.table) draw with these."""

from tallyboard import i18n, text
from tallyboard.buttons import BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# Constants: on the board they are folded into the code (no name kept).
_BLIND_NIL = const(-1)
_NEIGHBOUR = const(36)  # a picker's neighbours sit this far left/right of the middle
# text.SMALL's advance: every character and digit (a width is a count of
# characters, no text.width call).
_ADV = const(6)
# A line's UTF-8 bytes, filled in place by whoever draws the next line with
# one text.draw instead of one per piece ("3/10", ui.table's next deal).
# tallyboard.text's bytearray on CPython: its extend() takes a string, as
# MicroPython's does.
LINE = getattr(text, "bytearray", bytearray)(0)
# The trump suits as the core names them, and their signs (ui.trump's keys
# and the header's trump).
SUITS = ("S", "H", "D", "C")
SUIT_SIGNS = ("\u2660", "\u2665", "\u2666", "\u2663")
# Hearts' pass directions to their string keys (the hand screens and the
# score table's next-deal line say it).
DIR_KEYS = {"left": "dir_left", "right": "dir_right", "across": "dir_across", "hold": "dir_hold", "left2": "dir_left2", "right2": "dir_right2"}


def pass_word(g):
    """This hand's pass direction in words ("pass left", "no passing"):
    the hand screens' header and the score table's next-deal line."""
    return t(DIR_KEYS[g.pass_direction()])


def trump_sign(trump):
    """The sign of ``trump`` as the hand screens' header shows it: a
    suit's, "-" for no trump, "?" while not chosen (None)."""
    if trump is None:
        return "?"
    if trump == "none":
        return "-"
    return SUIT_SIGNS[SUITS.index(trump)]


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
        text.draw(fb, pass_word(g), 0, y)
    elif kind is None:
        # "1 card" / "13 cards"
        x = text.draw(fb, g.cards, 0, y)
        text.draw(fb, i18n.tn("card_one", "cards", g.cards), x + 3, y)
    if kind is not None:
        draw_sum(fb, g, kind, y, value, False)
    elif g.NAME == "wizard":
        if g.trump is not None:  # (None: the trump screen is asking it)
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


# The row labels' column; the seats share the rest, in table order always
# (the same place every hand, whoever deals): seat s's column starts at
# _LABEL_W + (W - _LABEL_W) // n * s.
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


def draw_neighbours(fb, left, right, y):
    """A picker's neighbours on line ``y``: the value one step below
    (``left``, blind nil as its short word) and above (``right``), each
    beside its arrow; None: not there."""
    if left is not None:
        x = text.draw(fb, "\u25c0", 64 - _NEIGHBOUR, y)
        text.draw(fb, t("blind_short") if left == _BLIND_NIL else left, x + 1, y)
    if right is not None:
        x = 64 + _NEIGHBOUR - _ADV  # the arrow's left
        text.draw(fb, "\u25b6", x, y)
        text.draw(fb, right, x - 1 - (_ADV if right < 10 else 2 * _ADV), y)
