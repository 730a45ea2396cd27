# SPDX-License-Identifier: MIT
"""The hub's board listener (tricktally_host.club.listener; docs/CLUB.md)
with boards on CPython over real sockets on localhost, into a real SQLite
database: what it stores, whom it refuses, seats, status, events, two
listeners over one database, and its port's seal checks. The real
firmware on the MicroPython unix port against the same listener:
tests/firmware/test_club_on_micropython.py."""

import logging
import socket
import threading
import time

import pytest

from tallyboard import frames
from tallyboard.seal import Seal
from tests.club import KEY, club_board
from tests.firmware.ui_corpus import corpus
from tests.host.pc_helpers import sql
from tricktally_host.club.listener import BoardListener
from tricktally_host.club.port import SealError, SocketPort
from tricktally_host.db import Database
from tricktally_host.sync import record_of


class Events:
    """Events from a listener, thread-safe, with a wait."""

    def __init__(self):
        self.items = []
        self.cond = threading.Condition()

    def __call__(self, event):
        with self.cond:
            self.items.append(event)
            self.cond.notify_all()

    def of(self, kind, device=None):
        with self.cond:
            return [e for e in self.items if e["event"] == kind and (device is None or e["device"] == device)]


def run_until(boards, test, timeout=15):
    """Run the boards' loops until ``test()`` holds; AssertionError after ``timeout`` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in boards:
            s.app.work()
        if test():
            return
        time.sleep(0.002)
    raise AssertionError("not within %g s" % timeout)


def play(s, game, hands, n=4, seed=5, pump=None):
    s.start_game(game, n)
    for hand in corpus(game, seed=seed, games=1, n=n)[0][:hands]:
        if s.app.game is None or s.app.game.finished:
            break
        s.play_hand(hand)
        if pump is not None:
            pump()


@pytest.fixture
def hub(tmp_path):
    db_path = tmp_path / "club.sqlite"
    with Database(db_path) as db:
        db.set_board_key("board-a", KEY.hex())
        db.set_board_key("board-b", bytes(range(1, 33)).hex())
    events = Events()
    listener = BoardListener(db_path, host="127.0.0.1", port=0, on_event=events, keepalive=1.0, spool=tmp_path / "spool")
    listener.start()
    listener.events = events
    listener.db_path = db_path
    boards = []
    yield listener, boards
    for s in boards:
        s.app.link.stream.close()
    listener.stop()


def board(listener, boards, device="board-a", key=KEY):
    s = club_board(listener.address[1], key=key, device=device)
    boards.append(s)
    return s


def stored_games(db_path, device):
    with Database(db_path) as db:
        rows = sql(db, "SELECT game_id, journal, record FROM games WHERE device_id = :device", device=device)
        return {game_id: (journal, record) for game_id, journal, record in rows}


def test_every_entry_is_stored_as_it_is_made_and_only_what_was_stored_is_acknowledged(hub):
    listener, boards = hub
    s = board(listener, boards)
    run_until([s], lambda: listener.events.of("connected"))
    sizes = []
    acked = []

    def pump():
        gid = s.app.journal.ids()[-1]
        run_until([s], lambda: any(e["size"] == s.app.journal.size(gid) for e in listener.events.of("stored")))
        sizes.append(s.app.journal.size(gid))
        if s.app.game is not None and not s.app.game.finished:
            acked.append(s.app.journal.synced(gid) == s.app.journal.size(gid))

    play(s, "spades", 30, pump=pump)  # to the end of the game
    gid = s.app.journal.ids()[-1]
    run_until([s], lambda: s.app.journal.synced(gid) == s.app.journal.size(gid))
    games = stored_games(listener.db_path, "board-a")
    journal = bytes(s.app.fs.read("g%04d.tj" % gid))
    assert games[gid][0] == journal
    record = record_of(journal, "board-a", gid)[0]
    stored = [e for e in listener.events.of("stored")]
    assert stored[-1]["record"]["hands"] == record["hands"]
    assert [e["status"] for e in stored][0] == "new" and {e["status"] for e in stored[1:]} == {"changed"}
    assert len(sizes) >= 5 and sizes == sorted(sizes)
    # An unfinished game is acknowledged at the connection, not at each
    # entry (an acknowledgement folds the tail: a flash erase).
    assert acked.count(True) <= 1 and acked.count(False) >= 4, acked
    assert s.app.journal.synced(gid) == len(journal)  # finished: acknowledged, exactly the bytes stored


def test_a_board_without_a_key_or_with_a_wrong_one_is_refused_and_nothing_stored(hub):
    listener, boards = hub
    stranger = board(listener, boards, device="board-z")
    forger = board(listener, boards, device="board-b", key=b"w" * 32)
    play(stranger, "hearts", 2)
    play(forger, "hearts", 2)
    run_until(boards, lambda: listener.events.of("refused", "board-z") and listener.events.of("refused", "board-b"))
    reasons = [e["reason"] for e in listener.events.of("refused")]
    assert any("not enrolled" in r for r in reasons) and any("wrong key" in r for r in reasons)
    assert stored_games(listener.db_path, "board-z") == {} and stored_games(listener.db_path, "board-b") == {}
    assert not listener.events.of("connected") and not listener.events.of("stored")
    for s in boards:
        assert s.app.link.seal is None
        assert s.app.game is not None  # the board plays on


def test_seats_are_sent_when_asked_and_shown_between_games(hub):
    listener, boards = hub
    a = board(listener, boards)
    asked = {"board-b": (4, 7, 1)}
    listener.seats = asked.get
    b = board(listener, boards, device="board-b", key=bytes(range(1, 33)))
    run_until(boards, lambda: len(listener.events.of("connected")) == 2)
    with pytest.raises(ValueError):
        listener.send_seat("board-a", 1, 1000, 1)
    assert listener.send_seat("board-a", 2, 3, 2) is True
    assert listener.send_seat("board-q", 2, 3, 2) is False  # not here: sent when it connects
    run_until(boards, lambda: len(listener.events.of("seat")) == 2)
    seats = {e["device"]: (e["round"], e["table"], e["seat"]) for e in listener.events.of("seat")}
    assert seats == {"board-a": (2, 3, 2), "board-b": (4, 7, 1)}
    assert a.screen() == "Message" and a.app.screen.lines == ["Table 3, seat 2"]
    assert b.app.screen.title == "Round 4"
    status = listener.status()
    assert status["board-a"]["connected"] and status["board-a"]["last_heard"] > time.time() - 10
    a.app.link.stream.close("test")
    a.app.link.stream.up = lambda: False  # and it stays away
    run_until([b], lambda: listener.events.of("disconnected", "board-a"))
    assert not listener.status()["board-a"]["connected"]


def test_a_roster_is_sent_sealed_when_asked_and_the_board_keeps_it(hub):
    listener, boards = hub
    a = board(listener, boards)
    listener.rosters = {"board-b": ["Zoë", "Ann", "Bob"]}.get
    b = board(listener, boards, device="board-b", key=bytes(range(1, 33)))
    run_until(boards, lambda: len(listener.events.of("connected")) == 2)
    for names in ([], ["Ann", "Ann"], ["Maximilian-the-long"], ["Bad\x07"], ["P%d" % i for i in range(13)]):
        with pytest.raises(ValueError):
            listener.send_roster("board-a", names)
    assert listener.send_roster("board-a", ["Cid", "Dee", "Eve", "Fay"]) is True
    assert listener.send_roster("board-q", ["Cid", "Dee"]) is False  # not here: sent when it connects
    run_until(boards, lambda: len(listener.events.of("roster")) == 2)
    sent = {e["device"]: e["names"] for e in listener.events.of("roster")}
    assert sent == {"board-a": ["Cid", "Dee", "Eve", "Fay"], "board-b": ["Zoë", "Ann", "Bob"]}
    assert a.app.config.roster == ["Cid", "Dee", "Eve", "Fay"] and b.app.config.roster == ["Zoë", "Ann", "Bob"]
    # Sent once a connection: the next syncs do not write the board's flash again.
    run_until(boards, lambda: _synced_twice(listener), timeout=10)
    assert len(listener.events.of("roster")) == 2


def _synced_twice(listener):
    # keepalive is 1 s: two more syncs have run once 2.5 s passed since the rosters went.
    return time.time() - max(e["time"] for e in listener.events.of("roster")) > 2.5


def journal_of(s):
    """The whole journal of the board's newest game (game file and tail)."""
    gid = s.app.journal.ids()[-1]
    return gid, s.app.journal.read(gid, 0, s.app.journal.size(gid))


