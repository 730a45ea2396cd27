# SPDX-License-Identifier: MIT
"""tricktally_host.sim.screen_text: the screen's text rows read from what the
firmware draws, through partial redraws, a title bar copied from an earlier
drawing, the score table's glyphs blitted past text.draw, an undo's lines
over the title bar, and the dash of a value not entered yet."""

from tallyboard import i18n
from tests.firmware.ui_script import LONG, Session
from tricktally_host.sim.screen_text import ScreenText


def _board():
    s = Session()
    reader = ScreenText(s.display).start()
    s.app.config.set_roster(["Ana", "Ben", "Cy", "Dee"])
    s.app.go_home()
    s.app.redraw()
    return s, reader


def test_rows_follow_partial_redraws_and_mark_the_inverted_ones():
    s, reader = _board()
    try:
        assert reader.lines() == ["text:>TrickTally", "text:>New game", "text: Games", "text: Players", "text: Settings"]
        s.start_game("spades", 4)
        before = reader.lines()
        assert before[0].startswith("text:>Hand 1") and before[0].endswith("D: Ana")
        assert "text: Bid   -   -   -   -" in before  # the dashes are lines, not glyphs
        s.press("up")  # the value alone is redrawn (pages 3-4 and 6-7)
        after = reader.lines()
        assert after[0] == before[0] and after[2] == before[2]  # kept pages keep their text
        assert after[3] == "text: 4" and after[-1] == "text: bids 4/13"
    finally:
        reader.stop()


def test_the_score_tables_copied_title_bar_and_blitted_lines_are_read():
    s, reader = _board()
    try:
        s.start_game("hearts", 4, {"target": 200})
        for _ in range(2):
            s.play_hand({"hearts": [3, 4, 5, 1], "queen": 1})
        s.press("back")
        s._pick(i18n.t("scores"))
        rows = [row for row, _inverted in reader.rows()]
        # The title bar is copied from the game's first table, the hand's
        # number drawn on it; the sides' lines are blitted glyph by glyph.
        assert rows[0] == "Hand 2      +/-   Tot"
        assert rows[1].startswith("1 Dee") and rows[1].endswith("+1     2")
        s.press("up")  # hand 1: the bar copied again
        assert reader.rows()[0] == ("Hand 1      +/-   Tot", True)
    finally:
        reader.stop()


def test_an_undos_lines_cover_the_title_bar():
    s, reader = _board()
    try:
        s.start_game("spades", 4)
        s.press("ok")
        s.press("back", LONG)
        rows = [row for row, _inverted in reader.rows()]
        assert rows[0] == "Undone: Ben's bid 3" and not any(r.startswith("Hand 1") for r in rows)
        s.press("up")  # the next press: the title bar again
        assert reader.rows()[0][0].startswith("Hand 1")
    finally:
        reader.stop()


def test_stop_puts_the_drawing_calls_back():
    from tallyboard import text

    real = text.draw
    s, reader = _board()
    fill = s.display.fb.fill_rect
    assert text.draw is not real
    reader.stop()
    assert text.draw is real and "fill_rect" not in vars(s.display.fb)
    assert fill is not s.display.fb.fill_rect
