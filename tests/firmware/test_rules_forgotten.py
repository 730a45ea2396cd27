# SPDX-License-Identifier: MIT
"""A game's rules module (tricktally.spades, .wizard, .hearts) leaves RAM
once no Game of its kind is left on the board (moves.forget_rules, on
the home menu and when a game starts), and stays while a paused game of its
kind exists: a Game keeps its class, so forgetting that module would only
load a second copy of it when the game resumes. Checked through the app on
CPython (unload works the same there) and on the MicroPython unix port."""

import sys

from tallyfakes.describe import describe
from tests.firmware.test_app_on_micropython import app_game_input
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session
from tests.mpvm import payload_lines

RULES = ("tricktally.spades", "tricktally.wizard", "tricktally.hearts")


def _finish(s, game, players, settings, seed=3):
    s.start_game(game, players, settings)
    g = s.app.game
    for hand in corpus(game, games=1, n=players, seed=seed)[0]:
        if g.finished:
            break
        s.play_hand(hand)
    assert g.finished and s.screen() == "Menu", describe(s.app)
    return g


def test_a_game_over_lets_its_rules_go_and_the_next_game_loads_only_its_own():
    s = Session()
    _finish(s, "hearts", 4, {"target": 50})
    # home after the game: the app holds no Game, no rules are loaded
    assert s.app.game is None
    assert [m for m in RULES if m in sys.modules] == []
    s.start_game("wizard", 4, {})
    assert [m for m in RULES if m in sys.modules] == ["tricktally.wizard"]


def test_a_paused_game_keeps_its_rules_and_resumes_with_the_same_class():
    s = Session()
    s.start_game("spades", 4, {})
    s.play_hand(corpus("spades", games=1, n=4)[0][0])
    paused = s.app.game
    s.home()  # paused, unfinished
    _finish(s, "hearts", 4, {"target": 50})
    # the hearts game is over; the paused Spades game still needs its rules
    assert "tricktally.hearts" not in sys.modules
    spades = sys.modules["tricktally.spades"]
    assert type(paused) is spades.Spades
    s.app.open_game(s.app.unfinished())
    assert s.app.game is paused and s.app.game.hand_number == 2
    # no second copy was loaded: the game's class is the module's class
    assert sys.modules["tricktally.spades"] is spades
    assert type(s.app.game) is sys.modules["tricktally.spades"].Spades


def test_a_paused_game_kept_across_a_reboot_keeps_its_rules():
    s = Session()
    s.start_game("spades", 4, {})
    s.play_hand(corpus("spades", games=1, n=4)[0][0])
    # the board restarts: the journal's Stored holds the paused game
    again = Session(fs=s.fs)
    again.home()
    stored = again.app.unfinished()
    assert stored is not None and stored.game.NAME == "spades"
    _finish(again, "hearts", 4, {"target": 50})
    assert "tricktally.hearts" not in sys.modules
    assert type(stored.game) is sys.modules["tricktally.spades"].Spades


def _vm_games(games):
    data = {"games": games, "measure": False}
    return payload_lines("app_game", data=app_game_input(data))


def test_on_micropython_a_game_over_leaves_no_rules_behind_but_a_paused_one_does():
    spades = corpus("spades", games=1, n=4)[0]
    wizard = corpus("wizard", games=1, n=3)[0]
    hearts = corpus("hearts", games=1, n=4, seed=3)[0]
    # Spades paused after one hand, a whole Wizard game, a whole Hearts game
    lines = _vm_games([["spades", 4, {}, spades[:1]], ["wizard", 3, {}, wizard], ["hearts", 4, {"target": 50}, hearts]])
    games = [line for line in lines if "game" in line]
    assert [(g["game"], g["finished"]) for g in games] == [("spades", False), ("wizard", True), ("hearts", True)]
    during = {g["game"]: [m for m in RULES if m in g["modules"]] for g in games}
    # the paused Spades game keeps its rules; the Wizard game over lets its go
    assert during["wizard"] == ["tricktally.spades", "tricktally.wizard"]
    assert during["hearts"] == ["tricktally.spades", "tricktally.hearts"]
    end = [x for x in lines if "modules" in x and "game" not in x][0]["modules"]
    assert [m for m in RULES if m in end] == ["tricktally.spades"]
