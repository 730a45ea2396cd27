# SPDX-License-Identifier: MIT
"""What every game checks: refusals name the seat and the rule and change nothing."""

import pytest

from tests.core.play import snapshot
from tests.core.test_rules_examples import P4, play_hand
from tricktally import RuleError, new_game
from tricktally.record import from_record


def refused(game, kind, seat, value):
    """Enter an illegal value; check the game is unchanged; return the error."""
    before = snapshot(game)
    with pytest.raises(RuleError) as info:
        game.enter(kind, seat, value)
    assert snapshot(game) == before
    return info.value


def test_spades_bid_zero_refused_without_nil_names_seat_and_rule():
    game = new_game("spades", P4, 0)
    err = refused(game, "bid", 1, 0)
    assert (err.hand, err.seat, err.rule) == (1, 1, "nil")
    assert "seat 1 (Ben)" in str(err) and "hand 1" in str(err) and "nil" in str(err)


def test_spades_nil_and_blind_nil_when_on():
    game = new_game("spades", P4, 0, {"nil": True, "blind_nil": True})
    assert game.legal_values()[:3] == [-1, 0, 1]
    game.enter("bid", 1, -1)
    game.enter("bid", 2, 0)
    game.enter("bid", 3, 6)
    game.enter("bid", 0, 6)
    hand = play_hand(game, tricks=[7, 0, 1, 5])
    # Seat 1 blind nil made: 0 tricks as contract-less side +200;
    # seat 2 nil failed with 1 trick: 1 bag point - 100.
    assert hand.scores == [61, 200, -99, 0]
    assert from_record({"game": "spades", "players": P4, "settings": {"nil": True, "blind_nil": True},
                        "hands": [{"bids": [6, 0, 0, 6], "blind": [False, True, False, False], "tricks": [7, 0, 1, 5]}]}).totals == [61, 200, -99, 0]


def test_spades_blind_nil_refused_when_off():
    game = new_game("spades", P4, 0, {"nil": True})
    assert refused(game, "bid", 1, -1).rule == "blind_nil"


def test_spades_bid_over_tricks_refused():
    game = new_game("spades", P4, 0)
    assert refused(game, "bid", 1, 14).rule == "bid_range"


def test_spades_set_penalty_minus_bid():
    game = new_game("spades", P4, 0, {"set_penalty": "minus_bid"})
    assert play_hand(game, bid=[4, 3, 3, 3], tricks=[3, 4, 3, 3]).scores[0] == -40


def test_spades_partner_nil_scored_apart():
    game = new_game("spades", P4, 0, {"partners": True, "nil": True})
    hand = play_hand(game, bid=[4, 3, 0, 3], tricks=[3, 4, 1, 5])
    # Side 0: contract 4, took 3 + 1 = 4: made 40; nil failed -100.
    assert hand.scores[0] == -60


def test_tricks_must_add_up_names_rule():
    game = new_game("spades", P4, 0)
    play_hand_bids = [3, 3, 3, 3]
    for _ in range(4):
        game.enter("bid", game.seat, play_hand_bids[game.seat])
    game.enter("tricks", 1, 5)
    assert refused(game, "tricks", 2, 9).rule == "tricks_total"
    game.enter("tricks", 2, 4)
    game.enter("tricks", 3, 1)
    err = refused(game, "tricks", 0, 2)
    assert err.rule == "tricks_total" and "must be 3" in str(err)
    assert game.legal_values() == [3]


def test_out_of_turn_entry_refused():
    game = new_game("wizard", P4, 0)
    err = refused(game, "bid", 0, 1)
    assert err.rule == "order" and "seat 1 (Ben)" in str(err)


def test_wizard_never_forbids_even_bids_every_round():
    game = new_game("wizard", P4, 0, {"even_bids": "never"})
    for seat in (1, 2, 3):
        game.enter("bid", seat, 0)
    assert refused(game, "bid", 0, 1).rule == "even_bids"
    assert game.legal_values() == [0]


def test_wizard_canadian_zero_always_allows_zero():
    game = new_game("wizard", P4, 3, {"even_bids": "canadian_zero"})
    play_hand(game, bid=[1, 0, 0, 0], tricks=[1, 0, 0, 0])  # seat 0 leads alone
    # Round 2, dealer seat 0; the others bid 2 in all: 0 would make it even? no:
    # forbidden = 2 - total; total 2 -> forbidden 0, allowed by canadian_zero.
    for seat, bid in ((1, 1), (2, 1), (3, 0)):
        game.enter("bid", seat, bid)
    assert game.forbidden_bid() is None
    assert 0 in game.legal_values()


