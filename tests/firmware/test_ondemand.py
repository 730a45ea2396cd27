# SPDX-License-Identifier: MIT
"""The serial link loaded on demand: nothing is built until the PC speaks,
and then the first bytes are answered like any others."""

from tallyboard import frames
from tallyfakes.fake_clock import FakeClock
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.link import Link
from tallyboard.app import LinkOnDemand


class Stream:
    def __init__(self):
        self.inbox = b""
        self.out = []
        self.reads = 0

    def read_available(self):
        self.reads += 1
        data, self.inbox = self.inbox, b""
        return data

    def write(self, data):
        self.out.append(bytes(data))


def _link():
    fs = MemFS()
    clock = FakeClock()
    journal = Journal(fs, clock)
    journal.boot()
    stream = Stream()
    made = []

    def make(s):
        made.append(s)
        return Link(s, journal, Config(fs), clock, "board", "0.1.0")

    return stream, made, LinkOnDemand(stream, make)


def test_nothing_is_built_while_the_pc_is_silent():
    stream, made, link = _link()
    for _ in range(5):
        assert link.poll() is False
    assert made == [] and link.link is None and stream.reads == 5 and stream.out == []


def test_the_first_bytes_are_answered_then_every_later_frame():
    stream, made, link = _link()
    stream.inbox = frames.encode(frames.REQUEST, 1, ["HELLO"])
    assert link.poll() is True
    assert len(made) == 1 and link.link is not None
    assert frames.decode(stream.out[0].strip(), frames.RESPONSE)[1][0] == "OK"
    stream.inbox = frames.encode(frames.REQUEST, 2, ["LIST"])
    assert link.poll() is True
    assert len(made) == 1  # built once
    assert [frames.decode(o.strip(), frames.RESPONSE)[0] for o in stream.out] == [1, 2]
