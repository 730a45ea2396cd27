# SPDX-License-Identifier: MIT
"""Text and numbers on the framebuffer with the project's own bitmap fonts.

``SMALL`` (5x7 letters with accents, 6 px advance, 10 px line) and ``BIG``
(10x16 digits, 12 px advance, 16 px line). Both are fixed-pitch, so
``width(text)`` is ``len(text) * font.advance``.

``draw`` takes a string or an int (drawn digit by digit: no string is
built) and allocates nothing. Only set pixels are drawn (the background is
the transparent key of a blit), so text can be drawn in colour 1 on black
or colour 0 on a filled (highlighted) bar.

A font is one framebuffer a glyph wide, its glyphs' bodies (the rows below
the accents of capitals) one below the other (tools/make_fonts.py). The
screens put a line's body on a page boundary (ui.widgets.line). There one
blit draws a glyph: the font shifted up to it, into the frame seen as its
8 pages side by side (one framebuffer 1024x8 over the frame's bytes, page
p at columns 128p..), which clips the glyphs above and below. Cutting the
glyph out first took two, and a key press draws some 35 glyphs (a call
costs more on a Pico than the pixels it moves). Elsewhere (BIG, off a
line, past an edge, accents) the glyph is still cut out into a one-glyph
buffer and blitted from there (_cells). The text is walked as its UTF-8
bytes, not as a string (see _utf8).

``MASK`` makes a redraw of a few pages cheap (tallyboard.ui.paint): text
that touches none of the pages in it is not drawn at all.
"""

# One framebuffer API on the board and on the PC: framebuf, MicroPython's
# builtin, which the host provides on CPython (tricktally_host.framebuf).
# The display driver takes it from here too (no module of its own: a
# module costs RAM on the board).
import framebuf
from framebuf import FrameBuffer, MONO_VLSB

# The host's framebuf also lends a bytearray whose extend() takes a string,
# as MicroPython's builtin does; a board's has none and keeps the builtin.
bytearray = getattr(framebuf, "bytearray", bytearray)
del framebuf

# The builtins every call uses, as module globals: a name is looked up in
# the module's dict first, and a builtin only after that, in a table that
# MicroPython searches one entry at a time (some 0.03 ms a look-up on a
# Pico, by the estimate).
int = int
len = len
type = type

# The pages being redrawn (bit p: rows 8p..8p+7); 255: the whole screen.
MASK = 255
# The UTF-8 bytes of the text being drawn, or a number's characters:
# draw() walks bytes, not the string, as iterating a string makes a string
# of each character, looked up among every interned name. Emptied and
# refilled in the room it has (it grows once if a longer text comes).
_utf8 = bytearray(32)
# The frame drawn on last, and its 8 pages side by side as one framebuffer
# 1024x8 over the same bytes (None: not a 128x64 frame), made by _row once:
# the display's frame is the same object for ever.
_fb = None
_pages8 = None


class Font:
    """A fixed-pitch bitmap font, read from its generated module
    (tallyboard.font_NAME) by ``load`` at import."""

    def glyph(self, cp):
        """Glyph index for code point ``cp``, or None when the font lacks it."""
        if cp < len(self.map):
            g = self.map[cp]
            # The map gives '?' (63) for what the font lacks.
            return None if g == self.fallback and cp != 63 else g
        wide = self.wide
        for i in range(0, len(wide), 3):
            if (wide[i] << 8) | wide[i + 1] == cp:
                return wide[i + 2]
        return None


