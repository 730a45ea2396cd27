# SPDX-License-Identifier: MIT
"""`tricktally rescore`: identities over generated games of every game and
setting, illegal hands reported with the hand and the rule, bad --set lines,
the season summary (--all)."""

import json
import random

import pytest
from click.testing import CliRunner

from tests.core.play import SETTING_CHOICES, random_game, snapshot
from tests.host.league_corpus import store
from tricktally import RuleError
from tricktally.record import from_record, summary, to_record
from tricktally_host.cli import main
from tricktally_host.db import Database
from tricktally_host.rescore import SettingError, changes_for, parse_value, rescore


def _run(*args):
    return CliRunner().invoke(main, list(args))


def _games(count, name, seed):
    """``count`` random games of ``name`` (some unfinished, with an entry-level
    ``current`` hand), as records."""
    out = []
    for i in range(count):
        _setup, _entries, game = random_game(seed * 1000 + i, name, max_entries=random.Random(i).choice([37, 400, 6000]))
        out.append(to_record(game))
    return out


@pytest.mark.parametrize("name", sorted(SETTING_CHOICES))
def test_rescoring_under_the_same_settings_changes_nothing(name):
    records = _games(40, name, seed=len(name))
    kinds = set()
    for record in records:
        played = from_record(record)
        kinds.add((played.finished, bool(record.get("current"))))
        # No change at all, and every setting set again to the value it has.
        for changes in [{}] + [{k: v} for k, v in played.settings.items() if k != "players"]:
            result = rescore(record, changes)
            assert result.problem is None and result.not_played == [] and result.notes == []
            assert snapshot(result.rescored) == snapshot(played)
            assert result.winner_changed is False
    assert (True, False) in kinds and (False, True) in kinds  # finished and mid-hand games were tried


@pytest.mark.parametrize("name", sorted(SETTING_CHOICES))
def test_every_other_setting_agrees_with_the_core_replaying_the_changed_record(name):
    """Where a changed record is legal as it stands, re-scoring gives exactly
    what the core gives for that record (no second scorer)."""
    compared = 0
    for record in _games(25, name, seed=7):
        played = from_record(record)
        for setting, values in SETTING_CHOICES[name].items():
            for value in values:
                changed = dict(record, settings=dict(record["settings"], **{setting: value}))
                try:
                    expected = from_record(changed)
                except RuleError:
                    continue
                try:
                    result = rescore(record, {setting: value}, played)
                except RuleError:
                    continue
                if result.notes or result.not_played:
                    continue
                assert result.problem is None
                assert summary(result.rescored) == summary(expected)
                compared += 1
    assert compared > 100


