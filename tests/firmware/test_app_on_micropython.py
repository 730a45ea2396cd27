# SPDX-License-Identifier: MIT
"""The board app on the real MicroPython VM (the unix port at the tests'
fixed heap): whole games of each game played through the UI give the same
screens, byte for byte, as on CPython; whole games played through the real
buttons object, with the journal on the flash folder and the serial link
fetching them, end as on CPython; and firmware/main.py imports cleanly with
a stand-in ``machine`` module."""

import json
import pathlib
import sys
import types

import pytest

from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import play_plan
from tests.mpvm import HEAPSIZE, payload_lines

GAMES = (("spades", 4, {"bags": True}), ("wizard", 4, {"even_bids": "canadian"}), ("hearts", 4, {}))
# The whole games of the issue: Spades to 500, Wizard with 6 players (10
# rounds), Hearts to 100 (Spades by default, Hearts by setting).
WHOLE = (("spades", 4, {}), ("wizard", 6, {}), ("hearts", 4, {"target": 100}))


def _plan():
    plan = []
    for game, players, settings in GAMES:
        hands = corpus(game, games=1, n=players)[0]
        if game == "wizard":
            hands = _legal_canadian(hands)
        plan.append([game, players, settings, hands])
    return plan


def _legal_canadian(hands):
    # Replay the hands through the core and move any bid the canadian rule
    # forbids by one, so the scripted hands stay legal.
    from tricktally import new_game

    g = new_game("wizard", ["P1", "P2", "P3", "P4"], 0, {"even_bids": "canadian"})
    fixed = []
    for i, hand in enumerate(hands):
        hand = dict(hand, bids=list(hand["bids"]))
        g.enter("trump", None, hand["trump"])
        for s in g.bid_order(g.dealer):
            if hand["bids"][s] == g.forbidden_bid():
                hand["bids"][s] += 1 if hand["bids"][s] == 0 else -1
            g.enter("bid", s, hand["bids"][s])
        for s in g.bid_order(g.dealer):
            g.enter("tricks", s, hand["tricks"][s])
        fixed.append(hand)
    return fixed


def test_whole_games_draw_the_same_bytes_on_micropython():
    plan = _plan()
    here = play_plan(plan)
    there = payload_lines("ui_plan", data="\n".join(json.dumps(game) for game in plan))
    assert len(here) == len(there) == len(plan) + 1
    # the tour of the other screens: same frames, same place at the end
    assert here[-1]["screen"] == there[-1]["screen"]
    assert len(here[-1]["frames"]) > 60
    assert here[-1]["frames"] == there[-1]["frames"]
    for (game, _, _, _), a, b in zip(plan, here, there):
        assert len(a["frames"]) > 50, game
        assert a["counts"] == b["counts"], game
        assert a["totals"] == b["totals"], game
        # one CRC of the panel per button press: identical screens
        assert a["frames"] == b["frames"], game
        assert a["sent"] == b["sent"], game


def whole_games():
    """[game, players, settings, hands] for each game of WHOLE: enough
    corpus hands for the game to end."""
    return [[game, n, settings, corpus(game, games=1, n=n)[0]] for game, n, settings in WHOLE]


def app_game_input(data):
    """tt_data.json for tests/payloads/app_game.py: the options, then each
    game's line and one line per hand (the payload reads them as it plays)."""
    lines = [json.dumps({k: v for k, v in data.items() if k != "games"})]
    for game, players, settings, hands in data["games"]:
        lines.append(json.dumps([game, players, settings, len(hands)]))
        lines += [json.dumps(hand) for hand in hands]
    return "\n".join(lines)


def _play_on_cpython(tmp_path, monkeypatch, data):
    monkeypatch.syspath_prepend(str(pathlib.Path(__file__).parent))
    monkeypatch.chdir(tmp_path)
    from tests.payloads.app_game import play

    return play(data, data["games"])


@pytest.fixture(scope="module")
def whole_on_vm():
    data = {"games": whole_games(), "measure": True}
    return data, payload_lines("app_game", data=app_game_input(data))


