# SPDX-License-Identifier: MIT
"""In-memory board for Link tests: real MemFS, Journal, Config, FakeClock."""

from tallyboard import frames
from tallyfakes.fake_clock import FakeClock
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.link import Link
from tests.host.board_sim import ACCENTED, play_games


class MemStream:
    """Bytes in from the test (``inbox``), bytes out to it (``out``)."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()
        self.reads = 0

    def read_available(self):
        self.reads += 1
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def write(self, data):
        self.out += data


class MemBoard:
    """A board with ``games`` journalled games, its link on a MemStream."""

    def __init__(self, games=3, seed=1):
        self.fs = MemFS()
        self.clock = FakeClock()
        self.journal = Journal(self.fs, self.clock)
        self.journal.boot()
        self.played = play_games(self.journal, games, seed=seed, names=ACCENTED, finish_every=2)
        self.config = Config(self.fs)
        self.stream = MemStream()
        self.link = Link(self.stream, self.journal, self.config, self.clock, "e661a4d4", "0.1.0")
        self.next_id = 1

    def send_raw(self, data):
        """Feed raw bytes, poll, and return the answers as (rid, words)."""
        self.stream.inbox += data
        self.link.poll()
        return self.answers()

    def answers(self):
        out = bytes(self.stream.out)
        self.stream.out = bytearray()
        result = []
        for line in out.split(b"\n")[:-1]:
            result.append(frames.decode(line, frames.RESPONSE))
        if out and not out.endswith(b"\n"):
            raise AssertionError("a partial frame was written: %r" % out[-40:])
        return result

    def ask(self, verb, *args, rid=None):
        """Send one well-formed request; return its answer's words."""
        if rid is None:
            rid = self.next_id
        self.next_id = rid + 1
        got = self.send_raw(frames.encode(frames.REQUEST, rid, [verb] + [str(a) for a in args]))
        if len(got) != 1:
            raise AssertionError("expected one answer, got %r" % (got,))
        if got[0][0] != rid:
            raise AssertionError("answer id %d for request %d" % (got[0][0], rid))
        return got[0][1]

    def state(self):
        """Everything a request could change: files, roster, clock, session."""
        return (
            dict((n, self.fs.read(n)) for n in self.fs.listdir()),
            list(self.config.roster),
            self.clock.time(),
            self.link.last_id,
        )
