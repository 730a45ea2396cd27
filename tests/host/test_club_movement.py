# SPDX-License-Identifier: MIT
"""A club night's movements (tricktally_host.club.movement; docs/CLUB.md,
"Club nights"): hypothesis draws nights of every shape and checks the
invariants: every player seated once a round, every table full, the
progressive winners moved up and nobody else moved, the fixed schedule
the same in every process and free of repeated meetings where the
theory says it can be."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktally_host.club.movement import check_shape, first_round, progressive, round_robin


def names(count):
    return ["P%02d" % i for i in range(count)]


def seated_once(tables, players, seats):
    flat = [p for t in tables for p in t]
    assert sorted(flat) == sorted(players), "every player sits once"
    assert all(len(t) == seats for t in tables), "every table is full"


@st.composite
def progressive_rounds(draw):
    tables = draw(st.integers(1, 8))
    seats = draw(st.integers(2, 6))
    players = draw(st.permutations(names(tables * seats)))
    seating = [list(players[i * seats:(i + 1) * seats]) for i in range(tables)]
    results = [draw(st.permutations(t)) for t in seating]
    missing = draw(st.sets(st.integers(0, tables - 1), max_size=tables))
    results = [None if k in missing else list(r) for k, r in enumerate(results)]
    return players, seats, seating, results


@settings(max_examples=300, deadline=None)
@given(progressive_rounds())
def test_progressive_moves_each_winner_up_into_the_seat_of_the_last_placed_above(drawn):
    players, seats, seating, results = drawn
    after = progressive(results, seating)
    seated_once(after, players, seats)
    moved = set()
    for k in range(1, len(seating)):
        if results[k] is None or results[k - 1] is None:
            continue
        winner, last = results[k][0], results[k - 1][-1]
        assert after[k - 1][seating[k - 1].index(last)] == winner, "the winner takes the last-placed player's seat"
        assert after[k][seating[k].index(winner)] == last, "the last-placed takes the winner's seat"
        moved |= {winner, last}
    for k, table in enumerate(seating):
        for seat, player in enumerate(table):
            if player not in moved:
                assert after[k][seat] == player, "%s stays at table %d, seat %d" % (player, k + 1, seat + 1)
    if results[0] is not None:
        assert results[0][0] in after[0] and results[0][0] not in moved, "table 1's winner stays"
    if len(seating) == 1 or not any(r is not None for r in results):
        assert after == seating


def test_progressive_with_the_finishing_order_as_the_seats():
    assert progressive([["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]]) == [
        ["a", "b", "d"], ["c", "e", "g"], ["f", "h", "i"]]


def test_progressive_refuses_results_that_do_not_match_the_seats():
    with pytest.raises(ValueError, match="table 2"):
        progressive([["a", "b"], ["c", "x"]], [["a", "b"], ["c", "d"]])


def meetings(rounds):
    met = {}
    for tables in rounds:
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


PRIMES = (2, 3, 5, 7)


@settings(max_examples=120, deadline=None)
@given(st.integers(1, 7), st.integers(2, 6), st.integers(1, 7))
def test_round_robin_seats_everyone_once_and_meets_as_many_opponents_as_it_can(tables, seats, last):
    players = names(tables * seats)
    rounds = [round_robin(players, seats, r) for r in range(1, last + 1)]
    for tables_ in rounds:
        seated_once(tables_, players, seats)
    assert rounds[0] == first_round(players, seats)
    assert round_robin(list(players), seats, last) == rounds[-1], "every process computes the same round"
    met = meetings(rounds[:2])
    if len(rounds) >= 2 and tables >= seats:
        assert max(met.values()) == 1, "round 2 repeats no meeting when there are as many tables as seats"
    if tables in PRIMES and tables >= seats:
        met = meetings(rounds[:tables])
        assert max(met.values()) == 1, "no pair meets twice in the first %d rounds" % tables
        for p in players:
            opponents = {q for pair in met for q in pair if p in pair} - {p}
            assert len(opponents) == min(len(rounds), tables) * (seats - 1)


def grid(players, seats, round_no):
    """The plain grid of round_robin's docstring, without its swaps."""
    tables = len(players) // seats
    out = [[] for _ in range(tables)]
    for i, p in enumerate(players):
        out[(i // seats + (i % seats) * (round_no - 1)) % tables].append(p)
    return out


def test_round_robin_improves_a_grid_that_repeats():
    # 8 players at 2 tables of 4: the grid alone seats P00 and P02
    # together in every round, and meets 20 of the 28 pairs in 3 rounds.
    players = names(8)
    plain = meetings([grid(players, 4, r) for r in range(1, 4)])
    assert len(plain) == 20 and max(plain.values()) == 3
    met = meetings([round_robin(players, 4, r) for r in range(1, 4)])
    assert len(met) > len(plain) and max(met.values()) < 3


@pytest.mark.parametrize("players, seats, message", [
    (names(7), 4, "7 players do not fill tables of 4"),
    (["a", "b", "a", "c"], 2, "listed twice: a"),
    ([], 4, "needs players"),
    (names(4), 1, "seats per table"),
])
def test_a_night_that_does_not_fill_its_tables_is_refused(players, seats, message):
    with pytest.raises(ValueError, match=message):
        check_shape(players, seats)
    with pytest.raises(ValueError, match=message):
        round_robin(players, seats, 1)
