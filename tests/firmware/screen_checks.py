# SPDX-License-Identifier: MIT
"""What the language test checks on every screen it walks through, read
from what the firmware drew (tricktally_host.sim.screen_text: each
character where it was drawn, the bars filled, the frame's pixels):

- a name or a word cut where its row had room for the whole of it;
- glyphs that touch another line or a lit bar, or lie under one (a lit bar
  hides a lit glyph; a dark glyph off its bar is lost), and accents that
  do not stand out from what is under them;
- a code or a setting's name shown to players ("(even_bids)", "ENOSPC",
  "ZeroDivisionError");
- Wizard's rounds called hands; a wrapped line that starts with a colon or
  a question mark; a space before "?", "!" or ":" outside French;
- the words the glossary says the screens do not use (docs/GLOSSARY.md).

The pixels are rows of bits (Python ints, bit x for column x), one per
pixel row: a frame's whole check is a few hundred integer operations.
"""

import re

from framebuf import FrameBuffer, MONO_VLSB

from tallyboard import i18n, lang_file, text
from tests import glossary

W = 128
H = 64
_FULL = (1 << W) - 1
# The word for a hand in each language, where Wizard must say round.
HAND_WORD = {
    "en": re.compile(r"(?<!\w)hands?(?!\w)", re.I),
    "es": re.compile(r"(?<!\w)manos?(?!\w)", re.I),
    "pt": re.compile(r"(?<!\w)mãos?(?!\w)", re.I),
    "it": re.compile(r"(?<!\w)man[oi](?!\w)", re.I),
    # (lower-case "donne" after a name is the verb: "Ana donne 2 cartes")
    "fr": re.compile(r"(?<!\w)(Donnes?|donnes|(la|une|de|chaque|cette) donne)(?!\w)"),
}
CODES = (
    re.compile(r"\(\s*[a-z_]+\s*\)"),  # "(even_bids)", "(order)"
    re.compile(r"(?<!\w)[a-z]+_[a-z_]+(?!\w)"),  # a setting's or a key's name
    re.compile(r"(?<!\w)E[A-Z]{2,}(?!\w)"),  # errno names
    re.compile(r"(?<!\w)[A-Z]\w*(Error|Exception|Interrupt)(?!\w)"),  # Python's
    re.compile(r"(?<!\w)errno(?!\w)"),
)
_WORD = re.compile(r"\w+")


