# SPDX-License-Identifier: MIT
"""The score table (rank, side, this hand's change, total, bags where they
count, and who deals next with how many cards). 2 to 6 sides fit. The final
standings after game over are in final.py."""

from tallyboard import text
# The keys by their names ("up", "ok"...: tallyboard.buttons.NAMES), not
# imported: a name each in the module's globals, which MicroPython grows
# in steps (see the end of the constants below).
from tallyboard.buttons import LONG, REPEAT
from tallyboard.i18n import t, tn
from tallyboard.ui import widgets
# The hand screens' line buffer: the next deal is filled in it after every
# hand and drawn by one text.draw, not a call per piece.
from tallyboard.ui.hand import LINE, pass_word

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# Constants: on the board they are folded into the code (no name kept).
# A side's line is blitted glyph by glyph as text.draw would draw it as one
# text (see TableScreen.draw), on the 6 px character grid from x = 1 (the
# title's x): the rank, a space, the name (whole when the line holds it: up
# to a space before this hand's change, cut at the end past that), then
# right-aligned the change, the total and the bags, each a space clear of
# the column before. Their right edges as character counts from the line's
# start (x = 1 + 6 * count):
_COL_CHANGE = const(15)  # x 91: a 9-letter name and "+17" fit
_COL_TOTAL = const(21)  # x 127, ui.final's total column
_COL_CHANGE_BAGS = const(13)  # x 79: a 7-letter name and "+41" fit
_COL_TOTAL_BAGS = const(17)  # x 103
_COL_BAGS = const(21)  # x 127
_ADV = const(6)  # text.SMALL's advance: every character, every digit


def ranking(g, totals, order, ranks):
    """Side indexes best first, and the rank (1-based, ties shared) of each
    side, into the lists ``order`` and ``ranks`` (nothing allocated: not
    even a tuple to return them)."""
    lowest = g.NAME == "hearts"
    # Insertion sort: at most 6 sides, and no key functions to allocate.
    # Side i goes in after the sides it does not beat (ties keep their order).
    for i in range(len(totals)):
        v = totals[i]
        j = i
        while j and ((v < totals[order[j - 1]]) if lowest else (v > totals[order[j - 1]])):
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    for i in range(len(totals)):
        if i and totals[order[i]] == totals[order[i - 1]]:
            ranks[order[i]] = ranks[order[i - 1]]
        else:
            ranks[order[i]] = i + 1


# The next-deal sentence of the current language, cut around its {0}
# (the dealer) and {1} (the cards, or Hearts' pass) once per language.
_split = [None, "", "", ""]


def _cut(template):
    # _split filled with ``template`` around {0} and {1} (when it has one).
    p = _split
    if p[0] is not template:
        a = template.find("{0}")
        b = template.find("{1}")
        if b < 0:
            b = len(template)
        p[0] = template
        p[1] = template[:a]
        p[2] = template[a + 3:b]
        p[3] = template[b + 3:]
    return p


