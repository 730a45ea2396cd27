# SPDX-License-Identifier: MIT
"""The board's Link (every request, errors, noise, Ctrl-C) and the PC's
LinkClient (retries, timeouts, port finding)."""

import binascii
import json
import re

import pytest

from tallyboard import frames, frames_more
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.link import Link
from tests.host.board_sim import BoardThread, play_games
from tests.host.link_helpers import MemBoard, MemStream
from tests.mpvm import run_micropython
from tricktally.record import to_record
from tricktally_host.link_client import LinkClient, LinkError, find_board_ports, pick_port


def hello(b):
    return b.ask("HELLO")


def test_hello_gives_device_firmware_and_protocol():
    b = MemBoard(games=1)
    answer = hello(b)
    assert answer[:6] == ["OK", "e661a4d4", "0.1.0", "1", str(frames.MAX_LINE), str(frames.MAX_CHUNK)]
    # The journal folder's id, made with the board's first game (docs/PROTOCOL.md).
    assert len(answer) == 7 and re.fullmatch(r"[0-9a-f]{8}", answer[6])


def test_requests_before_hello_or_with_old_ids_are_refused():
    b = MemBoard(games=1)
    before = b.state()
    assert b.ask("LIST", rid=5)[:2] == ["ERR", "order"]
    assert b.state() == before
    hello(b)  # id 6
    assert b.ask("LIST", rid=6)[:2] == ["ERR", "order"]  # same id again
    assert b.ask("TIME", 1700000000, rid=3)[:2] == ["ERR", "order"]
    assert b.clock.time() is None
    assert b.ask("LIST", rid=7)[0] == "OK"
    assert b.ask("HELLO", rid=1)[0] == "OK"  # a new session may start anywhere


def test_list_pages_through_many_games():
    b = MemBoard(games=45, seed=3)
    hello(b)
    seen, after = [], None
    while True:
        w = b.ask("LIST") if after is None else b.ask("LIST", after)
        assert w[0] == "OK"
        entries = [e.split(":") for e in w[2:]]
        seen += entries
        if w[1] == "end":
            break
        after = entries[-1][0]
    assert [int(e[0]) for e in seen] == b.journal.ids()
    for gid, size, synced, finished, pieces in seen:
        gid = int(gid)
        assert int(size) == b.journal.size(gid) and int(synced) == 0
        assert finished == ("1" if b.journal.finished(gid) else "0")


def test_fetch_sum_and_ack():
    b = MemBoard(games=2)
    hello(b)
    gid = b.journal.ids()[0]
    size = b.journal.size(gid)
    data = b""
    while len(data) < size:
        w = b.ask("FETCH", gid, len(data), frames.MAX_CHUNK)
        assert w[:3] == ["OK", str(gid), str(len(data))]
        piece = frames_more.unpack_data(w[4])
        assert int(w[3]) == len(piece) > 0
        data += piece
    assert data == b.journal.read(gid, 0, size)
    assert b.ask("SUM", gid, size) == ["OK", str(gid), str(size), "%08x" % binascii.crc32(data)]
    assert b.ask("SUM", gid, 10) == ["OK", str(gid), "10", "%08x" % binascii.crc32(data[:10])]
    assert b.ask("ACK", gid, size, "%08x" % binascii.crc32(data)) == ["OK", str(gid), str(size)]
    assert b.journal.synced(gid) == size
    # What the PC holds is the game file itself (the hand's records in the
    # tail file were folded in when the PC acknowledged them).
    assert data == b.fs.read("g%04d.tj" % gid)
    # The acknowledgement is on the flash: a reboot still knows it.
    again = Journal(b.fs.reboot())
    stored = {s.game_id: s for s in again.boot()}
    assert stored[gid].synced == size


