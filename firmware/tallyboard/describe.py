# SPDX-License-Identifier: MIT
"""``App.describe``: one line naming the screen and its state, for the
simulator and the tests (App.describe loads it; a board never asks)."""


def describe(app):
    """One line naming the screen and its state (simulator, tests)."""
    s = app.screen
    name = s.__class__.__name__
    g = app.game
    parts = [name]
    if g is not None and name in ("NumberEntry", "SeatEntry", "ChoiceEntry", "TrumpEntry", "PassScreen", "TableScreen", "RevealScreen", "FirstCardScreen", "FinalScreen"):
        # The game's own word for a deal, and seats counted from 1 as
        # players count them.
        parts.append("%s %s=%d" % (g.NAME, "round" if g.NAME == "wizard" else "hand", g.hand_number))
        if hasattr(s, "kind"):
            parts.append("kind=%s" % s.kind)
        if getattr(s, "seat", None) is not None:
            parts.append("seat=%d" % (s.seat + 1))
        if hasattr(s, "value"):
            parts.append("value=%d" % s.value)
        if name == "SeatEntry":
            parts.append("seat=%d" % (s.cursor + 1))
        elif hasattr(s, "cursor"):
            parts.append("cursor=%d" % s.cursor)
    elif hasattr(s, "title"):
        parts.append(str(s.title))
    if app.toast:
        parts.append("[%s]" % app.toast)
    return " ".join(parts)