def draw_next_deal(fb, app, g, y):
    """ "Ben deals 13 cards" (Hearts: "Ben deals, pass left") on line ``y``:
    who deals the next hand and how, the name whole. A long name takes
    the room of the word "cards" ("Kristoffer deals 13"); Hearts' sentence
    takes two lines, ``y`` - 8 and ``y`` ("Kristoffer deals" / "pass 2
    right"): a Hearts table has 5 sides at most, line 6 is free. (A name
    the line still cannot hold is cut at the end: none of 10 letters.)"""
    hearts = g.NAME == "hearts"
    p = _cut(t("next_deals_pass" if hearts else "next_deals"))
    name = app.names[g.dealer]
    if hearts:
        what = pass_word(g)
        tail = len(what)
    else:
        n = g.cards
        what = tn("card_one", "cards", n)
        d = 1  # the power of ten of n's first digit
        tail = 2 + len(what)  # "13 cards": a digit, the space, the word
        while d * 10 <= n:
            d *= 10
            tail += 1
    # SMALL is fixed-pitch: the line's width is its characters' count
    # times the advance (no width() call per piece).
    over = (len(p[1]) + len(name) + len(p[2]) + tail + len(p[3])) * _ADV - widgets.W
    if over > 0 and hearts:
        # "Kristoffer deals" on the line above, the pass on this one.
        text.draw(fb, what, 0, y)
        p = _cut(t("next_dealer"))
        what = ""
        y -= 8
        over = (len(p[1]) + len(name) + len(p[2]) + len(p[3])) * _ADV - widgets.W
    elif over > 0:
        over -= (1 + len(what)) * _ADV  # "13", not "13 cards"
        what = ""
    if over > 0:
        name = widgets.clip(name, len(name) * _ADV - over)
    b = LINE
    b[0:] = b""
    b.extend(p[1])
    b.extend(name)
    b.extend(p[2])
    if not hearts:
        while d:
            b.append(48 + n // d % 10)
            d //= 10
        if what:
            b.append(32)
    b.extend(what)
    b.extend(p[3])
    text.draw(fb, b, 0, y)


# The sides fill lines 1 to n: with up to this many the trump keys fit on
# line 6, above the next deal.
_TRUMP_MAX_SIDES = const(5)


class TableScreen:
    """Running totals after hand ``index`` (default: the last complete one).

    OK calls ``on_ok(app)``; BACK opens the game menu (``on_back``); long
    BACK undoes the last entry while the game is open. UP/DOWN step through
    earlier hands, RIGHT opens the bid accuracy.

    With ``ask`` (the table right after a hand) it also asks the next hand's
    first question on line 6, so that one press both leaves the table and
    answers it. Wizard (when the sides leave room): the trump, keyed as the
    trump screen is (each arrow its suit, OK no trump). Spades: the first
    bid, keyed as the number picker is (OK bids the value shown, UP/DOWN
    change it, LEFT/RIGHT bid the neighbour). The hands are then browsed
    from the game menu's Scores (BACK)."""

    # What the last draw showed: game, hand shown, hands played, the asked
    # bid's seat and value (see dirty); then the title bar's string, bags
    # shown, x after the title and page 0's bytes (see draw); made by the
    # first draw, with the ranking's two lists.
    drawn = None

    def reset(self, app, on_ok, on_back=None, index=None, undo=True, ask=False):
        """Show the table again for the current game (reused between hands)."""
        g = app.game
        self.on_ok = on_ok
        self.on_back = on_back
        self.undo = undo
        self.index = len(g.hands) - 1 if index is None else index
        self.trump = ask and g.n <= _TRUMP_MAX_SIDES and app.trump_due()
        self.picker = None
        if ask and g.NAME == "spades" and g.kind == "bid":
            # The app's one number picker, pointed at the first bid.
            self.picker = app.first_bid_picker()

    def key(self, app, name, kind):
        g = app.game
        if kind == LONG:
            if name == "back" and self.undo:
                app.undo()
        elif self.picker is not None and name != "back":
            self.picker.key(app, name, kind)
        elif self.trump and name != "back":
            if kind != REPEAT:
                from tallyboard.ui.trump import trump_key  # Wizard's

                trump_key(app, name)
        elif name == "ok":
            self.on_ok(app)
        elif name == "back":
            if self.on_back:
                self.on_back(app)
        elif name == "up" and self.index > 0:
            self.index -= 1
        elif name == "down" and self.index < len(g.hands) - 1:
            self.index += 1
        elif name == "right" and g.NAME != "hearts":  # issue 16: this game's bid accuracy, loaded when opened
            from tallyboard.ui.accuracy import open_accuracy
            open_accuracy(app, self)

    __init__ = reset  # (app, on_ok, on_back=None, index=None, undo=True, ask=False)

    def dirty(self, app, last):
        """Pages that may differ from the last draw (widgets.paint): while
        the table stays, a change of the asked bid touches only its line 6
        (pages 5-6)."""
        d = self.drawn
        p = self.picker
        if last is not self or p is None or d is None or d[0] is not app.game or d[1] != self.index or d[2] != len(app.game.hands) or d[3] != p.seat:
            return 255
        return 0 if d[4] == p.value else 0x60

    def draw(self, app):
        fb = app.fb
        g = app.game
        d = self.drawn
        if d is None:
            d = self.drawn = [None] * 9
            self._order = [0] * 6
            self._ranks = [0] * 6
        d[0] = g
        d[1] = self.index
        d[2] = len(g.hands)
        if self.picker is not None:
            d[3] = self.picker.seat
            d[4] = self.picker.value
        # A partial redraw (dirty: the bid line) draws only the lines on
        # its pages: line k takes pages k-1 (its accents) and k.
        mask = text.MASK
        # Bags get a column where they count: Spades with the bag penalty on.
        show_bags = g.NAME == "spades" and g.settings.get("bags")
        # (the right edges as character counts: see _COL_CHANGE)
        x_change = _COL_CHANGE_BAGS if show_bags else _COL_CHANGE
        x_total = _COL_TOTAL_BAGS if show_bags else _COL_TOTAL
        if mask & 1:
            title = t("round" if g.NAME == "wizard" else "hand")  # as the hand screens say
            # The title bar with its headings is the same for every hand
            # of a game: drawn once, then copied into page 0 (the title's
            # three or four texts in colour 0 and the bar cost some 1.5
            # Pico ms a table); only the hand's number is drawn each time.
            # Drawn again when the title's string is another object (the
            # language changed, or i18n's cache let it go) or the bags'
            # column comes or goes. (Drawing in colour 0 clears the glyphs'
            # pixels: the order of the texts on the bar makes no
            # difference.) 128 bytes while the table is kept (a game).
            page = app.display._page_views[0]
            if d[5] is title and d[6] == show_bags:
                page[:] = d[8]
                x = d[7]
            else:
                x = widgets.title(fb, title)
                # The headings right-aligned (SMALL: a width is a count of characters).
                word = t("col_change")
                text.draw(fb, word, 1 + (x_change - len(word)) * _ADV, -2, None, 0)
                word = t("col_total")
                text.draw(fb, word, 1 + (x_total - len(word)) * _ADV, -2, None, 0)
                if show_bags:
                    word = t("col_bags")
                    text.draw(fb, word, 1 + (_COL_BAGS - len(word)) * _ADV, -2, None, 0)
                if d[8] is None:
                    d[8] = bytearray(len(page))
                d[8][:] = page
                d[5] = title
                d[6] = show_bags
                d[7] = x
            if self.index >= 0:
                text.draw(fb, self.index + 1, x + 4, -2, None, 0)
        # Line 7 (6 sides fill lines 1-6): what comes next.
        if self.trump:
            # Wizard only: loaded for its game (forgotten at home).
            from tallyboard.ui.trump import draw_trump_keys

            draw_trump_keys(fb, 46)  # line 6
        elif self.picker is not None:
            # Spades only: loaded for its game (forgotten at home).
            from tallyboard.ui import bid_line

            bid_line.draw(fb, app, self.picker, 46)  # line 6
        if mask & 0xC0:  # line 7
            # The target was reached but a shared best total means another hand.
            # (max: no loop of our own, a smaller function on the board)
            if not g.finished and g.target is not None and g.hands and self.index == len(g.hands) - 1 and max(g.totals) >= g.target:
                text.draw(fb, t("tie_more"), 0, 54)  # line 7
            elif g.current is not None:
                draw_next_deal(fb, app, g, 54)  # line 7
        if self.index < 0:
            return
        hand = g.hands[self.index]
        order = self._order
        ranks = self._ranks
        ranking(g, hand.totals, order, ranks)
        names = app.side_names
        scores = hand.scores
        totals = hand.totals
        b = LINE
        # A name whole up to a space before its change (the change's
        # characters: its sign and digits).
        room = x_change - 5  # with a change of one digit
        # What text.draw draws SMALL from: its map (code point -> glyph),
        # its strip (glyph g's body at y = -8 * g) and the frame's pages
        # side by side (made for the app's frame by text._row: a 128x64
        # one), where column c (from 0) of line 1 + r is at
        # x = 128 * (r + 1) + 1 + _ADV * c.
        m = text._MAP
        strip = text._STRIP
        if fb is not text._fb:
            text._row(fb)
        p8 = text._pages8
        for r in range(len(totals)):
            if not mask & 3 << r:
                continue  # line 1 + r stays
            i = order[r]
            # The rank, a space, the name, then the numbers right-aligned
            # on their columns, each glyph blitted as it comes (the
            # numbers' from their right edges leftwards: no digits to
            # count first), as text.draw blits them (colour 1). Padding
            # the line with spaces to its 21st column and drawing it as
            # one text cost about twice as much (a space appended and
            # walked again per column, some 0.3 Pico ms a line), and a
            # text.draw call for the name some 0.15.
            b[0:] = b""
            b.append(48 + ranks[i])
            b.append(32)
            name = names[i]
            v = scores[i]
            k = room  # the characters the name may take on this line
            while v >= 10 or v <= -10:
                v //= 10
                k -= 1
            if len(name) > k:
                name = name[:k]  # (widgets.clip's cut: the font is fixed-pitch)
            b.extend(name)
            y = 8 * r + 6
            o = 128 * (r + 1) + 1 - _ADV
            if not mask >> r + 1 & 1:
                # The line's page stays: text.draw draws only the accents
                # a name may have in the page above, if that is redrawn.
                text.draw(fb, b, 1, y)
                continue
            x = o
            for c in b:
                x += _ADV
                if c > 127:
                    # A character of 2 bytes or more (accents, its glyph
                    # looked up): text.draw draws the whole line (what is
                    # drawn already is drawn again: the same pixels).
                    text.draw(fb, b, 1, y)
                    break
                c = m[c]
                if c:  # (glyph 0, the space, has nothing to draw)
                    p8.blit(strip, x, -8 * c, 0, None)
            if show_bags:  # 0 to 9 (every ten cost 100 and start again)
                p8.blit(strip, o + _ADV * _COL_BAGS, -8 * m[48 + hand.bags[i]], 0, None)
            v = scores[i]
            e = x_change
            c = 43  # the change's sign always: "+" (or "-")
            while True:
                if v < 0:
                    c = 45
                    v = -v
                x = o + _ADV * e
                while True:
                    p8.blit(strip, x, -8 * m[48 + v % 10], 0, None)
                    v //= 10
                    if not v:
                        break
                    x -= _ADV
                if c:
                    p8.blit(strip, x - _ADV, -8 * m[c], 0, None)
                if e == x_total:
                    break
                v = totals[i]
                e = x_total
                c = 0
