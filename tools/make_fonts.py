# SPDX-License-Identifier: MIT
"""Generate the board's bitmap fonts from readable ASCII art.

    .venv/bin/python tools/make_fonts.py          # rewrites the two modules
    .venv/bin/python tools/make_fonts.py --check  # exit 1 if they are stale

Writes firmware/tallyboard/font_small.py and font_big.py. Each holds plain
tables (see tallyboard/text.py for how they are read):

- ``DATA``: the glyphs as one MONO_VLSB framebuffer (the SSD1306's page
  layout: a byte is 8 pixels of a column, bit 0 on top) WIDTH pixels wide,
  with every glyph's body (its rows TOP down: below the accents of
  capitals) in PAGES pages, glyph g in pages g*PAGES .. g*PAGES+PAGES-1,
  each page WIDTH column bytes. One blit with the source shifted up by
  8*PAGES*g rows, clipped to a page of the screen, draws glyph g on a line
  (text.py). After the COUNT bodies, a page for each glyph from ACCENTED
  on, holding its rows above TOP in the top bits of the page (where they
  fall in the page above the body). A ``bytearray``: framebuf draws only
  from writable buffers.
- ``MAP``: for code points from 0 (up to 0xFF, and no further than the
  last one the font has), the glyph index; the index of '?' for those the
  font lacks.
- ``WIDE``: code points above 0xFF (suits, arrows...) as big-endian u16
  followed by the glyph index, 3 bytes each, the ones screens draw at
  every key press first (FIRST_WIDE): they are searched one by one, and
  each step costs some 0.013 ms on a Pico.
- ``METRICS``: a tuple of HEIGHT (line height), WIDTH (glyph width),
  ADVANCE (pen step), TOP (the body's first row), PAGES (the body's pages),
  FALLBACK (glyph for anything missing: '?'), COUNT (glyphs) and ACCENTED
  (the first glyph with ink above TOP: those come last), in that order. One
  name, not eight: every name a module defines stays interned on the board
  after the module is forgotten.

SMALL is a 5x7 design in a 6 px advance and a 10 px line: rows 0-1 hold the
accents of capitals, rows 2-8 the capitals (baseline on row 8), row 9 the
descenders. Lowercase accents sit on rows 2-3. Accented letters are not
drawn by hand: they are composed from the base letter and an accent mark,
so every vowel gets the same accent. BIG is a 5x7 digit design scaled 2x
to 10x14, in a 16-row cell (a blank row above and below), 12 px advance.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "tallyboard"

# ---------------------------------------------------------------------------
# SMALL: each glyph is 8 rows of 5 columns, placed on rows 2..9 of the cell.
SMALL_ART = r"""
space
.....
.....
.....
.....
.....
.....
.....
.....

!
..#..
..#..
..#..
..#..
..#..
.....
..#..
.....

"
.#.#.
.#.#.
.#.#.
.....
.....
.....
.....
.....

#
.#.#.
.#.#.
#####
.#.#.
#####
.#.#.
.#.#.
.....

$
..#..
.####
#.#..
.###.
..#.#
####.
..#..
.....

%
##...
##..#
...#.
..#..
.#...
#..##
...##
.....

&
.##..
#..#.
#.#..
.#...
#.#.#
#..#.
.##.#
.....

'
..#..
..#..
.#...
.....
.....
.....
.....
.....

(
...#.
..#..
.#...
.#...
.#...
..#..
...#.
.....

)
.#...
..#..
...#.
...#.
...#.
..#..
.#...
.....

*
.....
..#..
#.#.#
.###.
#.#.#
..#..
.....
.....

+
.....
..#..
..#..
#####
..#..
..#..
.....
.....

,
.....
.....
.....
.....
.....
.##..
..#..
.#...

-
.....
.....
.....
#####
.....
.....
.....
.....

.
.....
.....
.....
.....
.....
.##..
.##..
.....

/
.....
....#
...#.
..#..
.#...
#....
.....
.....

0
.###.
#...#
#..##
#.#.#
##..#
#...#
.###.
.....

