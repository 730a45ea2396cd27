# SPDX-License-Identifier: MIT
"""The words on the simulated board's screen, read from what the firmware
draws (the headless simulator's ``text:`` lines, the screenshots' contact
sheets, the language tests).

``ScreenText(display)`` watches the firmware's drawing calls while it is
started: every string and number ``tallyboard.text.draw`` puts on the
frame, the score table's glyphs blitted past it, and what covers or
clears them (a filled rectangle, the pages a redraw clears). Each
character is kept where it was drawn, in its colour, so ``rows()`` gives
the screen's text rows top to bottom as the panel shows them, a name cut
by the bar drawn over its end included. Nothing is derived again from the
game: the rows are what was drawn.

Two drawings reach the frame without a text call, and are read too: the
dash of a value not entered yet (a 5 px line where a "-" glyph would be)
and a page copied from an earlier drawing (the score table's title bar,
drawn once a game): the text drawn on a page is remembered with the page's
pixels, and a page holding those pixels again gets that text back.
"""

from tallyboard import text

# A character drawn: x, its body's top row, width, height, the character,
# its colour (0: dark on a lit bar) and the font's advance.
_X, _TOP, _W, _H, _CH, _COLOR, _ADV = range(7)
_MEMO = 512  # pages remembered with their text (the copied title bars)


def glyph_chars():
    """SMALL's glyph index -> a character it draws (the score table's
    glyphs, blitted past text.draw, are read back through it)."""
    font = text.SMALL
    chars = {}
    for cp in range(len(font.map) - 1, -1, -1):
        chars[font.map[cp]] = chr(cp)
    wide = font.wide
    for i in range(0, len(wide), 3):
        chars.setdefault(wide[i + 2], chr(wide[i] << 8 | wide[i + 1]))
    return chars


def _shown(s, sign):
    # The characters text.draw draws for ``s``: an int with its sign, a
    # line built as UTF-8 bytes (ui.table's next deal) as its string.
    if isinstance(s, int):
        return ("+%d" if sign and s >= 0 else "%d") % s
    if isinstance(s, str):
        return s
    return bytes(s).decode()


