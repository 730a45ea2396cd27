# SPDX-License-Identifier: MIT
"""Hearts: "who shot the moon?", the first line of the game menu (BACK)
before any hearts of the hand are in. Picking the player enters 13 hearts
for them, 0 for everyone else and the queen for them (``shoot_moon``)
instead of counting up to 13: BACK, OK, then OK for the player asked
first, or LEFT/RIGHT for the one above/below in one press. Loaded only
when opened."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets

ROWS = 7


class MoonPicker:
    """The players in seat order, the one being asked preselected; OK picks
    the line under the cursor, LEFT/RIGHT the line above/below at once,
    UP/DOWN move, BACK goes back to the entry. (Not a ui.menu Menu: this is
    a game screen, and the menus' code is forgotten while a game is on.)"""

    def __init__(self, names, cursor):
        self.names = names
        self.cursor = cursor

    def key(self, app, name, kind):
        n = len(self.names)
        if kind == LONG:
            return
        if name == OK:
            shoot_moon(app, self.cursor)
        elif name == LEFT or name == RIGHT:
            shoot_moon(app, (self.cursor + (1 if name == RIGHT else -1)) % n)
        elif name == UP or name == DOWN:
            self.cursor = (self.cursor + (1 if name == DOWN else -1)) % n
        elif name == BACK:
            app.next_screen()

    def draw(self, app):
        fb = app.fb
        widgets.title(fb, t("moon_who"))
        for i in range(len(self.names)):
            color = widgets.highlight(fb, 1 + i) if i == self.cursor else 1
            text.draw(fb, self.names[i], 2, widgets.line(1 + i), text.SMALL, color)
        if len(self.names) < ROWS:
            # Up to 6 players leave the last line free: the quick keys.
            widgets.draw_center(fb, t("moon_keys"), widgets.line(ROWS))


def shoot_moon(app, shooter):
    """Seat ``shooter`` took every heart and the queen: enter 13 for them, 0
    for everyone else and the queen (each through ``app.enter``: the core
    checks and the journal keeps every one)."""
    g = app.game
    if g.NAME != "hearts" or g.kind != "hearts" or g.current.total("hearts"):
        app.refuse(t("moon_late"))
        return
    while g.kind == "hearts":
        if not app.enter("hearts", g.seat, 13 if g.seat == shooter else 0):
            return
    if g.kind == "queen":
        app.enter("queen", None, shooter)


def moon_picker(app):
    """The "who shot the moon?" list."""
    return MoonPicker(app.names, app.game.seat)