def test_wizard_canadian_no_restriction_when_lead_shared():
    game = new_game("wizard", P4, 0, {"even_bids": "canadian"})
    for seat in (1, 2, 3):
        game.enter("bid", seat, 0)
    assert game.forbidden_bid() is None


def test_wizard_last_round_has_no_trump():
    game = new_game("wizard", ["A", "B", "C", "D", "E", "F"], 0)
    for r in range(9):
        bids = [0] * 6
        tricks = [0] * 6
        tricks[0] = r + 1
        play_hand(game, bid=bids, tricks=tricks)
    assert game.hand_number == 10 and game.trump == "none"
    assert refused(game, "trump", None, "S").rule == "trump"
    game.enter("trump", None, "none")


def test_wizard_game_ends_after_last_round_and_refuses_more():
    game = new_game("wizard", ["A", "B", "C", "D", "E", "F"], 0)
    for r in range(10):
        tricks = [0] * 6
        tricks[r % 6] = r + 1
        play_hand(game, bid=[0] * 6, tricks=tricks)
    assert game.finished and game.kind is None
    assert refused(game, "bid", 1, 0).rule == "game_over"


def test_wizard_hidden_bids_visible_only_when_all_in():
    game = new_game("wizard", P4, 0, {"bidding": "hidden"})
    for seat in (1, 2, 3):
        assert not game.bids_visible()
        game.enter("bid", seat, 0)
    assert not game.bids_visible()
    game.enter("bid", 0, 0)
    assert game.bids_visible()


def test_wizard_delayed_bids_visible_after_first_card():
    game = new_game("wizard", P4, 0, {"bidding": "delayed"})
    for seat in (1, 2, 3, 0):
        game.enter("bid", seat, 0)
    assert game.kind == "first_card" and not game.bids_visible()
    game.enter("first_card", None, 1)
    assert game.bids_visible() and game.kind == "tricks"


def test_hearts_hearts_must_add_to_13_and_queen_seat_checked():
    game = new_game("hearts", P4, 0)
    for seat, v in ((1, 5), (2, 5), (3, 3)):
        game.enter("hearts", seat, v)
    assert refused(game, "hearts", 0, 1).rule == "hearts_total"
    game.enter("hearts", 0, 0)
    assert refused(game, "queen", None, 4).rule == "queen"


def test_hearts_moon_choice_asked_only_on_a_moon():
    game = new_game("hearts", P4, 0, {"moon": "choice"})
    play_hand(game, hearts=[5, 4, 4, 0], queen=1)
    assert game.kind == "hearts"
    hearts = [0, 13, 0, 0]
    while game.kind == "hearts":
        game.enter("hearts", game.seat, hearts[game.seat])
    game.enter("queen", None, 1)
    assert game.kind == "moon"
    assert refused(game, "moon", None, "both").rule == "moon"
    game.enter("moon", None, "self_minus")
    assert game.hands[-1].scores == [0, -26, 0, 0]


def test_hearts_lowest_wins_and_tie_plays_on():
    game = new_game("hearts", P4, 0, {"target": 20})
    play_hand(game, hearts=[13, 0, 0, 0], queen=1)  # 13, 13, 0, 0
    play_hand(game, hearts=[0, 0, 0, 0 + 13], queen=2)  # 13, 13, 13, 13
    assert not game.finished
    play_hand(game, hearts=[7, 6, 0, 0], queen=0)  # 33, 19, 13, 13: tie for lowest
    assert not game.finished
    play_hand(game, hearts=[0, 0, 13, 0], queen=0)  # 46, 19, 26, 13
    assert game.finished and game.winners == [3]


def test_hearts_tie_shared():
    game = new_game("hearts", P4, 0, {"target": 20, "tie": "shared"})
    play_hand(game, hearts=[13, 0, 0, 0], queen=0)  # moon: 0 26 26 26
    assert game.finished and game.winners == [0]
    game = new_game("hearts", P4, 0, {"target": 13, "tie": "shared"})
    play_hand(game, hearts=[0, 0, 6, 7], queen=2)  # 0, 0, 19, 7
    assert game.finished and game.winners == [0, 1]


def test_spades_tie_at_target_plays_one_more_hand():
    game = new_game("spades", P4, 0, {"target": 60})
    play_hand(game, bid=[6, 6, 1, 1], tricks=[6, 6, 1, 0])  # 60, 60, 10, 0
    assert not game.finished and game.kind == "bid"
    play_hand(game, bid=[1, 2, 1, 1], tricks=[1, 3, 8, 1])
    assert game.finished and game.winners == [1]


