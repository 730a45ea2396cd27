# SPDX-License-Identifier: MIT
"""A club night in the database (tricktally_host.club.night; docs/CLUB.md,
"Club nights") on SQLite and PostgreSQL: setting a night up, its rounds
seated by the movement from the stored games' results, the standings
against a recompute from the stored records, amendments (recorded, applied
through the rules core, never over the stored game), table games, the
table-status grid, the running sheet, seat cards and orders, the night's
report, two hubs at once, and the upgrade from schema 4."""

import json
import random
import threading

import pytest

from tests.host.pc_helpers import sql
from tricktally import new_game
from tricktally.record import from_record, to_record
from tricktally_host import db_schema, report_i18n
from tricktally_host.club import movement as movements
from tricktally_host.club import night as N
from tricktally_host.club.night import NightError
from tricktally_host.db import SCHEMA_VERSION, Database

PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivo", "Jo", "Kim", "Lou"]
T0 = 1_800_000_000


def played(game, names, seed, hands=None, settings=None):
    """The record of a game of ``names`` played with random legal entries
    (to its end, or ``hands`` complete hands)."""
    g = new_game(game, names, 0, settings or {})
    rnd = random.Random(seed)
    while not g.finished and (hands is None or len(g.hands) < hands):
        g.enter(g.kind, g.seat, rnd.choice(g.legal_values()))
    return to_record(g)


def store(db, device, game_id, record, started, synced=None):
    text = json.dumps(record, sort_keys=True)
    return db.store_game(device, game_id, record, len(text), "%08x" % (hash(text) & 0xFFFFFFFF),
                         synced_at=synced if synced is not None else started + 60, created=started)


def new_night(db, movement="progressive", tables=3, rounds=3, game="wizard", name="Friday", **kw):
    players = PLAYERS[:tables * 4]
    night_id = N.create_night(db, name, game, players, tables, 4, movement, rounds, "s3cret pass", now=T0, **kw)
    for t in range(1, tables + 1):
        N.assign_board(db, night_id, t, "board-%d" % t, now=T0)
    return night_id


def play_round(db, night_id, round_no, start, seed=0, game="wizard", hands=None, settings=None):
    """Each table's board stores a game of the table's seated players."""
    for t, names in enumerate(N.seatings(db, night_id, round_no), 1):
        record = played(game, names, seed + 10 * round_no + t, hands, settings)
        store(db, "board-%d" % t, round_no, record, start + 30 * t)


def recompute(db):
    """Per player: the total over every stored game, from the stored records."""
    totals = {}
    for info in db.games():
        game = from_record(db.get(info["ref"]))
        for seat, name in enumerate(game.players):
            totals[name] = totals.get(name, 0) + game.totals[game.side_of(seat)]
    return totals


def order_of(record):
    """Finishing order of a stored record, worked out here: winners first,
    then by total, highest first (Wizard), ties by seat."""
    game = from_record(record)
    seats = sorted(range(game.n), key=lambda s: (s not in game.winners, -game.totals[s], s))
    return [game.players[s] for s in seats]


