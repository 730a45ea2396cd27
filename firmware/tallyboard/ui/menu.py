# SPDX-License-Identifier: MIT
"""Generic list screens: a menu (pick one line) and a form (lines of label and
value, changed with left/right). Home, settings, new game, roster and the
game menu are built from these two."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, LONG
from tallyboard.ui import widgets

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

_ROWS = const(7)  # text lines under the title bar, one per page


def _scroll(cursor, top, count):
    if cursor < top:
        return cursor
    if cursor >= top + _ROWS:
        return cursor - _ROWS + 1
    return top


def _move(cursor, name, count):
    if count == 0:
        return 0
    if name == UP:
        return (cursor - 1) % count
    if name == DOWN:
        return (cursor + 1) % count
    return cursor


class Menu:
    """A title and lines; OK calls ``on_pick(app, index)``, BACK
    ``on_back(app)``, a long BACK ``on_long_back(app)`` when given.

    On the board a long press first arrives as a press (the button driver
    acts on the first edge), so a long BACK on an entry screen opens the
    game menu and the LONG lands here: the game menu passes it on as undo."""

    def __init__(self, title, items, on_pick, on_back=None, cursor=0, on_long_back=None):
        self.title = title
        self.items = items
        self.on_pick = on_pick
        self.on_back = on_back
        self.on_long_back = on_long_back
        self.cursor = cursor if 0 <= cursor < len(items) else 0
        self.top = _scroll(self.cursor, 0, len(items))

    def key(self, app, name, kind):
        if name == OK and kind != LONG:
            if self.items:
                self.on_pick(app, self.cursor)
        elif name == BACK and kind == LONG:
            if self.on_long_back:
                self.on_long_back(app)
        elif name == BACK:
            if self.on_back:
                self.on_back(app)
        elif name == UP or name == DOWN:
            self.cursor = _move(self.cursor, name, len(self.items))
            self.top = _scroll(self.cursor, self.top, len(self.items))

    def draw(self, app):
        fb = app.fb
        widgets.title(fb, self.title)
        for i in range(self.top, min(len(self.items), self.top + _ROWS)):
            k = 1 + i - self.top
            color = widgets.highlight(fb, k) if i == self.cursor else 1
            text.draw(fb, self.items[i], 2, widgets.line(k), text.SMALL, color)


class Row:
    """A form line choosing one of ``values`` (shown as ``names``)."""

    def __init__(self, key, label, values, names, index=0):
        self.key = key
        self.label = label
        self.values = values
        self.names = names
        self.index = index if 0 <= index < len(values) else 0

    @property
    def value(self):
        return self.values[self.index]

    def change(self, step):
        self.index = (self.index + step) % len(self.values)

    def draw_value(self, fb, right, y, color):
        widgets.draw_int_right(fb, self.names[self.index], right, y, text.SMALL, color)


class IntRow:
    """A form line holding a whole number from ``low`` to ``high`` in ``step``s."""

    def __init__(self, key, label, value, low, high, step=1):
        self.key = key
        self.label = label
        self.value = value
        self.low = low
        self.high = high
        self.step = step

    def change(self, step):
        v = self.value + step * self.step
        if v < self.low:
            v = self.low
        if v > self.high:
            v = self.high
        self.value = v

    def draw_value(self, fb, right, y, color):
        widgets.draw_int_right(fb, self.value, right, y, text.SMALL, color)


class Form:
    """Lines of label and value: UP/DOWN pick a line, LEFT/RIGHT change it,
    OK calls ``on_ok(app, form)``, BACK ``on_back(app)``. ``on_change(app,
    form, row)`` may rebuild the rows (a new game's settings follow the game)."""

    def __init__(self, title, rows, on_ok, on_back=None, on_change=None):
        self.title = title
        self.rows = rows
        self.on_ok = on_ok
        self.on_back = on_back
        self.on_change = on_change
        self.cursor = 0
        self.top = 0

    def row(self, key):
        """The row named ``key`` (or None)."""
        for r in self.rows:
            if r.key == key:
                return r
        return None

    def key(self, app, name, kind):
        if name == OK:
            self.on_ok(app, self)
        elif name == BACK:
            if self.on_back:
                self.on_back(app)
        elif name == UP or name == DOWN:
            self.cursor = _move(self.cursor, name, len(self.rows))
            self.top = _scroll(self.cursor, self.top, len(self.rows))
        elif name == LEFT or name == RIGHT:
            row = self.rows[self.cursor]
            row.change(-1 if name == LEFT else 1)
            if self.on_change:
                self.on_change(app, self, row)
                if self.cursor >= len(self.rows):
                    self.cursor = len(self.rows) - 1
                self.top = _scroll(self.cursor, self.top, len(self.rows))

    def draw(self, app):
        fb = app.fb
        widgets.title(fb, self.title)
        for i in range(self.top, min(len(self.rows), self.top + _ROWS)):
            k = 1 + i - self.top
            y = widgets.line(k)
            color = widgets.highlight(fb, k) if i == self.cursor else 1
            r = self.rows[i]
            text.draw(fb, r.label, 1, y, text.SMALL, color)
            r.draw_value(fb, widgets.W - 1, y, color)
