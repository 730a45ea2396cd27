# SPDX-License-Identifier: MIT
"""Drawing the simulated OLED: character cells for the terminal (Braille,
2x4 pixels a character; half blocks, two pixel rows a character: ▀ ▄ █;
or each pixel as two full cells) and PNG images via pillow.

Each cell can be drawn ``flipped``: the pixels it leaves dark are the ones
drawn, for a cell the terminal shows in reverse video (an inverted row
reads as dark dots on a light bar, as on the OLED; tricktally_host.sim.picture)."""

UPPER = "\u2580"
LOWER = "\u2584"
FULL = "\u2588"
HALF_CHARS = (" ", LOWER, UPPER, FULL)  # by (top << 1) | bottom


def pixel_rows(gddram, width=128, height=64):
    """The panel's pixels as a list of rows of 0/1 (MONO_VLSB page layout)."""
    rows = []
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        rows.append([1 if gddram[base + x] & bit else 0 for x in range(width)])
    return rows


# Braille cells: 2 columns x 4 rows of dots per character. Dot bits by
# (column, row), as Unicode numbers the dots 1-8.
BRAILLE = 0x2800
BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def braille_char(rows, x, y, flipped=False):
    """The Braille character of the 2x4 pixels from column ``x``, row ``y``
    of ``rows`` (pixel_rows): a dot for each lit pixel, or each dark one
    when ``flipped``."""
    code = BRAILLE
    for c in range(2):
        bits = BRAILLE_BITS[c]
        for r in range(4):
            if rows[y + r][x + c] != flipped:
                code |= bits[r]
    return chr(code)


def half_char(rows, x, y, flipped=False):
    """The half-block character of pixels (x, y) over (x, y + 1)."""
    top = rows[y][x] != flipped
    bottom = rows[y + 1][x] != flipped
    return HALF_CHARS[(top << 1) | bottom]


def blocks(gddram, width=128, height=64):
    """The panel as text lines, two pixel rows per line."""
    rows = pixel_rows(gddram, width, height)
    return ["".join(half_char(rows, x, y) for x in range(width)) for y in range(0, height, 2)]


def braille(gddram, width=128, height=64):
    """The panel as text lines of width/2 Braille characters, 2x4 pixels
    each: the whole 128x64 picture in 64 columns and 16 lines (fits an
    80x24 terminal with a frame and the key help)."""
    rows = pixel_rows(gddram, width, height)
    return ["".join(braille_char(rows, x, y) for x in range(0, width, 2)) for y in range(0, height, 4)]


def png(gddram, path, scale=4, width=128, height=64):
    """Save the panel as a PNG, ``scale`` times larger, white on near-black
    with a thin frame (as the OLED looks)."""
    with open(path, "wb") as f:
        f.write(png_bytes(gddram, scale, width, height))
    return path


def png_bytes(gddram, scale=4, width=128, height=64):
    """The PNG that ``png`` saves, as bytes."""
    import io

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
    out = io.BytesIO()
    framed.save(out, format="PNG")
    return out.getvalue()
