# SPDX-License-Identifier: MIT
"""Fonts and text drawing; the same drawing on CPython and MicroPython."""

import subprocess
import sys

import pytest

from tallyboard import text
from tallyboard.text import FrameBuffer, MONO_VLSB
from tallyboard.text import BIG, SMALL
from tests.mpvm import REPO, run_micropython

LANGUAGE_LETTERS = "áéíóúüñçàèìòùâêîôûëïãõœæ«»¿¡ºª" + "ÁÉÍÓÚÜÑÇÀÈÌÒÙÂÊÎÔÛËÏÃÕŒÆ"
ASCII = "".join(chr(c) for c in range(32, 127))


def blank():
    return FrameBuffer(bytearray(128 * 8), 128, 64, MONO_VLSB)


def lit(fb, x0=0, y0=0, x1=128, y1=64):
    return {(x, y) for x in range(x0, x1) for y in range(y0, y1) if fb.pixel(x, y)}


def test_small_covers_ascii_and_the_five_languages():
    missing = [c for c in ASCII + LANGUAGE_LETTERS if SMALL.glyph(ord(c)) is None]
    assert missing == []


def test_big_covers_scores():
    missing = [c for c in "0123456789-+/ " if BIG.glyph(ord(c)) is None]
    assert missing == []
    assert BIG.glyph(ord("A")) is None


def test_font_metrics():
    assert (SMALL.height, SMALL.advance, SMALL.cut[0]) == (10, 6, 5)
    assert (BIG.height, BIG.advance, BIG.cut[0]) == (16, 12, 10)
    assert isinstance(SMALL.data, bytearray) and isinstance(BIG.data, bytearray)  # framebuf draws from it
    assert len(SMALL.data) == SMALL.count * 5 * 2  # 5 columns of 2 pages a glyph


