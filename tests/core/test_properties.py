# SPDX-License-Identifier: MIT
"""Random legal games of every game and setting, checked against the rules' invariants."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.play import choose, random_game, random_setup, snapshot
from tricktally import RuleError, new_game
from tricktally.record import from_record, to_record

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = st.sampled_from(["spades", "wizard", "hearts"])
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def oracle_scores(game, hand):
    """Each side's score for ``hand``, computed straight from RULES.md."""
    v = hand.values
    s = game.settings
    if game.NAME == "wizard":
        return [20 + 10 * t if t == b else -10 * abs(t - b) for b, t in zip(v["bid"], v["tricks"])]
    if game.NAME == "hearts":
        pts = [h + (13 if seat == v["queen"] else 0) for seat, h in enumerate(v["hearts"])]
        if v["hearts"][v["queen"]] == 13:
            mode = v["moon"] if s["moon"] == "choice" else s["moon"]
            pts = [(0 if p else 26) if mode == "others_plus" else (-26 if p else 0) for p in pts]
        if v["jack"] is not None:
            pts[v["jack"]] -= 10
        return pts
    out = []
    for side in game.sides:
        bids = [v["bid"][p] for p in side]
        took = sum(v["tricks"][p] for p in side)
        contract = sum(b for b in bids if b > 0)
        if contract == 0:
            pts = took
        elif took >= contract:
            pts = 10 * contract + took - contract
        else:
            pts = -10 * contract if s["set_penalty"] == "minus_bid" else 0
        for p in side:
            if v["bid"][p] <= 0:
                bonus = 200 if v["bid"][p] == -1 else 100
                pts += bonus if v["tricks"][p] == 0 else -bonus
        out.append(pts)
    return out


def oracle_end(game, totals, hands_played):
    """(finished, winner sides) after a hand with these totals."""
    s = game.settings
    if game.NAME == "wizard":
        if hands_played < 60 // game.n:
            return False, []
        top = max(totals)
        return True, [i for i, t in enumerate(totals) if t == top]
    if max(totals) < s["target"]:
        return False, []
    best = min(totals) if game.NAME == "hearts" else max(totals)
    sides = [i for i, t in enumerate(totals) if t == best]
    if len(sides) > 1 and (game.NAME == "spades" or s["tie"] == "play_on"):
        return False, []
    return True, sides


@FAST
@given(seed=SEEDS, name=GAMES)
def test_totals_are_sums_of_hand_scores_and_game_ends_when_rules_say(seed, name):
    _setup, _entries, game = random_game(seed, name)
    totals = [0] * len(game.sides)
    bags = [0] * len(game.sides)
    for i, hand in enumerate(game.hands):
        expected = oracle_scores(game, hand)
        if game.NAME == "spades":
            for side in range(len(game.sides)):
                contract = sum(b for b in (hand.values["bid"][p] for p in game.sides[side]) if b > 0)
                took = sum(hand.values["tricks"][p] for p in game.sides[side])
                bags[side] += took if contract == 0 else max(0, took - contract)
                while game.settings["bags"] and bags[side] >= 10:
                    bags[side] -= 10
                    expected[side] -= 100
            assert hand.bags == bags
        assert hand.scores == expected
        totals = [t + s for t, s in zip(totals, hand.scores)]
        assert hand.totals == totals
        finished, sides = oracle_end(game, totals, i + 1)
        last = i == len(game.hands) - 1
        assert finished == (last and game.finished)
    assert game.totals == totals
    if game.finished:
        assert game.winners == sorted(s for side in oracle_end(game, totals, len(game.hands))[1] for s in game.sides[side])
        assert game.kind is None
        try:
            game.enter("bid", 0, 1)
        except RuleError as e:
            assert e.rule == "game_over"
        else:
            raise AssertionError("an entry after the end was accepted")


@FAST
@given(seed=SEEDS, name=GAMES)
def test_illegal_entries_never_change_the_game(seed, name):
    rnd = random.Random(seed)
    game = new_game(*random_setup(rnd, name))
    tried = 0
    while game.kind is not None and tried < 300:
        legal = game.legal_values()
        pool = [-2, -1, 0, 1, 5, 13, 14, 27, 99, "x", None, True, 2.5, "S"]
        illegal = [v for v in pool if v not in legal or isinstance(v, bool)]
        before = snapshot(game)
        bad = rnd.choice(illegal)
        try:
            game.enter(game.kind, game.seat, bad)
        except RuleError as e:
            assert e.hand == game.hand_number
            assert str(e)
        else:
            raise AssertionError("illegal %r accepted for %s" % (bad, game.kind))
        assert snapshot(game) == before
        # The wrong seat is refused too.
        if game.seat is not None:
            other = (game.seat + 1) % game.n
            try:
                game.enter(game.kind, other, legal[0])
            except RuleError as e:
                assert e.rule == "order"
            assert snapshot(game) == before
        game.enter(game.kind, game.seat, choose(game, rnd))
        tried += 1


@FAST
@given(seed=SEEDS, name=GAMES)
def test_record_write_then_read_gives_the_same_game(seed, name):
    rnd = random.Random(seed)
    game = new_game(*random_setup(rnd, name))
    stop = rnd.randrange(1, 300)
    for _ in range(stop):
        if game.kind is None:
            break
        game.enter(game.kind, game.seat, choose(game, rnd))
    record = json.loads(json.dumps(to_record(game)))
    assert snapshot(from_record(record)) == snapshot(game)


@FAST
@given(seed=SEEDS, name=GAMES)
def test_undo_restores_the_exact_previous_state(seed, name):
    rnd = random.Random(seed)
    game = new_game(*random_setup(rnd, name))
    first = snapshot(game)
    steps = 0
    while game.kind is not None and steps < 250:
        before = snapshot(game)
        entry = (game.kind, game.seat, choose(game, rnd))
        game.enter(*entry)
        after = snapshot(game)
        assert game.undo()
        assert snapshot(game) == before
        game.enter(*entry)
        assert snapshot(game) == after
        steps += 1
    while game.undo():
        pass
    assert snapshot(game) == first


@FAST
@given(seed=SEEDS, name=GAMES)
def test_amend_with_same_hand_changes_nothing_and_undo_of_amend_restores(seed, name):
    _setup, _entries, game = random_game(seed, name, max_entries=120)
    if not game.hands:
        return
    rnd = random.Random(seed)
    index = rnd.randrange(len(game.hands))
    before = snapshot(game)
    game.amend(index, game.hand_to_dict(game.hands[index]))
    assert snapshot(game) == before
    game.undo()
    assert snapshot(game) == before
