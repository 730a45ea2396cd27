# SPDX-License-Identifier: MIT
"""The board's link to a club hub (tallyboard.club, server, tcpstream, handshake,
seal; docs/CLUB.md), on CPython over real sockets on localhost: a hub
played by hand (tests/club.py) proves or forges the key, and sends what a
real hub never would. The same code on the MicroPython unix port, against
the real listener: tests/firmware/test_club_on_micropython.py."""

import binascii
import hashlib
import hmac
import json
import socket
import threading
import time

import pytest

from tallyboard import enrollment, frames, frames_more
from tallyboard.handshake import hmac_sha256, proof, session_key
from tallyboard.seal import Seal, text_of
from tallyboard.tcpstream import TcpStream
from tests.club import DEVICE, KEY, RawHub, club_board, full_listener
from tests.firmware.ui_corpus import corpus


def state(app):
    """Everything a hub could change on the board: files, roster, clock."""
    fs = app.fs
    return (dict((n, bytes(fs.read(n))) for n in fs.listdir()), list(app.config.roster), app.clock.time())


@pytest.fixture
def hub_and_board():
    hub = RawHub()
    s = club_board(hub.port)
    hub.pump = s.app.work
    s.start_game("spades", 4)
    for hand in corpus("spades", seed=3, games=1, n=4)[0][:2]:
        s.play_hand(hand)
    hub.accept()
    yield hub, s
    hub.close()
    s.app.link.stream.close()


@pytest.mark.parametrize("key", [b"", b"k" * 32, bytes(range(64)), b"long key " * 20])
def test_hmac_is_rfc_2104_with_sha256(key):
    for msg in (b"", b"tricktally", bytes(range(256)) * 5):
        assert hmac_sha256(key, msg) == hmac.new(key, msg, hashlib.sha256).digest()
    assert Seal(key).mac(b"<3 OK") == hmac.new(key, b"<3 OK", hashlib.sha256).hexdigest()[:32]


def test_proofs_differ_by_side_nonce_and_key():
    a = proof(KEY, "board", DEVICE, "00" * 16, "11" * 16)
    assert len(a) == 64
    assert a != proof(KEY, "hub", DEVICE, "00" * 16, "11" * 16)
    assert a != proof(KEY, "board", DEVICE, "00" * 16, "12" * 16)
    assert a != proof(b"y" * 32, "board", DEVICE, "00" * 16, "11" * 16)
    assert session_key(KEY, "00" * 16, "11" * 16) != session_key(KEY, "00" * 16, "12" * 16)


def test_before_the_hub_proves_the_key_nothing_but_hello_auth_prove_is_answered(hub_and_board):
    hub, s = hub_and_board
    before = state(s.app)
    assert hub.ask("HELLO")[:2] == ["OK", DEVICE]
    for words in (["LIST"], ["FETCH", 1, 0, 100], ["SUM", 1, 10], ["ACK", 1, 10, "00000000"], ["TIME", 1800000000],
                  ["ROSTER", frames_more.pack_text("Zoë")], ["SEAT", 1, 2, 3], ["PIECES", 1], ["STOP"]):
        answer = hub.ask(*words)
        assert answer[:2] == ["ERR", "auth"], (words, answer)
    assert state(s.app) == before
    assert s.app.link.seal is None


def test_a_wrong_proof_is_refused_and_the_connection_closed(hub_and_board):
    hub, s = hub_and_board
    before = state(s.app)
    assert hub.prove(wrong=True)[:2] == ["ERR", "auth"]
    assert hub.read_line(2) == b""  # the board hung up
    hub.accept()
    assert hub.ask("ACK", 1, 10, "00000000")[:2] == ["ERR", "auth"]
    assert hub.ask("TIME", 1800000000)[:2] == ["ERR", "auth"]
    assert hub.ask("SEAT", 1, 2, 3)[:2] == ["ERR", "auth"]
    assert state(s.app) == before
    assert s.app.link.stream.why == "wrong proof"


def test_a_proof_seen_on_the_network_does_not_prove_a_later_session(hub_and_board):
    hub, s = hub_and_board
    # The genuine hub's session, as someone on the club's network saw it.
    assert hub.ask("HELLO")[0] == "OK"
    nonce = "cd" * 16
    board_nonce = hub.ask("AUTH", nonce)[1]
    seen = proof(KEY, "hub", DEVICE, nonce, board_nonce)
    hub.seal = Seal(session_key(KEY, nonce, board_nonce))
    hub.send_raw(hub.frame(["PROVE", seen], seal=False))
    assert hub.answer()[1] == ["OK"]
    before = state(s.app)
    # Replayed in a new session (new ids, the same hub nonce): the board's
    # nonce is new, so the proof is wrong.
    hub.accept()
    hub.seal = None
    assert hub.ask("HELLO")[0] == "OK"
    assert hub.ask("AUTH", nonce)[1] != board_nonce
    assert hub.ask("PROVE", seen)[:2] == ["ERR", "auth"]
    assert state(s.app) == before


