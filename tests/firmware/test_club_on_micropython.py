# SPDX-License-Identifier: MIT
"""The real firmware in a club, on the MicroPython unix port (it has
sockets), sending to the hub's listener on localhost into a real SQLite
database (docs/CLUB.md): a whole game arrives entry by entry and equals a
USB sync of the same board; a hub that goes away and a board that reboots
mid-game lose and duplicate nothing; a board with a missing or wrong key
is refused; a forged hub changes nothing; a dead network costs the
players nothing. A board process per scenario (tests/payloads/club_board.py)."""

import copy
import json
import os
import select
import socket
import threading
import time
import types

import pytest

from tallyboard import frames
from tallyboard.seal import Seal
from tallyboard.fs import OsFS
from tallyfakes.describe import describe
from tallyfakes.memfs import MemFS
from tests import mpvm
from tests.board_keys import keys_for, longest_game
from tests.club import KEY, RawHub, full_listener
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session
from tests.host.board_sim import BoardThread
from tests.host.pc_helpers import sql
from tricktally_host.club.listener import BoardListener
from tricktally_host.db import Database
from tricktally_host.link_client import LinkClient
from tricktally_host.sync import sync_board

DEVICE = "mpclub1"


class Events(list):
    """A listener's events (list.append is atomic in CPython)."""

    def of(self, kind):
        return [e for e in self if e["event"] == kind]


def run_board(data, flash, port):
    """Run the payload on the unix port with its flash in ``flash``;
    returns its JSON lines."""
    base = {"host": "127.0.0.1", "port": port, "device": DEVICE, "key": KEY.hex(), "pace_ms": 20, "backoff": 100,
            "settle_s": 30}
    base.update(data)
    return mpvm.payload_lines("club_board", json.dumps(base), flash=str(flash))


def end_of(lines):
    return [line["end"] for line in lines if "end" in line][0]


def listener_for(db_path, events, port=0):
    listener = BoardListener(db_path, host="127.0.0.1", port=port, on_event=events.append, keepalive=1.0)
    listener.start()
    return listener


def enrolled_db(tmp_path, key=KEY):
    db_path = tmp_path / "hub.sqlite"
    with Database(db_path) as db:
        if key is not None:
            db.set_board_key(DEVICE, key.hex())
    return db_path


def games_in(db_path):
    with Database(db_path) as db:
        rows = sql(db, "SELECT game_id, folder, journal, record FROM games WHERE device_id = :device", device=DEVICE)
        return {(game_id, folder): (bytes(journal), record) for game_id, folder, journal, record in rows}


def board_journals(flash):
    """Every game's journal bytes on the board's flash folder, as the
    board's own link reads them."""
    from tallyboard.journal.journal import Journal

    journal = Journal(OsFS(str(flash / "tt_flash")))
    journal.boot()
    return {gid: journal.read(gid, 0, journal.size(gid)) for gid in journal.ids()}


def usb_sync(flash, db_path):
    """The same board's flash synced over USB (a pseudo-terminal, the
    board's own Link) into the database at ``db_path``."""
    with BoardThread(DEVICE, fs=OsFS(str(flash / "tt_flash"))) as board:
        with Database(db_path) as db, LinkClient(board.path, timeout=5) as client:
            sync_board(client, db, set_time=False)


def resume_point(keys):
    """A press after which a board that reboots shows the screen it
    showed (the keys after it then play on from boot): about halfway."""
    s = Session(record=False)
    for i, key in enumerate(keys):
        name = {"u": "up", "d": "down", "l": "left", "r": "right", "o": "ok", "b": "back"}[key.lower()]
        s.press(name, 2 if key.isupper() else 1)
        if i < len(keys) // 2:
            continue
        booted = Session(fs=copy.deepcopy(s.fs), record=False)
        if describe(booted.app) == describe(s.app):
            return i + 1
    raise AssertionError("no press after which a reboot resumes the same screen")