def load(name):
    # Runs twice at import and is deleted after: a function kept in the
    # module would keep its code in RAM for nothing.
    self = Font()
    # A module's constants live as long as the module: the font module's
    # ``bytes`` literal of DATA would stay in RAM beside the bytearray made
    # from it (1 KB for SMALL on the board). So the Font takes the tables
    # it draws from and the module is forgotten at once (its code and that
    # literal are collected); importing it again would load it again.
    import tallyboard

    module = __import__("tallyboard." + name, None, None, (name,))
    # HEIGHT, WIDTH, ADVANCE, TOP, PAGES, FALLBACK, COUNT, ACCENTED
    height, w, advance, top, pages, fallback, count, accented = module.METRICS
    self.height = height  # line height in pixels
    self.advance = advance  # pen step per character
    # Glyph g's body in pages g*PAGES.., its rows above TOP (from glyph
    # ACCENTED on) in page COUNT*PAGES + g - ACCENTED.
    self.map = module.MAP  # code point (from 0) -> glyph
    self.wide = module.WIDE
    self.fallback = fallback
    strip = FrameBuffer(module.DATA, w, len(module.DATA) // w * 8, MONO_VLSB)
    cell = FrameBuffer(bytearray(w * pages), w, 8 * pages, MONO_VLSB)
    # What draw() needs, in one tuple: unpacked at once (one attribute
    # look-up per call instead of a dozen, a call costs about 0.1 ms on a
    # Pico).
    self.cut = (advance, len(self.map), self.map, strip, accented,
                count * pages - accented, top, pages, w, cell)
    tallyboard.unload("tallyboard." + name)
    return self


SMALL = load("font_small")
BIG = load("font_big")
del load

# palette for drawing in colour 0: source 1 -> 0, source 0 -> 1 (the key).
_INVERT = FrameBuffer(bytearray(2), 2, 1, MONO_VLSB)
_INVERT.pixel(0, 0, 1)


def _number(n, sign):
    # Writes the characters of int n into _utf8 ("-" or, with sign, "+"
    # first); returns their count.
    b = _utf8
    b[0:] = b""
    if n < 0:
        b.append(45)
        n = -n
    elif sign:
        b.append(43)
    p = 1
    while p * 10 <= n:
        p *= 10
    while p:
        b.append(48 + n // p % 10)
        p //= 10
    return len(b)


def width(s, font=None, sign=False):
    """Width in pixels of ``s`` (a string, or an int with its minus sign,
    or plus sign when ``sign``) drawn in ``font`` (default SMALL)."""
    return (_number(s, sign) if type(s) is int else len(s)) * (SMALL if font is None else font).advance


def _pages(top, bottom):
    # Bits of the pages that rows top..bottom-1 (clipped to the screen) touch.
    if top < 0:
        top = 0
    if bottom > 64:
        bottom = 64
    if bottom <= top:
        return 0
    return (2 << ((bottom - 1) >> 3)) - (1 << (top >> 3))


def _row(fb):
    # Makes _pages8 for fb (see there; None if fb is not a 128x64 frame)
    # and remembers fb in _fb.
    global _fb, _pages8
    _fb = fb
    _pages8 = None
    b = f = fb
    try:
        b = memoryview(fb)  # MicroPython's FrameBuffer lends its buffer
    except TypeError:
        b = f = fb.buf  # the host's (tricktally_host.framebuf) holds it
    # 128 columns (one more is outside) and 64 rows, page 1 at byte 128 (a
    # FrameBuffer may have a wider stride; the pixel under that byte's bit
    # 0 flips with it). The buffer's length is no proof: older MicroPython
    # gives 8 times too much for this format.
    if len(b) >= 1024 and fb.pixel(128, 0) is None and fb.pixel(127, 63) is not None:
        v = fb.pixel(0, 8)
        b[128] ^= 1
        if fb.pixel(0, 8) != v:
            _pages8 = FrameBuffer(f, 1024, 8, MONO_VLSB)
        b[128] ^= 1


def draw(fb, s, x, y, font=None, color=1, sign=False):
    """Draw ``s`` (a string, or an int as ``width`` says) with its top-left
    corner at (x, y); return the x after it. Only set pixels are drawn (the
    background is left as it is); characters the font lacks are drawn as
    '?'. Clipped at the edges. Under a MASK, text that touches none of its
    pages is skipped (the x after it is still returned)."""
    if font is not None and font is not SMALL:
        return _cells(fb, s, x, y, font, color, sign)
    # The common case, kept short (a call of a long function costs more on
    # a Pico than drawing two glyphs): SMALL text or an int wholly on a
    # line of a 128x64 frame, one blit a glyph (two for an accented
    # capital).
    b = _utf8
    if type(s) is int:
        k = _number(s, sign)  # its characters into _utf8
    else:
        b[0:] = b""
        b.extend(s)  # a string lends its UTF-8 bytes
        k = len(s)
    if fb is not _fb:
        _row(fb)
    y += 2  # the body's top
    # On a line (y & -57: 0 only for 0, 8, .. 56, a page's first row),
    # wholly on the screen (the last glyph's 5 columns end by x = 128).
    if _pages8 is not None and not y & -57 and 0 <= x and x + 6 * k < 130:
        if not MASK >> (y >> 3) & 1:
            # Not redrawn: skipped, unless a character of two bytes or more
            # (every one with ink above its body is) may reach the page
            # above and that one is (_cells sees whether one does).
            if len(b) == k or not y or not MASK >> (y >> 3) - 1 & 1:
                return x + 6 * k
            return _cells(fb, s, x, y - 2, SMALL, color, sign)
        y <<= 4  # the page's first column in its row (see _pages8)
        x += y
        fb = _pages8
        s = _STRIP
        key = 0  # colour 1 (see _cells)
        palette = None
        if not color:
            key = 1
            palette = _INVERT
        for c in b:
            if c > 127:
                # UTF-8 (see _cells)
                if c > 191:
                    k = 1 if c < 224 else 2 if c < 240 else 3
                    cp = c & 63 >> k
                    continue
                cp = cp << 6 | c & 63
                k -= 1
                if k:
                    continue
                c = SMALL.glyph(cp)
                if c is None:
                    c = SMALL.fallback
                k = SMALL.cut
                if c >= k[4] and y:  # its accent, in the page above
                    # Drawn so that it stands out from what is there: dark
                    # on a lit bar (the title, a highlighted line), lit on
                    # dark, whatever the text's own colour (_on_bar).
                    if (fb.pixel(x - 128, 7) or 0) + (fb.pixel(x - 126, 7) or 0) + (fb.pixel(x - 124, 7) or 0) > 1:
                        fb.blit(s, x - 128, -8 * (c + k[5]), 1, _INVERT)
                    else:
                        fb.blit(s, x - 128, -8 * (c + k[5]), 0, None)
            else:
                c = _MAP[c]
            if c:  # (glyph 0, the space, has nothing to draw: a line's gaps)
                fb.blit(s, x, c * -8, key, palette)
            x += 6
        return x - y
    return _cells(fb, s, x, y - 2, SMALL, color, sign)


def _cells(fb, s, x, y, font, color, sign):
    # draw() off its common case (BIG, off a line, past an edge, accents):
    # each glyph cut out of the font into a cell and blitted from there.
    # (A function with this many names gets its frame from the heap at
    # every call: each name more makes that dearer, so they are few.)
    adv, end, cmap, strip, accented, above, top, pages, w, cell = font.cut
    num = type(s) is int
    if num:
        n = _number(s, sign)  # its characters into _utf8
    else:
        _utf8[0:] = b""
        _utf8.extend(s)  # a string lends its UTF-8 bytes
    y += top  # from here on the body's top row
    if not num:
        n = len(s)
    if MASK != 255 and not _pages(y, y - top + font.height) & MASK:
        # Skipped, unless a character of two bytes or more (every one with
        # ink above its body is) may reach a page above that is redrawn.
        # (Drawing more than needed is harmless: ui.paint puts the pages
        # left out back as they were.)
        if num or len(_utf8) == n or not _pages(y - top, y) & MASK:
            return x + n * adv
    key = 0  # colour 1: the glyph's unset pixels are the transparent key
    palette = None
    if not color:
        key = 1
        palette = _INVERT
    for c in _utf8:
        if c > 127:
            # UTF-8: a lead byte and 1 to 3 bytes of 6 bits each.
            if c > 191:
                more = 1 if c < 224 else 2 if c < 240 else 3
                cp = c & 63 >> more
                continue
            cp = cp << 6 | c & 63
            more -= 1
            if more:
                continue
            c = cp
        if c < end:
            g = cmap[c]
        else:
            g = font.glyph(c)
            if g is None:
                g = font.fallback
        # (glyph 0 is the space: nothing to draw; blit clips the rest,
        # MicroPython's framebuf has no .width)
        if g and -adv < x < 128:
            cell.blit(strip, 0, -8 * pages * g)  # the body, cut out
            fb.blit(cell, x, y, key, palette)
            if g >= accented:  # (one-page bodies only: SMALL)
                cell.blit(strip, 0, -8 * (g + above))
                # Standing out from what is there (see draw): dark on a
                # lit bar. The bar is told from text by the row under the
                # accent, a text line's descender row: on a bar most of it
                # is lit, on dark most of it is dark (three pixels ask).
                if (fb.pixel(x, y - 1) or 0) + (fb.pixel(x + 2, y - 1) or 0) + (fb.pixel(x + 4, y - 1) or 0) > 1:
                    fb.blit(cell, x, y - 8, 1, _INVERT)
                else:
                    fb.blit(cell, x, y - 8, 0, None)
        x += adv
    return x


# What draw() draws SMALL from on a line: its map and strip.
_MAP = SMALL.map
_STRIP = SMALL.cut[3]
