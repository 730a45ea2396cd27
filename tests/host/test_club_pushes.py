# SPDX-License-Identifier: MIT
"""What the hub does with the journal bytes a board pushes
(tricktally_host.club.pushes; docs/CLUB.md, "The board link"): the USB
sync's promises, push by push, against a real SQLite database. The
listener and the real board around it: test_club_listener.py and
tests/firmware/test_club_on_micropython.py."""

import binascii

import pytest

from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session
from tricktally_host.club.pushes import CATCH_UP, PushError, Pushes, parse_push
from tricktally_host.db import Database
from tricktally_host.sync import SyncReport

DEVICE = "pushboard"


def crc(data):
    return binascii.crc32(data) & 0xFFFFFFFF


@pytest.fixture(scope="module")
def journal():
    """The journal bytes of a Spades game of three hands (on CPython), and
    the length of its first two hands' part."""
    s = Session(record=False)
    s.start_game("spades", 4)
    hands = corpus("spades", seed=3, games=1, n=4)[0]
    j = s.app.journal
    for hand in hands[:2]:
        s.play_hand(hand)
    gid = j.ids()[0]
    two = j.size(gid)
    s.play_hand(hands[2])
    return j.read(gid, 0, j.size(gid)), two


@pytest.fixture
def db(tmp_path):
    with Database(tmp_path / "hub.sqlite") as db:
        yield db


def take(pushes, data, offset, end, size=None, gid=1):
    """Push ``data[offset:end]`` of a journal of ``size`` (default len(data))."""
    report = SyncReport()
    answer = pushes.take(gid, len(data) if size is None else size, offset, crc(data[:end]), data[offset:end], report)
    return answer, report


def stored(db, gid=1):
    return db.synced_upto(DEVICE).get(gid)


def test_a_push_that_extends_is_stored_and_acknowledged_only_once_committed(db, journal):
    data, two = journal
    first = data[:two]
    dues = []
    pushes = Pushes(db, DEVICE, "", lambda gid, finished: dues.append(finished) or len(dues) == 1, lambda: 0.0)
    # In chunks: nothing is stored before the journal's whole size came.
    answer, _ = take(pushes, first, 0, 300)
    assert answer == ("HAVE", 300, "%08x" % crc(first[:300])) and stored(db) is None
    answer, _ = take(pushes, first, 300, two)
    assert answer == ("ACK", two, "%08x" % crc(first)) and stored(db) == (two, "%08x" % crc(first))
    assert db.stored_journal(DEVICE, 1) == first
    # The next hand, from where the hub is: stored; not acknowledged (not due).
    answer, _ = take(pushes, data, two, len(data))
    assert answer == ("HAVE", len(data), "%08x" % crc(data)) and stored(db)[0] == len(data)
    assert dues == [False, False]


def test_bytes_that_do_not_extend_are_not_stored(db, journal):
    data, two = journal
    pushes = Pushes(db, DEVICE, "", lambda gid, finished: True, lambda: 0.0)
    assert take(pushes, data, 0, two, size=two)[0][0] == "ACK"
    # At the right place, but the board's earlier bytes are not the hub's
    # (its CRC): the full sync settles it; nothing stored.
    other = data[:two - 5] + b"XXXXX" + data[two:]
    answer, _ = take(pushes, other, two, len(other))
    assert answer == CATCH_UP and stored(db)[0] == two
    # Not where the hub is (a new session starts from the acknowledged
    # point; a gap): told where the hub is, nothing stored.
    assert take(pushes, data, 0, 100)[0] == ("HAVE", two, "%08x" % crc(data[:two]))
    assert take(pushes, data, two + 10, len(data))[0] == ("HAVE", two, "%08x" % crc(data[:two]))
    assert stored(db)[0] == two
    # A board that holds less than the hub: the full sync settles it.
    assert take(pushes, data[:100], 0, 100)[0] == CATCH_UP
    # A game stored without its bytes (an old sync) goes to the full sync too.
    fresh = Pushes(db, DEVICE, "", lambda gid, finished: True, lambda: 0.0)
    db.conn.exec_driver_sql("UPDATE games SET journal = NULL")
    db.conn.commit()
    assert take(fresh, data, two, len(data))[0] == CATCH_UP


def test_a_journal_that_does_not_replay_is_kept_apart_and_never_acknowledged(db, journal):
    data, two = journal
    pushes = Pushes(db, DEVICE, "", lambda gid, finished: True, lambda: 0.0)
    junk = b"this is not a journal\n"
    answer, report = take(pushes, junk, 0, len(junk))
    assert answer == ("HAVE", len(junk), "%08x" % crc(junk))  # dealt with: kept apart, not acknowledged
    assert stored(db) is None and report.problems and db.pieces(DEVICE)[0]["data"] == junk


def test_a_malformed_push_is_named():
    good = ["PUSH", "1", "40", "0", "0badf00d", "YWJj"]
    assert parse_push(good) == (1, 40, 0, 0x0BADF00D, b"abc")
    for words, what in ((good[:5], "words"), (good[:4] + ["XYZ"] + good[5:], "CRC"),
                        (good[:2] + ["2"] + good[3:], "bytes at"), (good[:5] + ["***"], "base64"),
                        (good[:1] + ["x"] + good[2:], "game id")):
        with pytest.raises(PushError, match=what):
            parse_push(words)