class _Glyphs:
    """Each character's ink as pixel rows relative to where text.draw puts
    it: [(dy, bits)], split into the body and what is above it (accents)."""

    def __init__(self):
        self._cache = {}

    def get(self, ch, big):
        key = (ch, big)
        ink = self._cache.get(key)
        if ink is None:
            font = text.BIG if big else text.SMALL
            w, h = font.advance + 2, 24
            fb = FrameBuffer(bytearray(w * h // 8), w, h, MONO_VLSB)
            # text._cells: the drawing itself, below the hooks a test puts
            # on text.draw (a glyph drawn here is no screen's).
            text._cells(fb, ch, 0, 0, font, 1, False)
            top = font.cut[6]
            body, above = [], []
            for dy in range(h):
                bits = 0
                for dx in range(w):
                    if fb.pixel(dx, dy):
                        bits |= 1 << dx
                if bits:
                    (body if dy >= top else above).append((dy, bits))
            ink = self._cache[key] = (body, above, top)
        return ink


GLYPHS = _Glyphs()


def _frame_rows(buf):
    # The frame (MONO_VLSB, 8 pages of 128 columns) as 64 rows of bits.
    rows = [0] * H
    for p in range(8):
        page = buf[128 * p:128 * (p + 1)]
        for bit in range(8):
            m = 1 << bit
            r = 0
            for x in range(W):
                if page[x] & m:
                    r |= 1 << x
            rows[8 * p + bit] = r
    return rows


def _lit_rows(fills):
    rows = [0] * H
    for x, y, w, h, c in fills:
        lo, hi = max(x, 0), min(x + w, W)
        if hi <= lo:
            continue
        bits = ((1 << (hi - lo)) - 1) << lo
        for r in range(max(y, 0), min(y + h, H)):
            rows[r] = rows[r] | bits if c else rows[r] & ~bits
    return rows


def _spread(rows, up=True):
    # Every pixel's neighbours (8 around it; without the row above when
    # not ``up``), the pixel itself left out.
    out = [0] * H
    for y in range(H):
        r = rows[y]
        if not r:
            continue
        side = ((r << 1) | (r >> 1)) & _FULL
        row = side | r
        out[y] |= side
        if y + 1 < H:
            out[y + 1] |= row
        if up and y:
            out[y - 1] |= row
    return [out[y] & ~rows[y] for y in range(H)]


class Checker:
    """Collects the problems of the screens drawn in language ``lang``;
    ``names``: the players' names the walk uses (a cut one is told from a
    word the language lacks)."""

    def __init__(self, lang, names):
        self.lang = lang
        self.problems = []
        self.seen = set()
        table = lang_file.table(lang)
        vocab = set()
        for value in table.values():
            vocab.update(w.lower() for w in _WORD.findall(value))
        for name in names:
            vocab.update(w.lower() for w in _WORD.findall(name))
        for name in lang_file.NATIVE.values():
            vocab.add(name.lower())
        self.vocab = vocab
        self.rejected = glossary.rejected(lang)
        self.clips = []  # (string, result) of every widgets.clip that cut
        self.names = set(names)

    # ----- the whole frame -------------------------------------------------

    def frame(self, reader, buf, where, app):
        """Check what ``reader`` read of the frame ``buf`` (the display's
        buffer) showing ``app``'s screen."""
        cells = [tuple(c) for c in reader.cells]
        sig = (bytes(buf), tuple(sorted(cells)), tuple(reader.fills))
        if sig in self.seen:
            return
        self.seen.add(sig)
        rows = reader.rows()
        screen = app.screen.__class__.__name__
        for row, _inverted in rows:
            self._row(row, where)
        g = app.game
        if g is not None and g.NAME == "wizard" and self._in_game(app, screen):
            for row, _inverted in rows:
                if HAND_WORD[self.lang].search(row):
                    self._say("%s: %r calls a Wizard round a hand" % (where, row))
        if screen != "NameEditor":  # (the name being typed, one letter at a time)
            # The title bar ends at the battery mark where a gauge shows one
            # (drawn over the frame as it is sent: not in the frame here).
            right = app.keeper.title_right() if app.keeper is not None else W
            self._cuts(reader, where, right)
        self._pixels(reader, buf, where)

    @staticmethod
    def _in_game(app, screen):
        # A screen of the game itself: its hand screens and tables, the
        # game menu and what it opens (the amend list and forms, the
        # question before an undo), not the menus around it.
        if screen in ("NumberEntry", "SeatEntry", "ChoiceEntry", "TrumpEntry", "PassScreen", "TableScreen",
                      "RevealScreen", "FirstCardScreen", "FinalScreen", "AccuracyScreen", "MoonPicker"):
            return True
        title = getattr(app.screen, "title", "")
        t = i18n.t
        return title in (t("menu"), t("amend"), t("amend_round")) or title.startswith((t("round"), t("hand"))) or title == t("reopen_q").format(t("round").lower(), len(app.game.hands)) or title == t("reopen_q").format(t("hand").lower(), len(app.game.hands))

    def _say(self, problem):
        if problem not in self.problems:
            self.problems.append(problem)

    def _row(self, row, where):
        low = row.lower()
        for word, use, _why, pat in self.rejected:
            if pat.search(low):
                self._say("%s: %r says %r (the glossary: %s)" % (where, row, word, use))
        for code in CODES:
            m = code.search(row)
            if m:
                self._say("%s: %r shows the code %r" % (where, row, m.group(0)))
        if row[:1] in (":", ";", "?", "!"):
            self._say("%s: %r starts with %r (a line broken before it)" % (where, row, row[0]))
        if self.lang != "fr" and re.search(r"\w [?!:]", row):
            self._say("%s: %r has a space before a question mark or colon" % (where, row))

    # ----- cut names and words -----------------------------------------------

    def _cuts(self, reader, where, title_right):
        lines = {}
        for c in reader.cells:
            lines.setdefault((c[1], c[6]), []).append(c)
        for (top, adv), cells in lines.items():
            cells.sort(key=lambda c: c[0])
            i = 0
            while i < len(cells):
                if not cells[i][4].isalnum():
                    i += 1
                    continue
                j = i + 1  # the word: letters a glyph apart
                while j < len(cells) and cells[j][4].isalnum() and cells[j][0] - cells[j - 1][0] == adv:
                    j += 1
                word = "".join(c[4] for c in cells[i:j])
                low = word.lower()
                if not low.isdigit() and low not in self.vocab:
                    whole = [v for v in self.vocab if v.startswith(low) and len(v) > len(low)]
                    if whole:
                        v = min(whole, key=len)
                        end = cells[j - 1][0] + adv + (len(v) - len(low)) * adv
                        room = cells[j][0] - 2 if j < len(cells) else (title_right if top < 8 else W) + 1
                        if end <= room:
                            self._say("%s: %r is cut where its row has room for %r" % (where, word, v))
                i = j

    def clipped(self, s, result):
        """widgets.clip cut ``s`` to ``result``: a name shortened by the one
        rule (never below two letters); never a word of the table."""
        parts = [p for p in re.split(r",\s*|\+", s) if p]
        if not all(p in self.names or re.fullmatch(r"P\d", p) for p in parts):
            self._say("clip cut %r to %r: only names are shortened" % (s, result))
        elif len(result.strip(", +")) < 2:
            self._say("clip cut the name %r to %r" % (s, result))

    # ----- pixels ----------------------------------------------------------------

    def _pixels(self, reader, buf, where):
        frame = _frame_rows(buf)
        lit = _lit_rows(reader.fills)
        lines = {}  # (top, big, colour) -> (body rows, accent pixels, text)
        for x, top, _w, _h, ch, color, adv in reader.cells:
            big = adv != text.SMALL.advance
            body, above, font_top = GLYPHS.get(ch, big)
            y0 = top - font_top
            key = (top, big, color)
            entry = lines.get(key)
            if entry is None:
                entry = lines[key] = ([0] * H, [0] * H, [])
            for dy, bits in body:
                if 0 <= y0 + dy < H:
                    entry[0][y0 + dy] |= (bits << x) & _FULL if x >= 0 else bits >> -x
            for dy, bits in above:
                if 0 <= y0 + dy < H:
                    entry[1][y0 + dy] |= (bits << x) & _FULL if x >= 0 else bits >> -x
            entry[2].append((x, ch))
        ink_lit = [0] * H  # every lit glyph's body
        accents = [0] * H  # every accent (a line's fall on the line above by the layout)
        for (top, big, color), (body, above, _chars) in lines.items():
            for y in range(H):
                accents[y] |= above[y]
                if color:
                    ink_lit[y] |= body[y]
        for (top, big, color), (body, above, chars) in lines.items():
            shown = "".join(ch for _x, ch in sorted(chars))
            for y in range(H):
                b = body[y] & ~accents[y]
                if not b:
                    continue
                if color and (b & ~frame[y] or b & lit[y]):
                    self._say("%s: %r is drawn where a lit bar hides it" % (where, shown))
                    break
                if not color and (b & frame[y] or b & ~lit[y]):
                    self._say("%s: %r, dark, falls off its lit bar" % (where, shown))
                    break
            for y in range(H):
                a = above[y]
                if a and (a & frame[y]) != (a & ~lit[y]):
                    self._say("%s: %r has an accent that does not stand out from what is under it" % (where, shown))
                    break
            if not color:
                continue
            # What a lit glyph may not touch: other glyphs and lit bars. A
            # line of SMALL text on a page of its own meets the lines above
            # and below it by the board's layout (capitals under the bar
            # above, descenders over the line below): there only its own
            # page is looked at.
            on_grid = not big and top % 8 == 0
            ring = _spread(body, up=not on_grid)
            for y in range(H):
                if on_grid and not top <= y < top + 8:
                    continue
                hit = ring[y] & ((ink_lit[y] & ~body[y]) | lit[y])
                if hit:
                    self._say("%s: %r touches another line or a lit bar (row %d)" % (where, shown, y))
                    break
