# SPDX-License-Identifier: MIT
"""Hearts: "who shot the moon?", opened with a long OK on a hearts entry.
Picking the player enters 13 hearts for them, 0 for everyone else and the
queen for them (``App.shoot_moon``): a moon hand in three presses or fewer
instead of counting up to 13. Loaded only when opened."""

from tallyboard.i18n import t
from tallyboard.ui.menu import Menu


def moon_picker(app):
    """The players in seat order, the one being asked preselected."""
    g = app.game

    def pick(app, i):
        app.shoot_moon(i)

    return Menu(t("moon_who"), list(app.names), pick, lambda app: app.next_screen(), g.seat)
