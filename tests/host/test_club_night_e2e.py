# SPDX-License-Identifier: MIT
"""A club night end to end (issue 27, "Done when"): a hub on PostgreSQL,
8 Wi-Fi boards (the real firmware on the MicroPython unix port) and 4
boards synced over USB (`tricktally sync --db URL` against simulated
serial boards) play a progressive Wizard night of 3 rounds at 12 tables
of 4 (tests/club_night.py).

Each round the director starts it (the night's API, as the director's
page does), the hub sends each Wi-Fi board its table's names and the seat
of its table's last winner (the hub's listener in its own process,
tests/club_hub.py, reads them from the night); the boards show the seat,
take the names, and their players play a whole game by the buttons; the
USB boards are synced at the PC; the director ends the round.

Checked: every table's game is the hub's table game, with the seated
players; the boards had the names and showed the seat the movement
gives; each round's seats follow the progressive movement from the
scores the boards' own games give; the hub's standings equal the
standings computed from the records the boards hold.
"""

import time

import pytest

from tests.club_check import standings
from tests.club_fleet import board_key
from tests.club_hub import HubProcess
from tests.club_night import UsbBoard, WifiBoard, check_progressive, player_names, records_of, round_scores, run_all
from tricktally_host.club import night as nights
from tricktally_host.db import Database

ROUNDS = 3
WIFI_TABLES = range(1, 9)
USB_TABLES = range(9, 13)


@pytest.fixture
def club_url(pg_server):
    name = pg_server.new_database()
    yield pg_server.url(name)
    pg_server.drop_database(name, reached=True)


def newest_record(records, device):
    gid = max(g for d, g in records if d == device)
    return gid, records[(device, gid)]


def test_a_progressive_wizard_night_of_three_rounds(club_url, tmp_path):
    url = club_url
    players = player_names(48)
    wifi = [WifiBoard("wifi%02d" % t, board_key(t), t, tmp_path) for t in WIFI_TABLES]
    usb = [UsbBoard("usb%02d" % t, t) for t in USB_TABLES]
    boards = wifi + usb
    with Database(url) as db:
        night_id = nights.create_night(db, "Friday Wizard", "wizard", players, 12, 4, "progressive", ROUNDS,
                                       "director's secret")
        for b in wifi:
            db.set_board_key(b.device, b.key.hex())
        for b in boards:
            nights.assign_board(db, night_id, b.table, b.device)
    hub = HubProcess(url, keepalive=1.0, night=night_id).start()
    seated = {}
    scores = {}
    played = {}  # round -> {table: record the board holds}
    try:
        for r in range(1, ROUNDS + 1):
            with Database(url) as db:
                assert nights.start_round(db, night_id) == r
                seated[r] = nights.seatings(db, night_id, r)
            # The players go to their tables. (A board dates a game in whole
            # seconds: one begun in the second the last round ended would be
            # taken for a game of that round, and be no table's game.)
            time.sleep(2)
            for u in usb:
                u.play_round(r, seated[r][u.table - 1])
            keys = {b.table: b.keys(r) for b in wifi}
            assert run_all([lambda b=b: b.play_round(r, hub.port, seated[r][b.table - 1], keys[b.table]) for b in wifi])
            for b in wifi:
                assert b.error is None, b.error
            for u in usb:
                done = u.sync(url)
                assert done.returncode == 0, done.stdout + done.stderr
            records = records_of(boards)
            played[r] = {b.table: newest_record(records, b.device)[1] for b in boards}
            scores[r] = round_scores(list(played[r].values()))
            with Database(url) as db:
                games = nights.table_games(db, night_id, r)
                assert nights.end_round(db, night_id) == r

            # Every table's game reached the hub and is the table's game.
            for b in boards:
                gid, record = newest_record(records, b.device)
                assert record["players"] == seated[r][b.table - 1]
                assert len(record["hands"]) == 15 and "current" not in record  # a whole game
                game = games[b.table - 1]
                assert game is not None, "round %d: table %d has no game on the hub" % (r, b.table)
                assert game.key[0] == b.device and game.key[2] == gid
                assert game.stored["hands"] == record["hands"] and game.game.finished
            # The Wi-Fi boards had the round's names, and from round 2 on
            # showed where their table's last winner sits now.
            for b in wifi:
                end = b.ends[r]
                assert end["roster"] == seated[r][b.table - 1] and end["acked"], end
                if r == 1:
                    assert end["seat_shown"] is None
                    continue
                before = seated[r - 1][b.table - 1]
                top = max(scores[r - 1][p] for p in before)
                where = ["Table %d, seat %d" % (t, s) for t, table in enumerate(seated[r], 1)
                         for s, p in enumerate(table, 1) if p in before and scores[r - 1][p] == top]
                assert end["seat_shown"] is not None and end["seat_shown"][0] in where, (end, where)
            if r > 1:
                assert check_progressive(seated[r - 1], seated[r], scores[r - 1]) == []
            assert sorted(p for table in seated[r] for p in table) == sorted(players)
    finally:
        hub.stop()
        for u in usb:
            u.close()
    # The hub's standings equal the standings of the records the boards hold.
    mine = standings([rec for r in played for rec in played[r].values()])
    with Database(url) as db:
        hubs = nights.standings(db, night_id)
    assert {row["player"]: {"points": row["total"], "games": row["games"], "wins": row["wins"]} for row in hubs} == mine
    assert all(row["games"] == ROUNDS for row in hubs)
