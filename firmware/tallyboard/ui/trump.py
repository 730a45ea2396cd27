# SPDX-License-Identifier: MIT
"""Wizard's trump: the screen that asks it (one key per suit, OK for no
trump), the keys (the score table asks the trump too, keyed alike) and
the score table's trump line. Loaded for a Wizard game only: a Spades or
Hearts game never holds it (the header's trump sign is ui.hand's)."""

from tallyboard import text
from tallyboard.buttons import OK
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.hand import SUIT_SIGNS, SUITS, game_key, header

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# The keys of the suits (ui.hand.SUITS, in order: UP, RIGHT, DOWN, LEFT)
# and their arrows, on the trump screen and the score table's trump line.
_TRUMP_ORDER = const(("up", "right", "down", "left"))  # buttons.UP, RIGHT, DOWN, LEFT
_TRUMP_ARROWS = const(("\u25b2", "\u25b6", "\u25bc", "\u25c0"))


def trump_key(app, name):
    """Set the trump a key stands for (each arrow its suit, OK no trump);
    other keys do nothing."""
    if name == OK:
        app.set_trump("none")
    for i in range(4):
        if _TRUMP_ORDER[i] == name:
            app.set_trump(SUITS[i])


class TrumpEntry:
    """Wizard trump for the round: one key per suit, OK for none."""

    game = hand = None  # the game and hand the last draw showed (NumberEntry.dirty)
    # With bids hidden or delayed, the privacy screens that follow the trump:
    # loaded by the app's loop while the trump is chosen (App.work), not by
    # the press that chooses it (some 8 Pico ms). Set by draw.
    loads = None

    def key(self, app, name, kind):
        if not game_key(app, name, kind):
            trump_key(app, name)

    def draw(self, app):
        fb = app.fb
        g = app.game
        self.game = g
        self.hand = g.hand_number
        self.loads = None if g.settings["bidding"] == "open" else "tallyboard.ui.private"
        header(app, g)
        # The entry layout: page 2 the question, then one key per suit.
        text.draw(fb, t("trump_q"), 0, 14)  # line 2
        y = 30  # line 4
        x = 4
        for i in range(4):
            x = text.draw(fb, _TRUMP_ARROWS[i], x, y)
            x = text.draw(fb, SUIT_SIGNS[i], x + 1, y) + 8
        text.draw(fb, t("trump_ok"), 4, 46)  # line 6: "OK: no trump"


# Pixels of the keys part of the score table's trump line (arrow and sign
# per suit, "OK-"): 4 * (two 6 px glyphs + 2) + 1 + "OK" + 1 + "-".
_TRUMP_KEYS_W = const(76)


def draw_trump_keys(fb, y):
    """ "Trump ▲♠ ▶♥ ▼♦ ◀♣ OK-" inverted on line ``y`` of the score table:
    the question the next round asks (OK: no trump). The keys are drawn
    flush right; the word before them, whole: 8 letters ("Briscola") fit."""
    fb.fill_rect(0, y + 2, widgets.W, 8, 1)  # the line's page, as ui.bid_line's
    text.draw(fb, t("trump"), 1, y, text.SMALL, 0)
    x = widgets.W - _TRUMP_KEYS_W
    for i in range(4):
        x = text.draw(fb, _TRUMP_ARROWS[i], x, y, text.SMALL, 0)
        x = text.draw(fb, SUIT_SIGNS[i], x, y, text.SMALL, 0) + 2
    x = text.draw(fb, "OK", x + 1, y, text.SMALL, 0)
    text.draw(fb, "-", x + 1, y, text.SMALL, 0)