def test_a_proved_session_takes_only_sealed_fresh_frames(hub_and_board):
    hub, s = hub_and_board
    assert hub.prove() == ["OK"]
    before = state(s.app)
    # Unsealed, wrongly sealed, replayed, HELLO going back, USB-only verbs.
    assert hub.ask("LIST", seal=False)[:2] == ["ERR", "auth"]
    assert hub.ask("LIST", seal=Seal(b"z" * 32))[:2] == ["ERR", "auth"]
    first = hub.frame(["TIME", 1800000000])
    hub.send_raw(first)
    assert hub.answer()[1] == ["OK", "1800000000"]
    after_time = state(s.app)
    assert after_time[2] == 1800000000
    hub.send_raw(first)  # the same frame again
    assert hub.answer()[1][:2] == ["ERR", "order"]
    assert hub.ask("HELLO", rid=1)[:2] == ["ERR", "order"]
    assert hub.ask("STOP")[:2] == ["ERR", "unknown"]
    assert hub.ask("ENROLL", "-")[:2] == ["ERR", "unknown"]
    # Malformed and oversized lines: one error each, the seal still on it.
    hub.send_raw(b">99 LIST \x01 *00000000\n")
    assert hub.answer()[1][:2] == ["ERR", "syntax"]
    hub.send_raw(b">" + b"7" * 2000 + b"\n")
    assert hub.answer()[1][:2] == ["ERR", "long"]
    assert state(s.app) == after_time
    assert before[0] == after_time[0] and before[1] == after_time[1]
    # The session goes on: a proper request is answered.
    assert hub.ask("LIST")[:2] == ["OK", "end"]


def test_a_frame_of_an_earlier_session_is_refused_in_the_next(hub_and_board):
    hub, s = hub_and_board
    hub.prove()
    old = hub.frame(["ACK", 1, 10, "00000000"])
    hub.accept()  # the board connects again: a new session
    hub.prove()
    before = state(s.app)
    hub.rid += 5
    hub.send_raw(old)
    assert hub.answer()[1][:2] == ["ERR", "auth"]
    assert state(s.app) == before


def pushes(hub, s, passes=20):
    """The board's loop run ``passes`` times; the notices it sent since the
    last call, as (words, seal checked)."""
    for _ in range(passes):
        s.app.work()
    hub.read_line(0.2)
    out = []
    for line in hub.notices:
        words = frames.decode(line, frames.NOTICE)[1]
        assert words[-1] == hub.seal.mac(text_of(line)), "a notice with a wrong seal"
        out.append(words[:-1])
    hub.notices = []
    return out


def journal_bytes(s, gid):
    j = s.app.journal
    return j.read(gid, 0, j.size(gid))