class ScreenText:
    """Reads the text the firmware draws on ``display``'s frame (see the
    module's docstring). ``start()`` hooks the drawing calls, ``stop()``
    puts them back; ``rows()`` is the screen's text now."""

    def __init__(self, display):
        self.display = display
        self.fb = display.fb
        self.cells = []
        # The filled rectangles on the frame, in the order drawn: x, y, w,
        # h, colour (what a lit bar or an inverted cell is; whole frames).
        self.fills = []
        self._memo = {}
        self._inside = 0  # text.draw calls under way (their own blits are theirs)
        self._undo = []
        self._chars = None

    # ----- hooks -----------------------------------------------------------

    def start(self):
        """Hook the drawing calls (until ``stop``)."""
        if self._undo:
            return self
        self._chars = glyph_chars()
        real_draw = text.draw

        def draw(fb, s, x, y, font=None, color=1, sign=False):
            if fb is not self.fb:
                return real_draw(fb, s, x, y, font, color, sign)
            font = font or text.SMALL
            shown = _shown(s, sign)
            self._restore_copies()
            self._inside += 1
            try:
                end = real_draw(fb, s, x, y, font, color, sign)
            finally:
                self._inside -= 1
            top = y + font.cut[6]
            h = font.height - font.cut[6]
            if self._drawn(top, h):
                adv = font.advance
                for i, ch in enumerate(shown):
                    if ch != " ":
                        self._add([x + i * adv, top, font.cut[8], h, ch, color, adv])
                self._remember(top, h)
            return end

        self._patch(text, "draw", draw)
        fb = self.fb
        real_fill = fb.fill_rect
        real_hline = fb.hline

        def fill_rect(x, y, w, h, c):
            self._cover(x, y, w, h)
            if self._drawn(y, h):
                self.fills.append((x, y, w, h, c))
            return real_fill(x, y, w, h, c)

        def hline(x, y, w, c):
            real_hline(x, y, w, c)
            if w == 5 and y % 8 == 3 and self._drawn(y - 3, 8):
                # ui.entry's "-" of a value not entered: SMALL's "-" glyph is
                # that line (row 5 of the cell, 5 px), drawn without the glyph.
                self._cover(x, y - 3, 5, 8)
                self._add([x, y - 3, 5, 8, "-", c, text.SMALL.advance])

        self._patch(fb, "fill_rect", fill_rect)
        self._patch(fb, "hline", hline)
        display = self.display
        real_keep = display.keep

        def keep(pages):
            # The pages a redraw clears lose their text and their bars.
            self.cells = [c for c in self.cells if not self._pages(c) & pages]
            self.fills = [f for f in self.fills if self._pages([0, f[1], 0, f[3]]) & ~pages]
            return real_keep(pages)

        self._patch(display, "keep", keep)
        # The score table blits its lines' glyphs onto text's view of the
        # frame's pages side by side (page p at x 128p..): one glyph a blit.
        cls = type(fb)
        real_blit = cls.blit
        reader = self

        def blit(target, src, x, y, key=-1, palette=None):
            real_blit(target, src, x, y, key, palette)
            if reader._inside or target is not text._pages8 or src is not text._STRIP or y > 0:
                return
            g = -y // 8
            ch = reader._chars.get(g)
            page, col = divmod(x, 128)
            if ch is None or g >= text.SMALL.cut[4] + text.SMALL.cut[5] or not text.MASK >> page & 1:
                return  # an accent's part (the body is its own blit), or not redrawn
            reader._restore_copies()
            reader._add([col, 8 * page, 5, 8, ch, 1 if key == 0 else 0, text.SMALL.advance])
            reader._remember(8 * page, 8)

        self._patch(cls, "blit", blit)
        return self

    def stop(self):
        """Put the drawing calls back as they were."""
        while self._undo:
            owner, name, old, had = self._undo.pop()
            if had:
                setattr(owner, name, old)
            else:
                delattr(owner, name)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _patch(self, owner, name, new):
        had = name in vars(owner)
        self._undo.append((owner, name, vars(owner).get(name), had))
        setattr(owner, name, new)

    # ----- the cells ---------------------------------------------------------

    @staticmethod
    def _pages(cell):
        # Bits of the pages a character's body lies in.
        top = max(cell[_TOP], 0)
        bottom = min(cell[_TOP] + cell[_H], 64)
        if bottom <= top:
            return 0
        return (2 << ((bottom - 1) >> 3)) - (1 << (top >> 3))

    def _drawn(self, top, h):
        # Whether text with its body in rows top..top+h-1 is drawn now:
        # under a partial redraw (text.MASK) only on the pages redrawn.
        return bool(self._pages([0, top, 0, h]) & text.MASK)

    def _add(self, cell):
        # A character drawn over another on its exact place replaces it (a
        # line drawn twice: the same pixels).
        self.cells = [c for c in self.cells if (c[_X], c[_TOP]) != (cell[_X], cell[_TOP])]
        self.cells.append(cell)

    def _cover(self, x, y, w, h):
        # A filled rectangle hides what it covers (on the pages redrawn).
        mask = text.MASK
        keep = []
        for c in self.cells:
            if (c[_X] < x + w and x < c[_X] + c[_W] and c[_TOP] < y + h and y < c[_TOP] + c[_H]
                    and self._pages(c) & mask):
                continue
            keep.append(c)
        self.cells = keep

    def _page_bytes(self, p):
        return bytes(self.display.buffer[128 * p:128 * (p + 1)])

    def _remember(self, top, h):
        # The text (and the bars) of each page this drawing touched, with
        # the page's pixels.
        bits = self._pages([0, top, 0, h])
        for p in range(8):
            if bits >> p & 1:
                if len(self._memo) >= _MEMO:
                    self._memo.pop(next(iter(self._memo)))
                cells = [list(c) for c in self.cells if self._pages(c) == 1 << p]
                fills = [f for f in self.fills if self._pages([0, f[1], 0, f[3]]) == 1 << p]
                self._memo[(p, self._page_bytes(p))] = (cells, fills)

    def _restore_copies(self):
        # A page that holds pixels but no text was copied from an earlier
        # drawing: its text and bars are that drawing's.
        held = 0
        for c in self.cells:
            held |= self._pages(c)
        for p in range(8):
            if held >> p & 1:
                continue
            kept = self._memo.get((p, self._page_bytes(p)))
            if kept and kept[0]:
                self.cells.extend([list(c) for c in kept[0]])
                self.fills = [f for f in self.fills if self._pages([0, f[1], 0, f[3]]) != 1 << p] + kept[1]

    # ----- what the screen says --------------------------------------------------

    def rows(self):
        """The screen's text rows, top to bottom: a list of (text,
        inverted), ``inverted`` when some of the row is dark on a lit bar
        (the title bar, the line under the cursor, the player asked)."""
        self._restore_copies()
        lines = {}
        for c in self.cells:
            lines.setdefault((c[_TOP], c[_ADV]), []).append(c)
        out = []
        for (top, adv), cells in sorted(lines.items()):
            cells.sort(key=lambda c: c[_X])
            row = ""
            end = None  # the x after the last character
            for c in cells:
                # On a grid of the font's advance; a gap of 2 px or more
                # between two characters (one is the glyphs' own) is a space.
                col = (c[_X] + adv // 2) // adv
                if end is not None and c[_X] - end >= 2:
                    col = max(col, len(row) + 1)
                if col > len(row):
                    row += " " * (col - len(row))
                row += c[_CH]
                end = c[_X] + adv
            out.append((row.strip(), any(c[_COLOR] == 0 for c in cells)))
        return out

    def lines(self):
        """``rows()`` as the headless simulator prints them: "text: ROW",
        or "text:>ROW" for an inverted one."""
        return ["text:%s%s" % (">" if inverted else " ", row) for row, inverted in self.rows()]
