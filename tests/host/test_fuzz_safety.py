# SPDX-License-Identifier: MIT
"""Issue 11 fuzz: more than 10,000 random and mutated inputs at the board's
link, the board's journal reader and the PC's record reader. No crash, no
hang, nothing stored changed. A seeded generator, so a failure replays."""

import json
import random
import time

import pytest

from tallyboard import frames, frames_more
from tallyboard.journal import record as jf
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tallyboard.journal.read import decode
from tests.host.board_sim import ACCENTED, play_games
from tests.host.link_helpers import MemBoard
from tests.host.pc_helpers import sql
from tricktally.record import to_record
from tricktally_host.db import Database
from tricktally_host.records import RecordError, load_record

LINK_CASES = 4000
JOURNAL_CASES = 3500
RECORD_CASES = 3500
assert LINK_CASES + JOURNAL_CASES + RECORD_CASES >= 10000

NUMBERS = ["0", "1", "-1", "-0", "007", "999999999", "1000000000", "99999999999999999999", "1e3", "+5", "", "x", "1_0",
           "4102444801", "600", "601", "00000000", "ffffffff", "0000000g"]


def _mutate_bytes(rnd, data):
    data = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        op = rnd.randrange(5)
        if op == 0 and data:
            data[rnd.randrange(len(data))] ^= 1 << rnd.randrange(8)
        elif op == 1:
            pos = rnd.randint(0, len(data))
            data[pos:pos] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 8)))
        elif op == 2 and data:
            a = rnd.randrange(len(data))
            del data[a : a + rnd.randint(1, 16)]
        elif op == 3:
            data = data[: rnd.randint(0, len(data))]
        elif data:
            a = rnd.randrange(len(data))
            data[a:a] = data[a : a + rnd.randint(1, 64)]
    return bytes(data)


# ----- the board's link ----------------------------------------------------------


def _request(rnd, b, rid):
    gid = rnd.choice(b.journal.ids() + [0, 99, -1])
    size = b.journal.size(gid) if gid in b.journal.ids() else 10
    templates = [
        ["HELLO"],
        ["LIST"],
        ["LIST", str(gid)],
        ["FETCH", str(gid), str(rnd.randrange(size + 5)), str(rnd.randint(1, 700))],
        ["SUM", str(gid), str(rnd.randrange(size + 5))],
        ["ACK", str(gid), str(rnd.randrange(size + 5)), "%08x" % rnd.getrandbits(32)],
        ["PIECES", str(gid)],
        ["PIECE", str(gid), str(rnd.randint(0, 3)), "0", "100"],
        ["TIME", str(rnd.randrange(5000000000))],
        ["ROSTER", frames_more.pack_text(rnd.choice(ACCENTED)), frames_more.pack_text("x" * rnd.randint(1, 12))],
        ["NOPE", "1"],
    ]
    words = list(rnd.choice(templates))
    for i in range(1, len(words)):
        if rnd.random() < 0.25:
            words[i] = rnd.choice(NUMBERS) or "0"
    if rnd.random() < 0.1:
        words.append(rnd.choice(NUMBERS) or "z")
    try:
        return frames.encode(frames.REQUEST, rid, words)
    except ValueError:
        body = (">%d %s" % (rid, " ".join(words))).encode()
        return body + b" *" + frames.crc_text(body).encode() + b"\n"


def _journal_files(fs):
    return {n: bytes(fs.files[n]) for n in fs.files if n.endswith(".tj") or n.endswith(".bad")}


def test_fuzz_the_board_link():
    rnd = random.Random(1101)
    b = MemBoard(games=3, seed=11)
    journals = _journal_files(b.fs)
    b.ask("HELLO")
    rid = 10
    worst = 0.0
    for case in range(LINK_CASES):
        kind = rnd.randrange(4)
        rid += rnd.choice((1, 1, 1, 0, -3))
        rid = max(rid, 1)
        if kind == 0:
            data = bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 120)))
        elif kind == 1:
            data = _request(rnd, b, rid)  # valid CRC, odd arguments
        elif kind == 2:
            data = _mutate_bytes(rnd, _request(rnd, b, rid))
        else:
            data = b"\n" + bytes([rnd.choice(b">0123456789 *\r\x03")]) * rnd.randint(1, 1500) + b"\n"
        b.stream.inbox += data
        start = time.monotonic()
        b.link.poll()
        worst = max(worst, time.monotonic() - start)
        out = bytes(b.stream.out)
        b.stream.out = bytearray()
        for line in out.split(b"\n")[:-1]:
            frames.decode(line, frames.RESPONSE)  # every answer is a good frame
        assert _journal_files(b.fs) == journals, "case %d changed a journal" % case
        for gid in b.journal.ids():
            synced = b.journal.synced(gid)
            assert 0 <= synced <= b.journal.size(gid)
    assert worst < 1.0
    # The board still works.
    assert b.ask("LIST", rid=rid + 100)[0] == "OK"


