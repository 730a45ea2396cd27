# SPDX-License-Identifier: MIT
"""The settings tables, now written as text in settings.py (RAM on the
board), read into the same rows as before; amending loaded on demand."""

import sys

import pytest

from tricktally import RuleError, new_game, settings

# The rows as RULES.md gives them: (name, values with the default first, open).
EXPECTED = {
    "spades": (
        ("partners", (False, True), False),
        ("target", (500, 200), True),
        ("bags", (False, True), False),
        ("set_penalty", ("zero", "minus_bid"), False),
        ("nil", (False, True), False),
        ("blind_nil", (False, True), False),
    ),
    "wizard": (
        ("even_bids", ("allowed", "canadian", "canadian_zero", "never"), False),
        ("bidding", ("open", "hidden", "delayed"), False),
    ),
    "hearts": (
        ("target", (50, 100), True),
        ("moon", ("others_plus", "self_minus", "choice"), False),
        ("omnibus", (False, True), False),
        ("passing", ("rotate", "left", "none"), False),
        ("tie", ("play_on", "shared"), False),
    ),
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_table_rows_are_those_of_the_rules(game):
    rows = settings.table(game)
    assert rows == EXPECTED[game]
    for name, values, open_ in rows:
        # the types too: a boolean setting holds True/False, never 1/0
        assert [type(v) for v in values] == [type(v) for v in dict((r[0], r[1]) for r in EXPECTED[game])[name]]
        assert isinstance(values, tuple) and isinstance(open_, bool)


def test_table_after_another_game_is_still_right():
    # the rows of the game last asked for are kept: asking for another
    # game in between must not mix them up
    first = settings.table("hearts")
    assert settings.table("spades") == EXPECTED["spades"]
    assert settings.table("hearts") == first == EXPECTED["hearts"]


def test_unknown_game_is_refused():
    with pytest.raises(RuleError) as info:
        settings.table("bridge")
    assert info.value.rule == "game"
    assert "unknown game 'bridge'" in str(info.value)


def test_complete_defaults_and_refusals():
    assert settings.complete("wizard", {}, 4) == {"players": 4, "even_bids": "allowed", "bidding": "open"}
    assert settings.complete("spades", {"target": 300}, 4)["target"] == 300
    with pytest.raises(RuleError) as info:
        settings.complete("spades", {"target": 0}, 4)
    assert str(info.value) == (
        "setting target of spades cannot be 0 (allowed: 500, 200 or any positive whole number) [rule: target]"
    )
    with pytest.raises(RuleError) as info:
        settings.complete("spades", {"nil": 1}, 4)
    assert str(info.value) == "setting nil of spades cannot be 1 (allowed: false, true) [rule: nil]"
    with pytest.raises(RuleError) as info:
        settings.complete("hearts", {"moon": "never"}, 4)
    assert "allowed: others_plus, self_minus, choice)" in str(info.value)
    with pytest.raises(RuleError) as info:
        settings.complete("wizard", {"trumps": True}, 4)
    assert str(info.value) == "wizard has no setting 'trumps' [rule: settings]"


def test_undo_amend_and_records_are_loaded_only_when_used():
    # On the board these modules stay out of RAM while a game is played:
    # entering values needs only the package, game.py and the game's module.
    for name in ("tricktally.undo", "tricktally.amend", "tricktally.record", "tricktally.messages"):
        sys.modules.pop(name, None)
    game = new_game("wizard", ["A", "B", "C"])
    for kind in ("bid", "bid", "bid", "tricks", "tricks", "tricks"):
        game.enter(kind, game.seat, [0, 1, 0][game.seat])
    loaded = [m for m in ("tricktally.undo", "tricktally.amend", "tricktally.record") if m in sys.modules]
    assert loaded == []
    assert game.hands[0].scores == [20, 30, 20]
    assert game.last_entry() == ("tricks", 0, 0)
    assert "tricktally.undo" in sys.modules and "tricktally.amend" not in sys.modules
    assert game.undo()
    game.enter("tricks", game.seat, 0)
    assert "tricktally.record" not in sys.modules and "tricktally.amend" not in sys.modules
    # A refusal on the board is shown by its rule: its English text stays unloaded.
    with pytest.raises(RuleError) as info:
        game.enter("bid", game.seat, 9)
    assert info.value.rule == "bid_range" and "tricktally.messages" not in sys.modules
    assert "not 9" in str(info.value) and "tricktally.messages" in sys.modules
    game.amend(0, {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert "tricktally.record" in sys.modules and "tricktally.amend" in sys.modules
    assert game.hands[0].scores == [30, 20, 20]
    assert game.last_entry() == ("amend", None, 0)
    assert game.undo()
    assert game.hands[0].scores == [20, 30, 20]
