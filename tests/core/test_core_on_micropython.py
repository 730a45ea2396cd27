# SPDX-License-Identifier: MIT
"""The core on a real MicroPython VM: same scoring vectors, same results as CPython.

The vectors are random legal games played on CPython (the VM has no random
module); the VM replays the same entries through the core and prints each
game's summary and record, plus the errors it gives for illegal entries.
"""

import json

import pytest

from tests.core.play import random_game
from tests.mpvm import device_files, mpy_cross, payload_lines, run_micropython
from tests.payloads.core_vectors import replay_vector, through_json
from tricktally import RuleError, new_game


def vectors(count):
    out = []
    for seed in range(count):
        setup, entries, game = random_game(1000 + seed, ["spades", "wizard", "hearts"][seed % 3], max_entries=150)
        name, players, dealer, settings = setup
        illegal = [["bid", 0, 99], ["tricks", 1, -1], ["hearts", 0, 14], ["queen", None, 7]]
        out.append({"name": name, "players": players, "dealer": dealer, "settings": settings, "entries": [list(e) for e in entries], "illegal": illegal})
    return out


def test_scoring_vectors_on_micropython_match_cpython():
    vs = vectors(36)
    lines = payload_lines("core_vectors", data="\n".join(json.dumps(v) for v in vs))
    assert len(lines) == len(vs)
    hands = 0
    for v, got in zip(vs, lines):
        want = replay_vector(v, through_json)
        assert got == want, v["name"]
        hands += len(want["summary"]["hands"])
    assert hands > 100  # the vectors really play games, not empty ones


def test_rule_error_messages_identical_on_micropython():
    script = """
from tricktally import new_game, RuleError
g = new_game('wizard', ['Ana', 'Ben', 'Cy', 'Dee'], 0, {'even_bids': 'never'})
for s in (1, 2, 3):
    g.enter('bid', s, 0)
try:
    g.enter('bid', 0, 1)
except RuleError as e:
    print(str(e))
"""
    out = run_micropython(script).strip()
    g = new_game("wizard", ["Ana", "Ben", "Cy", "Dee"], 0, {"even_bids": "never"})
    for s in (1, 2, 3):
        g.enter("bid", s, 0)
    with pytest.raises(RuleError) as info:
        g.enter("bid", 0, 1)
    assert out == str(info.value)
    assert "seat 0 (Ana)" in out and "even_bids" in out


@pytest.mark.parametrize("path", device_files("shared"), ids=lambda p: p.name)
def test_mpy_cross_compiles_core_file(path, tmp_path):
    code, err = mpy_cross(path, tmp_path / "out.mpy")
    assert code == 0, err
    assert (tmp_path / "out.mpy").stat().st_size > 0


@pytest.mark.parametrize("name", ["spades", "wizard", "hearts"])
def test_a_game_on_micropython_loads_only_its_rules(name):
    # What a game keeps in the board's RAM: the package, game.py and the
    # game's module (and the settings, imported to create it). A refusal
    # read by its rule, as the board shows it, loads no text; taking back
    # loads tricktally.undo and nothing else.
    setup, entries, game = random_game(7, name, max_entries=30)
    assert game.kind is not None
    data = json.dumps({"setup": setup, "entries": [list(e) for e in entries]})
    script = """
import json, sys
from tricktally import RuleError, new_game
d = json.loads(tt_data())
name, players, dealer, settings = d['setup']
g = new_game(name, players, dealer, settings)
for kind, seat, value in d['entries']:
    g.enter(kind, seat, value)
try:
    g.enter(g.kind, g.seat, 99)
except RuleError as e:
    rule = e.rule
print(json.dumps([g.kind, rule, sorted(m for m in sys.modules if m.startswith('tricktally'))]))
g.undo()
print(json.dumps(sorted(m for m in sys.modules if m.startswith('tricktally'))))
"""
    lines = run_micropython(script, data=data).strip().splitlines()
    kind, rule, playing = json.loads(lines[-2])
    assert rule in (kind + "_range", kind)
    assert playing == sorted(["tricktally", "tricktally.game", "tricktally.settings", "tricktally." + name])
    assert json.loads(lines[-1]) == sorted(playing + ["tricktally.undo"])
