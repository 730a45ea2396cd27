# SPDX-License-Identifier: MIT
"""Seeing what a screen writes: every ``text.draw`` call recorded (string,
x, y, font, colour) while it still draws (CPython tests only)."""

from tallyboard import text


def record_text(monkeypatch, owner):
    """Append ``(s, x, y, font, color)`` to ``owner.calls`` (looked up at
    each call: the owner may start a new list) for each string drawn."""
    real = text.draw

    def draw(fb, s, x, y, font=text.SMALL, color=1):
        owner.calls.append((s, x, y, font, color))
        return real(fb, s, x, y, font, color)

    monkeypatch.setattr(text, "draw", draw)
