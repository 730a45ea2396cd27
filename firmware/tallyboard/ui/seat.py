# SPDX-License-Identifier: MIT
"""Where the players go next, as the club's hub said it (a SEAT request:
tallyboard.club): "Round 2" in the title, "Table 3, seat 2" under it.
Shown when no game is being played (the home menu, the final standings);
OK or BACK goes back to what was on screen. Loaded for this only, and
forgotten when it is left."""

import tallyboard
from tallyboard.i18n import t
from tallyboard.ui.message import Message


def show(app, seat):
    """Show ``seat`` (round, table, seat) over the screen now on ``app``."""
    back = app.screen

    def done(app):
        app.go(back)
        tallyboard.unload(__name__)

    app.go(Message(t("club_round").format(seat[0]), t("club_seat").format(seat[1], seat[2]), done))
    app.redraw()
