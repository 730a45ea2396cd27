# SPDX-License-Identifier: MIT
"""Partial redraws (tallyboard.ui.widgets.paint): an ordinary key press
redraws only the pages its screen says changed. After every press of whole
games the framebuffer must hold exactly what a full redraw draws, and the
ordinary presses must really take the partial path."""

import pytest

from tallyboard import text
from tallyboard.ui import widgets
from tallyfakes.describe import describe
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session

GAMES = [
    ("wizard", 6, {"bidding": "hidden"}),
    ("wizard", 4, {}),
    ("wizard", 3, {"bidding": "delayed"}),
    ("spades", 4, {"bags": True}),
    ("hearts", 4, {"target": 100}),
]


class Checked(Session):
    """A Session that, after every press, draws the screen again in full
    and compares the two frames."""

    def __init__(self):
        Session.__init__(self)
        self.partial = 0
        self.mismatch = []
        real_keep = self.display.keep

        def keep(pages):
            self.partial += 1
            real_keep(pages)

        self.display.keep = keep

    def press(self, name, kind=1):
        n = Session.press(self, name, kind)
        app = self.app
        drawn = bytes(self.display.buffer)
        app.fb.fill(0)
        app.screen.draw(app)
        if app.toast is not None:
            return n  # the toast forces a full redraw anyway
        full = bytes(self.display.buffer)
        if full != drawn:
            self.mismatch.append((self.presses, describe(app)))
        return n


# Capitals with accents reach 2 rows into the page above their line.
ACCENTED = ["\u00c9va", "\u00d1u\u00f1o", "\u00cdgor", "\u00c0da", "\u00d3scar", "\u00dbrsula"]


@pytest.mark.parametrize("game,players,settings", GAMES)
@pytest.mark.parametrize("accented", [False, True])
def test_partial_redraws_draw_what_full_redraws_draw(game, players, settings, accented):
    s = Checked()
    if accented:
        s.app.config.set_roster(ACCENTED)
    s.start_game(game, players, settings)
    if accented:
        assert s.app.game.players[0] == ACCENTED[0]
    g = s.app.game
    for hand in corpus(game, games=1, n=players, seed=11)[0]:
        if g.finished:
            break
        s.play_hand(hand)
    assert s.mismatch == []
    # The ordinary presses (a value, the next seat) went the partial way.
    assert s.partial > s.presses // 4


def test_a_value_change_redraws_only_its_pages():
    s = Session()
    s.start_game("wizard", 4, {})
    s.press("ok")  # the trump: none
    assert s.screen() == "NumberEntry" and s.app.screen.kind == "bid"
    drawn = []
    real = text.draw

    def spy(fb, v, x, y, font=None, color=1, sign=False):
        if text.MASK == 255 or text._pages(y, y + (font or text.SMALL).height) & text.MASK:
            drawn.append((v, y))
        return real(fb, v, x, y, font, color, sign)

    text.draw = spy
    try:
        s.press("up")
    finally:
        text.draw = real
    # Nothing on the title bar (line y=-2) was drawn again.
    assert drawn and all(y >= 6 for v, y in drawn)


def _panel_frames(monkeypatch, partial):
    # A board with power hardware: the battery mark and the pixel shift go
    # on every frame sent (the display's overlay).
    from tests.firmware.power_fakes import LoopSession

    if not partial:
        real = widgets.paint

        def whole(app):
            widgets._last[0] = None
            real(app)

        monkeypatch.setattr(widgets, "paint", whole)
    s = LoopSession(volts=3.0)
    s.app.keeper.shift = 1
    s.start_game("wizard", 4, {})
    for hand in corpus("wizard", games=1, n=4, seed=5)[0][:3]:
        s.play_hand(hand)
    monkeypatch.undo()
    return s.frames


def test_partial_redraws_under_the_battery_mark_and_pixel_shift(monkeypatch):
    partial = _panel_frames(monkeypatch, True)
    whole = _panel_frames(monkeypatch, False)
    assert len(partial) > 20 and partial == whole


class _Spy:
    """Records each text.draw call as (what, y) while installed."""

    def __init__(self, monkeypatch):
        self.calls = []
        real = text.draw

        def spy(fb, v, x, y, font=None, color=1, sign=False):
            self.calls.append((v, y))
            return real(fb, v, x, y, font, color, sign)

        monkeypatch.setattr(text, "draw", spy)


def _to_tricks(s, seats):
    # A 4-player Wizard game at its first round's tricks, ``seats`` seats
    # counted already: the picker's ordinary press is the next seat's count.
    s.start_game("wizard", 4, {})
    s.press("ok")  # the trump: none
    while s.app.screen.kind == "bid":
        s.press("ok")
    for _ in range(seats):
        s.press("ok")
    assert s.screen() == "NumberEntry" and s.app.screen.kind == "tricks"


@pytest.mark.parametrize("accented", [False, True])
def test_the_next_seats_count_draws_only_the_cells_that_changed(monkeypatch, accented):
    s = Session()
    if accented:
        s.app.config.set_roster(ACCENTED)
    _to_tricks(s, 0)
    g = s.app.game
    counted = s.app.screen.seat
    spy = _Spy(monkeypatch)
    s.press("ok")  # the first seat's count: the next seat is asked
    names = s.app.initials[: g.n]
    drawn = [v for v, y in spy.calls if y == 38]  # line 5, the names
    if accented:
        # A name's accent reaches page 4, which the value's neighbours
        # share: every name is drawn again (text.draw keeps only accents).
        assert len(drawn) == g.n + 2
    else:
        # Only the two cells that changed: the seat counted, the one asked.
        assert sorted(drawn) == sorted([names[counted], names[s.app.screen.seat]])


def test_the_next_pass_screen_draws_only_its_name(monkeypatch):
    s = Session()
    s.start_game("wizard", 4, {"bidding": "hidden"})
    s.press("ok")  # the trump: none
    assert s.screen() == "PassScreen"
    spy = _Spy(monkeypatch)
    s.press("ok")  # the first bidder bids the start shown
    assert s.screen() == "PassScreen"
    assert spy.calls == [(s.app.names[s.app.screen.seat], 22)]  # line 3


def test_a_missing_value_s_line_is_the_font_s_dash():
    from tallyboard.text import FrameBuffer, MONO_VLSB

    glyph = bytearray(64)
    line = bytearray(64)
    text.draw(FrameBuffer(glyph, 32, 16, MONO_VLSB), "-", 3, 2)
    FrameBuffer(line, 32, 16, MONO_VLSB).hline(3, 2 + 5, 5, 1)  # as ui.hand.draw_values draws it
    assert any(glyph) and glyph == line


def test_no_ascii_letter_reaches_the_page_above_its_line():
    # ui.hand.draw_names skips the names when only the page above them is
    # redrawn and every name is ASCII: only accented capitals have ink in
    # a SMALL cell's top two rows (their accents).
    from tallyboard.text import FrameBuffer, MONO_VLSB

    buf = bytearray(128 * 2)
    fb = FrameBuffer(buf, 128, 16, MONO_VLSB)
    for start in range(32, 127, 20):
        fb.fill(0)
        text.draw(fb, "".join(chr(c) for c in range(start, min(start + 20, 127))), 0, 0)
        assert any(buf), start
        assert not any(b & 3 for b in buf[:128]), "an ASCII glyph has ink in rows 0-1 (from %d)" % start
    fb.fill(0)
    text.draw(fb, "\u00c9", 0, 0)
    assert any(b & 3 for b in buf[:128])  # an accented capital does
