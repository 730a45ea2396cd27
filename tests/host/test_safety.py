# SPDX-License-Identifier: MIT
"""Issue 11, PC side: nothing stored is replaced by what does not extend it,
only stored bytes are acknowledged, damaged pieces come to the PC, exports
never overwrite, every command ends in time with one line, the board never
waits for a PC that does not read, names print verbatim and safely."""

import binascii
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

import pytest
import sqlalchemy as sa
from click.testing import CliRunner

from tallyboard import frames
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tallyboard.journal.files import tail_file
from tests.firmware.journal_harness import current_file
from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.link_helpers import MemBoard
from tests.host.pc_helpers import sql
from tricktally import new_game
from tricktally.record import to_record
from tricktally_host.commands import export, games, show, stats
from tricktally_host.db import Database, DatabaseError
from tricktally_host.export import safe_cell
from tricktally_host.link_client import LinkClient, LinkError
from tricktally_host.ptystream import PtyStream, open_pty
from tricktally_host.sync import sync_board

TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
COMMANDS = {"games": games.command, "show": show.command, "stats": stats.command, "export": export.command}


def run(name, *args):
    return CliRunner().invoke(COMMANDS[name], [str(a) for a in args])


def cli(*args, timeout=60):
    return subprocess.run([TRICKTALLY, *[str(a) for a in args]], capture_output=True, text=True, timeout=timeout)


def one_error_line(result_text):
    lines = [line for line in result_text.splitlines() if line.strip()]
    assert len(lines) == 1, result_text
    assert "Traceback" not in result_text
    return lines[0]


def acks(tap, gid=None):
    return [a for v, a in tap.requests if v == "ACK" and (gid is None or int(a[0]) == gid)]


def _finished(name, players, seed=1):
    import random

    from tests.core.play import choose

    rnd = random.Random(seed)
    g = new_game(name, players, 0, {"target": 30} if name == "hearts" else {})
    while g.kind is not None:
        g.enter(g.kind, g.seat, choose(g, rnd))
    return g


# ----- item 3: the database never replaces stored data with what does not extend it


def test_store_keeps_a_shorter_or_different_journal_beside_the_stored_one(db_target):
    g = _finished("hearts", ["Ana", "Ben", "Cy"])
    journal = b"0 s {} 00000000\n" * 40
    with Database(db_target) as db:
        assert db.store_game("dev", 1, to_record(g), len(journal), "c1", journal=journal) == "new"
        short = new_game("hearts", ["Ana", "Ben", "Cy"], 0, {"target": 30})
        assert db.store_game("dev", 1, to_record(short), 100, "c2", journal=journal[:100]) == "conflict"
        other = journal[:-5] + b"zzzzz"
        assert db.store_game("dev", 1, to_record(short), len(other), "c3", journal=other) == "conflict"
        assert db.get("dev-1") == to_record(g)  # untouched
        assert db.synced_upto("dev") == {1: (len(journal), "c1")}
        assert [c["checksum"] for c in db.conflicts()] == ["c2", "c3"]
        # A version that extends the stored one replaces it.
        longer = journal + b"more\n"
        assert db.store_game("dev", 1, to_record(g), len(longer), "c4", journal=longer) == "changed"