@pytest.mark.parametrize(
    "verb, args, code",
    [
        ("FETCH", ("99", "0", "10"), "game"),
        ("FETCH", ("1", "0", "0"), "range"),
        ("FETCH", ("1", "0", str(frames.MAX_CHUNK + 1)), "range"),
        ("FETCH", ("1", "999999", "10"), "range"),
        ("FETCH", ("1", "-1", "10"), "range"),
        ("FETCH", ("1", "0"), "args"),
        ("FETCH", ("1", "x", "10"), "args"),
        ("SUM", ("1", "999999"), "range"),
        ("ACK", ("1", "999999", "00000000"), "range"),
        ("ACK", ("1",), "args"),
        ("ACK", ("1", "10"), "args"),
        ("ACK", ("1", "10", "0000000g"), "args"),
        ("ACK", ("1", "10", "00000000"), "value"),
        ("ACK", ("abc", "1", "00000000"), "args"),
        ("FETCH", ("1", "-0", "10"), "args"),
        ("FETCH", ("01", "0", "10"), "args"),
        ("LIST", ("1", "2"), "args"),
        ("TIME", ("-5",), "range"),
        ("TIME", ("soon",), "args"),
        ("ROSTER", (), "args"),
        ("ROSTER", ("zz",), "args"),
        ("ROSTER", (frames_more.pack_text("A" * 11),), "value"),
        ("ROSTER", tuple(frames_more.pack_text("P%d" % i) for i in range(13)), "value"),
        ("ROSTER", (frames_more.pack_text("a\x07b"),), "value"),
        ("HELLO", ("again",), "args"),
        ("DELETE", ("1",), "unknown"),
        ("hello", (), "unknown"),
    ],
)
def test_bad_requests_get_an_error_and_change_nothing(verb, args, code):
    b = MemBoard(games=2)
    hello(b)
    b.ask("ROSTER", frames_more.pack_text("Zoë"))
    before = b.state()
    rid = b.next_id
    w = b.ask(verb, *args)
    assert w[:2] == ["ERR", code], w
    after = b.state()
    assert after[:3] == before[:3]
    assert b.link.last_id == before[3] < rid  # the refused id is not consumed


def test_roster_with_accents_and_time():
    b = MemBoard(games=1)
    hello(b)
    names = ["Zoë", "Jérôme", "Ñuño", "Ana"]
    assert b.ask("ROSTER", *[frames_more.pack_text(n) for n in names]) == ["OK", "4"]
    assert b.config.roster == names
    assert b.ask("TIME", 1700000123) == ["OK", "1700000123"]
    assert b.clock.time() == 1700000123


def test_malformed_frames_get_an_error_frame_with_the_id_when_readable():
    b = MemBoard(games=1)
    hello(b)
    good = frames.encode(frames.REQUEST, 50, ["LIST"])
    bad = good.replace(b"LIST", b"LISU")
    assert b.send_raw(bad) == [(50, ["ERR", "crc", "crc", "mismatch"])]
    got = b.send_raw(b">" + b"A" * 3000 + b"\n")
    assert got == [(0, ["ERR", "long", "line", "over", "1024", "bytes"])]
    got = b.send_raw(b">1 \x03\x04 *00000000\n")
    assert got[0][0] == 0 and got[0][1][:2] == ["ERR", "syntax"]
    assert b.send_raw(good)[0][1][0] == "OK"  # the link is still fine


def test_noise_between_frames_is_ignored_without_answers():
    b = MemBoard(games=1)
    banner = b"MicroPython v1.27.0 on 2025-01-01; Raspberry Pi Pico with RP2040\r\nType \"help()\" for more information.\r\n>>> \r\n\r\n\n"
    assert b.send_raw(banner) == []
    assert b.send_raw(b"x" * 5000 + b"\n") == []  # long noise: no answer either
    hello_line = frames.encode(frames.REQUEST, 1, ["HELLO"])
    # A frame split across polls, with noise before it.
    assert b.send_raw(b"garbage\n" + hello_line[:7]) == []
    assert b.send_raw(hello_line[7:])[0][1][0] == "OK"


def test_poll_without_input_is_cheap_silent_and_never_blocks(capsys):
    b = MemBoard(games=1)
    for _ in range(1000):
        assert b.link.poll() is False
    assert b.stream.reads == 1000 and bytes(b.stream.out) == b""
    hello(b)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_flash_error_gives_an_internal_error_not_a_crash():
    b = MemBoard(games=1)
    hello(b)
    gid = b.journal.ids()[0]

    def broken(*_):
        raise OSError(5, "EIO")

    b.journal.read = broken
    w = b.ask("FETCH", gid, 0, 10)
    assert w[:2] == ["ERR", "internal"]
    assert b.ask("LIST")[0] == "OK"


def _session_lines(ids, sizes, digests):
    rid = 1
    lines = [frames.encode(frames.REQUEST, rid, ["HELLO"])]
    for gid in ids:
        rid += 1
        lines.append(frames.encode(frames.REQUEST, rid, ["ACK", str(gid), str(sizes[gid]), "%08x" % digests[gid]]))
    rid += 1
    lines.append(frames.encode(frames.REQUEST, rid, ["ROSTER", frames_more.pack_text("Zoë"), frames_more.pack_text("Ben")]))
    return lines


