# SPDX-License-Identifier: MIT
"""Seeing what a screen writes: every ``text.draw`` call recorded (string,
x, y, font, colour) while it still draws (CPython tests only). An int is
recorded as the string drawn for it ("+3" with its sign), a line built as
UTF-8 bytes (ui.table's next deal) as its string."""

from tallyboard import text
from tallyboard.ui import widgets


def record_text(monkeypatch, owner):
    """Append ``(s, x, y, font, color)`` to ``owner.calls`` (looked up at
    each call: the owner may start a new list) for each string drawn."""
    real = text.draw

    def draw(fb, s, x, y, font=None, color=1, sign=False):
        font = font or text.SMALL
        shown = s
        if isinstance(s, int):
            shown = ("+%d" if sign and s >= 0 else "%d") % s
        elif not isinstance(s, str):
            shown = bytes(s).decode()
        owner.calls.append((shown, x, y, font, color))
        return real(fb, s, x, y, font, color, sign)

    monkeypatch.setattr(text, "draw", draw)
    real_paint = widgets.paint

    def paint(app):
        # Every frame drawn whole, so that every string on it is seen
        # (tests/firmware/test_ui_partial.py checks the partial redraws).
        widgets._last[0] = None
        real_paint(app)

    monkeypatch.setattr(widgets, "paint", paint)