def test_sync_keeps_a_conflicting_version_and_never_acknowledges_it(db_target):
    db_path = db_target
    b, played = BoardThread(), None
    played = play_games(b.journal, 3, seed=4, names=ACCENTED, finish_every=1)
    gid = sorted(played)[0]
    with b:
        with Database(db_path) as db, LinkClient(b.path, timeout=1) as c:
            sync_board(c, db)
            stored = db.get(db.games()[0]["ref"])
    # The board's flash now holds a shorter journal under the same id
    # (files swapped back from an old backup, say).
    files = dict((n, bytes(b.fs.read(n))) for n in b.fs.listdir())
    data = files[game_file(gid)]
    files[game_file(gid)] = data[: data.index(b"\n", len(data) // 2) + 1]
    b2 = BoardThread(fs=MemFS(files))
    with b2:
        with Database(db_path) as db, LinkClient(b2.path, timeout=1) as c:
            report = sync_board(c, db)
            assert report.stored[gid] == "conflict" and report.conflicts == [gid]
            assert acks(b2.tap, gid) == []
            assert db.get(db.games()[0]["ref"]) == stored
            assert len(db.conflicts()) == 1
        assert b2.journal.synced(gid) == 0
        out = cli("games", "--db", db_path)
        assert out.returncode == 0 and "conflict" in out.stdout, out.stdout + out.stderr
        out = cli("sync", "--port", b2.path, "--db", db_path)
        assert out.returncode == 1 and "conflict" in out.stdout


# ----- item 5: acknowledge only what was stored


def test_only_the_stored_bytes_are_acknowledged_and_the_tail_is_kept(db_target):
    b = BoardThread()
    played = play_games(b.journal, 1, seed=2, names=ACCENTED)
    gid = sorted(played)[0]
    good = b.journal.size(gid)
    junk = b"this is not a record\n"
    st = b.journal._games[gid]  # a board serving a damaged tail
    if st.tail:  # the hand's records are in the tail file: the junk after them
        b.fs.files[tail_file(gid)].extend(junk)
        st.tail += len(junk)
    else:
        b.fs.files[game_file(gid)].extend(junk)
        st.size += len(junk)
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            report = sync_board(c, db)
            assert [int(a[1]) for a in acks(b.tap, gid)] == [good]
            assert acks(b.tap, gid)[0][2] == "%08x" % binascii.crc32(b.journal.read(gid, 0, good))
            assert [p["data"] for p in db.pieces("e66138935f2a", gid)] == [junk]
            assert report.problems
        assert b.journal.synced(gid) == good < b.journal.size(gid)


# ----- item 6: every damaged piece is fetched and kept on the PC


def test_damaged_pieces_are_fetched_and_stored_beside_the_game(db_target):
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    played = play_games(j, 1, seed=3, names=ACCENTED, max_entries=20, finish_every=5)
    gid = sorted(played)[0]
    junks = [b"first damage\n", b"second damage\n"]
    for junk in junks:
        fs.files[current_file(fs, gid)].extend(junk)
        Journal(fs).boot()  # cuts it off into a new piece
    b = BoardThread(fs=fs)
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            report = sync_board(c, db)
            assert report.pieces == 2
            assert sorted(p["data"] for p in db.pieces()) == sorted(junks)
            sync_board(c, db)
            assert len(db.pieces()) == 2  # stored once
    out = cli("games", "--db", db_target)
    assert "2 damaged pieces" in out.stdout


# ----- item 7: export never overwrites; case-different devices stay apart


def test_export_refuses_to_overwrite_and_keeps_case_different_devices_apart(db_target, tmp_path):
    db_path = db_target
    g = _finished("hearts", ["Ana", "Ben", "Cy"])
    with Database(db_path) as db:
        db.store_game("abcd", 1, to_record(g), 10, "a")
        db.store_game("ABCD", 1, to_record(g), 10, "b")
        refs = sorted(i["ref"] for i in db.games())
    assert len(set(refs)) == 2
    out = tmp_path / "out"
    old = os.umask(0o022)
    try:
        result = run("export", "--format", "json", "-o", out, "--db", db_path)
        assert result.exit_code == 0, result.output
        files = sorted(out.iterdir())
        assert len(files) == 2 and len({f.name.lower() for f in files}) == 2
        assert {json.loads(f.read_text())["device"] for f in files} == {"abcd", "ABCD"}
        assert all(f.stat().st_mode & 0o777 == 0o644 for f in files)
        before = {f: f.read_bytes() for f in files}
        for f in files:
            f.write_text("precious")
        for fmt in ("json", "csv"):
            if fmt == "csv":
                (out / "tricktally-games.csv").write_text("precious")
            result = run("export", "--format", fmt, "-o", out, "--db", db_path)
            assert result.exit_code != 0
            assert "already exists" in one_error_line(result.output)
        assert all(f.read_text() == "precious" for f in out.iterdir())
        result = run("export", "--format", "json", "-o", out, "--db", db_path, "--force")
        assert result.exit_code == 0
        assert {f: f.read_bytes() for f in files} == before
    finally:
        os.umask(old)


def test_csv_cells_with_blanks_before_a_formula_are_defused_and_columns_complete(db_target, tmp_path):
    for text in (" =1+1", "  +A1", "\u00a0@SUM(A1)", " -2+3"):
        assert safe_cell(text).startswith("'")
    assert safe_cell(-40) == -40
    db_path = db_target
    wiz = new_game("wizard", ["Ana", "Ben", "Cy"])
    wiz.enter("trump", None, "H")
    for _ in range(6):
        wiz.enter(wiz.kind, wiz.seat, wiz.legal_values()[0])
    sp = new_game("spades", ["Ana", "Ben", "Cy", "Dee"], settings={"nil": True, "blind_nil": True})
    for kind, seat, value in [("bid", 1, -1), ("bid", 2, 3), ("bid", 3, 5), ("bid", 0, 4),
                              ("tricks", 1, 0), ("tricks", 2, 3), ("tricks", 3, 5), ("tricks", 0, 5)]:
        sp.enter(kind, seat, value)
    with Database(db_path) as db:
        db.store_game("dev", 1, to_record(wiz), 1, "a")
        db.store_game("dev", 2, to_record(sp), 1, "b")
    result = run("export", "--format", "csv", "-o", tmp_path / "csv", "--db", db_path)
    assert result.exit_code == 0, result.output
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "tricktally-games.csv").read_text("utf-8-sig"))))
    for col in ("trump", "blind_nil", "moon", "moon_choice", "queen", "jack"):
        assert col in rows[0]
    assert {r["trump"] for r in rows if r["game"] == "wizard"} == {"H"}
    assert [r["blind_nil"] for r in rows if r["game"] == "spades" and r["seat"] == "1"] == ["1"]


