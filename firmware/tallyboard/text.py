# SPDX-License-Identifier: MIT
"""Text on the framebuffer with the project's own bitmap fonts.

``SMALL`` (5x7 letters with accents, 6 px advance, 10 px line) and ``BIG``
(10x16 digits, 12 px advance, 16 px line). Both are fixed-pitch, so
``width(text)`` is ``len(text) * font.advance``.

``draw`` allocates nothing per character: each glyph is blitted out of the
font's strip (all glyphs side by side) into one preallocated glyph buffer
per font, which is blitted with the background as the transparent key, so
text can be drawn in colour 1 on black or colour 0 on a filled
(highlighted) bar.
"""

from tallyboard.fb import FrameBuffer, MONO_VLSB

_NONE = 255


class Font:
    """A fixed-pitch bitmap font built from a generated font module."""

    def __init__(self, module):
        self.height = module.HEIGHT  # line height in pixels
        self.glyph_width = module.WIDTH
        self.advance = module.ADVANCE  # pen step per character
        self.data = module.DATA  # the strip: PAGES rows of COUNT * WIDTH column bytes
        self.map = module.MAP
        self.wide = module.WIDE
        self.first = module.FIRST
        self.fallback = module.FALLBACK
        self.count = module.COUNT
        self.nbytes = module.BYTES  # bytes per glyph
        self._end = self.first + len(self.map)
        self._fb = FrameBuffer(bytearray(module.BYTES), module.WIDTH, module.HEIGHT, MONO_VLSB)
        # The font's glyphs side by side (tools/make_fonts.py): a glyph is cut
        # out into _fb by one clipped blit, C code on the board, instead of a
        # byte loop in Python (which took a fifth of a key press on a Pico).
        self._strip = FrameBuffer(module.DATA, module.COUNT * module.WIDTH, module.HEIGHT, MONO_VLSB)
        self.blank = self.glyph(32)

    def glyph(self, cp):
        """Glyph index for code point ``cp``, or None when the font lacks it."""
        if self.first <= cp < self._end:
            g = self.map[cp - self.first]
            return None if g == _NONE else g
        wide = self.wide
        for i in range(0, len(wide), 3):
            if (wide[i] << 8) | wide[i + 1] == cp:
                return wide[i + 2]
        return None

    def has(self, ch):
        """True if the font draws ``ch`` itself (not as the '?' fallback)."""
        return self.glyph(ord(ch)) is not None


def _load(name):
    # A module's constants live as long as the module: the font module's
    # ``bytes`` literal of DATA would stay in RAM beside the bytearray made
    # from it (1.7 KB for SMALL on the board). So the Font takes the tables
    # it draws from and the module is forgotten at once (its code and that
    # literal are collected); importing it again would load it again.
    import tallyboard

    module = __import__("tallyboard." + name, None, None, (name,))
    font = Font(module)
    tallyboard.unload("tallyboard." + name)
    return font


SMALL = _load("font_small")
BIG = _load("font_big")

# palette for drawing in colour 0: source 1 -> 0, source 0 -> 1 (the key).
_INVERT = FrameBuffer(bytearray(2), 2, 1, MONO_VLSB)
_INVERT.pixel(0, 0, 1)
_INVERT.pixel(1, 0, 0)


def width(text, font=SMALL):
    """Width in pixels of ``text`` drawn in ``font``."""
    return len(text) * font.advance


def draw(fb, text, x, y, font=SMALL, color=1):
    """Draw ``text`` with its top-left corner at (x, y); return the x after
    it. Only set pixels are drawn (the background is left as it is);
    characters the font lacks are drawn as '?'. Clipped at the edges."""
    adv = font.advance
    w = font.glyph_width
    gfb = font._fb
    strip = font._strip
    blank = font.blank
    for i in range(len(text)):
        if x > -adv:  # blit clips the rest (MicroPython's framebuf has no .width)
            g = font.glyph(ord(text[i]))
            if g is None:
                g = font.fallback
            if g != blank:
                gfb.blit(strip, -g * w, 0)  # the glyph, clipped out of the strip
                if color:
                    fb.blit(gfb, x, y, 0)
                else:
                    fb.blit(gfb, x, y, 1, _INVERT)
        x += adv
    return x


def fit(text, max_width, font=SMALL):
    """The longest prefix of ``text`` that fits in ``max_width`` pixels."""
    n = max_width // font.advance
    return text if len(text) <= n else text[:max(n, 0)]
