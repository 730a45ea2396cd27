# SPDX-License-Identifier: MIT
"""Whole games of each game played through the board UI (buttons in,
screens out), checked against the core scoring the same hands directly."""

import pytest

from tricktally.record import from_record
from tallyboard.app import App
from tallyboard.display import Display
from tallyfakes.describe import describe
from tallyfakes.fake_clock import FakeClock
from tallyfakes.memfs import MemFS
from tallyfakes.simbus import SimI2C
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session, _t


def _expected(game, players, hands, settings=None):
    rec = {"game": game, "players": ["P%d" % (i + 1) for i in range(players)], "first_dealer": 0,
           "settings": settings or {}, "hands": []}
    g = from_record(rec)
    for i, hand in enumerate(hands):
        if g.finished:
            break
        for kind, seat, value in g.dict_to_entries(hand, i + 1):
            g.enter(kind, seat, value)
    return g


@pytest.mark.parametrize("game,players", [("spades", 4), ("wizard", 4), ("hearts", 4), ("spades", 2), ("wizard", 3), ("hearts", 5)])
@pytest.mark.parametrize("smart", [True, False])
def test_whole_game_through_the_ui_scores_like_the_core(game, players, smart):
    hands = corpus(game, games=1, n=players)[0]
    s = Session(smart=smart)
    s.start_game(game, players)
    g = s.app.game  # the app lets it go on the home menu once over
    played = 0
    for hand in hands:
        if g.finished:
            break
        s.play_hand(hand)
        played += 1
    want = _expected(game, players, hands)
    assert g.totals == want.totals
    assert g.finished == want.finished and g.finished
    assert g.winners == want.winners
    # the game over table closes the game and goes home
    assert s.app.screen.__class__.__name__ == "Menu"
    # every entry is in the journal: a reboot rebuilds the same game
    stored = [st for st in s.app.journal.boot() if st.game_id is not None]
    assert stored[-1].game.totals == want.totals


def test_resume_after_reboot_lands_on_the_same_screen():
    fs = MemFS()
    s = Session(fs=fs)
    s.start_game("wizard", 4)
    hand = corpus("wizard", games=1)[0][2]
    s.play_hand(corpus("wizard", games=1)[0][0])
    s.play_hand(corpus("wizard", games=1)[0][1])
    s.press("up")  # trump: spades
    s.press("ok")  # first bid
    before = describe(s.app)
    frame = bytes(s.bus.gddram)
    again = Session(fs=fs)
    assert describe(again.app) == before
    assert again.app.game.trump == "S"
    assert bytes(again.bus.gddram) == frame
    assert hand  # the corpus round 3 is still there to play
    again.play_hand(hand)
    assert len(again.app.game.hands) == 3


def test_two_to_six_sides_fit_the_score_table():
    for game, players in (("spades", 2), ("wizard", 6), ("hearts", 5)):
        s = Session()
        s.start_game(game, players)
        s.play_hand(corpus(game, games=1, n=players)[0][0])
        s.press("back")  # game menu
        s._pick(_t("scores"))
        assert s.app.screen.__class__.__name__ == "TableScreen"
        rows = s.bus.rows()
        # a line of pixels in each of the side rows (pages 1..n)
        for side in range(len(s.app.game.sides)):
            page = rows[8 * (1 + side):8 * (2 + side)]
            assert any("#" in r for r in page), "side %d missing from the table" % side


def test_partnerships_show_two_sides():
    s = Session()
    s.start_game("spades", 4, {"partners": True})
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]})
    assert s.app.side_names == ["P1+P3", "P2+P4"]
    assert s.app.game.totals == [60, 61]  # P2 took the overtrick: a bag for P2+P4


def test_random_first_dealer_uses_the_injected_rng():
    s = Session(rng=lambda n: n - 1)
    s.start_game("hearts", 4, dealer=-1)
    assert s.app.game.first_dealer == 3


def test_app_boots_on_an_empty_flash_at_home():
    bus = SimI2C()
    app = App(Display(bus), None, MemFS(), FakeClock())
    assert app.screen.__class__.__name__ == "Menu"
    assert app.game is None
    assert bus.bytes_sent > 1024  # the first frame went out whole
