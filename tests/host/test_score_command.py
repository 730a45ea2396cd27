# SPDX-License-Identifier: MIT
"""`tricktally score FILE [--json]` through the installed command."""

import json
import pathlib
import subprocess
import sys

import pytest

from tests.core.play import random_game
from tricktally.record import summary, to_record

TRICKTALLY = pathlib.Path(sys.executable).parent / "tricktally"


def score(*args):
    return subprocess.run([str(TRICKTALLY), "score", *map(str, args)], capture_output=True, text=True)


def write(tmp_path, record, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record, encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_score_json_equals_core_summary(tmp_path, seed):
    _setup, _entries, game = random_game(seed)
    out = score(write(tmp_path, to_record(game)), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == summary(game)


def test_score_table_shows_hands_totals_and_winner(tmp_path):
    _setup, _entries, game = random_game(11, "wizard")
    assert game.finished
    out = score(write(tmp_path, to_record(game)))
    assert out.returncode == 0, out.stderr
    for name in game.players:
        assert name in out.stdout
    winners = [game.players[s] for s in game.winners]
    assert all(w in out.stdout.splitlines()[-1] for w in winners)
    for total in game.totals:
        assert str(total) in out.stdout


@pytest.mark.parametrize(
    "record, needles",
    [
        ({"game": "spades", "players": ["A", "B", "C", "D"], "hands": [{"bids": [0, 3, 3, 3], "tricks": [4, 3, 3, 3]}]}, ["hand 1", "seat 0", "nil"]),
        ({"game": "wizard", "players": ["A", "B", "C"], "settings": {"even_bids": "never"}, "hands": [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}]}, ["hand 1", "seat 0", "even_bids"]),
        ({"game": "hearts", "players": ["A", "B", "C", "D"], "hands": [{"hearts": [5, 5, 5, 5], "queen": 0}]}, ["hand 1", "seat", "hearts_total"]),
        ({"game": "hearts", "players": ["A", "B", "C", "D"], "settings": {"moon": "sometimes"}, "hands": []}, ["moon", "sometimes"]),
        ({"game": "bridge", "players": ["A", "B", "C", "D"], "hands": []}, ["bridge"]),
        ("{not json", ["not valid JSON", "line 1"]),
    ],
)
def test_bad_records_exit_2_with_one_line_naming_the_problem(tmp_path, record, needles):
    out = score(write(tmp_path, record))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    for needle in needles:
        assert needle in lines[0]
    assert out.stdout == ""


def test_missing_file_is_a_clear_error(tmp_path):
    out = score(tmp_path / "nope.json")
    assert out.returncode == 2
    assert "nope.json" in out.stderr
