# SPDX-License-Identifier: MIT
"""A club night played end to end, for tests/host/test_club_night_e2e.py
(issue 27, "Done when"): the tables' boards and what the test checks
against the hub.

- Wi-Fi tables: the real firmware on the MicroPython unix port
  (tests/payloads/club_night_board.py), one process a board a round (the
  board is switched on for the round): it joins the hub, waits for the
  round's names the hub sends, shows and puts away the seat the hub sent,
  and its players play the table's Wizard game by the buttons.
- USB tables: a simulated serial board (tests/host/board_sim.BoardThread,
  the firmware's link over a real pseudo-terminal) whose players entered
  the table's game (the core, then the journal, as the app does), synced
  at the end of the round with `tricktally sync --db URL --port PTY`.
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

    def __init__(self, device, key, table, folder):
        self.device = device
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
        game = new_game("wizard", list(names), 0, {})
        gid = journal.new_game(game)
        for number, hand in enumerate(table_hands(round_no, self.table, len(names)), 1):
            for kind, seat, value in game.dict_to_entries(hand, number):
                game.enter(kind, seat, value)
                journal.entry(gid, kind, seat, value)
        return gid

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
