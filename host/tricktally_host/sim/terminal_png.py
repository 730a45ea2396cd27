# SPDX-License-Identifier: MIT
"""The terminal simulator's picture as a terminal shows it, saved as a PNG
(the README's `make sim` picture: tricktally_host.sim.screens).

The rows are the ones the simulator writes (tricktally_host.sim.picture):
text in DejaVu Sans Mono (matplotlib's copy, so nothing else to install),
Braille and block characters drawn as cell geometry, as most terminals
draw them themselves (and the monospace font has no Braille), reversed
cells light with dark dots, the title bar's in cyan."""

import os

from tricktally_host.sim import picture

CELL = (10, 20)  # a terminal cell in pixels (width, height)
FONT_SIZE = 16
BACKGROUND = (24, 24, 28)
FOREGROUND = (222, 222, 222)
CYAN = (42, 161, 179)
_BRAILLE_DOTS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3))  # dots 1-8


def _font():
    import matplotlib
    from PIL import ImageFont

    path = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSansMono.ttf")
    return ImageFont.truetype(path, FONT_SIZE)


def save(rows, columns, lines, path):
    """Draw ``rows`` (picture.layout's) on a ``columns`` x ``lines``
    terminal and save it as a PNG at ``path``; returns the path."""
    from PIL import Image, ImageDraw

    w, h = CELL
    img = Image.new("RGB", (columns * w, lines * h), BACKGROUND)
    draw = ImageDraw.Draw(img)
    font = _font()
    for y, row in enumerate(rows):
        x = 0
        for text, style in row:
            back, ink = BACKGROUND, FOREGROUND
            if style == picture.INVERSE:
                back, ink = FOREGROUND, BACKGROUND
            elif style == picture.TITLE:
                back, ink = CYAN, BACKGROUND
            for ch in text:
                box = (x * w, y * h, (x + 1) * w - 1, (y + 1) * h - 1)
                if back != BACKGROUND:
                    draw.rectangle(box, fill=back)
                _cell(draw, font, ch, box, ink)
                x += 1
    img.save(path)
    return path


def _cell(draw, font, ch, box, ink):
    left, top, right, bottom = box
    w, h = right - left + 1, bottom - top + 1
    code = ord(ch)
    if 0x2800 <= code <= 0x28FF:
        dot = max(2, w * 3 // 10)
        for bit, (dx, dy) in enumerate(_BRAILLE_DOTS):
            if (code - 0x2800) >> bit & 1:
                cx = left + (2 * dx + 1) * w // 4
                cy = top + (2 * dy + 1) * h // 8
                draw.rectangle((cx - dot // 2, cy - dot // 2, cx - dot // 2 + dot - 1, cy - dot // 2 + dot - 1), fill=ink)
    elif ch in "\u2580\u2584\u2588":
        upper = ch in "\u2580\u2588"
        lower = ch in "\u2584\u2588"
        if upper:
            draw.rectangle((left, top, right, top + h // 2 - 1), fill=ink)
        if lower:
            draw.rectangle((left, top + h // 2, right, bottom), fill=ink)
    elif ch != " ":
        draw.text((left, top + 1), ch, font=font, fill=ink)
