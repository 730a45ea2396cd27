# SPDX-License-Identifier: MIT
"""Every worked example of RULES.md, one test each."""

from tricktally import new_game
from tricktally.record import from_record, summary

P4 = ["Ana", "Ben", "Cy", "Dee"]


def play_hand(game, **values):
    """Enter one hand given per-seat lists by kind (bid, tricks, hearts) and
    single values (queen, jack, moon), in the order the game asks for them."""
    while True:
        kind, seat = game.kind, game.seat
        value = values[kind] if seat is None else values[kind][seat]
        if game.enter(kind, seat, value):
            return game.hands[-1]


def seat_scores(name, settings=None, players=P4, **values):
    game = new_game(name, players, 0, settings or {})
    return play_hand(game, **values).scores


# ----- Joker Spades: individual, bags off, set = zero ----------------------


def test_spades_bid_7_took_7_scores_70():
    assert seat_scores("spades", bid=[7, 2, 2, 2], tricks=[7, 2, 2, 2])[0] == 70


def test_spades_bid_5_took_8_scores_53():
    assert seat_scores("spades", bid=[5, 3, 3, 2], tricks=[8, 2, 2, 1])[0] == 53


def test_spades_bid_4_took_3_scores_0():
    assert seat_scores("spades", bid=[4, 3, 3, 3], tricks=[3, 4, 3, 3])[0] == 0


def test_spades_bags_on_player_at_212_with_9_bags_bids_5_takes_8():
    # 212 with 9 bags cannot be reached from 0 (a total always ends in its bag
    # count), so the example starts from that position as RULES.md states it.
    game = new_game("spades", P4, 0, {"bags": True})
    game.totals = [212, 0, 0, 0]
    game.bags = [9, 0, 0, 0]
    hand = play_hand(game, bid=[5, 3, 3, 2], tricks=[8, 2, 2, 1])
    assert hand.scores[0] == 53 - 100
    assert game.totals[0] == 165
    assert game.bags[0] == 2


def test_spades_partners_bid_4_and_5_take_5_and_5_score_91():
    scores = seat_scores("spades", {"partners": True}, bid=[4, 2, 5, 2], tricks=[5, 1, 5, 2])
    assert scores[0] == 91


def test_spades_tricks_per_hand_by_player_count():
    for n, tricks in ((2, 26), (3, 18), (4, 13), (5, 10)):
        game = new_game("spades", ["P%d" % i for i in range(n)])
        assert game.cards == tricks
        assert max(game.legal_values()) == tricks


# ----- Wizard ---------------------------------------------------------------


def wizard_round_score(bid, took):
    # Round 5 of a 4-player game, so bids and tricks up to 5 are possible.
    game = new_game("wizard", P4, 0)
    rounds = [([1, 0, 0, 0], [1, 0, 0, 0]), ([0, 0, 1, 1], [0, 0, 1, 1]), ([1, 1, 1, 0], [1, 1, 1, 0]), ([1, 1, 1, 1], [1, 1, 1, 1])]
    for bids, tricks in rounds:
        play_hand(game, bid=bids, tricks=tricks)
    rest = 5 - took
    others = [rest, 0, 0] if rest >= 0 else None
    hand = play_hand(game, bid=[bid, 0, 0, 0], tricks=[took] + others)
    return hand.scores[0]


def test_wizard_bid_2_took_2_scores_40():
    assert wizard_round_score(2, 2) == 40


def test_wizard_bid_0_took_0_scores_20():
    assert wizard_round_score(0, 0) == 20


def test_wizard_bid_3_took_1_scores_minus_20():
    assert wizard_round_score(3, 1) == -20


def test_wizard_bid_1_took_4_scores_minus_30():
    assert wizard_round_score(1, 4) == -30


def test_wizard_canadian_round_5_leader_may_not_make_bids_even():
    # 4 players, round 5, the first three bid 1, 2 and 0; the dealer leads
    # alone, so under canadian the dealer may not bid 2.
    game = new_game("wizard", P4, 0, {"even_bids": "canadian"})
    # Rounds 1-4 dealt by seats 0..3; give seat 0 (dealer of round 5) the lead.
    for bids, tricks in [([1, 0, 0, 0], [1, 0, 0, 0]), ([2, 0, 0, 0], [2, 0, 0, 0]), ([3, 0, 0, 0], [3, 0, 0, 0]), ([4, 0, 0, 0], [4, 0, 0, 0])]:
        play_hand(game, bid=bids, tricks=tricks)
    assert game.hand_number == 5 and game.dealer == 0
    for seat, bid in ((1, 1), (2, 2), (3, 0)):
        game.enter("bid", seat, bid)
    assert game.seat == 0
    assert game.forbidden_bid() == 2
    assert 2 not in game.legal_values()
    assert game.legal_values() == [0, 1, 3, 4, 5]


def test_wizard_rounds_per_player_count():
    for n, rounds in ((3, 20), (4, 15), (5, 12), (6, 10)):
        assert new_game("wizard", ["P%d" % i for i in range(n)]).hand_count() == rounds


def test_wizard_design_record_example():
    rec = {
        "format": "tricktally/1",
        "game": "wizard",
        "players": P4,
        "first_dealer": 0,
        "settings": {"even_bids": "canadian"},
        "hands": [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0], "trump": "H"}],
    }
    assert summary(from_record(rec)) == {
        "game": "wizard",
        "sides": [[0], [1], [2], [3]],
        "hands": [{"scores": [30, 20, 20, -10], "totals": [30, 20, 20, -10]}],
        "totals": [30, 20, 20, -10],
        "finished": False,
        "winners": [],
    }


# ----- Hearts ---------------------------------------------------------------


def test_hearts_queen_and_5_hearts_4_4_0_scores_18_4_4_0():
    assert seat_scores("hearts", hearts=[5, 4, 4, 0], queen=0) == [18, 4, 4, 0]


def test_hearts_moon_others_plus_scores_0_26_26_26():
    assert seat_scores("hearts", {"moon": "others_plus"}, hearts=[13, 0, 0, 0], queen=0) == [0, 26, 26, 26]


def test_hearts_moon_self_minus_scores_minus_26():
    assert seat_scores("hearts", {"moon": "self_minus"}, hearts=[13, 0, 0, 0], queen=0) == [-26, 0, 0, 0]


def test_hearts_jack_still_counts_on_a_moon():
    scores = seat_scores("hearts", {"omnibus": True}, hearts=[13, 0, 0, 0], queen=0, jack=2)
    assert scores == [0, 26, 16, 26]


def test_hearts_pass_cycles():
    for n, cycle in ((4, ["left", "right", "across", "hold"]), (3, ["left", "right", "hold"]), (5, ["left", "right", "left2", "right2", "hold"])):
        game = new_game("hearts", ["P%d" % i for i in range(n)])
        assert [game.pass_direction(i) for i in range(len(cycle) + 1)] == cycle + cycle[:1]
