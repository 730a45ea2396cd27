# SPDX-License-Identifier: MIT
"""A simulated board for link and sync tests: the real firmware objects
(MemFS, Journal, Config, FakeClock, Link) answering over a real
pseudo-terminal from a thread, with a tap that counts, cuts and corrupts.

Used by tests/host/test_link*.py, test_sync_e2e.py and bench/sync_bench.py.
``headless_sim`` starts the simulator as a person runs it, a process of
its own over a flash folder.
"""

import os
import random
import subprocess
import sys
import threading

from tallyboard import frames
from tallyfakes.fake_clock import FakeClock
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.link import Link
from tests.core.play import random_entries, random_setup
from tricktally import new_game
from tricktally_host.ptystream import PtyStream, open_pty

ACCENTED = ["Zoë", "Jérôme", "Ñuño", "Ana", "Çelik", "Fé"]


def play_games(journal, count, seed=0, max_entries=120, names=None, finish_every=1):
    """Journal ``count`` random games; return {game_id: Game}. Every
    ``finish_every``-th game is played to its end (others stop early, as a
    game still on the table does); ``names`` replaces the players' names."""
    played = {}
    for i in range(count):
        rnd = random.Random(seed * 100003 + i)
        name, players, dealer, settings = random_setup(rnd)
        if names:
            players = [names[(j + i) % len(names)] for j in range(len(players))]
        game = new_game(name, players, dealer, settings)
        live = new_game(name, players, dealer, settings)
        gid = journal.new_game(live, created=1700000000 + 3600 * i)
        limit = 10_000 if i % finish_every == 0 else rnd.randrange(1, max_entries)
        # Replay the random entries onto the journal's game as the app does:
        # enter into the core first, journal once it accepted.
        for kind, seat, value in random_entries(rnd, game, min(limit, max_entries * 10)):
            live.enter(kind, seat, value)
            journal.entry(gid, kind, seat, value)
        played[gid] = live
    return played


def headless_sim(flash):
    """`tricktally sim --headless` on the flash folder ``flash`` (its own
    process, until killed): (the process, the serial port it names)."""
    exe = os.path.join(os.path.dirname(sys.executable), "tricktally")
    sim = subprocess.Popen([exe, "sim", "--headless", "--flash", str(flash), "--run-seconds", "0"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = sim.stdout.readline()
    if not first.startswith("serial: /"):
        sim.kill()
        sim.communicate()
        raise RuntimeError("the simulator did not name its pty: %r" % first)
    return sim, first.split(": ", 1)[1].strip()


class Tap:
    """Wraps the board's stream: logs requests, and on demand cuts the link
    (drops everything both ways) or flips one byte of an answer."""

    def __init__(self, stream):
        self.stream = stream
        self.reader = frames.LineReader()
        self.requests = []  # (verb, args) of every well-formed request seen
        self.cut_after_fetches = None
        self.dead = False
        self.corrupt_answers = []  # verbs whose next answer gets a flipped byte
        self.corrupt_requests = 0  # how many next requests get a flipped byte
        self.corrupted = 0
        self._answering = []  # verbs of the requests still to be answered, in order
        self.on_request = None  # called with (verb, args) for every request
        self._die = False

    def fetches(self, game_id=None):
        """FETCH requests seen (for one game, or all)."""
        return [a for v, a in self.requests if v == "FETCH" and (game_id is None or int(a[0]) == game_id)]

    def read_available(self):
        if self._die:
            self._die, self.dead = False, True
        data = self.stream.read_available()
        if self.dead or not data:
            return b""
        if self.corrupt_requests and b"\n" in data and data[:1] == b">":
            self.corrupt_requests -= 1
            self.corrupted += 1
            i = len(data) // 2
            data = data[:i] + bytes([data[i] ^ 0x01 or 0x41]) + data[i + 1:]
        prefix = self.reader.pending()
        pos = 0  # offset, in the reader's buffer + data, of the next line
        self.reader.feed(data)
        while True:
            line = self.reader.next_line()
            if line is None or line is frames.TOO_LONG:
                break
            start, pos = pos, pos + len(line) + 1
            if not frames.is_frame(line, frames.REQUEST):
                continue  # noise: the board will not answer it
            try:
                _, words = frames.decode(line, frames.REQUEST)
            except frames.FrameError:
                self._answering.append(None)  # answered by an ERR frame
                continue
            self.requests.append((words[0], words[1:]))
            self._answering.append(words[0])
            if self.on_request is not None:
                self.on_request(words[0], words[1:])
            if self.cut_after_fetches is not None and words[0] == "FETCH":
                if len(self.fetches()) >= self.cut_after_fetches:
                    # The cable is pulled as this FETCH arrives: the board
                    # still gets (and answers) what came before it.
                    self._die = True
                    self.reader.clear()
                    return data[: max(0, start - prefix)]
        return data

    def write(self, data):
        if self.dead:
            return
        verb = self._answering.pop(0) if self._answering else None
        if verb in self.corrupt_answers and data[:1] == b"<":
            self.corrupt_answers.remove(verb)
            self.corrupted += 1
            i = len(data) // 2
            flipped = data[i] ^ 0x02
            if flipped < 32 or flipped > 126:
                flipped = data[i] ^ 0x01
            data = data[:i] + bytes([flipped]) + data[i + 1:]
        self.stream.write(data)

    def pump(self):
        return self.stream.pump() if hasattr(self.stream, "pump") else 0

    def backlog(self):
        return self.stream.backlog() if hasattr(self.stream, "backlog") else 0

    def revive(self):
        """Reconnect a cut link."""
        self.dead = self._die = False
        self.cut_after_fetches = None
        self._answering = []


class BoardThread:
    """The firmware's Link over a real pty, answered from a thread.

    ``path`` is the serial port the PC opens with pyserial. Build the
    board's games through ``journal`` before ``start()``.
    """

    def __init__(self, device_id="e66138935f2a", fs=None):
        self.fs = fs or MemFS()
        self.clock = FakeClock(epoch=None)
        self.journal = Journal(self.fs, self.clock)
        self.journal.boot()
        self.config = Config(self.fs)
        self.master, self.slave, self.path = open_pty()
        self.tap = Tap(PtyStream(self.master))
        self.link = Link(self.tap, self.journal, self.config, self.clock, device_id, "0.1.0")
        self._stop = threading.Event()
        self._thread = None
        self.error = None

    def start(self):
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self):
        try:
            while not self._stop.is_set():
                if not self.link.poll():
                    self.tap.stream.wait(0.01)
        except BaseException as e:  # surfaced by stop(): the board must never raise
            self.error = e

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        import os

        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.error is not None:
            raise AssertionError("the board's link raised %r" % (self.error,))

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