def test_ctrl_c_at_any_write_leaves_a_bootable_consistent_journal():
    """mpremote's Ctrl-C raises KeyboardInterrupt wherever the app is. Inject
    it before every flash write a sync session and a game make (and between
    polls): the journal must boot with every game and entry intact."""
    base = MemBoard(games=3, seed=5)
    files = dict((n, bytes(base.fs.read(n))) for n in base.fs.listdir())
    records = {gid: to_record(g) for gid, g in base.played.items()}
    sizes = {gid: base.journal.size(gid) for gid in base.journal.ids()}
    digests = {gid: base.journal.digest(gid, sizes[gid]) for gid in base.journal.ids()}
    ids = base.journal.ids()
    point = 0
    while True:
        point += 1
        hit = []

        def interrupt(fs, op, name, data, point=point):
            if fs.writes == point:
                hit.append(name)
                raise KeyboardInterrupt

        fs = MemFS(files, on_write=interrupt)
        j = Journal(fs)
        stored = {s.game_id: s for s in j.boot()}
        link = Link(MemStream(), j, Config(fs), base.clock, "dev", "1")
        try:
            for line in _session_lines(ids, sizes, digests):
                link.stream.inbox += line
                link.poll()  # an interrupt between polls is the trivial case
            # and the game goes on: one more entry in the unfinished game
            for gid, s in stored.items():
                if not s.finished and s.game.kind is not None:
                    game = s.game
                    value = game.legal_values()[0]
                    kind, seat = game.kind, game.seat
                    game.enter(kind, seat, value)
                    j.entry(gid, kind, seat, value)
                    break
        except KeyboardInterrupt:
            pass
        if not hit:
            break  # every write point has been interrupted once
        after = {s.game_id: s for s in Journal(fs.reboot()).boot()}
        assert sorted(after) == ids, "game lost with Ctrl-C before write %d (%s)" % (point, hit)
        for gid in ids:
            assert after[gid].damage is None, after[gid].damage
            rec = to_record(after[gid].game)
            hands = records[gid]["hands"]
            assert rec["hands"][: len(hands)] == hands
            assert after[gid].synced in (0, sizes[gid])
    assert point > len(ids) + 1  # the ACKs, the roster and the entry were all hit


def test_link_runs_on_micropython():
    """The board's Link on the MicroPython VM answers a session (in-memory
    flash) exactly as on CPython."""
    code = """
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.config import Config
from tallyfakes.fake_clock import FakeClock
from tallyboard.link import Link
from tallyboard import frames, frames_more
from tricktally import new_game

class S:
    def __init__(self):
        self.inbox = b''
        self.out = []
    def read_available(self):
        d = self.inbox
        self.inbox = b''
        return d
    def write(self, d):
        self.out.append(d)

fs = MemFS()
clock = FakeClock()
j = Journal(fs, clock)
j.boot()
g = new_game('spades', ['Zo\\u00eb', 'Ben', 'Cy', 'Dee'], 0, {})
gid = j.new_game(g, created=1700000000)
for v in (3, 2, 4, 3):
    kind, seat = g.kind, g.seat
    g.enter(kind, seat, v)
    j.entry(gid, kind, seat, v)
s = S()
link = Link(s, j, Config(fs), clock, 'vmboard', '0.1.0')
reqs = [['HELLO'], ['LIST'], ['FETCH', str(gid), '0', '600'], ['SUM', str(gid), str(j.size(gid))],
        ['ACK', str(gid), str(j.size(gid)), '%08x' % j.digest(gid, j.size(gid))], ['ROSTER', frames_more.pack_text('Zo\\u00eb'), frames_more.pack_text('J\\u00e9r\\u00f4me')],
        ['TIME', '1700000000'], ['NOPE']]
for i in range(len(reqs)):
    s.inbox = b'noise\\n' + frames.encode(62, i + 1, reqs[i])
    link.poll()
s.inbox = b'>9 LIST *00000000\\n'
link.poll()
for line in s.out:
    print(line.decode().strip())
print(Config(fs).roster == ['Zo\\u00eb', 'J\\u00e9r\\u00f4me'], j.synced(gid) == j.size(gid), clock.time())
"""
    out = run_micropython(code).strip().splitlines()
    answers = [frames.decode(l.encode(), frames.RESPONSE) for l in out[:-1]]
    assert [a[0] for a in answers] == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert answers[0][1][:6] == ["OK", "vmboard", "0.1.0", "1", "1024", "600"]
    assert re.fullmatch(r"[0-9a-f]{8}", answers[0][1][6])
    assert answers[1][1][0:2] == ["OK", "end"] and len(answers[1][1]) == 3
    data = frames_more.unpack_data(answers[2][1][4])
    assert data.startswith(b"0 s {")
    assert answers[3][1][3] == "%08x" % binascii.crc32(data)
    assert [a[1][0] for a in answers[4:7]] == ["OK", "OK", "OK"]
    assert answers[7][1][:2] == ["ERR", "unknown"] and answers[8][1][:2] == ["ERR", "crc"]
    assert out[-1] == "True True 1700000000"