def test_the_board_pushes_its_new_journal_bytes_sealed_one_push_at_a_time(hub_and_board):
    hub, s = hub_and_board
    hub.prove()
    got = pushes(hub, s)
    assert len(got) == 1, "one push, then the board waits for the hub's answer"
    verb, gid, size, offset, crc, data = got[0]
    gid, size, offset = int(gid), int(size), int(offset)
    held = journal_bytes(s, gid)
    data = frames_more.unpack_data(data)
    assert verb == "PUSH" and size == len(held) and offset == 0 and len(data) == min(size, frames.MAX_CHUNK)
    assert data == held[:len(data)] and crc == "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)
    assert pushes(hub, s) == []  # nothing more until the hub answers
    while len(data) < size:  # the rest of a long journal, a chunk a push
        assert hub.ask("HAVE", gid, len(data), "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)) == \
            ["OK", str(gid), str(len(data))]
        (verb, _, _, offset, _, more), = pushes(hub, s)
        assert int(offset) == len(data)
        data += frames_more.unpack_data(more)
    assert data == held
    assert hub.ask("HAVE", gid, size, "%08x" % (binascii.crc32(data) & 0xFFFFFFFF))[0] == "OK"
    assert pushes(hub, s) == [] and s.app.journal.synced(gid) == 0  # HAVE promises nothing
    # A new hand: its bytes, from where the hub is, as they are written.
    s.play_hand(corpus("spades", seed=3, games=1, n=4)[0][2])
    got = pushes(hub, s)
    while got:
        (verb, _, size, offset, crc, more), = got
        assert int(offset) == len(data)
        data += frames_more.unpack_data(more)
        assert crc == "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)
        assert hub.ask("HAVE", gid, len(data), crc)[0] == "OK"
        got = pushes(hub, s)
    held = journal_bytes(s, gid)
    assert data == held and int(size) == len(held)
    # ACK: the same, and the board takes it as stored.
    assert hub.ask("ACK", gid, len(held), crc) == ["OK", str(gid), str(len(held))]
    assert s.app.journal.synced(gid) == len(held) and pushes(hub, s) == []


def test_a_hub_holding_other_bytes_gets_no_more_of_that_game_this_session(hub_and_board):
    hub, s = hub_and_board
    hub.prove()
    (_, gid, size, _, crc, _), = pushes(hub, s)
    wrong = "%08x" % (int(crc, 16) ^ 1)
    assert hub.ask("HAVE", gid, 0, wrong)[:2] == ["ERR", "value"]  # not the board's (empty) start
    assert hub.ask("HAVE", gid, 10, wrong)[:2] == ["ERR", "value"]
    s.play_hand(corpus("spades", seed=3, games=1, n=4)[0][2])
    assert pushes(hub, s) == []
    assert s.app.journal.synced(int(gid)) == 0
    hub.accept()  # a new session: pushed again, from the start
    hub.prove()
    (_, again, _, offset, _, _), = pushes(hub, s)
    assert again == gid and offset == "0"


def test_one_request_is_answered_a_pass_of_the_loop(hub_and_board):
    hub, s = hub_and_board
    hub.prove()
    link = s.app.link
    hub.pump = None
    hub.send_raw(hub.frame(["LIST"]) + hub.frame(["SUM", 1, 10]) + hub.frame(["PIECES", 1]))
    time.sleep(0.05)
    answered = link.requests
    link.poll()
    assert link.requests == answered + 1
    assert link.idle(None) == 0  # come straight back: requests wait
    link.poll()
    link.poll()
    assert link.requests == answered + 3
    assert link.idle(None) != 0


def test_a_seat_is_shown_between_games_only(hub_and_board):
    hub, s = hub_and_board
    hub.prove()
    assert hub.ask("SEAT", 0, 1, 1)[:2] == ["ERR", "range"]
    assert hub.ask("SEAT", 2, 3, 2) == ["OK", "2", "3", "2"]
    for _ in range(5):
        s.app.work()
    assert s.screen() != "Message", "a seat must not cover a game in play"
    s.app.go_home()  # the game menu's Home
    s.app.redraw()
    s.app.work()
    assert s.screen() == "Message"
    assert s.app.screen.title == "Round 2" and s.app.screen.lines == ["Table 3, seat 2"]
    s.press("ok")
    assert s.screen() == "Menu"
    assert hub.ask("SEAT", 2, 3, 2)[0] == "OK"  # the same seat again: not shown twice
    s.app.work()
    assert s.screen() == "Menu"


def test_enroll_over_usb_writes_the_club_atomically_and_forget_removes_it():
    from tests.host.link_helpers import MemBoard

    b = MemBoard(games=1)
    b.ask("HELLO")
    key = "ab" * 32
    assert b.ask("ENROLL", "10.0.0.5", 8765, frames_more.pack_text("Club Wi-Fi"), frames_more.pack_text("secret pw"), key) == \
        ["OK", "10.0.0.5", "8765"]
    club = enrollment.load(b.fs)
    assert club == {"host": "10.0.0.5", "port": 8765, "ssid": "Club Wi-Fi", "password": "secret pw",
                    "key": bytes.fromhex(key)}
    before = b.state()
    for args in (["h" * 254, 8765, "41", "-", key], ["10.0.0.5", 0, "41", "-", key], ["10.0.0.5", 1, "-", "-", key],
                 ["10.0.0.5", 1, "41", frames_more.pack_text("short"), key], ["10.0.0.5", 1, "41", "-", "AB" * 32],
                 ["10.0.0.5", 1, "41", "-"]):
        answer = b.ask("ENROLL", *args)
        assert answer[0] == "ERR" and "secret" not in " ".join(answer) and key not in " ".join(answer), answer
    assert b.state()[0] == before[0]
    assert b.ask("ENROLL", "-") == ["OK", "-"]
    assert enrollment.load(b.fs) is None
    b.fs.put(enrollment.FILE, b'{"host": "x", "port": 1, "ssid": "s", "password": "", "key": "zz"}')
    assert enrollment.load(b.fs) is None  # damaged: plays as a board without a club


def test_the_stream_gives_up_a_connect_that_never_completes_without_waiting():
    port, close = full_listener()
    now = [0]
    stream = TcpStream("127.0.0.1", port, lambda: now[0], backoff=1000)
    took = []
    for step in range(300):
        start = time.monotonic()
        stream.step()
        stream.read_available()
        stream.write(b"<0 NEW *00000000\n")
        took.append(time.monotonic() - start)
        now[0] += 50
        if stream.why == "no answer":
            break
    assert stream.why == "no answer", stream.why
    assert not stream.connected() and stream.session == 0
    assert max(took) < 0.5  # no step waited on the network
    assert 0 < stream.wait_ms() <= 1000  # the next try after the backoff
    close()


def test_the_stream_backs_off_when_the_hub_refuses_and_drops_a_silent_hub():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    now = [0]
    stream = TcpStream("127.0.0.1", port, lambda: now[0], backoff=100)
    waits = []
    was = stream.state
    for _ in range(400):
        stream.step()
        if was != 0 and stream.state == 0:
            waits.append(stream.wait_ms())  # just closed: the wait before the next try
        was = stream.state
        now[0] += 10
        time.sleep(0.001)
    assert stream.why == "refused"
    assert waits[:4] == [100, 200, 400, 800], waits
    server = socket.create_server(("127.0.0.1", 0))
    stream = TcpStream("127.0.0.1", server.getsockname()[1], lambda: now[0])
    for _ in range(100):
        stream.step()
        if stream.connected():
            break
        time.sleep(0.01)
    assert stream.connected() and stream.session == 1
    now[0] += 46000
    stream.step()
    assert stream.why == "silent" and not stream.connected()
    server.close()


def test_a_hub_that_stops_reading_costs_the_board_nothing():
    server = socket.create_server(("127.0.0.1", 0))
    server.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    now = [0]
    stream = TcpStream("127.0.0.1", server.getsockname()[1], lambda: now[0])
    while not stream.connected():
        stream.step()
        time.sleep(0.001)
    peer, _ = server.accept()  # and never reads
    frame = frames.encode(frames.RESPONSE, 5, ["OK", "A" * 900])
    done = threading.Event()

    def flood():
        for _ in range(50000):
            stream.write(frame)
            stream.pump()
            if stream.dropped > 10:
                break
        done.set()

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    thread.join(20)
    assert done.is_set(), "a write waited for the hub"
    assert stream.dropped > 0 and stream.backlog() == frames.MAX_LINE
    peer.close()
    server.close()


def test_an_enrolled_board_sends_a_whole_game_to_a_proving_hub():
    # The hub as the listener runs it: prove, then LIST/FETCH/SUM/ACK.
    hub = RawHub()
    s = club_board(hub.port)
    hub.pump = s.app.work
    hub.accept()
    hub.prove()
    s.start_game("hearts", 4)
    for hand in corpus("hearts", seed=2, games=1, n=4)[0][:3]:
        s.play_hand(hand)
    s.app.work()
    assert hub.read_line(0.3) is None and hub.notices  # notices, no answers
    listed = hub.ask("LIST")
    gid, size = [int(x) for x in listed[2].split(":")[:2]]
    data = b""
    while len(data) < size:
        words = hub.ask("FETCH", gid, len(data), 600)
        data += frames_more.unpack_data(words[4])
    crc = "%08x" % (__import__("binascii").crc32(data) & 0xFFFFFFFF)
    assert hub.ask("SUM", gid, size) == ["OK", str(gid), str(size), crc]
    assert hub.ask("ACK", gid, size, crc) == ["OK", str(gid), str(size)]
    assert s.app.journal.synced(gid) == size
    assert data == bytes(s.app.fs.read("g%04d.tj" % gid))
    hub.close()
    s.app.link.stream.close()
    assert json.dumps(enrollment.load(s.app.fs)) == "null"  # enrolled by the test, not on the flash


def test_main_adds_the_hubs_link_only_for_an_enrolled_board_with_a_radio(monkeypatch):
    import pathlib
    import sys
    import types

    from tallyboard import boards
    from tallyboard.club import ClubLink

    monkeypatch.syspath_prepend(str(pathlib.Path(__file__).resolve().parents[2] / "firmware"))
    monkeypatch.delitem(sys.modules, "main", raising=False)
    import main

    from tallyboard import usbstream

    usb = types.SimpleNamespace(write=None, read_available=lambda: b"")
    monkeypatch.setattr(usbstream, "UsbStream", lambda: usb)
    s = club_board(1)  # only for an app; its own link is replaced below
    s.app.link.stream.close()
    s.app.power = types.SimpleNamespace(watch=lambda sock, on: None)
    pico, picow = boards.load("pico"), boards.load("picow")
    assert not pico.WIFI and picow.WIFI and boards.load("esp32").WIFI
    assert not isinstance(main._link_factory("d1", picow)(s.app), ClubLink)  # not enrolled
    enrollment.save(s.app.fs, "10.0.0.9", 8765, "Club", "", "ab" * 32)
    assert not isinstance(main._link_factory("d1", pico)(s.app), ClubLink)  # enrolled, no radio
    link = main._link_factory("d1", picow)(s.app)
    assert isinstance(link, ClubLink) and link.stream.address == ("10.0.0.9", 8765)
    assert link.usb.stream is usb  # and USB as ever
    assert link.seal is None  # no session before the hub proves the key
