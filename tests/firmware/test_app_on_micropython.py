# SPDX-License-Identifier: MIT
"""The board app on the real MicroPython VM: whole games of each game played
through the UI give the same screens, byte for byte, as on CPython; and
firmware/main.py imports cleanly with a stand-in ``machine`` module."""

import json
import pathlib
import sys
import types

from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import play_plan
from tests.mpvm import run_micropython

SCRIPT = pathlib.Path(__file__).with_name("ui_script.py")
GAMES = (("spades", 4, {"bags": True}), ("wizard", 4, {"even_bids": "canadian"}), ("hearts", 4, {}))

VM_CODE = """
import json
print("RESULT " + json.dumps(play_plan(json.loads(tt_data()))))
"""


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
    out = run_micropython(SCRIPT.read_text(encoding="utf-8") + VM_CODE, fuel=60_000_000_000, data=json.dumps(plan))
    there = json.loads(out.split("RESULT ", 1)[1])
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