def test_a_game_sent_over_wifi_equals_its_usb_sync(tmp_path):
    keys, _ = longest_game()
    db_path = enrolled_db(tmp_path)
    events = Events()
    listener = listener_for(db_path, events)
    flash = tmp_path / "flash"
    flash.mkdir()
    try:
        lines = run_board({"keys": keys}, flash, listener.address[1])
    finally:
        listener.stop()
    end = end_of(lines)
    assert end["acked"] and end["proved"] and end["sessions"] == 1 and end["errors"] == 0, end
    # Every entry arrived: each size the board's journal had after an
    # entry was stored by the hub (nothing skipped, in order).
    entries = [line for line in lines if "entry" in line]
    stored = [e["size"] for e in events.of("stored")]
    assert len(entries) > 60
    for entry in entries:
        assert any(size >= entry["size"] for size in stored), entry
    assert stored == sorted(stored)
    on_board = board_journals(flash)
    hub = games_in(db_path)
    assert {gid: data for (gid, _), (data, _) in hub.items()} == on_board
    usb_db = tmp_path / "usb.sqlite"
    usb_sync(flash, usb_db)
    usb = games_in(usb_db)
    assert sorted(usb) == sorted(hub)
    for key in hub:
        assert json.loads(hub[key][1]) == json.loads(usb[key][1])
        assert hub[key][0] == usb[key][0]


def test_a_hub_going_away_and_a_board_rebooting_mid_game_lose_nothing(tmp_path):
    keys, _ = keys_for("spades", 4, {"target": 200}, corpus("spades", seed=11, games=1, n=4)[0])
    split = resume_point(keys)
    db_path = enrolled_db(tmp_path)
    events = Events()
    first = listener_for(db_path, events)
    port = first.address[1]
    flash = tmp_path / "flash"
    flash.mkdir()
    out = {}
    # The first run serves 4 s more after its keys, then stops: a reboot.
    thread = threading.Thread(target=lambda: out.setdefault(
        "one", run_board({"keys": keys[:split], "pace_ms": 40, "until": "file none", "settle_s": 4}, flash, port)))
    thread.start()
    deadline = time.monotonic() + 60
    while len(events.of("stored")) < 8 and time.monotonic() < deadline:
        time.sleep(0.01)
    first.stop()  # the hub goes away mid-game (its sockets cut)
    cut = len(events.of("stored"))
    time.sleep(1.0)
    second = listener_for(db_path, events, port)  # and comes back
    try:
        thread.join(120)
        assert not thread.is_alive()
        # After the dropout, before the reboot, the hub caught up: it has
        # every entry the board made meanwhile.
        assert {gid: data for (gid, _), (data, _) in games_in(db_path).items()} == board_journals(flash)
        # The board reboots mid-game: the keys after the split play on
        # from boot, on the same flash.
        two = run_board({"keys": keys[split:]}, flash, port)
    finally:
        second.stop()
    end = end_of(two)
    assert end["acked"] and end["proved"], end
    assert 8 <= cut < len(events.of("stored"))
    assert len(events.of("connected")) >= 3  # before the cut, after it, after the reboot
    stored = [e["size"] for e in events.of("stored")]
    assert stored == sorted(stored) and len(set(stored)) == len(stored)  # nothing stored twice
    hub = games_in(db_path)
    assert len(hub) == 1  # one game, one row
    assert {gid: data for (gid, _), (data, _) in hub.items()} == board_journals(flash)
    with Database(db_path) as db:
        assert db.conflicts() == [] and db.pieces() == []
    record = json.loads(list(hub.values())[0][1])
    assert record["game"] == "spades" and len(record["hands"]) >= 3


def test_a_board_is_stored_only_once_its_key_is_enrolled_and_right(tmp_path):
    keys, _ = keys_for("hearts", 4, {}, corpus("hearts", seed=4, games=1, n=4)[0])
    db_path = enrolled_db(tmp_path, key=None)
    events = Events()
    listener = listener_for(db_path, events)
    flash = tmp_path / "flash"
    flash.mkdir()
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault(
        "lines", run_board({"keys": keys, "pace_ms": 30, "backoff": 200}, flash, listener.address[1])))
    thread.start()
    try:
        def wait_for(reason):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if any(reason in e["reason"] for e in events.of("refused")):
                    return
                time.sleep(0.01)
            raise AssertionError("no refusal %r: %r" % (reason, events))

        wait_for("not enrolled")
        with Database(db_path) as db:
            db.set_board_key(DEVICE, (b"w" * 32).hex())
        wait_for("wrong key")
        assert games_in(db_path) == {} and not events.of("stored") and not events.of("connected")
        with Database(db_path) as db:
            db.set_board_key(DEVICE, KEY.hex())
        thread.join(120)
    finally:
        listener.stop()
    end = end_of(out["lines"])
    assert end["acked"] and end["proved"], end
    assert {gid: data for (gid, _), (data, _) in games_in(db_path).items()} == board_journals(flash)