def test_two_listeners_over_one_database_serve_their_boards(hub, tmp_path):
    listener, boards = hub
    events = Events()
    other = BoardListener(listener.db_path, host="127.0.0.1", port=0, on_event=events, keepalive=1.0)
    other.start()
    try:
        a = board(listener, boards)
        b = club_board(other.address[1], key=bytes(range(1, 33)), device="board-b")
        boards.append(b)
        play(a, "wizard", 3, n=3)
        play(b, "wizard", 3, n=5)

        def caught_up(s, device):
            gid, data = journal_of(s)
            return stored_games(listener.db_path, device).get(gid, (None,))[0] == data

        run_until(boards, lambda: caught_up(a, "board-a") and caught_up(b, "board-b")
                  and listener.events.of("stored", "board-a") and events.of("stored", "board-b"))
        assert not listener.events.of("stored", "board-b") and not events.of("stored", "board-a")
    finally:
        other.stop()


def test_keys_stay_out_of_events_status_and_logs(hub, caplog):
    listener, boards = hub
    caplog.set_level(logging.DEBUG, logger="tricktally.club")
    board(listener, boards)
    board(listener, boards, device="board-b", key=b"w" * 32)
    play(boards[0], "hearts", 2)
    run_until(boards, lambda: listener.events.of("stored") and listener.events.of("refused"))
    text = repr(listener.events.items) + repr(listener.status()) + caplog.text
    for key in (KEY, bytes(range(1, 33)), b"w" * 32):
        assert key.hex() not in text
    assert "refused" in caplog.text and "board-b" in caplog.text


