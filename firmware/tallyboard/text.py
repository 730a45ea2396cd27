# SPDX-License-Identifier: MIT
"""Text and numbers on the framebuffer with the project's own bitmap fonts.

``SMALL`` (5x7 letters with accents, 6 px advance, 10 px line) and ``BIG``
(10x16 digits, 12 px advance, 16 px line). Both are fixed-pitch, so
``width(text)`` is ``len(text) * font.advance``.

``draw`` takes a string or an int (drawn digit by digit from a byte
buffer: no string is built) and allocates nothing: each glyph is blitted
out of the font's strip (all glyphs side by side) into one preallocated
glyph buffer per font, which is blitted with the background as the
transparent key, so text can be drawn in colour 1 on black or colour 0 on
a filled (highlighted) bar.

``MASK`` makes a redraw of a few pages cheap (tallyboard.ui.paint): text
that touches none of the pages in it is not drawn at all.
"""

# One framebuffer API on the board and on the PC: MicroPython's builtin
# framebuf, or on CPython adafruit_framebuf's FrameBuffer made to give the
# same bytes for the same calls (tallyboard/fb_cpython.py says how). The
# display driver takes it from here too (no module of its own: a module
# costs RAM on the board).
try:
    from framebuf import FrameBuffer, MONO_VLSB  # MicroPython
except ImportError:
    from tallyboard.fb_cpython import FrameBuffer, MONO_VLSB

# The pages being redrawn (bit p: rows 8p..8p+7); 255: the whole screen.
MASK = 255
# The characters of the number being drawn, 0 after the last.
_num = bytearray(13)


class Font:
    """A fixed-pitch bitmap font, read from its generated module
    (tallyboard.font_NAME) by ``load`` at import."""

    def glyph(self, cp):
        """Glyph index for code point ``cp``, or None when the font lacks it."""
        if self.first <= cp < self.end:
            g = self.map[cp - self.first]
            return None if g == 255 else g
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
    # from it (1.7 KB for SMALL on the board). So the Font takes the tables
    # it draws from and the module is forgotten at once (its code and that
    # literal are collected); importing it again would load it again.
    import tallyboard

    module = __import__("tallyboard." + name, None, None, (name,))
    # HEIGHT, WIDTH, ADVANCE, PAGES, BYTES, FIRST, FALLBACK, COUNT
    height, w, advance, pages, nbytes, first, fallback, count = module.METRICS
    self.height = height  # line height in pixels
    self.advance = advance  # pen step per character
    self.data = module.DATA  # the strip: PAGES rows of COUNT * WIDTH column bytes
    self.map = module.MAP
    self.wide = module.WIDE
    self.first = first
    self.fallback = fallback
    self.count = count  # glyphs (cut[0]: the glyph width)
    self.end = self.first + len(self.map)
    # The font's glyphs side by side (tools/make_fonts.py): a glyph is cut
    # out into a one-glyph buffer by one clipped blit, C code on the
    # board, instead of a byte loop in Python (which took a fifth of a
    # key press on a Pico).
    strip = FrameBuffer(module.DATA, count * w, height, MONO_VLSB)
    cell = FrameBuffer(bytearray(nbytes), w, height, MONO_VLSB)
    # What draw() needs, in one tuple: unpacked at once (one attribute
    # look-up per call instead of eight, a call costs about 0.1 ms on a Pico).
    self.cut = (w, self.advance, cell, strip, self.glyph(32), self.first, self.end, self.map)
    tallyboard.unload("tallyboard." + name)
    return self


SMALL = load("font_small")
BIG = load("font_big")
del load

# palette for drawing in colour 0: source 1 -> 0, source 0 -> 1 (the key).
_INVERT = FrameBuffer(bytearray(2), 2, 1, MONO_VLSB)
_INVERT.pixel(0, 0, 1)


def _number(n, sign):
    # Writes the characters of int n into _num ("-" or, with sign, "+"
    # first), a 0 after them; returns their count.
    v = -n if n < 0 else n
    k = 2 if n < 0 or sign else 1
    t = v
    while t > 9:
        t //= 10
        k += 1
    _num[k] = 0
    i = k
    while i:
        i -= 1
        _num[i] = 48 + v % 10
        v //= 10
    if n < 0:
        _num[0] = 45
    elif sign:
        _num[0] = 43
    return k


def width(s, font=None, sign=False):
    """Width in pixels of ``s`` (a string, or an int with its minus sign,
    or plus sign when ``sign``) drawn in ``font`` (default SMALL)."""
    return (_number(s, sign) if type(s) is int else len(s)) * (font or SMALL).advance


def _pages(top, bottom):
    # Bits of the pages that rows top..bottom-1 (clipped to the screen) touch.
    if top < 0:
        top = 0
    if bottom > 64:
        bottom = 64
    if bottom <= top:
        return 0
    return (2 << ((bottom - 1) >> 3)) - (1 << (top >> 3))


def draw(fb, s, x, y, font=None, color=1, sign=False):
    """Draw ``s`` (a string, or an int as ``width`` says) with its top-left
    corner at (x, y); return the x after it. Only set pixels are drawn (the
    background is left as it is); characters the font lacks are drawn as
    '?'. Clipped at the edges. Under a MASK, text that touches none of its
    pages is skipped (the x after it is still returned)."""
    font = font or SMALL
    w, adv, gfb, strip, blank, first, end, cmap = font.cut
    num = type(s) is int
    if num:
        n = _number(s, sign)
        s = _num
    if MASK != 255:
        # The body (below the accent rows) decides; the accent rows too
        # when a glyph of the text has ink there.
        if not _pages(y + 2, y + font.height) & MASK:
            skip = True
            if _pages(y, y + 2) & MASK and not num:
                # Only glyphs with ink in their top 2 rows (the accents of
                # capitals) reach the page above the line.
                data = font.data
                for ch in s:
                    g = font.glyph(ord(ch))
                    if g is not None:
                        for i in range(g * w, g * w + w):
                            if data[i] & 3:
                                skip = False
                    if not skip:
                        break
            if skip:
                return x + (n if num else len(s)) * adv
    key = 0  # colour 1: the glyph's unset pixels are the transparent key
    palette = None
    if not color:
        key = 1
        palette = _INVERT
    for c in s:
        if num:
            if not c:
                break
        else:
            c = ord(c)
        if -adv < x < 128:  # blit clips the rest (MicroPython's framebuf has no .width)
            if first <= c < end:
                g = cmap[c - first]
            else:
                g = font.glyph(c)
            if g is None or g == 255:
                g = font.fallback
            if g != blank:
                gfb.blit(strip, -g * w, 0)  # the glyph, clipped out of the strip
                fb.blit(gfb, x, y, key, palette)
        x += adv
    return x