def test_a_forged_hub_and_bad_frames_change_nothing_on_the_board(tmp_path):
    keys, _ = keys_for("hearts", 4, {}, corpus("hearts", seed=4, games=1, n=4)[0][:2])
    hub = RawHub()
    flash = tmp_path / "flash"
    flash.mkdir()
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("lines", run_board(
        {"keys": keys, "until": "file stop", "settle_s": 60, "backoff": 100}, flash, hub.port)))
    thread.start()
    try:
        hub.accept(30)
        # A hub without the key: refused, and hung up on.
        assert hub.prove(device=DEVICE, wrong=True)[:2] == ["ERR", "auth"]
        assert hub.read_line(5) == b""
        hub.accept(30)
        for words in (["ACK", 1, 10, "00000000"], ["TIME", 1800000000], ["SEAT", 1, 2, 3], ["LIST"]):
            assert hub.ask(*words)[:2] == ["ERR", "auth"], words
        # The hub with the key: every frame of its session sealed and fresh.
        assert hub.prove(device=DEVICE) == ["OK"]
        time_frame = hub.frame(["TIME", 1800000000], seal=Seal(b"f" * 32))
        hub.send_raw(time_frame)
        assert hub.answer()[1][:2] == ["ERR", "auth"]  # a wrong seal
        hub.send_raw(b">50 LIST\x03 *00000000\n")
        assert hub.answer()[1][:2] == ["ERR", "syntax"]  # malformed (a Ctrl-C byte too)
        hub.send_raw(b">51 " + b"A" * 3000 + b"\n")
        assert hub.answer()[1][:2] == ["ERR", "long"]  # oversized
        listed = hub.frame(["LIST"])
        hub.send_raw(listed)
        assert hub.answer()[1][0] == "OK"
        hub.send_raw(listed)
        assert hub.answer()[1][:2] == ["ERR", "order"]  # replayed
        assert hub.ask("STOP")[:2] == ["ERR", "unknown"]
        errors = 1 + 4 + 5  # the wrong PROVE, four unproved requests, five bad frames
    finally:
        (flash / "stop").write_text("")
        thread.join(60)
        hub.close()
    end = end_of(out["lines"])
    assert end["errors"] == errors and end["seat"] is None
    assert end["time"] < 1800000000  # the forged TIME never set the clock
    names = os.listdir(flash / "tt_flash")
    assert not [n for n in names if n.endswith(".ack")]  # the forged ACK acknowledged nothing
    assert end["screen"][0] != "Message"


@pytest.mark.parametrize("network", ["connect never completes", "hub stops reading"])
def test_a_dead_network_costs_the_players_nothing(tmp_path, network):
    keys, cpython = longest_game()
    flash = tmp_path / "flash"
    flash.mkdir()
    hub = None
    closers = []
    data = {"keys": keys, "pace_ms": 5, "until": "keys"}
    if network == "connect never completes":
        port, close = full_listener()
        closers = [types.SimpleNamespace(close=close)]
        lines = run_board(data, flash, port)
    else:
        hub = RawHub()
        hub.server.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        port = hub.port
        out = {}
        data["sndbuf"] = 4096
        thread = threading.Thread(target=lambda: out.setdefault("lines", run_board(data, flash, port)))
        thread.start()
        hub.accept(30)
        assert hub.prove(device=DEVICE) == ["OK"]
        # Then it asks for a lot and reads nothing more.
        hub.send_raw(b"".join(hub.frame(["FETCH", 1, 0, 600]) for _ in range(300)))
        thread.join(300)
        assert not thread.is_alive()
        lines = out["lines"]
        closers = [hub]
    try:
        end = end_of(lines)
        finished = [line for line in lines if "entry" in line][-1]
        assert finished["finished"], "the game did not end"
        gid = finished["game"]
        assert end["games"][str(gid)][0] == finished["size"]
        assert end["press_us_max"] < 2000000  # no press waited on the network
        if network == "connect never completes":
            assert end["sessions"] == 0 and not end["proved"]
        else:
            # It answered until the hub's buffers were full, then nothing
            # more (a frame half sent waits), and played on.
            assert end["sessions"] == 1 and end["backlog"] == frames.MAX_LINE
    finally:
        for c in closers:
            c.close()