# ----- item 8: every host command ends within its stated timeout


class ScriptedBoard:
    """A pty board that answers HELLO and TIME, then LIST with "more"... and
    then says nothing, ever again."""

    def __init__(self, answer_list=True, chatter=False):
        self.master, self.slave, self.path = open_pty()
        self.stream = PtyStream(self.master)
        self.reader = frames.LineReader()
        self.answer_list = answer_list
        self.chatter = chatter
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        listed = False
        while not self.stop.is_set():
            self.stream.pump()
            if self.chatter and self.stream.backlog() < 1000:
                self.stream.write(b">>> noise, a REPL banner, debug prints\r\n")
            data = self.stream.read_available()
            if not data:
                self.stream.wait(0.01)
                continue
            self.reader.feed(data)
            while True:
                line = self.reader.next_line()
                if line is None:
                    break
                if line is frames.TOO_LONG or not frames.is_frame(line, frames.REQUEST):
                    continue
                rid, words = frames.decode(line, frames.REQUEST)
                if words[0] == "HELLO":
                    reply = ["OK", "scripted", "0.1.0", "1", "1024", "600"]
                elif words[0] == "TIME":
                    reply = ["OK", words[1]]
                elif words[0] == "LIST" and self.answer_list and not listed:
                    listed = True
                    reply = ["OK", "more", "1:100:0:1"]
                else:
                    continue  # silence
                self.stream.write(frames.encode(frames.RESPONSE, rid, reply))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(2)
        os.close(self.master)
        os.close(self.slave)


def test_a_list_that_promises_more_then_silence_ends_within_the_timeout(db_target):
    with ScriptedBoard() as board:
        with Database(db_target) as db, LinkClient(board.path, timeout=1.0) as c:
            start = time.monotonic()
            with pytest.raises(LinkError) as info:
                sync_board(c, db)
            took = time.monotonic() - start
        assert info.value.code == "timeout"
        assert took < 1.6, took
        start = time.monotonic()
        out = cli("sync", "--port", board.path, "--db", db_target, "--timeout", "2")
        took = time.monotonic() - start
        assert out.returncode != 0
        assert "2 s" in one_error_line(out.stderr)
        assert took < 2 + 4, took  # 2 s of waiting plus the command's start-up


