# SPDX-License-Identifier: MIT
"""Drawing helpers shared by the screens: numbers without building strings,
title bars, right-aligned values, wrapped messages.

Numbers are drawn digit by digit from a table of one-character strings, so a
redraw allocates nothing (MicroPython counts every allocation).
"""

from tallyboard import text

W = 128
H = 64
DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
MINUS = "-"
PLUS = "+"
_buf = bytearray(12)
# Hearts' pass directions to their string keys (the hand screens and the
# score table's next-deal line both say it; kept here so neither screen
# module has to load the other).
DIR_KEYS = {"left": "dir_left", "right": "dir_right", "across": "dir_across", "hold": "dir_hold", "left2": "dir_left2", "right2": "dir_right2"}


def _digits(n):
    # Fills _buf with the digits of abs(n), least significant first; returns the count.
    if n < 0:
        n = -n
    count = 0
    while True:
        _buf[count] = n % 10
        count += 1
        n //= 10
        if n == 0 or count == len(_buf):
            return count


def int_width(n, font=None, sign=False):
    """Pixel width of the number ``n`` (with a sign when ``sign`` and n >= 0)."""
    font = font or text.SMALL
    count = _digits(n)
    w = 0
    for i in range(count):
        w += text.width(DIGITS[_buf[i]], font)
    if n < 0:
        w += text.width(MINUS, font)
    elif sign:
        w += text.width(PLUS, font)
    return w


def draw_int(fb, n, x, y, font=None, color=1, sign=False):
    """Draw integer ``n`` at ``x, y``; returns the x after it."""
    font = font or text.SMALL
    if n < 0:
        x = text.draw(fb, MINUS, x, y, font, color)
    elif sign:
        x = text.draw(fb, PLUS, x, y, font, color)
    count = _digits(n)
    for i in range(count - 1, -1, -1):
        x = text.draw(fb, DIGITS[_buf[i]], x, y, font, color)
    return x


def draw_int_right(fb, n, right, y, font=None, color=1, sign=False):
    """Draw ``n`` so that it ends at x = ``right``."""
    return draw_int(fb, n, right - int_width(n, font, sign), y, font, color, sign)


def draw_right(fb, s, right, y, font=None, color=1):
    """Draw string ``s`` so that it ends at x = ``right``."""
    font = font or text.SMALL
    return text.draw(fb, s, right - text.width(s, font), y, font, color)


def draw_center(fb, s, y, font=None, color=1, left=0, right=W):
    """Draw ``s`` centred between ``left`` and ``right``."""
    font = font or text.SMALL
    return text.draw(fb, s, left + (right - left - text.width(s, font)) // 2, y, font, color)


def line(k):
    """Top y of text line ``k`` (1..7): its letters and descender fill page
    ``k`` exactly (the 10 px SMALL cell keeps accents in rows 0-1, which fall
    in the page above). One line per page means a changed line costs one
    page on the bus, and 7 lines fit under the title bar."""
    return 8 * k - 2


def title(fb, s):
    """An inverted bar over page 0 holding ``s`` (the screen's title)."""
    fb.fill_rect(0, 0, W, 8, 1)
    return text.draw(fb, s, 1, -2, text.SMALL, 0)


def highlight(fb, k):
    """Invert text line ``k`` (the cursor of a list); returns the text colour."""
    fb.fill_rect(0, 8 * k, W, 8, 1)
    return 0


def clip(s, width, font=None):
    """``s`` cut so it fits in ``width`` pixels (allocates only when cut)."""
    font = font or text.SMALL
    if text.width(s, font) <= width:
        return s
    while s and text.width(s, font) > width:
        s = s[:-1]
    return s


def wrap(s, width, font=None):
    """Split ``s`` into lines that fit in ``width`` pixels (breaks at spaces,
    or inside a word too long for a line). Used for messages, not per key."""
    font = font or text.SMALL
    lines = []
    line = ""
    for word in s.split(" "):
        candidate = word if not line else line + " " + word
        if text.width(candidate, font) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while text.width(word, font) > width:
            cut = len(word)
            while cut > 1 and text.width(word[:cut], font) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def cross_out(fb, x0, y0, x1, y1):
    """Strike through a box (a value the rules forbid)."""
    fb.line(x0, y0, x1, y1, 1)
    fb.line(x0, y1, x1, y0, 1)
