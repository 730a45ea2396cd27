# SPDX-License-Identifier: MIT
"""Hearts: "who shot the moon?", the first line of the game menu (BACK)
before any hearts of the hand are in. Picking the player enters 13 hearts
for them, 0 for everyone else and the queen for them (``App.shoot_moon``):
BACK, OK, OK when the player asked first shot it, instead of counting up to
13. Loaded only when opened."""

from tallyboard.i18n import t
from tallyboard.ui.menu import Menu


def moon_picker(app):
    """The players in seat order, the one being asked preselected."""
    g = app.game

    def pick(app, i):
        app.shoot_moon(i)

    return Menu(t("moon_who"), list(app.names), pick, lambda app: app.next_screen(), g.seat)