def test_a_chatty_board_that_never_answers_ends_within_the_timeout(db_target):
    with ScriptedBoard(chatter=True) as board:
        with Database(db_target) as db, LinkClient(board.path, timeout=1.0) as c:
            start = time.monotonic()
            with pytest.raises(LinkError) as info:
                sync_board(c, db)
            took = time.monotonic() - start
        assert info.value.code == "timeout" and took < 1.8, took


def test_a_silent_board_fails_a_request_in_the_stated_time_not_four_times_it():
    master, slave, path = open_pty()
    try:
        with LinkClient(path, timeout=1.0) as c:
            start = time.monotonic()
            with pytest.raises(LinkError) as info:
                c.hello()
            took = time.monotonic() - start
        assert info.value.code == "timeout" and 0.9 < took < 1.4, took
    finally:
        os.close(master)
        os.close(slave)


# ----- item 9: the board never waits for a PC that does not read


def test_the_link_never_blocks_on_a_pc_that_does_not_read():
    b = MemBoard(games=2, seed=3)
    master, slave, path = open_pty()
    try:
        from tallyboard.link import Link

        link = Link(PtyStream(master), b.journal, b.config, b.clock, "dev", "0.1.0")
        gid = b.journal.ids()[0]
        requests = [frames.encode(frames.REQUEST, 1, ["HELLO"])]
        for i in range(400):
            requests.append(frames.encode(frames.REQUEST, i + 2, ["FETCH", str(gid), "0", "600"]))
        os.set_blocking(slave, False)
        blob = b"".join(requests)
        sent = 0
        worst = 0.0
        for _ in range(600):
            try:
                sent += os.write(slave, blob[sent:]) if sent < len(blob) else 0
            except BlockingIOError:
                pass
            start = time.monotonic()
            link.poll()
            worst = max(worst, time.monotonic() - start)
            if worst >= 0.25:
                break
        assert worst < 0.25, worst  # never the 2 s a blocked write took
        assert link.stream.backlog() <= link.stream.max_queue
    finally:
        os.close(master)
        os.close(slave)