def test_spades_partners_winners_are_both_partners():
    game = new_game("spades", P4, 0, {"partners": True, "target": 100})
    play_hand(game, bid=[6, 1, 5, 1], tricks=[6, 1, 5, 1])
    assert game.finished and game.winners == [0, 2]


@pytest.mark.parametrize(
    "name, players, settings, rule",
    [
        ("spades", P4, {"trump": "S"}, "settings"),
        ("spades", P4, {"bags": "yes"}, "bags"),
        ("spades", P4, {"target": 0}, "target"),
        ("spades", P4[:3], {"partners": True}, "partners"),
        ("spades", P4, {"blind_nil": True}, "blind_nil"),
        ("spades", P4 + ["E", "F"], {}, "players"),
        ("wizard", P4[:2], {}, "players"),
        ("wizard", P4, {"even_bids": "sometimes"}, "even_bids"),
        ("wizard", P4, {"players": 3}, "players"),
        ("hearts", P4, {"moon": True}, "moon"),
        ("hearts", P4, {"omnibus": 1}, "omnibus"),
        ("poker", P4, {}, "game"),
    ],
)
def test_bad_settings_refused_with_rule(name, players, settings, rule):
    with pytest.raises(RuleError) as info:
        new_game(name, players, 0, settings)
    assert info.value.rule == rule
    assert rule in str(info.value)


def test_defaults_filled_in():
    game = new_game("hearts", P4)
    assert game.settings == {"players": 4, "target": 50, "moon": "others_plus", "omnibus": False, "passing": "rotate", "tie": "play_on"}
    assert new_game("spades", P4, settings={"target": 350}).target == 350


def test_undo_walks_back_across_a_hand():
    game = new_game("spades", P4, 0)
    first = snapshot(game)
    play_hand(game, bid=[3, 3, 3, 3], tricks=[4, 3, 3, 3])
    assert game.totals == [31, 30, 30, 30]
    assert game.undo()
    assert game.hands == [] and game.kind == "tricks" and game.seat == 0 and game.totals == [0, 0, 0, 0]
    while game.undo():
        pass
    assert snapshot(game) == first


def test_amend_rescores_and_refuses_breaking_later_hand():
    game = new_game("wizard", P4, 0, {"even_bids": "canadian"})
    play_hand(game, bid=[0, 1, 0, 0], tricks=[0, 1, 0, 0])  # Ben leads: 30
    play_hand(game, bid=[0, 0, 1, 0], tricks=[0, 0, 2, 0])
    before = snapshot(game)
    game.amend(0, {"bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0]})
    assert game.hands[0].scores == [20, -10, 20, 20]
    assert game.totals == [40, 10, 10, 40]
    game.undo()
    assert snapshot(game) == before
    # Round 3 dealt by Dee (seat 2 is dealer? seat 2 deals round 3): make a
    # round-3 bid by the dealer that is only legal because the lead is shared.
    for seat, bid in ((3, 1), (0, 1), (1, 0)):
        game.enter("bid", seat, bid)
    assert game.dealer == 2
    game.enter("bid", 2, 1)  # total 3 = even; allowed: Cy (-10+...) does not lead alone
    # Amend hand 2 so Cy leads alone: then Cy's even bid in hand 3 is forbidden.
    before = snapshot(game)
    with pytest.raises(RuleError) as info:
        game.amend(1, {"bids": [0, 1, 2, 0], "tricks": [0, 0, 2, 0]})
    assert info.value.hand == 3 and info.value.rule == "even_bids"
    assert snapshot(game) == before


def test_amend_refused_when_game_would_end_earlier():
    game = new_game("hearts", P4, 0, {"target": 26})
    play_hand(game, hearts=[10, 3, 0, 0], queen=1)  # 10, 16, 0, 0
    play_hand(game, hearts=[0, 3, 10, 0], queen=3)  # 10, 19, 10, 13
    with pytest.raises(RuleError) as info:
        game.amend(0, {"hearts": [0, 13, 0, 0], "queen": 1})
    assert info.value.rule == "game_over"


def test_last_entry_names_what_undo_takes_back():
    game = new_game("wizard", P4, 0)
    assert game.last_entry() is None
    game.enter("bid", 1, 1)
    assert game.last_entry() == ("bid", 1, 1)
    game.enter("trump", None, "H")
    assert game.last_entry() == ("trump", None, "H")
    game.undo()
    assert game.last_entry() == ("bid", 1, 1)
    play_hand(game, bid=[0, 1, 0, 0], tricks=[0, 1, 0, 0])
    assert game.hand_number == 2 and game.last_entry() == ("tricks", 0, 0)
    game.amend(0, {"bids": [0, 1, 0, 0], "tricks": [1, 0, 0, 0]})
    assert game.last_entry() == ("amend", None, 0)