1
..#..
.##..
..#..
..#..
..#..
..#..
.###.
.....

2
.###.
#...#
....#
...#.
..#..
.#...
#####
.....

3
#####
...#.
..#..
...#.
....#
#...#
.###.
.....

4
...#.
..##.
.#.#.
#..#.
#####
...#.
...#.
.....

5
#####
#....
####.
....#
....#
#...#
.###.
.....

6
..##.
.#...
#....
####.
#...#
#...#
.###.
.....

7
#####
....#
...#.
..#..
.#...
.#...
.#...
.....

8
.###.
#...#
#...#
.###.
#...#
#...#
.###.
.....

9
.###.
#...#
#...#
.####
....#
...#.
.##..
.....

:
.....
.##..
.##..
.....
.##..
.##..
.....
.....

;
.....
.##..
.##..
.....
.##..
..#..
.#...
.....

<
...#.
..#..
.#...
#....
.#...
..#..
...#.
.....

=
.....
.....
#####
.....
#####
.....
.....
.....

>
.#...
..#..
...#.
....#
...#.
..#..
.#...
.....

?
.###.
#...#
....#
...#.
..#..
.....
..#..
.....

@
.###.
#...#
....#
.##.#
#.#.#
#.#.#
.###.
.....

A
.###.
#...#
#...#
#####
#...#
#...#
#...#
.....

B
####.
#...#
#...#
####.
#...#
#...#
####.
.....

C
.###.
#...#
#....
#....
#....
#...#
.###.
.....

D
###..
#..#.
#...#
#...#
#...#
#..#.
###..
.....

E
#####
#....
#....
####.
#....
#....
#####
.....

F
#####
#....
#....
####.
#....
#....
#....
.....

G
.###.
#...#
#....
#.###
#...#
#...#
.####
.....

H
#...#
#...#
#...#
#####
#...#
#...#
#...#
.....

I
.###.
..#..
..#..
..#..
..#..
..#..
.###.
.....

J
..###
...#.
...#.
...#.
...#.
#..#.
.##..
.....

K
#...#
#..#.
#.#..
##...
#.#..
#..#.
#...#
.....

L
#....
#....
#....
#....
#....
#....
#####
.....

M
#...#
##.##
#.#.#
#.#.#
#...#
#...#
#...#
.....

N
#...#
#...#
##..#
#.#.#
#..##
#...#
#...#
.....

O
.###.
#...#
#...#
#...#
#...#
#...#
.###.
.....

P
####.
#...#
#...#
####.
#....
#....
#....
.....

Q
.###.
#...#
#...#
#...#
#.#.#
#..#.
.##.#
.....

R
####.
#...#
#...#
####.
#.#..
#..#.
#...#
.....

S
.####
#....
#....
.###.
....#
....#
####.
.....

T
#####
..#..
..#..
..#..
..#..
..#..
..#..
.....

U
#...#
#...#
#...#
#...#
#...#
#...#
.###.
.....

V
#...#
#...#
#...#
#...#
#...#
.#.#.
..#..
.....

W
#...#
#...#
#...#
#.#.#
#.#.#
#.#.#
.#.#.
.....

X
#...#
#...#
.#.#.
..#..
.#.#.
#...#
#...#
.....

Y
#...#
#...#
#...#
.#.#.
..#..
..#..
..#..
.....

Z
#####
....#
...#.
..#..
.#...
#....
#####
.....

[
.###.
.#...
.#...
.#...
.#...
.#...
.###.
.....

\
.....
#....
.#...
..#..
...#.
....#
.....
.....

]
.###.
...#.
...#.
...#.
...#.
...#.
.###.
.....

^
..#..
.#.#.
#...#
.....
.....
.....
.....
.....

_
.....
.....
.....
.....
.....
.....
.....
#####