def test_usb_stream_drops_what_cannot_be_sent_and_never_waits():
    import io

    from tallyboard.usbstream import UsbStream

    out = io.BytesIO()
    writable = {"out": False}
    s = UsbStream(stdin=io.BytesIO(b""), stdout=out, poller=lambda stream, flag: flag == "out" and writable["out"],
                  max_queue=100, ctrl_c_guard=False)
    frame = b"<1 OK " + b"x" * 40 + b" *00000000\n"
    start = time.monotonic()
    for _ in range(50):
        s.write(frame)
    assert time.monotonic() - start < 0.1
    assert out.getvalue() == b"" and s.backlog() <= 100 and s.dropped == 50 - 100 // len(frame)
    writable["out"] = True
    s.pump()
    assert out.getvalue() == frame * (100 // len(frame))  # whole frames only


def test_ctrl_c_is_ignored_while_a_game_is_open_and_stop_works():
    import io

    from tallyboard.link import Link, Stop
    from tallyboard.usbstream import UsbStream

    b = MemBoard(games=2, seed=3)
    live = new_game("hearts", ["Ana", "Ben", "Cy"], 0, {})
    b.journal.new_game(live)
    assert b.journal.has_open_game()
    inbox = io.BytesIO(b"\r\x03\n" + frames.encode(frames.REQUEST, 1, ["HELLO"]))
    out = io.BytesIO()
    stream = UsbStream(stdin=inbox, stdout=out, poller=lambda stream, flag: flag == "out" or inbox.tell() < len(inbox.getvalue()),
                       ctrl_c_guard=False)
    stream._in = inbox
    link = Link(stream, b.journal, b.config, b.clock, "dev", "0.1.0")
    link.poll()  # no KeyboardInterrupt: a game is open
    assert b"<1 OK" in out.getvalue()
    inbox.write(frames.encode(frames.REQUEST, 2, ["STOP"]))
    inbox.seek(len(b"\r\x03\n") + len(frames.encode(frames.REQUEST, 1, ["HELLO"])))
    with pytest.raises(Stop):
        link.poll()
    assert b"<2 OK" in out.getvalue()


# ----- item 10: names print verbatim and safely

ODD = ["[/]", "[b]x", "a\x1b[2Jb", "[red]R"]


def test_names_that_look_like_markup_or_escapes_are_shown_verbatim(db_target):
    db_path = db_target
    g = _finished("hearts", ODD)
    with Database(db_path) as db:
        db.store_game("[dev]", 1, to_record(g), 10, "a")
        ref = db.games()[0]["ref"]
    for args in (("games",), ("show", ref), ("stats",)):
        result = cli(*args, "--db", db_path)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout
        for name in ("[/]", "[b]x", "[red]R"):
            assert name in result.stdout, (args, result.stdout)
        assert "a\\x1b[2Jb" in result.stdout
    result = cli("games", "--json", "--db", db_path)
    assert "\x1b" not in result.stdout and json.loads(result.stdout)[0]["players"] == ODD


# ----- item 11: one clear line and a non-zero exit for bad input


def _db_with_a_game(path):
    g = _finished("hearts", ["Ana", "Ben", "Cy"])
    with Database(path) as db:
        db.store_game("dev", 1, to_record(g), 10, "a")


@pytest.mark.parametrize("ref", ["-1", str(10**20), "1_0", "+1", "dev--1", "-0", ""])
def test_game_refs_out_of_range_get_one_line(db_target, ref):
    db_path = db_target
    _db_with_a_game(db_path)
    result = cli("show", ref, "--db", db_path)
    assert result.returncode == 2
    assert one_error_line(result.stderr).startswith("error:")


@pytest.mark.parametrize("content", [
    b"[" * 100000 + b"]" * 100000,
    b'{"format": "tricktally/1", "game": "hearts", "players": ["A","B","C"], "hands": [' + b"[" * 5000 + b"]" * 5000 + b"]}",
    b'{"format": "tricktally/1", "game": "hearts", "players": ["A","B","C"], "settings": {"target": 1' + b"0" * 5000 + b"}}",
    b'{"format": "tricktally/1", "game": "hearts", "players": ["A","B","C"], "settings": {"target": 1e999}}',
    b'{"format": "tricktally/1", "game": "hearts", "players": 7}',
    b'{"format": "tricktally/1", "game": "hearts", "players": ["A","B","C"], "hands": [{"hearts": "x"}]}',
    b'{"format": "tricktally/1", "game": "wizard", "players": ["A","B","C"], "hands": [{"bid": [1e300, 0, 0]}]}',
    b'{"format": "tricktally/1", "game": "spades", "players": ["A","B","C","D"], "first_dealer": 99999999999999999999}',
    b'\xff\xfe{"format"',
    b'"just a string"',
])
def test_absurd_record_files_get_one_line(tmp_path, content):
    path = tmp_path / "r.json"
    path.write_bytes(content)
    result = cli("score", path)
    assert result.returncode == 2
    assert one_error_line(result.stderr).startswith("error:")
    assert path.read_bytes() == content


def test_a_database_with_flipped_bits_gets_one_line_and_is_left_as_it_is(tmp_path):
    # A SQLite file's own damage (a server keeps its files to itself).
    db_path = tmp_path / "t.sqlite"
    with Database(db_path) as db:
        for i in range(30):
            g = _finished("hearts", ["Ana", "Ben", "Cy"], seed=i)
            db.store_game("dev", i, to_record(g), 10, "a")
    data = bytearray(db_path.read_bytes())
    # The first page (the schema) intact, so the file opens; the game pages not.
    for pos in range(4096 + 100, len(data), 97):
        data[pos] ^= 0x5A
    db_path.write_bytes(bytes(data))
    digest = hashlib.sha256(bytes(data)).hexdigest()
    for args in (("games",), ("show", "dev-3"), ("stats",), ("export", "--format", "json", "-o", tmp_path / "x")):
        result = cli(*args, "--db", db_path)
        if result.returncode:
            assert one_error_line(result.stderr).startswith("error:"), args
        assert "Traceback" not in result.stderr
        assert hashlib.sha256(db_path.read_bytes()).hexdigest() == digest


def test_read_only_commands_open_the_database_read_only(db_target):
    db_path = db_target
    _db_with_a_game(db_path)
    with Database(db_path, create=False) as db:
        assert len(db.games()) == 1
        with pytest.raises(sa.exc.DBAPIError, match="readonly|read-only"):
            sql(db, "DELETE FROM games")


def test_a_database_write_error_is_one_line(db_target):
    db_path = db_target
    _db_with_a_game(db_path)
    with Database(db_path) as db:
        sql(db, "PRAGMA query_only = ON" if db.path is not None else "SET default_transaction_read_only = on")
        with pytest.raises(DatabaseError):
            db.store_game("dev", 2, to_record(_finished("hearts", ["Ana", "Ben", "Cy"])), 10, "a")


def test_sim_import_refuses_names_the_board_refuses(tmp_path):
    g = new_game("hearts", ["A" * 3000, "Ben", "Cy"], 0, {})
    path = tmp_path / "r.json"
    path.write_text(json.dumps(to_record(g)))
    from tricktally_host.importer import RecordError, import_into_folder

    with pytest.raises(RecordError, match="1 to 10"):
        import_into_folder([path], tmp_path / "flash")
    assert not list((tmp_path / "flash").glob("*.tj"))


def test_minus_zero_and_padded_numbers_are_not_numbers():
    b = MemBoard(games=1)
    b.ask("HELLO")
    for word in ("-0", "00", "01", "+1"):
        assert b.ask("FETCH", b.journal.ids()[0], word, "10")[:2] == ["ERR", "args"], word


# ----- item 4: a full board syncs every game, and space can be freed


def test_sync_completes_on_a_full_board_and_space_can_be_freed(db_target):
    b = BoardThread()
    played = play_games(b.journal, 5, seed=6, names=ACCENTED, finish_every=1)
    b.fs.capacity = sum(len(v) for v in b.fs.files.values())  # not a byte free
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            report = sync_board(c, db)
            assert report.count("new") == len(played) and not report.problems
    for gid in played:
        assert b.journal.synced(gid) == b.journal.size(gid)
    victim = b.journal.oldest_synced()
    assert victim is not None
    b.journal.delete(victim)
    assert b.fs.free() > 0


def test_usb_stream_queue_on_micropython():
    """The queue of UsbStream uses only what MicroPython's bytearray does."""
    from tests.mpvm import run_micropython

    code = """
import io
from tallyboard.usbstream import UsbStream
class Out:
    def __init__(self):
        self.got = bytearray()
    def write(self, b):
        self.got.extend(b)
        return len(b)
out = Out()
ok = [False]
s = UsbStream(stdin=io.BytesIO(b""), stdout=out, poller=lambda st, flag: flag == "out" and ok[0], max_queue=100, ctrl_c_guard=False)
frame = b"<1 OK " + b"x" * 30 + b" *00000000\\n"
for i in range(5):
    s.write(frame)
print(s.backlog(), s.dropped, len(out.got))
ok[0] = True
s.pump()
for i in range(3):
    s.write(frame)
print(s.backlog(), len(out.got), bytes(out.got) == frame * 5)
"""
    out = run_micropython(code)
    lines = out.strip().splitlines()
    frame_len = len(b"<1 OK " + b"x" * 30 + b" *00000000\n")
    kept = 100 // frame_len
    assert lines[0] == "%d %d 0" % (kept * frame_len, 5 - kept)
    assert kept == 2  # two frames fit, three were dropped; then three more go out at once
    assert lines[1] == "0 %d True" % (5 * frame_len)


def test_database_text_that_is_not_utf8_gets_one_line(tmp_path):
    # SQLite keeps what it is given; PostgreSQL refuses text that is not UTF-8.
    db_path = tmp_path / "t.sqlite"
    _db_with_a_game(db_path)
    with Database(db_path) as db:
        sql(db, "UPDATE games SET players = CAST(X'FF22' AS TEXT), record = CAST(X'7BFF' AS TEXT)")
    digest = hashlib.sha256(db_path.read_bytes()).hexdigest()
    for args in (("games",), ("show", "dev-1"), ("stats",), ("games", "--json")):
        result = cli(*args, "--db", db_path)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert one_error_line(result.stderr).startswith("error:")
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == digest
