# SPDX-License-Identifier: MIT
"""Drawing helpers shared by the screens: numbers without building strings
(tallyboard.text draws ints), title bars, right-aligned values, and the
partial redraw of a key press (paint). Wrapping text is in ui.message."""

from tallyboard import text

W = 128  # the panel's width (64 rows high)

# Numbers go through tallyboard.text, which draws an int digit by digit
# without building a string: ``text.draw(fb, n, x, y, font=None, color=1,
# sign=False)`` and ``text.width(n, font=None, sign=False)``.


def draw_int_right(fb, n, right, y, font=None, color=1, sign=False):
    """Draw ``n`` (an int, or a string) so that it ends at x = ``right``."""
    return text.draw(fb, n, right - text.width(n, font, sign), y, font, color, sign)


# The screen painted last, and whether an undo's toast covered it.
_last = [None, False]


def paint(app):
    """Draw ``app.screen`` into ``app.fb``: the whole screen, or only the
    pages that changed when the screen can say which (``dirty(app, last)``:
    a page mask, bit p for rows 8p..8p+7, against ``last``, the screen of
    its class painted last, or of the class the screen names (by its name)
    as ``follows``; 255: all of them). The pages left out keep
    their pixels and the text on them is not drawn (tallyboard.text.MASK),
    so an ordinary key press costs a few lines of drawing, not a screen."""
    screen = app.screen
    last = _last[0]
    toast = app.toast is not None
    mask = 255
    if last is not None and not toast and not _last[1] and hasattr(screen, "dirty") and (
            last.__class__ is screen.__class__ or last.__class__.__name__ == getattr(screen, "follows", None)):
        mask = screen.dirty(app, last)
    _last[0] = screen
    _last[1] = toast
    display = app.display
    if mask and mask != 255 and not display.keep(mask):
        mask = 255  # nothing shown yet to keep
    if mask == 255:
        display.keep(255)  # the whole frame blank
        screen.draw(app)
    elif mask:
        text.MASK = mask
        try:
            screen.draw(app)
        finally:
            text.MASK = 255
        # Pages a screen redrew cell by cell (it cleared those cells
        # itself) keep what they hold.
        display.kept(mask | getattr(screen, "cell_pages", 0))


def draw_center(fb, s, y, font=None, color=1, left=0, right=W):
    """Draw ``s`` centred between ``left`` and ``right``."""
    return text.draw(fb, s, left + (right - left - text.width(s, font)) // 2, y, font, color)


def line(n):
    """Top y of text line ``n`` (1..7): its letters and descender fill page
    ``n`` exactly (the 10 px SMALL cell keeps accents in rows 0-1, which fall
    in the page above). One line per page means a changed line costs one
    page on the bus, and 7 lines fit under the title bar."""
    return 8 * n - 2


def title(fb, s):
    """An inverted bar over page 0 holding ``s`` (the screen's title)."""
    fb.fill_rect(0, 0, W, 8, 1)
    return text.draw(fb, s, 1, -2, None, 0)


def highlight(fb, n):
    """Invert text line ``n`` (the cursor of a list); returns the text colour."""
    fb.fill_rect(0, 8 * n, W, 8, 1)
    return 0


def clip(s, width, font=None):
    """``s`` cut so it fits in ``width`` pixels (allocates only when cut)."""
    font = font or text.SMALL
    if text.width(s, font) <= width:
        return s
    while s and text.width(s, font) > width:
        s = s[:-1]
    return s


def cross_out(fb, left, top, right, bottom):
    """Strike through a box (a value the rules forbid)."""
    fb.line(left, top, right, bottom, 1)
    fb.line(left, bottom, right, top, 1)
