# SPDX-License-Identifier: MIT
"""A club night played end to end, for tests/host/test_club_night_e2e.py
(issue 27, "Done when"): the tables' boards and what the test checks
against the hub.

- Wi-Fi tables: the real firmware on the MicroPython unix port
  (tests/payloads/club_night_board.py), one process a board a round (the
  board is switched on for the round): it joins the hub, waits for the
  round's names the hub sends, shows and puts away the seat the hub sent,
  and its players play the table's Wizard game by the buttons.
- Wi-Fi tables on CPython whose players pick their names themselves
  (``NamedBoard``: tests/club_fleet.FleetBoard, the real journal and club
  link), the table's game entered as the app enters it.
- USB tables: a simulated serial board (tests/host/board_sim.BoardThread,
  the firmware's link over a real pseudo-terminal) whose players entered
  the table's game (the core, then the journal, as the app does), synced
  at the end of the round with `tricktally sync --db URL --port PTY`.
- ``Night.play_round``: a round as the director and the tables play it
  through the served hub (tests/club_serve.py), with what the round must
  show checked on the way.
- ``check_progressive``: whether a round's seats follow the progressive
  movement from the round before, given each player's score there
  (ties: either of the tied players may be the one who moves).
"""

import json
import os
import subprocess
import sys
import threading
import time

from tests import mpvm
from tests.board_keys import keys_for
from tests.club_check import standings
from tests.club_fleet import FleetBoard
from tests.firmware.test_club_on_micropython import board_journals
from tests.firmware.ui_corpus import corpus
from tests.host.board_sim import BoardThread
from tricktally import new_game
from tricktally_host.sync import record_of

FIRST = ["Ana", "Ben", "Cy", "Dee", "Eva", "Fé", "Gil", "Hal", "Ivo", "Jo", "Kai", "Lu"]


