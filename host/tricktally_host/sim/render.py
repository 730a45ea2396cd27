# SPDX-License-Identifier: MIT
"""Drawing the simulated OLED: block characters for the terminal (two pixel
rows per character line: ▀ ▄ █; or, for an 80-column terminal, 2x2 pixels per
character with the quadrant blocks) and PNG images via pillow."""

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


# Quadrant blocks indexed by top-left*8 + top-right*4 + bottom-left*2 + bottom-right.
QUADRANTS = " \u2597\u2596\u2584\u259d\u2590\u259e\u259f\u2598\u259a\u258c\u2599\u2580\u259c\u259b\u2588"


def quadrants(gddram, width=128, height=64):
    """The panel as text lines of width/2 characters, 2x2 pixels each (fits
    an 80-column terminal)."""
    lines = []
    for top, bottom in _row_pairs(gddram, width, height):
        chars = []
        for x in range(0, width, 2):
            index = top[x] * 8 + top[x + 1] * 4 + bottom[x] * 2 + bottom[x + 1]
            chars.append(QUADRANTS[index])
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
