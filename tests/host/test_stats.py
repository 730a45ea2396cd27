# SPDX-License-Identifier: MIT
"""`tricktally stats`: wins, bid accuracy and average score, checked against the records."""

import json

from click.testing import CliRunner

from tests.host.test_db import DEVICE, fill
from tricktally import new_game
from tricktally.record import to_record
from tricktally_host.commands import stats
from tricktally_host.db import Database
from tricktally_host.stats import bid_made, player_stats


COMMANDS = {"stats": stats.command}


def run(name, *args):
    # The command itself, not the whole `tricktally` group: these tests stay
    # independent of the other commands' imports (test_games_show checks the wiring).
    return CliRunner().invoke(COMMANDS[name], [str(a) for a in args])


def test_stats_count_what_the_games_hold(db_target):
    db_path = db_target
    games = fill(db_path, seeds=range(12))
    result = run("stats", "--json", "--db", db_path)
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    names = sorted({n for g in games.values() for n in g.players})
    assert [r["player"] for r in stats["players"]] == names
    for row in stats["players"]:
        name = row["player"]
        played = [g for g in games.values() if name in g.players]
        assert row["games"] == len(played)
        assert row["finished"] == len([g for g in played if g.finished])
        assert row["wins"] == len([g for g in played if g.finished and g.players.index(name) in g.winners])
    assert sum(r["wins"] for r in stats["players"]) == sum(len(g.winners) for g in games.values())
    for row in stats["by_game"]:
        name, kind = row["player"], row["game"]
        played = [g for g in games.values() if g.NAME == kind and name in g.players]
        assert row["games"] == len(played)
        hands = 0
        points = 0
        bids = made = 0
        for g in played:
            seat = g.players.index(name)
            record = to_record(g)
            hands += len(record["hands"])
            points += sum(h.scores[g.side_of(seat)] for h in g.hands)
            if kind == "wizard":
                # Recomputed from the record itself: exact bids.
                bids += len(record["hands"])
                made += sum(1 for h in record["hands"] if h["bids"][seat] == h["tricks"][seat])
        assert row["hands"] == hands and row["points"] == points
        assert row["avg_score"] == (round(points / hands, 4) if hands else None)
        if kind == "wizard":
            assert (row["bids"], row["bids_made"]) == (bids, made)
            assert row["bid_accuracy"] == (round(made / bids, 4) if bids else None)
        if kind == "hearts":
            assert row["bids"] == 0 and row["bid_accuracy"] is None
    result = run("stats", "--db", db_path)
    assert result.exit_code == 0, result.output
    for title in ("All games", "Spades", "Wizard", "Hearts", "bids made", "bids exact"):
        assert title in result.output


def test_spades_made_means_the_side_made_its_contract():
    game = new_game("spades", ["Ana", "Ben", "Cy", "Dee"], settings={"partners": True, "nil": True})
    # Dealer 0: bids from seat 1. Ben 4, Cy nil, Dee 5, Ana 6. Ben 2, Cy 1, Dee 4, Ana 6.
    for value in (4, 0, 5, 6, 2, 1, 4, 6):
        game.enter(game.kind, game.seat, value)
    hand = game.hands[0]
    # Ana+Cy: contract 6, took 7: Ana made; Cy's nil was set (took 1).
    # Ben+Dee: contract 9, took 6: both set, though neither was asked to be exact.
    assert [bid_made(game, hand, s) for s in range(4)] == [True, False, False, False]
    stats = player_stats([game])
    ana = [r for r in stats["by_game"] if r["player"] == "Ana"][0]
    assert (ana["bids"], ana["bids_made"], ana["bid_accuracy"]) == (1, 1, 1.0)
    assert ana["avg_score"] == hand.scores[0]  # the side's score, credited to each partner
    assert stats["players"][0]["wins"] == 0 and stats["players"][0]["finished"] == 0


def test_stats_on_an_empty_database(db_target):
    result = run("stats", "--db", db_target)
    assert result.exit_code == 0 and "No games yet" in result.output
    with Database(db_target) as db:
        db.store_game(DEVICE, 1, to_record(new_game("hearts", ["Ana", "Ben", "Cy"])), 1, 1)
    stats = json.loads(run("stats", "--json", "--db", db_target).output)
    assert [(r["player"], r["games"], r["wins"], r["win_rate"]) for r in stats["players"]] == [
        ("Ana", 1, 0, None), ("Ben", 1, 0, None), ("Cy", 1, 0, None)]
