# SPDX-License-Identifier: MIT
"""Wizard's delayed bidding: the bids stay hidden until the first card is
played, then OK reveals them. Loaded only for a game that bids delayed
(the privacy screens of both modes are in ui.private: a hidden game does
not hold this one)."""

from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.hand import header, game_key


class FirstCardScreen:
    """Delayed bidding: bids stay hidden until the first card is played."""

    def key(self, app, name, kind):
        if not game_key(app, name, kind) and name == "ok":
            app.enter("first_card", None, 1)

    def draw(self, app):
        fb = app.fb
        header(app, app.game)
        widgets.draw_center(fb, t("first_card"), 22)  # line 3
        widgets.draw_center(fb, t("ok_reveal"), 46)  # line 6