`
.#...
..#..
...#.
.....
.....
.....
.....
.....

a
.....
.....
.###.
....#
.####
#...#
.####
.....

b
#....
#....
#.##.
##..#
#...#
#...#
####.
.....

c
.....
.....
.###.
#....
#....
#...#
.###.
.....

d
....#
....#
.##.#
#..##
#...#
#...#
.####
.....

e
.....
.....
.###.
#...#
#####
#....
.###.
.....

f
..##.
.#..#
.#...
###..
.#...
.#...
.#...
.....

g
.....
.....
.####
#...#
#...#
.####
....#
.###.

h
#....
#....
#.##.
##..#
#...#
#...#
#...#
.....

i
..#..
.....
.##..
..#..
..#..
..#..
.###.
.....

j
...#.
.....
..##.
...#.
...#.
...#.
#..#.
.##..

k
#....
#....
#..#.
#.#..
##...
#.#..
#..#.
.....

l
.##..
..#..
..#..
..#..
..#..
..#..
.###.
.....

m
.....
.....
##.#.
#.#.#
#.#.#
#...#
#...#
.....

n
.....
.....
#.##.
##..#
#...#
#...#
#...#
.....

o
.....
.....
.###.
#...#
#...#
#...#
.###.
.....

p
.....
.....
####.
#...#
#...#
####.
#....
#....

q
.....
.....
.####
#...#
#...#
.####
....#
....#

r
.....
.....
#.##.
##..#
#....
#....
#....
.....

s
.....
.....
.####
#....
.###.
....#
####.
.....

t
.#...
.#...
###..
.#...
.#...
.#..#
..##.
.....

u
.....
.....
#...#
#...#
#...#
#..##
.##.#
.....

v
.....
.....
#...#
#...#
#...#
.#.#.
..#..
.....

w
.....
.....
#...#
#...#
#.#.#
#.#.#
.#.#.
.....

x
.....
.....
#...#
.#.#.
..#..
.#.#.
#...#
.....

y
.....
.....
#...#
#...#
#...#
.####
....#
.###.

z
.....
.....
#####
...#.
..#..
.#...
#####
.....

{
...#.
..#..
..#..
.#...
..#..
..#..
...#.
.....

|
..#..
..#..
..#..
..#..
..#..
..#..
..#..
.....

}
.#...
..#..
..#..
...#.
..#..
..#..
.#...
.....

~
.....
.....
.#...
#.#.#
...#.
.....
.....
.....

ı
.....
.....
.##..
..#..
..#..
..#..
.###.
.....

Æ
.####
#.#..
#.#..
#.###
###..
#.#..
#.###
.....

æ
.....
.....
##.#.
..#.#
.####
#.#..
.#.##
.....

Œ
.####
#.#..
#.#..
#.###
#.#..
#.#..
.####
.....

œ
.....
.....
.#.#.
#.#.#
#.###
#.#..
.#.##
.....

«
.....
..#.#
.#.#.
#.#..
.#.#.
..#.#
.....
.....

»
.....
#.#..
.#.#.
..#.#
.#.#.
#.#..
.....
.....

¿
..#..
.....
..#..
.#...
#....
#...#
.###.
.....

¡
..#..
.....
..#..
..#..
..#..
..#..
..#..
.....

º
.###.
#...#
.###.
.....
#####
.....
.....
.....

ª
.###.
#..#.
.####
.....
#####
.....
.....
.....

°
.##..
#..#.
.##..
.....
.....
.....
.....
.....

·
.....
.....
.....
.##..
.##..
.....
.....
.....

×
.....
.....
.....
.#.#.
..#..
.#.#.
.....
.....

♠
..#..
.###.
#####
#####
#.#.#
..#..
.###.
.....

♥
.....
.#.#.
#####
#####
.###.
..#..
.....
.....

♦
.....
..#..
.###.
#####
.###.
..#..
.....
.....

♣
.###.
.###.
#.#.#
#####
#.#.#
..#..
.###.
.....

▲
.....
..#..
.###.
#####
.....
.....
.....
.....

▼
.....
.....
.....
#####
.###.
..#..
.....
.....

◀
...#.
..##.
.###.
####.
.###.
..##.
...#.
.....

▶
.#...
.##..
.###.
.####
.###.
.##..
.#...
.....

✓
.....
....#
...#.
#.#..
.#...
.....
.....
.....

…
.....
.....
.....
.....
.....
.....
#.#.#
.....

•
.....
.....
.###.
.###.
.###.
.....
.....
.....
"""

# Accent marks: 2 rows of 5 columns.
ACCENTS = {
    "acute": ("...#.", "..#.."),
    "grave": (".#...", "..#.."),
    "circumflex": ("..#..", ".#.#."),
    "diaeresis": (".#.#.", "....."),
    "tilde": (".##.#", "#..#."),
}
CEDILLA = ".##.."  # one row under the letter

# Accented letters composed from a base glyph: char -> (base, accent).
# Lowercase i takes the dotless ı as its base.
COMPOSED = {}
for _base, _pairs in (
    ("a", "áacute àgrave âcircumflex ãtilde"),
    ("e", "éacute ègrave êcircumflex ëdiaeresis"),
    ("ı", "íacute ìgrave îcircumflex ïdiaeresis"),
    ("o", "óacute ògrave ôcircumflex ödiaeresis õtilde"),
    ("u", "úacute ùgrave ûcircumflex üdiaeresis"),
    ("n", "ñtilde"),
    ("y", "ÿdiaeresis"),
):
    for _item in _pairs.split():
        _accent = _item[1:]
        COMPOSED[_item[0]] = (_base, _accent)
        # The capital: same accent over the capital base letter.
        _cap = _item[0].upper()
        if _cap != _item[0]:
            COMPOSED[_cap] = ("I" if _base == "ı" else _base.upper(), _accent)
COMPOSED["Ÿ"] = ("Y", "diaeresis")
CEDILLAS = {"ç": "c", "Ç": "C"}

# Every letter the five languages need (the interface promises these).
REQUIRED = "áéíóúüñçàèìòùâêîôûëïãõœæ«»¿¡ºª" + "ÁÉÍÓÚÜÑÇÀÈÌÒÙÂÊÎÔÛËÏÃÕŒÆ"

# ---------------------------------------------------------------------------
# BIG: 5x7 art scaled 2x to 10x14, a blank row above and below it in the
# 16-row cell: the number picker's value (pages 3-4) keeps a row clear of
# the line above and of the inverted name cell under it.
BIG_ART = r"""
space
.....
.....
.....
.....
.....
.....
.....

0
.###.
#...#
#...#
#...#
#...#
#...#
.###.

1
..#..
.##..
#.#..
..#..
..#..
..#..
#####

2
.###.
#...#
....#
...#.
..#..
.#...
#####

3
.###.
#...#
....#
..##.
....#
#...#
.###.

4
...#.
..##.
.#.#.
#..#.
#####
...#.
...#.

5
#####
#....
####.
....#
....#
#...#
.###.

6
.###.
#....
####.
#...#
#...#
#...#
.###.

7
#####
....#
...#.
..#..
..#..
.#...
.#...

8
.###.
#...#
#...#
.###.
#...#
#...#
.###.

9
.###.
#...#
#...#
.####
....#
....#
.###.

-
.....
.....
.....
.###.
.....
.....
.....

+
.....
..#..
..#..
#####
..#..
..#..
.....

/
....#
....#
...#.
..#..
.#...
#....
#....

:
.....
.##..
.##..
.....
.##..
.##..
.....

.
.....
.....
.....
.....
.....
.##..
.##..

?
.###.
#...#
....#
...#.
..#..
.....
..#..
"""

# Code points with a one-byte map entry; the few letters above Latin-1
# (ı Œ œ Ÿ) are in WIDE: a map reaching them would cost ~150 bytes of RAM.
MAP_END = 0x100
NONE = 255


def parse_art(text, rows):
    """Parse blocks of 'name' + ``rows`` art lines into {char: [row str]}."""
    glyphs = {}
    order = []
    for block in text.strip("\n").split("\n\n"):
        lines = block.split("\n")
        name = lines[0]
        char = " " if name == "space" else name
        if len(char) != 1:
            raise ValueError("glyph header %r is not one character" % name)
        art = lines[1:]
        if len(art) != rows or any(len(r) != 5 or set(r) - set(".#") for r in art):
            raise ValueError("glyph %r: need %d rows of 5 '.'/'#'" % (char, rows))
        if char in glyphs:
            raise ValueError("glyph %r defined twice" % char)
        glyphs[char] = art
        order.append(char)
    return glyphs, order


def small_cells():
    """{char: 10 rows of 5 columns} for the SMALL font, composed letters included."""
    art, order = parse_art(SMALL_ART, 8)
    cells = {}
    for ch in order:
        cells[ch] = ["....."] * 2 + art[ch]
    for ch, (base, accent) in COMPOSED.items():
        cell = list(cells[base])
        top = 0 if base.isupper() else 2  # capitals: rows 0-1, lowercase: 2-3
        for i, row in enumerate(ACCENTS[accent]):
            if "#" in cell[top + i]:
                raise ValueError("accent on %r collides with the letter" % ch)
            cell[top + i] = row
        cells[ch] = cell
        order.append(ch)
    for ch, base in CEDILLAS.items():
        cell = list(cells[base])
        if "#" in cell[9]:
            raise ValueError("cedilla on %r collides with the letter" % ch)
        cell[9] = CEDILLA
        cells[ch] = cell
        order.append(ch)
    return cells, order


def big_cells():
    """{char: 16 rows of 10 columns} for the BIG font."""
    art, order = parse_art(BIG_ART, 7)
    cells = {}
    blank = "." * 10
    for ch in order:
        rows = [blank]
        for r in art[ch]:
            wide = "".join(c + c for c in r)
            rows.append(wide)
            rows.append(wide)
        rows.append(blank)
        cells[ch] = rows
    return cells, order


def inked_above(cells, ch, top):
    """Whether glyph ``ch`` has ink in its rows above ``top``."""
    return any("#" in row for row in cells[ch][:top])


def pack(cells, order, width, height, top):
    """The glyphs as one MONO_VLSB framebuffer ``width`` pixels wide with
    every glyph's body (rows ``top`` down, in whole pages) below the one
    before, then the rows above ``top`` of the glyphs that have ink there
    (they come last in ``order``), a page each, in the page's top bits
    (where they fall in the page above a body drawn on a page boundary).
    Returns the bytes, the pages of a body and the first glyph with ink
    above ``top``."""
    pages = (height - top + 7) // 8
    out = bytearray()
    for ch in order:
        rows = cells[ch]
        for p in range(pages):
            for x in range(width):
                byte = 0
                for bit in range(8):
                    y = top + p * 8 + bit
                    if y < height and rows[y][x] == "#":
                        byte |= 1 << bit
                out.append(byte)
    accented = len(order)
    while accented and inked_above(cells, order[accented - 1], top):
        accented -= 1
    if any(inked_above(cells, ch, top) for ch in order[:accented]):
        raise ValueError("glyphs with ink above row %d must come last" % top)
    # text.draw finds them under a MASK by their UTF-8 bytes: two a character.
    if any(not 0x80 <= ord(ch) < 0x800 for ch in order[accented:]):
        raise ValueError("glyphs with ink above row %d must be characters of two bytes in UTF-8" % top)
    for ch in order[accented:]:
        for x in range(width):
            out.append(sum(1 << (8 - top + y) for y in range(top) if cells[ch][y][x] == "#"))
    return bytes(out), pages, accented


def maps(order):
    """MAP (code points 0..0xFF, up to the last one in ``order``; the
    glyph of '?' for those missing) and WIDE (the rest) for ``order``."""
    if len(order) >= NONE:
        raise ValueError("too many glyphs for one-byte indexes")
    # From 0, not from the space: text.draw tells a mapped character by one
    # test (32 bytes of RAM a font, for a test and a subtraction a character).
    table = bytearray([NONE] * MAP_END)
    above = {}
    for i, ch in enumerate(order):
        cp = ord(ch)
        if cp < MAP_END:
            table[cp] = i
        elif cp > 0xFFFF:
            raise ValueError("code point U+%04X cannot be stored" % cp)
        else:
            above[cp] = i
    wide = wide_entries(above)
    # No trailing run of "none": it would be RAM on the board for nothing
    # (BIG's digits end at '?', 0x3F).
    while table and table[-1] == NONE:
        del table[-1]
    # The rest of the missing ones are drawn as '?': text.draw takes the
    # map's entry as it is (Font.glyph tells them from '?' itself).
    fallback = order.index("?")
    return bytes(fallback if g == NONE else g for g in table), bytes(wide)


# Searched first in WIDE: the value arrows of the entry screens and their
# keys' help, then the suits (see WIDE above).
FIRST_WIDE = "\u25c0\u25b6\u25b2\u25bc\u2660\u2665\u2666\u2663"


def wide_entries(glyphs):
    """WIDE for ``glyphs`` ({code point: glyph index}): FIRST_WIDE's
    characters first, the rest in code point order."""
    first = [ord(ch) for ch in FIRST_WIDE if ord(ch) in glyphs]
    wide = bytearray()
    for cp in first + sorted(cp for cp in glyphs if cp not in first):
        wide += bytes((cp >> 8, cp & 0xFF, glyphs[cp]))
    return wide


def bytes_literal(data, indent="    ", per_line=16):
    """A ``bytes`` literal split over lines, hex escapes only."""
    lines = []
    for i in range(0, len(data), per_line):
        chunk = data[i:i + per_line]
        lines.append('%sb"%s"' % (indent, "".join("\\x%02x" % b for b in chunk)))
    return "(\n" + "\n".join(lines) + "\n)"


def module_text(doc, cells, order, width, height, advance, top):
    # The glyphs with ink above the body last (text.draw tells them by
    # one comparison).
    order = [ch for ch in order if not inked_above(cells, ch, top)] + [ch for ch in order if inked_above(cells, ch, top)]
    if order[0] != " ":
        raise ValueError("the space must be glyph 0 (text.draw skips glyph 0: nothing to draw)")
    data, pages, accented = pack(cells, order, width, height, top)
    table, wide = maps(order)
    chars = "".join(order)
    return "\n".join([
        "# SPDX-License-Identifier: MIT",
        '"""%s' % doc,
        "",
        "Generated by tools/make_fonts.py from its ASCII art: edit that, not this.",
        '"""',
        "",
        "# Characters, in glyph order: %s" % chars,
        "",
        "# HEIGHT, WIDTH, ADVANCE, TOP, PAGES, FALLBACK, COUNT, ACCENTED",
        "METRICS = (%d, %d, %d, %d, %d, %d, %d, %d)" % (
            height, width, advance, top, pages, order.index("?"), len(order), accented),
        "MAP = %s" % bytes_literal(table),
        "WIDE = %s" % bytes_literal(wide, per_line=15),
        "DATA = bytearray(%s)" % bytes_literal(data, per_line=width * pages),
        "",
    ])


def build():
    """{path: text} of both generated modules."""
    small, s_order = small_cells()
    missing = [c for c in REQUIRED if c not in small]
    if missing:
        raise ValueError("SMALL lacks %s" % "".join(missing))
    big, b_order = big_cells()
    return {
        OUT / "font_small.py": module_text(
            "SMALL font: 5x7 letters (accents above capitals), 6 px advance, 10 px line.",
            small, s_order, 5, 10, 6, 2),
        OUT / "font_big.py": module_text(
            "BIG font: 10x16 digits, signs and slash for scores, 12 px advance.",
            big, b_order, 10, 16, 12, 0),
    }


def main(argv):
    """Write the font modules, or with --check report whether they are stale."""
    outputs = build()
    if "--check" in argv:
        stale = [str(p) for p, text in outputs.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        if stale:
            print("stale: %s (run tools/make_fonts.py)" % ", ".join(stale))
            return 1
        return 0
    for path, text in outputs.items():
        path.write_text(text, encoding="utf-8")
        print("wrote %s" % path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