def test_an_answer_with_a_wrong_seal_ends_the_session():
    hub_side, board_side = socket.socketpair()
    port = SocketPort(hub_side)
    port.seal_in = Seal(KEY)
    good = frames.encode(frames.RESPONSE, 3, ["OK", "end"])[:-1]
    sealed = frames.encode(frames.RESPONSE, 3, ["OK", "end", Seal(KEY).mac(good[:-10])])
    notice = frames.encode(frames.NOTICE, 1, ["NEW", Seal(KEY).mac(b"!1 NEW")])
    board_side.sendall(sealed + notice)
    assert port.read(100) == good + b"\n"
    assert port.next_notice(1) == ["NEW"] and port.notices == 1
    forged = frames.encode(frames.RESPONSE, 4, ["OK", "end", Seal(b"f" * 32).mac(b"<4 OK end")])
    board_side.sendall(forged)
    with pytest.raises(SealError):
        port.read(100)
    assert port.closed and port.forged == 1
    board_side.close()


def test_what_a_push_cannot_settle_goes_through_the_full_sync(hub, tmp_path):
    listener, boards = hub
    s = board(listener, boards)
    run_until([s], lambda: listener.events.of("connected"))
    gid = None

    def stored_all():
        size = s.app.journal.size(gid)
        return any(e["size"] == size for e in listener.events.of("stored"))

    play(s, "spades", 2)
    gid = s.app.journal.ids()[-1]
    run_until([s], stored_all)
    spool = tmp_path / "spool"
    assert not list(spool.rglob("*.journal"))  # pushes need no spool
    # The game as an older sync stored it: no journal bytes to extend.
    with Database(listener.db_path) as db:
        db.conn.exec_driver_sql("UPDATE games SET journal = NULL")
        db.conn.commit()
    s.app.link.stream.close()  # a new session: the hub reads the database again
    run_until([s], lambda: len(listener.events.of("connected")) == 2)
    s.play_hand(corpus("spades", seed=5, games=1, n=4)[0][2])
    run_until([s], stored_all)
    assert list(spool.rglob("*.journal"))  # the USB sync's code fetched it
    journal = s.app.journal.read(gid, 0, s.app.journal.size(gid))
    assert stored_games(listener.db_path, "board-a")[gid][0] == journal
    # And the pushes go on from there.
    s.play_hand(corpus("spades", seed=5, games=1, n=4)[0][3])
    run_until([s], stored_all)
    assert stored_games(listener.db_path, "board-a")[gid][0] == s.app.journal.read(gid, 0, s.app.journal.size(gid))
    assert not listener.events.of("problem")