# ----- the PC's client over a real pty ------------------------------------------


def _board(games=4, seed=2):
    b = BoardThread()
    played = play_games(b.journal, games, seed=seed)
    return b, played


def test_client_recovers_from_corrupted_answers_and_requests():
    b, played = _board()
    with b:
        with LinkClient(b.path, timeout=1.0) as c:
            c.hello()
            gid = b.journal.ids()[0]
            b.tap.corrupt_answers.append("FETCH")
            data = c.fetch(gid, 0, 100)
            assert data == b.journal.read(gid, 0, 100)
            assert c.corrupt == 1 and c.resent == 1
            assert len(b.tap.fetches(gid)) == 2  # the damaged chunk was fetched again
            b.tap.corrupt_requests = 1
            assert c.checksum(gid, 100) == binascii.crc32(data)
            assert c.corrupt == 2 and b.link.errors >= 1


def test_client_times_out_on_a_dead_link_then_recovers():
    b, played = _board(games=1)
    with b:
        with LinkClient(b.path, timeout=0.2, retries=1) as c:
            c.hello()
            b.tap.dead = True
            with pytest.raises(LinkError) as info:
                c.list_games()
            assert info.value.code == "timeout" and c.timeouts == 2
            b.tap.revive()
            assert len(c.list_games()) == 1


def test_client_reports_board_errors():
    b, played = _board(games=1)
    with b:
        with LinkClient(b.path, timeout=1.0) as c:
            c.hello()
            with pytest.raises(LinkError) as info:
                c.fetch(77, 0, 10)
            assert info.value.code == "game" and "no game 77" in str(info.value)
            with pytest.raises(LinkError) as info:
                c.roster(["much too long a name"])
            assert info.value.code == "value"
            assert c.roster(["Zoë", "Jérôme"]) == 2
    assert b.config.roster == ["Zoë", "Jérôme"]


def test_client_skips_noise_from_the_board():
    b, played = _board(games=1)
    with b:
        b.tap.stream.write(b"MicroPython v1.27.0\r\n>>> \r\n<junk\r\n")
        with LinkClient(b.path, timeout=1.0) as c:
            assert c.hello()["device"] == "e66138935f2a"


class _Port:
    def __init__(self, device, vid, pid):
        self.device, self.vid, self.pid = device, vid, pid


def test_board_is_found_by_usb_id():
    ports = [_Port("/dev/ttyS0", None, None), _Port("/dev/ttyACM0", 0x2E8A, 0x0005), _Port("/dev/ttyUSB3", 0x046D, 0xC52B)]
    assert [p for p, _ in find_board_ports(ports)] == ["/dev/ttyACM0"]
    assert pick_port(None, ports) == "/dev/ttyACM0"
    assert pick_port("/dev/x", ports) == "/dev/x"
    esp = [_Port("/dev/ttyUSB0", 0x10C4, 0xEA60)]
    assert pick_port(None, esp) == "/dev/ttyUSB0"
    with pytest.raises(LinkError) as info:
        pick_port(None, ports[:1])
    assert "no TrickTally board" in str(info.value)
    with pytest.raises(LinkError) as info:
        pick_port(None, ports + esp)
    assert "several boards" in str(info.value)


def test_players_push_command(tmp_path):
    from click.testing import CliRunner

    from tricktally_host.cli import main

    b, played = _board(games=1)
    with b:
        result = CliRunner().invoke(main, ["players", "push", "--port", b.path, "Zoë", "Jérôme", "Ñuño"])
        assert result.exit_code == 0, result.output
        assert "3 players" in result.output
        bad = CliRunner().invoke(main, ["players", "push", "--port", b.path, "x" * 11])
        assert bad.exit_code == 2 and "10 characters" in bad.output
    assert b.config.roster == ["Zoë", "Jérôme", "Ñuño"]
    assert json.loads(b.fs.read("config.json"))["roster"] == ["Zoë", "Jérôme", "Ñuño"]


def test_usb_stream_reads_only_what_is_there_without_blocking():
    import io
    import os

    from tallyboard.usbstream import UsbStream

    r, w = os.pipe()
    stdin = os.fdopen(r, "rb", buffering=0)
    stdout = io.BytesIO()
    try:
        s = UsbStream(stdin=stdin, stdout=stdout, max_read=8)
        assert s.read_available() == b""  # nothing there: returns at once
        os.write(w, b">1 HELLO *x\n")
        assert s.read_available() == b">1 HELLO"  # at most max_read per call
        assert s.read_available() == b" *x\n"
        assert s.read_available() == b""
        s.write(b"<1 OK *00000000\n")
        assert stdout.getvalue() == b"<1 OK *00000000\n"
    finally:
        stdin.close()
        os.close(w)
