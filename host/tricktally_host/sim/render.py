# SPDX-License-Identifier: MIT
"""Drawing the simulated OLED: block characters for a large terminal (two
pixel rows per character line: ▀ ▄ █), Braille cells for an 80x24 one (2x4
pixels per character), and PNG images via pillow."""

UPPER = "\u2580"
LOWER = "\u2584"
FULL = "\u2588"


def pixel_rows(gddram, width=128, height=64):
    """The panel's pixels as a list of rows of 0/1 (MONO_VLSB page layout)."""
    rows = []
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        rows.append([1 if gddram[base + x] & bit else 0 for x in range(width)])
    return rows


def _row_pairs(gddram, width, height):
    """Pixel rows two at a time: one text line's worth."""
    rows = pixel_rows(gddram, width, height)
    for y in range(0, height, 2):
        yield rows[y], rows[y + 1] if y + 1 < height else [0] * width


def blocks(gddram, width=128, height=64):
    """The panel as text lines, two pixel rows per line."""
    lines = []
    for top, bottom in _row_pairs(gddram, width, height):
        chars = []
        for x in range(width):
            a, b = top[x], bottom[x]
            chars.append(FULL if a and b else UPPER if a else LOWER if b else " ")
        lines.append("".join(chars))
    return lines


# Braille cells: 2 columns x 4 rows of dots per character. Dot bits by
# (column, row), as Unicode numbers the dots 1-8.
BRAILLE = 0x2800
BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def braille(gddram, width=128, height=64):
    """The panel as text lines of width/2 Braille characters, 2x4 pixels
    each: the whole 128x64 picture in 64 columns and 16 lines (fits an
    80x24 terminal with a frame and the key help)."""
    rows = pixel_rows(gddram, width, height)
    blank = [0] * width
    lines = []
    for y in range(0, height, 4):
        band = [rows[y + r] if y + r < height else blank for r in range(4)]
        chars = []
        for x in range(0, width, 2):
            code = BRAILLE
            for c in range(2):
                bits = BRAILLE_BITS[c]
                for r in range(4):
                    if band[r][x + c]:
                        code |= bits[r]
            chars.append(chr(code))
        lines.append("".join(chars))
    return lines


def png(gddram, path, scale=4, width=128, height=64):
    """Save the panel as a PNG, ``scale`` times larger, white on near-black
    with a thin frame (as the OLED looks)."""
    from PIL import Image

    img = Image.new("RGB", (width, height), (8, 10, 20))
    px = img.load()
    on = (230, 240, 255)
    rows = pixel_rows(gddram, width, height)
    for y in range(height):
        for x in range(width):
            if rows[y][x]:
                px[x, y] = on
    img = img.resize((width * scale, height * scale), Image.NEAREST)
    framed = Image.new("RGB", (width * scale + 2 * scale, height * scale + 2 * scale), (60, 60, 70))
    framed.paste(img, (scale, scale))
    framed.save(path)
    return path