def _glyph_bytes(font, g):
    # Glyph g's column bytes, page by page, out of the font's strip.
    w = font.cut[0]
    row = font.count * w
    return b"".join(bytes(font.data[p * row + g * w:p * row + (g + 1) * w]) for p in range((font.height + 7) // 8))


def test_every_glyph_is_distinct():
    # Two letters drawn alike would be unreadable: check all glyphs differ
    # (space is the only blank one).
    for font in (SMALL, BIG):
        seen = {}
        for g in range(font.count):
            bits = _glyph_bytes(font, g)
            assert bits not in seen, "glyphs %d and %d are identical" % (seen.get(bits, -1), g)
            seen[bits] = g


def test_glyphs_stay_inside_their_cell():
    # Nothing drawn in the spacing column or below the line height.
    for font, ch in ((SMALL, ASCII + LANGUAGE_LETTERS), (BIG, "0123456789-+/")):
        for c in ch.replace(" ", ""):
            fb = blank()
            text.draw(fb, c, 10, 10, font)
            pts = lit(fb)
            assert pts, "%r draws nothing" % c
            assert all(10 <= x < 10 + font.cut[0] and 10 <= y < 10 + font.height for x, y in pts), c


def test_capital_accents_sit_above_the_letter_within_the_line():
    fb = blank()
    text.draw(fb, "E", 0, 0)
    plain = lit(fb)
    fb = blank()
    text.draw(fb, "É", 0, 0)
    accented = lit(fb)
    assert plain < accented
    assert {y for _, y in accented - plain} <= {0, 1}
    assert min(y for _, y in plain) == 2


def test_unknown_characters_draw_as_question_mark():
    a, b = blank(), blank()
    text.draw(a, "€", 0, 0)
    text.draw(b, "?", 0, 0)
    assert bytes(a.buf) == bytes(b.buf) and lit(a)


def test_width_and_return_value():
    assert text.width("Olá") == 18
    assert text.width("-120", BIG) == 48
    fb = blank()
    assert text.draw(fb, "Olá", 3, 0) == 3 + 18
    assert text.draw(fb, "42", 0, 20, BIG) == 24


def test_color_zero_draws_dark_text_on_a_bar():
    fb = blank()
    fb.fill_rect(0, 0, 128, 10, 1)
    text.draw(fb, "OK", 0, 0, color=0)
    ref = blank()
    text.draw(ref, "OK", 0, 0)
    for (x, y) in lit(ref):
        assert fb.pixel(x, y) == 0
    assert fb.pixel(20, 5) == 1  # the bar outside the text is untouched


def test_drawing_is_transparent_and_clipped():
    fb = blank()
    fb.fill_rect(0, 0, 128, 64, 1)
    text.draw(fb, "A", 0, 0)  # colour 1 on white: nothing changes
    assert all(b == 0xFF for b in fb.buf)
    fb = blank()
    assert text.draw(fb, "Clipped text", 100, 58) == 100 + 12 * 6
    assert text.draw(fb, "x", -300, -300) == -294
    assert lit(fb, 0, 0, 100, 64) == set()


def test_ints_are_drawn_like_their_digits():
    for n, sign in ((0, False), (7, True), (-120, False), (13, False), (2026, True), (-5, True)):
        a, b = blank(), blank()
        shown = ("+%d" if sign and n >= 0 else "%d") % n
        assert text.draw(a, n, 3, 4, None, 1, sign) == text.draw(b, shown, 3, 4)
        assert bytes(a.buf) == bytes(b.buf)
        assert text.width(n, None, sign) == text.width(shown)
    a, b = blank(), blank()
    text.draw(a, 42, 0, 24, text.BIG, 0)
    text.draw(b, "42", 0, 24, text.BIG, 0)
    assert bytes(a.buf) == bytes(b.buf)


def test_a_mask_skips_text_on_other_pages_but_not_accents_reaching_it():
    fb = blank()
    text.MASK = 1 << 2  # page 2 only (rows 16-23)
    try:
        # Line 3 (y=22): its body is page 3, its accent rows page 2.
        assert text.draw(fb, "Ana", 0, 22) == 18
        assert lit(fb) == set()  # no ink in the accent rows: skipped
        text.draw(fb, "\u00c9va", 0, 22)
        assert lit(fb, 0, 16, 128, 24)  # the accent reaches page 2: drawn
        fb2 = blank()
        text.draw(fb2, 99, 0, 38)  # line 5: pages 4-5, nothing on page 2
        assert lit(fb2) == set()
    finally:
        text.MASK = 255


def test_generated_fonts_are_up_to_date():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "make_fonts.py"), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# The same drawing script runs on CPython and on the MicroPython VM.
DRAWING = r'''
import hashlib, binascii
from tallyboard.display import Display
from tallyboard.simbus import SimI2C
from tallyboard import text
from tallyboard.text import FrameBuffer, MONO_VLSB

seed = [12345]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n

bus = SimI2C()
d = Display(bus)
fb = d.fb
out = []
sprite = FrameBuffer(bytearray(3 * 2 * 8), 24, 12, MONO_VLSB)
sprite.line(0, 0, 23, 11, 1)
sprite.rect(2, 2, 10, 6, 1)
for step in range(60):
    op = rnd(9)
    x = rnd(150) - 11
    y = rnd(86) - 11
    w = rnd(70)
    h = rnd(50)
    c = rnd(2)
    if op == 0:
        fb.pixel(x, y, c)
    elif op == 1:
        fb.hline(x, y, w, c)
    elif op == 2:
        fb.vline(x, y, h, c)
    elif op == 3:
        fb.fill_rect(x, y, w, h, c)
    elif op == 4:
        fb.rect(x, y, w, h, c)
    elif op == 5:
        fb.line(x, y, rnd(150) - 11, rnd(86) - 11, c)
    elif op == 6:
        text.draw(fb, "Ação «Été» ¿Sí? Œuf ♠♥", x, y, text.SMALL, c)
    elif op == 7:
        text.draw(fb, "-120 +35/7", x, y, text.BIG, c)
    else:
        fb.blit(sprite, x, y, rnd(3) - 1)
    if step % 7 == 0:
        out.append(d.show())
fb.rect(10, 10, 30, 20, 1, True)
out.append(d.show())
print(binascii.hexlify(hashlib.sha256(bytes(d.buffer)).digest()).decode())
print(binascii.hexlify(hashlib.sha256(bytes(bus.gddram)).digest()).decode())
print(" ".join(str(n) for n in out))
'''

ALLOCATION = r'''
import micropython
from tallyboard.display import Display
from tallyboard import text

class Bus:
    spans = 0

    def writeto(self, addr, buf):
        if buf[0] == 0x40:  # display data: show() sends each span from one slice
            Bus.spans += 1

d = Display(Bus())
fb = d.fb
line = "Olá «Ça» ¿Qué? ♠ 123"
def frame(k):
    fb.fill(0)
    fb.fill_rect(0, 10 * (k % 6), 128, 10, 1)
    for i in range(6):
        text.draw(fb, line, 0, i * 10, text.SMALL, 0 if i == k % 6 else 1)
    text.draw(fb, "-120", 60, 40, text.BIG)
    n = d.show()
    # a redraw of a few pages (tallyboard.ui.widgets.paint)
    d.keep(0x3C)
    text.MASK = 0x3C
    text.draw(fb, line, 0, 30, text.SMALL, 1)
    text.MASK = 255
    d.kept(0x3C)
    return n + d.show()
frame(0)
frame(1)
def frames():
    sent = 0
    for k in range(12):
        sent += frame(k)
    return sent
def measure():
    # inside a function: new module globals would grow the globals dict
    frames()
    page = memoryview(d._zero)
    c0 = micropython.mem_current()
    span = page[1:3]
    c1 = micropython.mem_current()
    spans = Bus.spans
    c2 = micropython.mem_current()
    sent = frames()
    c3 = micropython.mem_current()
    # what show() may allocate: the slice of each span it sent
    print("alloc", c3 - c2 - (Bus.spans - spans) * (c1 - c0), "sent", sent)
measure()
'''


def run_cpython(code):
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(code, {"__name__": "drawing"})
    return buf.getvalue()


def test_same_framebuffer_bytes_on_micropython():
    cpy = run_cpython(DRAWING).split("\n")
    mpy = run_micropython(DRAWING).split("\n")
    assert cpy[0] == cpy[1], "CPython: panel differs from framebuffer"
    assert mpy[0] == mpy[1], "MicroPython: panel differs from framebuffer"
    assert mpy[:3] == cpy[:3]


def test_text_show_and_partial_redraws_allocate_nothing_on_micropython():
    out = run_micropython(ALLOCATION).split()
    assert out[0] == "alloc" and int(out[3]) > 0
    assert int(out[1]) == 0, "text.draw + show allocated %s bytes over 12 frames" % out[1]
