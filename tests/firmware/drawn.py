# SPDX-License-Identifier: MIT
"""Seeing what a screen writes: every ``text.draw``, ``text.left`` and
``text.right`` call recorded (string, left x, y, font, colour) while it
still draws (CPython tests only); one of them handing over to another is
recorded once. An int is recorded as the string drawn for it ("+3" with its
sign)."""

from tallyboard import text
from tallyboard.ui import widgets


def record_text(monkeypatch, owner):
    """Append ``(s, x, y, font, color)`` to ``owner.calls`` (looked up at
    each call: the owner may start a new list) for each string drawn."""
    real_draw, real_left, real_right = text.draw, text.left, text.right
    depth = [0]

    def record(s, x, y, font, color, sign, real, *args):
        if not depth[0]:
            shown = s
            if isinstance(s, int):
                shown = ("+%d" if sign and s >= 0 else "%d") % s
            owner.calls.append((shown, x, y, font or text.SMALL, color))
        depth[0] += 1
        try:
            return real(*args)
        finally:
            depth[0] -= 1

    def draw(fb, s, x, y, font=None, color=1, sign=False):
        return record(s, x, y, font, color, sign, real_draw, fb, s, x, y, font, color, sign)

    def left(fb, s, x, y, color=1):
        return record(s, x, y, None, color, False, real_left, fb, s, x, y, color)

    def right(fb, s, x, y, color=1, sign=False):
        return record(s, x - text.width(s, None, sign), y, None, color, sign, real_right, fb, s, x, y, color, sign)

    monkeypatch.setattr(text, "draw", draw)
    monkeypatch.setattr(text, "left", left)
    monkeypatch.setattr(text, "right", right)
    real_paint = widgets.paint

    def paint(app):
        # Every frame drawn whole, so that every string on it is seen
        # (tests/firmware/test_ui_partial.py checks the partial redraws).
        widgets._last[0] = None
        real_paint(app)

    monkeypatch.setattr(widgets, "paint", paint)