def test_a_hand_made_illegal_is_reported_with_the_hand_seat_and_rule(new_db_target):
    record = {
        "game": "spades",
        "players": ["Ana", "Ben", "Cy", "Dee"],
        "settings": {"nil": True, "target": 200},
        "hands": [
            {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
            {"bids": [3, 0, 5, 4], "tricks": [4, 0, 5, 4]},
            {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
        ],
    }
    result = rescore(record, {"nil": False})
    assert result.problem is not None
    assert (result.problem.hand, result.problem.seat, result.problem.rule) == (2, 1, "nil")
    assert len(result.rescored.hands) == 1 and result.winner_changed is None
    out = _cli_one(new_db_target, record, "--set", "nil=off")
    # A rule broken exits 2, as `tricktally score` does: the sheet up to the
    # hand on stdout, one line naming the hand, the seat and the rule on stderr.
    assert out.exit_code == 2
    assert "illegal" in out.stdout
    err = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("error:")
    assert "hand 2, seat 1 (Ben)" in err[0] and "[rule: nil]" in err[0]


def test_a_wizard_dealer_bid_that_even_bids_forbids_is_reported():
    # Round 1, dealer seat 3 bids 0 after 1, 0, 0: the bids add up to 1.
    record = {"game": "wizard", "players": ["A", "B", "C", "D"], "first_dealer": 3,
              "hands": [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]}
    result = rescore(record, {"even_bids": "never"})
    assert (result.problem.hand, result.problem.seat, result.problem.rule) == (1, 3, "even_bids")
    # canadian_zero (the 2007 wording) always allows a bid of 0.
    assert rescore(record, {"even_bids": parse_value("wizard", "even_bids", "2007")}).problem is None


def test_a_lower_target_ends_the_game_sooner_and_lists_the_hands_not_played():
    record = {"game": "hearts", "players": ["A", "B", "C", "D"], "settings": {"target": 100},
              "hands": [{"hearts": [13, 0, 0, 0], "queen": 1}] * 2 + [{"hearts": [0, 13, 0, 0], "queen": 2}] * 3}
    played = from_record(record)
    result = rescore(record, {"target": 20})
    # After hand 2 the target is passed but C and D share the lowest total
    # (tie: play_on), so hand 3 is played and D wins alone.
    assert result.problem is None and result.not_played == [4, 5]
    assert result.rescored.finished and [result.rescored.players[s] for s in result.rescored.winners] == ["D"]
    # As played nobody has won yet: the other target ends the game, which is
    # not a change of winner.
    assert not played.finished
    assert result.outcome == "ends" and result.winner_changed is False


def test_facts_a_setting_does_not_score_are_left_out_and_said_so():
    record = {"game": "hearts", "players": ["A", "B", "C", "D"], "settings": {"omnibus": True, "moon": "choice"},
              "hands": [{"hearts": [13, 0, 0, 0], "queen": 0, "jack": 1, "moon": "self_minus"}]}
    result = rescore(record, {"omnibus": False, "moon": "others_plus"})
    assert result.problem is None and len(result.notes) == 2
    assert result.rescored.totals == [0, 26, 26, 26]
    # Turning omnibus on needs a fact the record does not have: reported, not guessed.
    plain = {"game": "hearts", "players": ["A", "B", "C", "D"], "hands": [{"hearts": [5, 4, 4, 0], "queen": 1}]}
    problem = rescore(plain, {"omnibus": True}).problem
    assert (problem.hand, problem.rule) == (1, "omnibus")


def test_set_values_and_names_are_checked_with_one_line_listing_valid_ones():
    assert changes_for("spades", {"bags": "off", "target": "300"}) == {"bags": False, "target": 300}
    assert changes_for("wizard", {"even_bids": "2007"}) == {"even_bids": "canadian_zero"}
    for name, text, words in [
        ("bags", "maybe", "off, on"),
        ("even_bids", "sometimes", "canadian_zero (or 2007)"),
        ("target", "-5", "a whole number from 1 to 999999999"),
        ("colour", "red", "partners, target, bags"),
    ]:
        with pytest.raises(SettingError) as e:
            changes_for("spades" if name != "even_bids" else "wizard", {name: text})
        assert words in str(e.value) and "\n" not in str(e.value)


def _cli_one(new_db_target, record, *args):
    path = new_db_target()
    with Database(path) as db:
        store(db, [record])
    return _run("rescore", "1", *args, "--db", path)


def test_the_command_shows_both_sheets_and_refuses_bad_sets(new_db_target):
    record = {"game": "spades", "players": ["Ana", "Ben"], "settings": {"bags": True, "target": 200},
              "hands": [{"bids": [5, 5], "tricks": [13, 13]}] * 3}
    out = _cli_one(new_db_target, record, "--set", "bags=off", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["played"]["totals"] == [-26, -26] and data["rescored"]["totals"] == [174, 174]
    assert data["changes"] == {"bags": False} and data["problem"] is None
    shown = _cli_one(new_db_target, record, "--set", "bags=off")
    assert "-26" in shown.output and "174" in shown.output and "As played" in shown.output
    for bad, words in [("bags=perhaps", "bags is one of off, on"), ("even_bids=never", "spades has no setting"),
                       ("bags", "give NAME=VALUE"), ("players=3", "cannot be changed")]:
        out = _cli_one(new_db_target, record, "--set", bad)
        assert out.exit_code == 2 and words in out.output and out.output.count("\n") == 1, out.output


def test_all_counts_how_often_the_winner_changes(db_target):
    records = [to_record(random_game(seed, "hearts", max_entries=6000)[2]) for seed in range(12)]
    records += [to_record(random_game(seed, "wizard", max_entries=6000)[2]) for seed in range(3)]
    for i, r in enumerate(records):
        r["created"] = 1_699_963_200 + i * 86400  # noon UTC: the same day in any time zone
    path = db_target
    with Database(path) as db:
        store(db, records)
    out = _run("rescore", "--all", "--set", "target=30", "--json", "--db", path)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    expected = 0
    for r in records[:12]:
        result = rescore(r, {"target": 30})
        expected += bool(result.problem is None and result.winner_changed)
    assert data["rescored"] == 12 and len(data["changed"]) == expected and data["left_out"] == {"wizard": 3}
    text = _run("rescore", "--all", "--set", "target=30", "--db", path).output
    assert "Rescored 12 games under target=30: the winner changes in %d" % expected in text
    # --until cuts the season.
    few = json.loads(_run("rescore", "--all", "--set", "target=30", "--json", "--until", "2023-11-16", "--db", path).output)
    assert few["rescored"] == 3  # 14, 15 and 16 November


@pytest.mark.parametrize("before, after", [("delayed", "open"), ("open", "delayed"), ("hidden", "delayed")])
def test_bidding_changes_keep_an_unfinished_hand_and_its_scores(before, after):
    """Bidding only changes when bids are shown: the "first card played" step
    is added or left out of an unfinished hand, nothing else moves."""
    record = {"game": "wizard", "players": ["A", "B", "C"], "settings": {"bidding": before},
              "hands": [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [1, 1, 1], "tricks": [0, 1, 1]}],
              "current": [["bid", 0, 1], ["bid", 1, 2], ["bid", 2, 1]]}
    if before == "delayed":
        record["current"].append(["first_card", None, 1])
    record["current"].append(["tricks", 0, 1])
    played = from_record(record)
    result = rescore(record, {"bidding": after})
    assert result.problem is None and result.notes == []
    assert summary(result.rescored) == summary(played)
    assert result.rescored.current_entries()[-1] == ("tricks", 0, 1) and result.rescored.kind == "tricks"
