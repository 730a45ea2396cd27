# SPDX-License-Identifier: MIT
"""Hearts: "who shot the moon?", the first line of the game menu (BACK)
before any hearts of the hand are in. Picking the player enters 13 hearts
for them, 0 for everyone else and the queen for them (``shoot_moon``)
instead of counting up to 13: BACK, OK, then OK for the player asked
first, or LEFT/RIGHT for the one above/below in one press. Loaded only
when opened."""

from tallyboard.buttons import LEFT, RIGHT, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.menu import Menu, ROWS


class MoonPicker(Menu):
    """The players in seat order, the one being asked preselected; OK picks
    the line under the cursor, LEFT/RIGHT the line above/below at once."""

    def key(self, app, name, kind):
        if (name == LEFT or name == RIGHT) and kind != LONG:
            n = len(self.items)
            self.on_pick(app, (self.cursor + (1 if name == RIGHT else -1)) % n)
        else:
            Menu.key(self, app, name, kind)

    def draw(self, app):
        Menu.draw(self, app)
        if len(self.items) < ROWS:
            # Up to 6 players leave the last line free: the quick keys.
            widgets.draw_center(app.fb, t("moon_keys"), widgets.line(ROWS))


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
    g = app.game

    def pick(app, i):
        shoot_moon(app, i)

    return MoonPicker(t("moon_who"), list(app.names), pick, lambda app: app.next_screen(), g.seat)