# ----- the board's journal reader ------------------------------------------------


def _valid_line(rnd, seq):
    payloads = [
        b"[" * rnd.randint(5, 3000) + b"]" * rnd.randint(0, 3000),
        b'["bid",' + str(rnd.getrandbits(200)).encode() + b",1]",
        b'["bid",1,1.5e308]',
        b'{"game":"hearts","players":[1,2,3],"journal":1}',
        b'{"journal":99,"game":"spades"}',
        b'[0,{"bid":[1,2,3]}]',
        b'"' + b"\\ud800" * 3 + b'"',
        b"null",
        b'["tricks",' + str(rnd.randint(-5, 40)).encode() + b"," + str(rnd.randint(-5, 40)).encode() + b"]",
    ]
    body = b"%d %s %s" % (seq, bytes([rnd.choice(b"seuax?")]), rnd.choice(payloads))
    return body + b" " + jf.crc_of(body).encode() + b"\n"


def test_fuzz_the_journal_reader():
    rnd = random.Random(1102)
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    play_games(j, 4, seed=12, names=ACCENTED, max_entries=30, finish_every=2)
    bases = [bytes(fs.files[game_file(g)]) for g in j.ids()]
    other = bytes(fs.files[game_file(j.ids()[-1])])
    for case in range(JOURNAL_CASES):
        base = rnd.choice(bases[:-1])
        kind = rnd.randrange(3)
        if kind == 0:
            data = _mutate_bytes(rnd, base)
        elif kind == 1:
            lines = base.split(b"\n")[:-1]
            cut = rnd.randint(1, len(lines))
            data = b"\n".join(lines[:cut]) + b"\n" + _valid_line(rnd, cut)
        else:
            data = bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 300)))
        records, good, damage = decode(data)  # never raises
        assert 0 <= good <= len(data)
        files = {game_file(1): data, game_file(2): other}
        disk = MemFS(files)
        stored = Journal(disk).boot()  # never raises
        assert bytes(disk.files[game_file(2)]) == other, "case %d touched another game" % case
        again = Journal(MemFS(disk.files)).boot()
        assert [(s.game_id, s.size) for s in again] == [(s.game_id, s.size) for s in stored], case
        if game_file(1) in disk.files:
            # Only a damaged tail is ever cut: what is kept is a prefix.
            assert data.startswith(bytes(disk.files[game_file(1)])), case


# ----- the PC's record reader ----------------------------------------------------------

_ODD_VALUES = [None, True, -1, 0, 10**30, -(10**30), 1.5, float("1e308"), "", "x" * 300, [], {}, [[[]]], {"a": {"b": []}},
               "\u202e", "[/]", "\x1b[2J"]


def _mutate_json(rnd, obj, depth=0):
    if isinstance(obj, dict) and obj:
        obj = dict(obj)
        key = rnd.choice(sorted(obj))
        if rnd.random() < 0.6 and depth < 4:
            obj[key] = _mutate_json(rnd, obj[key], depth + 1)
        elif rnd.random() < 0.5:
            obj[key] = rnd.choice(_ODD_VALUES)
        else:
            del obj[key]
        return obj
    if isinstance(obj, list) and obj:
        obj = list(obj)
        i = rnd.randrange(len(obj))
        if rnd.random() < 0.6 and depth < 4:
            obj[i] = _mutate_json(rnd, obj[i], depth + 1)
        else:
            obj[i] = rnd.choice(_ODD_VALUES)
        return obj
    return rnd.choice(_ODD_VALUES)


def test_fuzz_the_pc_record_reader(db_target, tmp_path):
    rnd = random.Random(1103)
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    games = play_games(j, 6, seed=13, names=ACCENTED, max_entries=40, finish_every=2)
    bases = [to_record(g) for g in games.values()]
    path = tmp_path / "r.json"
    db = Database(db_target)
    db.store_game("dev", 1, bases[0], 1, "a")
    before = sql(db, "SELECT record FROM games")
    loaded = 0
    try:
        for case in range(RECORD_CASES):
            base = rnd.choice(bases)
            if rnd.random() < 0.6:
                text = json.dumps(_mutate_json(rnd, base), ensure_ascii=False).encode("utf-8")
            else:
                text = _mutate_bytes(rnd, json.dumps(base).encode())
            path.write_bytes(text)
            try:
                record, game = load_record(path)
            except RecordError as e:
                assert "\n" not in str(e)
                continue
            assert path.read_bytes() == text
            loaded += 1
            try:
                db.store_game("dev", 2 + case, record, 1, "b")
            except RecordError:
                pass
            assert sql(db, "SELECT record FROM games WHERE game_id = 1")[0][0] == before[0][0]
    finally:
        db.close()
    assert loaded  # some mutations are still legal games