def player_names(count):
    """``count`` distinct names a board takes (1 to 10 characters)."""
    return ["%s%d" % (FIRST[i % len(FIRST)], i // len(FIRST) + 1) for i in range(count)]


def table_hands(round_no, table, seats=4, seed=27):
    """The record hands the players of ``table`` play in ``round_no``: a
    whole Wizard game, another at every table and round."""
    return corpus("wizard", seed=seed * 1000 + round_no * 100 + table, games=1, n=seats)[0]


class WifiBoard:
    """One unix-port board of the night: its flash folder, kept all night."""

    def __init__(self, device, key, table, folder, port=None):
        self.device = device
        self.port = port  # the board port of the hub it is enrolled with
        self.key = key
        self.table = table
        self.flash = folder / device
        self.flash.mkdir(parents=True)
        self.ends = {}  # round -> the payload's end
        self.error = None

    def keys(self, round_no, seats=4):
        """The round's presses: the table's game from the home menu (the
        CPython app plays it to find them: one thread at a time)."""
        return keys_for("wizard", seats, {}, table_hands(round_no, self.table, seats))[0]

    def play_round(self, round_no, port, roster, keys, pace_ms=20, wait_s=120):
        """Run the round's payload (blocking); keeps its end in ``ends``."""
        data = {"host": "127.0.0.1", "port": port, "device": self.device, "key": self.key.hex(), "keys": keys,
                "roster": roster, "pace_ms": pace_ms, "backoff": 200, "wait_s": wait_s}
        try:
            lines = mpvm.payload_lines("club_night_board", json.dumps(data), flash=str(self.flash))
            self.ends[round_no] = [line["end"] for line in lines if "end" in line][0]
        except Exception as e:  # noqa: BLE001 - surfaced by the test
            self.error = e

    def journals(self):
        return board_journals(self.flash)


def enter_game(journal, names, hands):
    """The players ``names`` enter ``hands`` (record hands) as a new Wizard
    game: each value into the core, then the journal (App.enter). (game
    id, the core's game)."""
    game = new_game("wizard", list(names), 0, {})
    gid = journal.new_game(game)
    for number, hand in enumerate(hands, 1):
        for kind, seat, value in game.dict_to_entries(hand, number):
            game.enter(kind, seat, value)
            journal.entry(gid, kind, seat, value)
    return gid, game


class NamedBoard:
    """A Wi-Fi board on CPython (tests/club_fleet.FleetBoard: the real
    journal and club link) enrolled with the hub on ``port``, whose
    players pick their names themselves (as at a board the hub sent no
    names) and enter the table's game."""

    def __init__(self, index, table, port):
        self.board = FleetBoard(index, port)
        self.device = self.board.device
        self.key = self.board.key
        self.table = table

    def play_round(self, round_no, names, timeout=60):
        """The round's game entered, then the board's loop run until the
        hub acknowledged it (a finished game is, at once)."""
        b = self.board
        gid, b.game = enter_game(b.journal, names, table_hands(round_no, self.table, len(names)))
        b.games[gid] = b.game
        end = time.monotonic() + timeout
        while not b.acked() and time.monotonic() < end:
            b.step()
            time.sleep(0.002)
        assert b.acked(), "%s: the hub did not acknowledge round %d's game" % (self.device, round_no)
        return gid

    def journals(self):
        return self.board.journals()

    def close(self):
        self.board.close()


class UsbBoard:
    """One USB board of the night: a simulated board on a pseudo-terminal
    with its flash kept all night."""

    def __init__(self, device, table):
        self.device = device
        self.table = table
        self.board = BoardThread(device)
        self.board.start()

    def play_round(self, round_no, names):
        """The table's players enter the round's game on the board."""
        journal = self.board.journal
        # The simulated board's clock moves only when told: a board's runs
        # on (the last sync set it), so its games are dated now.
        self.board.clock.set_time(int(time.time()))
        return enter_game(journal, names, table_hands(round_no, self.table, len(names)))[0]

    def sync(self, url):
        """`tricktally sync --db URL --port PTY`, as a person runs it at the PC."""
        exe = os.path.join(os.path.dirname(sys.executable), "tricktally")
        return subprocess.run([exe, "sync", "--db", str(url), "--port", self.board.path, "--timeout", "10"],
                              capture_output=True, text=True, timeout=120)

    def journals(self):
        j = self.board.journal
        return {gid: j.read(gid, 0, j.size(gid)) for gid in j.ids()}

    def close(self):
        self.board.stop()


def run_all(tasks):
    """Run the callables at once (a thread each); wait for them all."""
    threads = [threading.Thread(target=t) for t in tasks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    return not any(t.is_alive() for t in threads)


def round_scores(records):
    """{player: total} over the records of one round (each plays one game)."""
    return {name: row["points"] for name, row in standings(records).items()}


def check_progressive(before, after, scores):
    """Problems (a list of lines, empty when none) of ``after`` (round r+1's
    tables, players in seat order) as the progressive movement of
    ``before`` (round r's) with ``scores`` (each player's total in round
    r): the winner of table k >= 2 and the last of table k-1 swap seats,
    table 1's winner stays, everyone else keeps table and seat."""
    problems = []
    if len(before) != len(after):
        return ["%d tables, then %d" % (len(before), len(after))]
    want = [list(t) for t in before]
    for k in range(1, len(before)):
        up = [p for p in before[k] if p in after[k - 1]]
        down = [p for p in before[k - 1] if p in after[k]]
        if len(up) != 1 or len(down) != 1:
            problems.append("tables %d and %d: %r moved up, %r down" % (k, k + 1, up, down))
            continue
        top = max(scores[p] for p in before[k])
        bottom = min(scores[p] for p in before[k - 1])
        if scores[up[0]] != top:
            problems.append("table %d: %s moved up, not its winner (%d, the top %d)" % (k + 1, up[0], scores[up[0]], top))
        if scores[down[0]] != bottom:
            problems.append("table %d: %s moved down, not its last (%d, the bottom %d)"
                            % (k, down[0], scores[down[0]], bottom))
        i, j = before[k].index(up[0]), before[k - 1].index(down[0])
        want[k][i], want[k - 1][j] = down[0], up[0]
    if [list(t) for t in after] != want:
        problems.append("the seats are %r, the movement gives %r" % (after, want))
    return problems


def records_of(boards):
    """{(device, game id): the record of each board's journal}."""
    out = {}
    for b in boards:
        for gid, data in b.journals().items():
            out[(b.device, gid)] = record_of(bytes(data), b.device, gid)[0]
    return out


def places(table):
    """Standings rows as the hub's page shows them, from ``standings``:
    [place, player, points, games, wins] as text, the most points first,
    then the most wins (equal points and wins share a place), then the
    name."""
    rows = sorted(table.items(), key=lambda kv: (-kv[1]["points"], -kv[1]["wins"], kv[0].casefold(), kv[0]))
    out = []
    for i, (name, row) in enumerate(rows):
        rank = (row["points"], row["wins"])
        if i == 0 or rank != (rows[i - 1][1]["points"], rows[i - 1][1]["wins"]):
            place = i + 1
        out.append([str(place), name, str(row["points"]), str(row["games"]), str(row["wins"])])
    return out


class Night:
    """A progressive Wizard night at 4-player tables, one a board, on the
    hub whose director is ``director`` (tests/club_serve.Director) over
    ``url``: Wi-Fi boards on the unix port ``wifi`` (each with ``port``,
    the board port of the hub it is enrolled with), USB boards ``usb``,
    and Wi-Fi boards on CPython whose players pick their names ``named``."""

    def __init__(self, url, director, wifi, usb, rounds, named=(), name="Friday Wizard"):
        from tricktally_host.db import Database

        self.url = url
        self.director = director
        self.wifi = wifi
        self.usb = usb
        self.named = list(named)
        self.boards = wifi + usb + self.named
        tables = len(self.boards)
        self.players = player_names(4 * tables)
        director.login()
        self.id = director.create_night(name, "wizard", self.players, tables, 4, "progressive", rounds)
        with Database(url) as db:
            for b in wifi + self.named:
                db.set_board_key(b.device, b.key.hex())  # what `tricktally club enroll` records
        for b in self.boards:
            director.act(self.id, "assign", table=b.table, device=b.device)
        self.seated = {}
        self.scores = {}
        self.played = {}  # round -> {table: the record its board holds}

    def play_round(self, r, director=None, ender=None):
        """Round ``r``: started by ``director`` (default the night's), the
        tables' games played and synced, the round ended by ``ender``
        (default the one who started it); then checked."""
        from tricktally_host.club import night as nights
        from tricktally_host.db import Database

        director = director or self.director
        director.act(self.id, "start")
        with Database(self.url) as db:
            assert nights.night(db, self.id)["round"] == r
            self.seated[r] = nights.seatings(db, self.id, r)
        seated = self.seated[r]
        # The players go to their tables. (A board dates a game in whole
        # seconds: one begun in the second the last round ended would be
        # taken for a game of that round, and be no table's game.)
        time.sleep(2)
        for u in self.usb + self.named:
            u.play_round(r, seated[u.table - 1])
        keys = {b.table: b.keys(r) for b in self.wifi}
        assert run_all([lambda b=b: b.play_round(r, b.port, seated[b.table - 1], keys[b.table]) for b in self.wifi])
        for b in self.wifi:
            assert b.error is None, b.error
            got = b.ends[r]["roster"]
            assert got == seated[b.table - 1], "round %d: %s never had its table's names from its hub (%r)" % (
                r, b.device, got)
        for u in self.usb:
            done = u.sync(self.url)
            assert done.returncode == 0, done.stdout + done.stderr
        records = records_of(self.boards)
        newest = {b.table: max(g for d, g in records if d == b.device) for b in self.boards}
        self.played[r] = {b.table: records[(b.device, newest[b.table])] for b in self.boards}
        self.scores[r] = round_scores(list(self.played[r].values()))
        with Database(self.url) as db:
            games = nights.table_games(db, self.id, r)
        (ender or director).act(self.id, "end")
        # Every table's game reached the hub and is the table's game.
        for b in self.boards:
            record = self.played[r][b.table]
            assert record["players"] == seated[b.table - 1]
            assert len(record["hands"]) == 15 and "current" not in record  # a whole game
            game = games[b.table - 1]
            assert game is not None, "round %d: table %d has no game on the hub" % (r, b.table)
            assert game.key[0] == b.device and game.key[2] == newest[b.table]
            assert game.stored["hands"] == record["hands"] and game.game.finished
        # The Wi-Fi boards had the round's names, and from round 2 on
        # showed where their table's last winner sits now.
        for b in self.wifi:
            end = b.ends[r]
            assert end["roster"] == seated[b.table - 1] and end["acked"], (b.device, end)
            if r == 1:
                assert end["seat_shown"] is None
                continue
            before = self.seated[r - 1][b.table - 1]
            top = max(self.scores[r - 1][p] for p in before)
            where = ["Table %d, seat %d" % (t, s) for t, table in enumerate(seated, 1)
                     for s, p in enumerate(table, 1) if p in before and self.scores[r - 1][p] == top]
            assert end["seat_shown"] is not None and end["seat_shown"][0] in where, (b.device, end, where)
        if r > 1:
            assert check_progressive(self.seated[r - 1], seated, self.scores[r - 1]) == []
        assert sorted(p for table in seated for p in table) == sorted(self.players)

    def standings(self):
        """The night's standings recomputed from the records the boards
        hold, as the page's rows (``places``)."""
        return places(standings([rec for r in self.played for rec in self.played[r].values()]))