def test_whole_games_through_the_buttons_end_on_micropython(whole_on_vm):
    data, lines = whole_on_vm
    games = [line for line in lines if "game" in line]
    assert [g["game"] for g in games] == ["spades", "wizard", "hearts"]
    for g in games:
        # every game reached its end, closed its journal and went home
        assert g["finished"] and g["screen"] == "Menu", g
    spades, wizard, hearts = games
    assert max(spades["totals"]) >= 500
    assert wizard["hands"] == 10 and len(wizard["totals"]) == 6
    assert max(hearts["totals"]) >= 100
    link = [line["link"] for line in lines if "link" in line][0]
    assert set(link["status"]) == {"OK"}
    assert sorted(link["games"]) == ["1", "2", "3"]
    heap = [line for line in lines if "heap" in line][0]
    # the VM really ran at the fixed heap, with collections between presses
    assert heap["heap"] <= HEAPSIZE and heap["min_free"] > 0
    # every press measured: the hands' and those filling in the new-game forms
    assert heap["press_count"] > sum(g["presses"] for g in games)


def test_whole_games_through_the_buttons_match_cpython(whole_on_vm, tmp_path, monkeypatch):
    data, lines = whole_on_vm
    here = _play_on_cpython(tmp_path, monkeypatch, dict(data, measure=False))
    assert [_without_modules(x) for x in here if "game" in x] == [_without_modules(x) for x in lines if "game" in x]
    # the journal files the link fetched: the same bytes on both
    assert [x for x in here if "link" in x] == [x for x in lines if "link" in x]


def _without_modules(line):
    # which modules are loaded and the heap are the VM's business (CPython's
    # test process has imported everything)
    return {k: v for k, v in line.items() if k not in ("modules", "heap_used")}


def test_only_the_screens_in_use_are_in_memory_on_micropython(whole_on_vm):
    data, lines = whole_on_vm
    wizard = [x for x in lines if x.get("game") == "wizard"][0]["modules"]
    # during a game: the game's screens and rules, no menu, no link, one table
    assert "tallyboard.ui.entry" in wizard and "tricktally.wizard" in wizard
    # the Spades game before it is over: its rules left at home
    assert "tricktally.spades" not in wizard
    hearts = [x for x in lines if x.get("game") == "hearts"][0]["modules"]
    assert "tricktally.spades" not in hearts and "tricktally.wizard" not in hearts
    for name in ("tallyboard.ui.setup", "tallyboard.ui.home", "tallyboard.ui.menu", "tallyboard.link",
                 "tallyboard.frames", "tallyboard.moves", "tallyboard.config_store", "tallyboard.lang_file", "tricktally.settings"):
        assert name not in wizard, name
    # the journal's boot code left after boot, its other operations (new
    # game, sync, acks), generic writer and format names, and the file
    # store's atomic replace, at the first record; the test-only file store
    # never came
    for name in ("tallyboard.journal.boot", "tallyboard.journal.read", "tallyboard.journal.encode", "tallyfakes.memfs",
                 "tallyboard.journal.games", "tallyboard.journal.sync", "tallyboard.fs_more"):
        assert name not in wizard, name
    assert "tallyboard.journal.journal" in wizard and "tallyboard.fs" in wizard
    # the strings are read from the flash (lang_en.bin): no table module
    assert [m for m in wizard if "lang_" in m] == []
    # at the end, on the home menu after the sync: the menus and the link,
    # and the game screens forgotten
    end = [x for x in lines if "modules" in x and "game" not in x][0]["modules"]
    assert "tallyboard.ui.home" in end and "tallyboard.link" in end
    assert "tallyboard.ui.entry" not in end and "tallyboard.ui.table" not in end and "tallyboard.ui.hand" not in end
    # no game's rules (all three are over), nor the journal's operations
    # that ended them
    for name in ("tricktally.spades", "tricktally.wizard", "tricktally.hearts", "tallyboard.journal.games"):
        assert name not in end, name


def test_main_imports_with_a_stand_in_machine(monkeypatch):
    machine = types.ModuleType("machine")
    machine.I2C = lambda *a, **k: None
    machine.Pin = type("Pin", (), {"IN": 0, "PULL_UP": 1, "__init__": lambda self, *a, **k: None, "value": lambda self: 1})
    machine.unique_id = lambda: b"\x01\x02\x03\x04"
    monkeypatch.setitem(sys.modules, "machine", machine)
    root = pathlib.Path(__file__).resolve().parents[2] / "firmware"
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.delitem(sys.modules, "main", raising=False)
    import main

    assert callable(main.main)
    assert main._device_id() == "01020304"
    rng = main._rng()
    assert all(0 <= rng(6) < 6 for _ in range(20))
