# SPDX-License-Identifier: MIT
"""Many enrolled boards on CPython for the hub's load and fault tests
(issue 27): each board is the real firmware's journal (on an in-memory
flash) and the real club link (tallyboard.club: the TCP stream, the hub's
link with its proofs, seals and notices) to a hub on 127.0.0.1, with the
players' entries made straight into the core and the journal as the app's
``enter`` makes them (no screens: a board's UI costs the hub nothing).

One thread drives every board: a pass of the fleet's loop is a pass of
each board's loop (its link's ``poll``, the journal's idle fold, the
link's ``idle``, which sends the notices). A board plays Wizard games
back to back, one hand every ``every`` seconds: its bids at once, its
tricks half a period later (a table confirms a round of bids, then the
tricks taken), each value one journal record as on a board.
"""

import random
import socket
import time

from tallyboard import club as clubs
from tallyboard.clock import Clock
from tallyboard.config import Config
from tallyboard.journal.journal import Journal
from tallyfakes.memfs import MemFS
from tests.core.play import choose
from tricktally import new_game


def ticks_ms():
    return int(time.monotonic() * 1000) & 0x3FFFFFFF


def board_key(i):
    """The key of the fleet's board ``i`` (32 bytes, distinct per board)."""
    return bytes((i * 7 + j) & 0xFF for j in range(32))


def device_name(i):
    return "fleet%03d" % i


class FleetBoard:
    """One enrolled board. ``app`` for the hub's link is the board itself
    (the link reads its journal, config, clock, game and pickers)."""

    def __init__(self, i, port, players=4, seed=0, host="127.0.0.1", backoff=200, settings=None):
        self.index = i
        self.device = device_name(i)
        self.key = board_key(i)
        self.fs = MemFS()
        self.clock = Clock(ticks_ms=ticks_ms)
        self.clock.set_time(int(time.time()))
        self.journal = Journal(self.fs, self.clock)
        self.journal.boot()
        self.config = Config(self.fs)
        self.app = self
        self.game = None
        self.game_id = None
        self.pickers = None
        self.screen = None  # what the link shows between games (a seat the hub sent)
        self.presses = 0
        self.rnd = random.Random(seed * 1009 + i)
        self.players = ["T%02d %s" % (i + 1, name) for name in ("Ana", "Ben", "Cy", "Dee", "Eva", "Fé")[:players]]
        self.settings = settings or {"bidding": "open", "even_bids": "allowed"}
        self.address = [host, port]
        self.backoff = backoff
        self.link = self._link()
        self.games = {}  # game id -> the core's Game, as the players entered it
        self.entries = []  # (game id, journal size after it, epoch s) per entry

    def _link(self):
        enrolled = {"host": self.address[0], "port": self.address[1], "ssid": "club", "password": "", "key": self.key}
        return clubs.start(self, enrolled, self.device, "0.1.0", None, sockets=socket, ticks_ms=ticks_ms,
                           backoff=self.backoff)

    def go(self, screen):
        """The app's ``go``: the link shows a seat between games."""
        self.screen = screen

    def redraw(self):
        """The app's ``redraw``: nothing is drawn here."""

    def step(self):
        """One pass of the board's loop; True if the hub's bytes came."""
        got = self.link.poll()
        self.journal.idle(self.presses, ticks_ms())
        self.link.idle(None)
        return got

    def half_hand(self):
        """The players confirm the next round of bids, or of tricks: each
        value entered into the core, then journaled (App.enter). A finished
        game is followed by a new one."""
        self.presses += 1
        if self.game is None or self.game.finished:
            self.game = new_game("wizard", self.players, self.rnd.randrange(len(self.players)), dict(self.settings))
            self.game_id = self.journal.new_game(self.game)
            self.games[self.game_id] = self.game
        game = self.game
        kind = game.kind
        while game.kind == kind and not game.finished:
            value = choose(game, self.rnd)
            seat = game.seat
            game.enter(kind, seat, value)
            self.journal.entry(self.game_id, kind, seat, value)
            self.entries.append((self.game_id, self.journal.size(self.game_id), time.time()))

    def journals(self):
        """{game id: the journal's bytes} as the board's link reads them."""
        j = self.journal
        return {gid: j.read(gid, 0, j.size(gid)) for gid in j.ids()}

    def acked(self):
        """True when the hub acknowledged every byte of every game."""
        j = self.journal
        return all(j.synced(gid) == j.size(gid) for gid in j.ids())

    def close(self):
        self.link.stream.close("test over")


class Fleet:
    """Boards ``0..count-1`` against the hub on ``port``."""

    def __init__(self, count, port, **kwargs):
        self.boards = [FleetBoard(i, port, **kwargs) for i in range(count)]

    def step(self):
        for b in self.boards:
            b.step()

    def play(self, seconds, every=3.0, hands=None, on_pass=None):
        """Every board enters a hand every ``every`` s (bids, then tricks
        half a period later), boards staggered over the period, for
        ``seconds`` of real time or ``hands`` hands each; the loop runs
        meanwhile. ``on_pass(elapsed)`` is called every pass (a test's
        faults). Returns the hands entered."""
        half = every / 2.0
        n = len(self.boards)
        start = time.monotonic()
        due = [start + half * i / n for i in range(n)]
        halves = [0] * n
        limit = None if hands is None else 2 * hands
        while True:
            now = time.monotonic()
            if now - start >= seconds:
                break
            for i, b in enumerate(self.boards):
                if now >= due[i] and (limit is None or halves[i] < limit):
                    b.half_hand()
                    halves[i] += 1
                    due[i] += half
            self.step()
            if on_pass is not None:
                on_pass(now - start)
            if limit is not None and min(halves) >= limit:
                break
            time.sleep(0.001)
        return sum(halves) // 2

    def settle(self, done, timeout=60):
        """Run the boards' loops until ``done()`` holds (checked every
        20 ms); False after ``timeout`` s."""
        end = time.monotonic() + timeout
        last = 0.0
        while time.monotonic() < end:
            self.step()
            now = time.monotonic()
            if now - last >= 0.02:
                last = now
                if done():
                    return True
            time.sleep(0.001)
        return False

    def close(self):
        for b in self.boards:
            b.close()