def test_a_progressive_night_seats_by_the_results_and_its_standings_equal_a_recompute(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        assert N.night(db, night_id)["state"] == "setup"
        assert N.start_round(db, night_id, now=T0 + 100) == 1
        assert N.seatings(db, night_id, 1) == movements.first_round(PLAYERS, 4)
        for r in (1, 2, 3):
            start = T0 + 10_000 * r
            if r > 1:
                before = N.seatings(db, night_id, r - 1)
                orders = [order_of(db.get("board-%d-%d" % (t, r - 1))) for t in (1, 2, 3)]
                assert N.start_round(db, night_id, now=start) == r
                now = N.seatings(db, night_id, r)
                for k in (1, 2):  # the winner of table k+1 took the seat of table k's last
                    assert now[k - 1][before[k - 1].index(orders[k - 1][-1])] == orders[k][0]
                    assert now[k][before[k].index(orders[k][0])] == orders[k - 1][-1]
                assert now[0][before[0].index(orders[0][0])] == orders[0][0]
            play_round(db, night_id, r, start)
            assert N.night(db, night_id)["state"] == "playing"
            N.end_round(db, night_id, now=start + 5000)
        assert N.night(db, night_id)["state"] == "done"
        standings = N.standings(db, night_id)
        totals = recompute(db)
        assert {r["player"]: r["total"] for r in standings} == totals
        assert all(r["games"] == 3 and r["finished"] == 3 for r in standings)
        assert [r["total"] for r in standings] == sorted(totals.values(), reverse=True)
        assert standings[0]["place"] == 1 and sum(r["wins"] for r in standings) >= 9
        with pytest.raises(NightError, match="all 3 rounds planned have been played"):
            N.start_round(db, night_id)


def test_a_round_robin_night_follows_the_schedule_and_rounds_go_in_order(db_target):
    with Database(db_target) as db:
        night_id = new_night(db, "round_robin", rounds=2)
        with pytest.raises(NightError, match="no round is running"):
            N.end_round(db, night_id)
        N.start_round(db, night_id, now=T0 + 100)
        with pytest.raises(NightError, match="round 1 is still running"):
            N.start_round(db, night_id)
        N.end_round(db, night_id, now=T0 + 200)
        assert N.night(db, night_id)["state"] == "between"
        N.start_round(db, night_id, now=T0 + 300)  # no games at all: the schedule does not wait for them
        assert N.seatings(db, night_id, 2) == movements.round_robin(PLAYERS, 4, 2)
        assert [r["round"] for r in N.nights(db)] == [2]
        with pytest.raises(NightError, match="round 3 of night %d has not started" % night_id):
            N.seatings(db, night_id, 3)


def test_a_progressive_table_without_a_game_keeps_its_seats(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        names = N.seatings(db, night_id, 1)
        store(db, "board-1", 1, played("wizard", names[0], 1), T0 + 200)  # table 1 only
        N.end_round(db, night_id, now=T0 + 5000)
        N.start_round(db, night_id, now=T0 + 6000)
        assert N.seatings(db, night_id, 2) == names


@pytest.mark.parametrize("change, message", [
    (dict(players=PLAYERS[:11]), "11 players do not fill tables of 4"),
    (dict(tables=2), "2 tables of 4 need 8 players, not 12"),
    (dict(players=PLAYERS[:11] + ["Ann"]), "listed twice: Ann"),
    (dict(players=PLAYERS[:11] + ["Maximilian-the-long"]), "a player name is 1 to 10 characters"),
    (dict(players=PLAYERS[:11] + ["Bad\x07"]), "control character"),
    (dict(movement="swiss"), "the movement is one of progressive, round_robin"),
    (dict(game="bridge"), "the game is one of"),
    (dict(seats=4, game="hearts", players=PLAYERS[:12], tables=3, settings={"moon": "sideways"}), "moon"),
    (dict(name=""), "the night's name is needed"),
    (dict(name="x" * 81), "at most 80 characters"),
    (dict(rounds=0), "the rounds planned must be 1 to 999"),
    (dict(rounds="many"), "the rounds planned must be a whole number"),
    (dict(password=""), "password is needed"),
    (dict(seats=6, tables=2, game="hearts"), "hearts is played by 3, 4, 5 players, not 6"),
])
def test_a_night_set_up_wrong_is_refused_in_one_line_and_nothing_is_written(db_target, change, message):
    args = dict(name="Friday", game="wizard", players=PLAYERS, tables=3, seats=4, movement="progressive",
                rounds=3, password="pw")
    args.update(change)
    with Database(db_target) as db:
        with pytest.raises(NightError, match=message) as e:
            N.create_night(db, **args)
        assert "\n" not in str(e.value)
        assert N.nights(db) == [] and sql(db, "SELECT count(*) FROM night_players") == [(0,)]


def test_the_directors_password_is_kept_salted_and_hashed(db_target):
    with Database(db_target) as db:
        a = new_night(db)
        b = new_night(db)
        stored = [row[0] for row in sql(db, "SELECT password FROM nights ORDER BY id")]
        assert all("s3cret" not in s and s.startswith("scrypt$") for s in stored) and stored[0] != stored[1]
        assert N.check_password(db, a, "s3cret pass") and N.check_password(db, b, "s3cret pass")
        assert not N.check_password(db, a, "s3cret pas") and not N.check_password(db, a, "")
        assert not N.check_password(db, a, "x" * 100_000)
        with pytest.raises(NightError, match="there is no night 99"):
            N.check_password(db, 99, "s3cret pass")


def test_boards_are_assigned_to_one_table_each(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        with pytest.raises(NightError, match="board board-1 already plays at table 1"):
            N.assign_board(db, night_id, 2, "board-1")
        with pytest.raises(NightError, match="the table must be 1 to 3, not 4"):
            N.assign_board(db, night_id, 4, "board-9")
        N.assign_board(db, night_id, 1, "board-1")  # again: nothing changes
        N.assign_board(db, night_id, 2, "spare")  # a second board for table 2
        assert N.night(db, night_id)["boards"] == {"board-1": 1, "board-2": 2, "board-3": 3, "spare": 2}


def test_a_tables_game_is_its_boards_game_of_its_players_in_the_round(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 1000)
        names = N.seatings(db, night_id, 1)
        store(db, "board-1", 1, played("wizard", names[0], 1), T0 - 5000)  # before the round
        store(db, "board-1", 3, played("hearts", names[0], 1), T0 + 1100)  # another game
        store(db, "board-1", 2, played("wizard", names[1], 2), T0 + 1100)  # another table's players
        store(db, "stranger", 1, played("wizard", names[2], 3), T0 + 1100)  # a board not at the night
        store(db, "board-2", 7, played("wizard", list(reversed(names[1])), 4, hands=3), T0 + 1100)  # any seat order
        store(db, "board-2", 8, played("wizard", names[1], 5), T0 + 1200)  # finished: this one counts
        store(db, "spare", 1, played("wizard", names[2], 6, hands=2), T0 + 1300)
        N.assign_board(db, night_id, 3, "spare")  # a USB board put in later: its games count
        games = N.table_games(db, night_id, 1)
        assert games[0] is None
        assert games[1].key == ("board-2", "", 8) and games[1].seated == names[1]
        assert games[2].key == ("spare", "", 1) and len(games[2].game.hands) == 2
        N.end_round(db, night_id, now=T0 + 2000)
        store(db, "board-3", 1, played("wizard", names[2], 7), T0 + 2100)  # after the round ended
        assert N.table_games(db, night_id, 1)[2].key == ("spare", "", 1)


def test_an_amendment_is_recorded_applied_through_the_rules_and_never_changes_the_stored_game(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200)
        stored = db.get("board-1-1")
        players = stored["players"]
        hand = stored["hands"][2]  # hand 3: 3 cards each
        giver = next(s for s in range(4) if hand["tricks"][s] > 0)
        taker = (giver + 1) % 4
        before = N.standings(db, night_id)
        # One trick less alone breaks the trick count: refused, nothing written.
        with pytest.raises(NightError, match="tricks") as e:
            N.amend(db, night_id, "board-1", 1, 3, players[giver], "tricks", hand["tricks"][giver] - 1, "Dee", "typo")
        assert "\n" not in str(e.value) and N.amendments(db, night_id) == []
        # Moved from one player to another: the hand's tricks at once.
        tricks = list(hand["tricks"])
        tricks[giver] -= 1
        tricks[taker] += 1
        a = N.amend(db, night_id, "board-1", 1, 3, None, "tricks", " ".join(map(str, tricks)),
                    "Director Dee", "the board took a wrong press", now=T0 + 900)
        rows = N.amendments(db, night_id)
        assert [r["id"] for r in rows] == [a]
        assert rows[0]["old"] == hand["tricks"] and rows[0]["new"] == tricks and rows[0]["player"] is None
        assert rows[0]["who"] == "Director Dee" and rows[0]["why"] == "the board took a wrong press"
        assert (rows[0]["device_id"], rows[0]["game_id"], rows[0]["hand"], rows[0]["at"]) == ("board-1", 1, 3, T0 + 900)
        assert db.get("board-1-1") == stored, "the stored game is never changed"
        mine = json.loads(json.dumps(stored))
        mine["hands"][2]["tricks"] = tricks
        game = from_record(mine)
        after = {r["player"]: r["total"] for r in N.standings(db, night_id)}
        for seat, name in enumerate(game.players):
            assert after[name] == game.totals[seat]
        assert after != {r["player"]: r["total"] for r in before}
        # A player's bid, twice: the second's old value is the first's new.
        bid = 1 if hand["bids"][giver] != 1 else 2
        b = N.amend(db, night_id, "board-1", 1, 3, players[giver], "bids", str(bid), "Eve", "bid misread")
        c = N.amend(db, night_id, "board-1", 1, 3, players[giver], "bids", 0 if bid != 0 else 3, "Eve", "again")
        rows = N.amendments(db, night_id)
        assert [r["id"] for r in rows] == [a, b, c] and rows[2]["old"] == bid == rows[1]["new"]
        with pytest.raises(NightError, match="bids is 0 already: nothing to amend"):
            N.amend(db, night_id, "board-1", 1, 3, players[giver], "bids", 0, "Eve", "x")
        mine["hands"][2]["bids"][giver] = 0
        game = from_record(mine)
        sheet = N.running_sheet(db, night_id, 1, 1)
        assert [len(h["amended"]) for h in sheet["hands"]][:4] == [0, 0, 3, 0]
        assert sheet["totals"] == game.totals and sheet["refused"] == [] and sheet["seated"] == players
        assert sheet["hands"][2]["totals"] == game.hands[2].totals
        assert sheet["hands"][2]["cells"][giver] == "0/%d" % tricks[giver]


@pytest.mark.parametrize("args, message", [
    (("board-1", 1, 99, "Ann", "tricks", 1, "Dee", "why"), "hand 99 is not a complete hand"),
    (("board-1", 1, 1, "Zed", "tricks", 1, "Dee", "why"), "'Zed' does not play in this game"),
    (("board-1", 1, 1, "Ann", "hearts", 1, "Dee", "why"), "wizard has no field 'hearts'"),
    (("board-1", 1, 1, None, "tricks", 1, "Dee", "why"), "tricks of every seat is a list"),
    (("board-1", 1, 1, None, "tricks", "1 0", "Dee", "why"), "tricks of every seat is a list of 4 values"),
    (("board-1", 1, 1, None, "trump", "X", "Dee", "why"), "trump is one of S, H, D, C or none"),
    (("board-1", 1, 1, "Ann", "tricks", "two", "Dee", "why"), "tricks is a whole number"),
    (("board-1", 1, 1, "Ann", "tricks", 1, "", "why"), "who amends is needed"),
    (("board-1", 1, 1, "Ann", "tricks", 1, "Dee", " "), "why it is amended is needed"),
    (("board-1", 1, 1, "Ann", "tricks", 1, "Dee", "w" * 501), "at most 500 characters"),
    (("board-9", 1, 1, "Ann", "tricks", 1, "Dee", "why"), "board board-9's game 1 is no table's game of this night"),
])
def test_a_bad_amendment_is_refused_in_one_line_and_nothing_is_written(db_target, args, message):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200)
        with pytest.raises(NightError, match=message) as e:
            N.amend(db, night_id, *args)
        assert "\n" not in str(e.value) and N.amendments(db, night_id) == []


def test_two_hubs_start_a_round_once_and_lose_no_amendment(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200)
        name = N.seatings(db, night_id, 1)[0][0]
        bid = db.get("board-1-1")["hands"][14]["bids"][0]  # the last hand: 15 cards, bids 0 to 15
        N.end_round(db, night_id, now=T0 + 5000)
    values = [v for v in range(16) if v != bid]  # ten different values, none the stored one
    outcomes = []
    barrier = threading.Barrier(4)

    def hub(kind, i):
        with Database(db_target) as mine:
            barrier.wait()
            try:
                if kind == "start":
                    outcomes.append(("started", N.start_round(mine, night_id, now=T0 + 6000)))
                else:
                    for k in range(5):
                        value = values[5 * (i - 2) + k]
                        N.amend(mine, night_id, "board-1", 1, 15, name, "bids", value, "hub %d" % i, "load")
                    outcomes.append(("amended", i))
            except NightError as e:
                outcomes.append(("refused", str(e)))

    threads = [threading.Thread(target=hub, args=(kind, i)) for i, kind in enumerate(["start", "start", "amend", "amend"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(o[0] for o in outcomes) == ["amended", "amended", "refused", "started"], outcomes
    assert ("started", 2) in outcomes and any("round 2 is still running" in str(o[1]) for o in outcomes)
    with Database(db_target) as db:
        assert [r["round"] for r in N.nights(db)] == [2] and len(N.seatings(db, night_id, 2)) == 3
        rows = N.amendments(db, night_id)
        assert len(rows) == 10
        # Each amendment saw the one before it: the old values chain.
        assert rows[0]["old"] == bid and all(rows[i]["old"] == rows[i - 1]["new"] for i in range(1, 10))


def test_table_status_tells_ok_behind_silent_and_done(db_target):
    with Database(db_target) as db:
        night_id = new_night(db, tables=3)
        assert [r["state"] for r in N.table_status(db, night_id, now=T0)] == ["waiting"] * 3
        N.start_round(db, night_id, now=T0 + 100)
        names = N.seatings(db, night_id, 1)
        store(db, "board-1", 1, played("wizard", names[0], 1, hands=6), T0 + 200, synced=T0 + 1000)
        store(db, "board-2", 1, played("wizard", names[1], 2, hands=3), T0 + 200, synced=T0 + 990)
        status = N.table_status(db, night_id, now=T0 + 1010)
        assert [(r["table"], r["hands"], r["state"]) for r in status] == [(1, 6, "ok"), (2, 3, "ok"), (3, 0, "silent")]
        assert status[0]["expected"] == 15 and status[0]["last_heard"] == T0 + 1000 and status[0]["ref"] == "board-1-1"
        store(db, "board-3", 1, played("wizard", names[2], 3, hands=5), T0 + 200, synced=T0 + 1020)
        status = N.table_status(db, night_id, now=T0 + 1030)
        assert [r["state"] for r in status] == ["ok", "behind", "ok"]  # 3 is more than one hand behind the median, 5
        assert [r["state"] for r in N.table_status(db, night_id, now=T0 + 1310)] == ["silent", "silent", "ok"]
        store(db, "board-1", 1, played("wizard", names[0], 1), T0 + 200, synced=T0 + 1500)  # to its end
        assert N.table_status(db, night_id, now=T0 + 1500)[0]["state"] == "done"
        N.end_round(db, night_id, now=T0 + 1600)
        assert [r["state"] for r in N.table_status(db, night_id, now=T0 + 1700)] == ["done"] * 3


def test_seat_cards_and_the_boards_orders_for_the_next_round(db_target):
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        first = N.seat_orders(db, night_id, 1)
        assert first["board-2"] == {"round": 1, "table": 2, "seat": None, "names": PLAYERS[4:8]}
        play_round(db, night_id, 1, T0 + 200)
        N.end_round(db, night_id, now=T0 + 5000)
        N.start_round(db, night_id, now=T0 + 6000)
        orders = N.seat_orders(db, night_id, 2)
        cards = {c["player"]: c for c in N.seat_cards(db, night_id, 2)}
        assert sorted(cards) == sorted(PLAYERS) and list(cards) == sorted(PLAYERS, key=str.casefold)
        for t in (1, 2, 3):
            winner = order_of(db.get("board-%d-1" % t))[0]
            card = cards[winner]
            assert orders["board-%d" % t]["seat"] == (2, card["table"], card["seat"])
            assert card["table"] == max(1, t - 1)
            assert orders["board-%d" % t]["names"] == N.seatings(db, night_id, 2)[t - 1]


def test_the_nights_report_is_the_season_reports_format_with_amendments(db_target):
    with Database(db_target) as db:
        night_id = new_night(db, name="<Friday & co>")
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200)
        page = N.night_report(db, night_id, "es")
        assert "Noche de club: &lt;Friday &amp; co&gt;" in page and "<Friday" not in page
        assert page.count("<details open>") == 3 and report_i18n.strings("es")["league"] in page
        assert "Content-Security-Policy" in page
        assert "board-1-1" in page and "board-3-1" in page


def test_a_schema_4_database_gets_the_nights_tables(db_target):
    with Database(db_target) as db:
        store(db, "board-1", 1, played("hearts", PLAYERS[:4], 1, hands=2), T0)
        for table in reversed(db_schema.NIGHT_TABLES):
            sql(db, "DROP TABLE %s" % table.name)
        sql(db, "UPDATE schema_version SET version = 4")
    with Database(db_target) as db:
        assert sql(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)] and SCHEMA_VERSION == 5
        assert len(db.games()) == 1 and N.nights(db) == []
        assert new_night(db) == 1


def test_the_readers_take_numbers_as_text_and_refuse_what_is_none(db_target):
    # What a web page's path gives: digits as text.
    with Database(db_target) as db:
        night_id = new_night(db)
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200)
        sheet = N.running_sheet(db, str(night_id), "2", "1", "it")
        assert sheet["table"] == 2 and sheet["round"] == 1 and len(sheet["hands"]) == 15
        assert N.table_games(db, str(night_id), "1")[1].key == ("board-2", "", 1)
        assert N.seat_orders(db, night_id, "1")["board-1"]["names"] == PLAYERS[:4]
        for call, message in [
            (lambda: N.running_sheet(db, night_id, 4, 1), "there is no table 4 \\(the night has 3\\)"),
            (lambda: N.running_sheet(db, night_id, "two", 1), "a table must be a whole number"),
            (lambda: N.running_sheet(db, night_id, 1, 1, "de"), "language is one of en, es, pt, it, fr"),
            (lambda: N.night_report(db, night_id, "xx"), "language is one of"),
            (lambda: N.table_games(db, night_id, 2), "round 2 has not started"),
            (lambda: N.night(db, "7; DROP TABLE nights"), "a night id must be a whole number"),
            (lambda: N.standings(db, 99), "there is no night 99"),
            (lambda: N.amend(db, night_id, "board-1", 1, 1, None, "trump", "S" * 10_000, "Dee", "x"), "at most 20"),
        ]:
            with pytest.raises(NightError, match=message) as e:
                call()
            assert "\n" not in str(e.value) and len(str(e.value)) < 200


def test_a_hearts_night_ranks_the_lowest_first_and_the_queen_is_amended_by_name(db_target):
    with Database(db_target) as db:
        night_id = new_night(db, game="hearts", tables=2)
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200, game="hearts", hands=4)
        standings = N.standings(db, night_id)
        assert [r["total"] for r in standings] == sorted(r["total"] for r in standings), "the lowest total first"
        stored = db.get("board-1-1")
        number, hand = next((i + 1, h) for i, h in enumerate(stored["hands"]) if 13 not in h["hearts"])
        players = stored["players"]
        other = players[(hand["queen"] + 1) % 4]
        N.amend(db, night_id, "board-1", 1, number, None, "queen", other, "Dee", "the queen went to %s" % other)
        row = N.amendments(db, night_id)[0]
        assert (row["old"], row["new"]) == (players[hand["queen"]], other)
        mine = json.loads(json.dumps(stored))
        mine["hands"][number - 1]["queen"] = players.index(other)
        game = from_record(mine)
        after = {r["player"]: r["total"] for r in N.standings(db, night_id)}
        assert all(after[name] == game.totals[seat] for seat, name in enumerate(players))
        with pytest.raises(NightError, match="'Nobody' does not play in this game"):
            N.amend(db, night_id, "board-1", 1, number, None, "queen", "Nobody", "Dee", "why")
        with pytest.raises(NightError, match="queen is the hand's, not a player's"):
            N.amend(db, night_id, "board-1", 1, number, other, "queen", other, "Dee", "why")


def test_a_spades_night_counts_a_partnerships_total_for_both_partners(db_target):
    with Database(db_target) as db:
        night_id = new_night(db, game="spades", tables=2, settings={"partners": True})
        N.start_round(db, night_id, now=T0 + 100)
        play_round(db, night_id, 1, T0 + 200, game="spades", hands=5, settings={"partners": True})
        assert N.night(db, night_id)["settings"]["partners"] is True
        totals = recompute(db)
        standings = {r["player"]: r for r in N.standings(db, night_id)}
        assert {p: r["total"] for p, r in standings.items()} == totals
        for t in N.table_games(db, night_id, 1):
            a, b, c, d = t.game.players
            assert standings[a]["total"] == standings[c]["total"] and standings[b]["total"] == standings[d]["total"]
