# SPDX-License-Identifier: MIT
"""The journal's API: records, boot and resume, sync state, deleting, space,
and the two file stores (MemFS and OsFS on a real folder)."""

import json

import pytest

from tallyboard.journal import record as jf
from tallyboard.journal import encode as jj
from tallyboard.fs import OsFS
from tallyfakes.memfs import MemFS, PowerCut
from tallyboard.journal import journal as board_journal
from tallyboard.journal import files as journal_files
from tallyboard.journal import journal as jb
from tallyboard.journal.files import LOW_SPACE
from tallyboard.journal.journal import Journal
from tallyboard.journal.record import JournalError
from tallyboard.journal.files import game_file
from tallyboard.journal.read import decode, parse, rebuild, replay
from tests.firmware.journal_harness import current_file, Player, reference, script, state_of
from tricktally import new_game
from tricktally.record import to_record


class Clock:
    def __init__(self, t=None):
        self.t = t

    def time(self):
        return self.t


def fresh(fs=None, clock=None):
    fs = fs if fs is not None else MemFS()
    j = Journal(fs, clock)
    assert j.boot() == []
    return fs, j


def play(j, gid, game, n, pick=0):
    """Enter n legal values into game and journal."""
    for _ in range(n):
        kind, seat = game.kind, game.seat
        value = game.legal_values()[pick]
        game.enter(kind, seat, value)
        j.entry(gid, kind, seat, value)


# ----- the format -----------------------------------------------------------


def test_dumps_is_compact_ascii_sorted_and_loads_back():
    obj = {"z": [1, None, True, False], "a": "Bén \"q\" \\ \n", "m": {"y": -3, "b": "😀"}}
    text = jj.dumps(obj)
    assert text.isascii()
    assert text.index('"a"') < text.index('"m"') < text.index('"z"')
    assert jj.dumps({"b": [1, -2], "a": {}}) == '{"a":{},"b":[1,-2]}'
    assert jj.dumps("é😀") == r'"\u00e9\ud83d\ude00"'
    assert json.loads(text) == obj
    assert "\n" not in text


def test_dumps_refuses_what_json_cannot_carry_exactly():
    with pytest.raises(JournalError, match="cannot write"):
        jj.dumps({"x": 1.5})
    with pytest.raises(JournalError, match="keys must be strings"):
        jj.dumps({1: 2})


def test_record_line_layout_and_checksum():
    line = jj.encode(12, jf.ENTRY, ["bid", 2, 1])
    assert line == b'12 e ["bid",2,1] ' + jf.crc_of(b'12 e ["bid",2,1]').encode() + b"\n"
    assert all(0x20 <= b < 0x7F for b in line[:-1])
    assert parse(line[:-1]) == (12, "e", ["bid", 2, 1])
    bad = bytearray(line[:-1])
    bad[5] ^= 1
    with pytest.raises(JournalError, match="bad checksum"):
        parse(bytes(bad))


def test_parse_rejects_lines_with_a_good_checksum_but_a_bad_shape():
    def line(body):
        return body + b" " + jf.crc_of(body).encode()

    for body, why in (
        (b"07 e [1]", "canonical"),
        (b"x e [1]", "not a number"),
        (b"1 q [1]", "unknown record type"),
        (b"1 e [1", "not JSON"),
        (b"12", "not <seq>"),
        (b"1e[1]", "not a number"),
        (b"1 ee [1]", "not <seq>"),
    ):
        with pytest.raises(JournalError, match=why):
            parse(line(body))


def test_decode_reports_good_length_and_records():
    ops = script("wizard", max_hands=2)
    states, writes, fs = reference(ops)
    data = fs.read(game_file(1))
    records, good, damage = decode(data)
    assert damage is None and good == len(data)
    assert [r[0] for r in records] == list(range(len(records)))
    assert records[0][1] == "s" and records[0][2]["journal"] == jf.VERSION
    assert to_record(rebuild(records)) == states[-1][0]
    records2, good2, damage2 = decode(data + b"17 e [")
    assert records2 == records and good2 == len(data) and "cut short" in damage2


def test_rebuild_is_strict_replay_is_lenient():
    g = new_game("spades", ["A", "B", "C", "D"])
    start = {"journal": 1, "game": "spades", "players": ["A", "B", "C", "D"], "first_dealer": 0, "settings": {}}
    recs = [(0, "s", start), (1, "e", ["bid", 1, 3]), (2, "e", ["bid", 2, 99])]
    with pytest.raises(JournalError, match="record 2 .*refused"):
        rebuild(recs)
    game, used, ended, damage = replay(recs)
    assert used == 2 and "record 2" in damage and game.value("bid", 1) == 3 and g.kind == "bid"
    with pytest.raises(JournalError, match="no start"):
        rebuild([])


# ----- writing and booting --------------------------------------------------------


@pytest.mark.parametrize("name", ["spades", "wizard", "hearts"])
def test_every_script_rebuilds_exactly_at_boot(name):
    ops = script(name)
    states, writes, fs = reference(ops)
    stored = Journal(fs.reboot()).boot()
    assert len(stored) == 1 and stored[0].damage is None
    assert state_of(stored) == states[-1]
    s = stored[0]
    assert s.ended and s.finished and s.name == name and s.created == 1700000000
    assert s.size == fs.size(game_file(1)) == s.synced


def test_start_record_carries_game_players_dealer_settings_time():
    fs, j = fresh(clock=Clock(1712345678))
    g = new_game("hearts", ["Ana", "Ben", "Cy"], 2, {"omnibus": True})
    gid = j.new_game(g)
    records, good, damage = decode(fs.read(game_file(gid)))
    p = records[0][2]
    assert p["game"] == "hearts" and p["players"] == ["Ana", "Ben", "Cy"] and p["first_dealer"] == 2
    assert p["settings"]["omnibus"] is True and "players" not in p["settings"]
    assert p["created"] == 1712345678 and p["journal"] == jf.VERSION


def test_resume_keeps_undo_history_and_amendments():
    fs, j = fresh()
    g = new_game("wizard", ["Ana", "Ben", "Cy"], 0)
    gid = j.new_game(g)
    j.entry(gid, "trump", None, "H")
    g.enter("trump", None, "H")
    play(j, gid, g, 6)  # round 1 complete
    play(j, gid, g, 2)
    d = g.hand_to_dict(g.hands[0])
    d["trump"] = "S"
    g.amend(0, d)
    j.amend(gid, 0, d)
    s = Journal(fs.reboot()).boot()[0]
    back = s.game
    assert to_record(back) == to_record(g) and not s.finished and s.hands == 1
    # Undo after the reboot takes back the amendment, then the entries.
    assert back.undo() and g.undo()
    assert to_record(back) == to_record(g) and back.hands[0].get("trump") == "H"
    assert back.undo() and g.undo()
    assert to_record(back) == to_record(g)


def test_a_game_with_entries_is_journaled_whole():
    fs, j = fresh()
    g = new_game("spades", ["A", "B", "C", "D"], 0, {"nil": True})
    for _ in range(11):
        g.enter(g.kind, g.seat, g.legal_values()[-1])
    gid = j.new_game(g)
    assert to_record(Journal(fs.reboot()).boot()[0].game) == to_record(g)
    assert gid == 1


def test_appending_never_reads_the_journal():
    # Appending knows each file's size, and a fold takes the tail's records
    # from the journal's own buffer: nothing is read back, tail included.
    class NoReads(MemFS):
        reads = 0

        def read_at(self, name, offset, length):
            self.reads += 1
            return MemFS.read_at(self, name, offset, length)

        def read(self, name):
            self.reads += 1
            return MemFS.read(self, name)

    fs = NoReads()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", ["A", "B", "C"])
    gid = j.new_game(g)
    before = fs.reads
    play(j, gid, g, 40)
    assert fs.reads == before
    assert len(fs.files[game_file(gid)]) > board_journal.TAIL_MAX  # it folded
    # Boot reads in chunks: RAM, not the file, bounds it.
    fs.reads = 0
    Journal(fs).boot()
    assert fs.reads >= fs.size(game_file(gid)) // 1024


def test_ended_games_take_no_more_records_and_say_so():
    fs, j = fresh()
    g = new_game("hearts", ["A", "B", "C"])
    gid = j.new_game(g)
    j.end(gid)
    with pytest.raises(JournalError, match="has ended"):
        j.entry(gid, "hearts", 1, 3)
    s = Journal(fs.reboot()).boot()[0]
    assert s.ended and s.finished and s.game is not None


def test_ids_are_never_reused_even_after_deleting_the_newest():
    fs, j = fresh()
    a = j.new_game(new_game("hearts", ["A", "B", "C"]))
    b = j.new_game(new_game("hearts", ["A", "B", "C"]))
    j.delete(b, force=True)
    j2 = Journal(fs.reboot())
    assert [s.game_id for s in j2.boot()] == [a]
    c = j2.new_game(new_game("hearts", ["A", "B", "C"]))
    assert (a, b, c) == (1, 2, 3)


def test_failed_append_is_cut_back_before_the_next_one():
    class Flaky(MemFS):
        fail = False

        def append(self, name, data):
            if self.fail:
                self.fail = False
                MemFS.append(self, name, data[:7])
                raise OSError(5, "I/O error")
            MemFS.append(self, name, data)

    fs = Flaky()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", ["A", "B", "C"])
    gid = j.new_game(g)
    g.enter("bid", 1, 0)
    j.entry(gid, "bid", 1, 0)  # the hand's first record starts the tail file
    g.enter("bid", 2, 0)
    fs.fail = True
    with pytest.raises(OSError):
        j.entry(gid, "bid", 2, 0)
    j.entry(gid, "bid", 2, 0)  # the app retries
    s = Journal(fs.reboot()).boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)


# ----- sync state, delete, space --------------------------------------------------


def test_sync_state_lives_in_its_own_file_and_survives_reboot():
    fs, j = fresh()
    g = new_game("spades", ["A", "B", "C", "D"])
    gid = j.new_game(g)
    play(j, gid, g, 5)
    size = j.size(gid)
    # The game file, then the hand's records in the tail file.
    whole = fs.read(game_file(gid)) + fs.read(journal_files.tail_file(gid))[j._games[gid].head :]
    assert j.read(gid, 0, 10**6) == whole and len(whole) == size and len(j.read(gid, 5, 7)) == 7
    edge = len(fs.read(game_file(gid)))
    assert j.read(gid, edge - 3, 6) == whole[edge - 3 : edge + 3]  # across the two files
    assert j.read(gid, size, 10) == b""
    j.mark_synced(gid, 100)
    journal_before = fs.read(game_file(gid))
    j.mark_synced(gid, size)
    # Never rewritten for sync: the tail's records are appended (folded in:
    # the acknowledgement covers the game file alone) and the tail removed.
    assert fs.read(game_file(gid)) == whole and whole.startswith(journal_before)
    assert journal_files.tail_file(gid) not in fs.files
    assert "g0001.ack" in fs.files
    s = Journal(fs.reboot()).boot()[0]
    assert s.synced == size == s.size
    with pytest.raises(JournalError, match="cannot acknowledge"):
        j.mark_synced(gid, size + 1)


def test_a_damaged_ack_file_counts_as_nothing_synced():
    fs, j = fresh()
    gid = j.new_game(new_game("hearts", ["A", "B", "C"]))
    j.mark_synced(gid, j.size(gid))
    fs.files["g0001.ack"][0] ^= 2
    assert Journal(fs.reboot()).boot()[0].synced == 0


def test_delete_refuses_unsynced_games_unless_forced():
    fs, j = fresh()
    gid = j.new_game(new_game("hearts", ["A", "B", "C"]))
    j.mark_synced(gid, j.size(gid) - 1)
    with pytest.raises(JournalError, match="not on the PC yet"):
        j.delete(gid)
    assert gid in j.ids() and game_file(gid) in fs.files
    j.delete(gid, force=True)
    assert j.ids() == [] and not [n for n in fs.files if n.startswith("g0001")]


def test_oldest_synced_picks_finished_fully_synced_games_only():
    fs, j = fresh()
    ids = []
    for i in range(4):
        g = new_game("hearts", ["A", "B", "C"])
        ids.append(j.new_game(g))
        play(j, ids[-1], g, 3)
    assert j.oldest_synced() is None
    j.mark_synced(ids[0], j.size(ids[0]))  # synced but still being played
    assert j.oldest_synced() is None
    j.end(ids[2])
    j.end(ids[1])
    j.mark_synced(ids[2], j.size(ids[2]))
    assert j.oldest_synced() == ids[2]
    j.mark_synced(ids[1], j.size(ids[1]))
    assert j.oldest_synced() == ids[1]
    j2 = Journal(fs.reboot())
    j2.boot()
    assert j2.oldest_synced() == ids[1]
    j2.delete(ids[1])
    assert j2.oldest_synced() == ids[2]


def test_space_reports_low_under_the_threshold():
    fs, j = fresh(MemFS(capacity=LOW_SPACE + 600))
    assert j.space() == (LOW_SPACE + 600, False)
    g = new_game("wizard", ["A", "B", "C"])
    gid = j.new_game(g)
    play(j, gid, g, 20)
    free, low = j.space()
    assert low and free == LOW_SPACE + 600 - sum(len(v) for v in fs.files.values())
    assert Journal(MemFS()).space() == (None, False)


def test_full_flash_is_an_oserror_and_loses_nothing_confirmed():
    fs, j = fresh(MemFS(capacity=1200))
    g = new_game("wizard", ["A", "B", "C"])
    gid = j.new_game(g)
    with pytest.raises(OSError):
        for _ in range(200):
            kind, seat = g.kind, g.seat
            value = g.legal_values()[0]
            j.entry(gid, kind, seat, value)
            g.enter(kind, seat, value)
    s = Journal(fs.reboot()).boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)


# ----- the stores ----------------------------------------------------------------


def test_memfs_cut_and_tear_then_reboot():
    fs = MemFS(cut_after_writes=2, tear=3)
    fs.append("a", b"hello")
    with pytest.raises(PowerCut):
        fs.append("a", b"world")
    with pytest.raises(PowerCut):
        fs.read("a")
    assert fs.reboot().read("a") == b"hellowor"
    fs = MemFS(cut_after_writes=1)
    with pytest.raises(PowerCut):
        fs.append("b", b"x")
    assert not fs.reboot().exists("b")


def test_write_file_is_atomic_at_every_cut():
    for n in range(1, 4):
        for tear in (None, 0, 2):
            fs = MemFS({"c": b"old"}, cut_after_writes=n, tear=tear)
            with pytest.raises(PowerCut):
                fs.write_file("c", b"new!")
            after = fs.reboot()
            after.recover()
            assert after.read("c") in (b"old", b"new!") and sorted(after.files) == ["c"]


def test_osfs_on_a_real_folder(tmp_path):
    root = tmp_path / "flash"
    fs = OsFS(str(root))
    assert root.is_dir() and fs.listdir() == [] and fs.free() > 0
    fs.append("g0001.tj", b"abc")
    fs.append("g0001.tj", b"def")
    assert fs.read("g0001.tj") == b"abcdef" and fs.read_at("g0001.tj", 2, 3) == b"cde" and fs.size("g0001.tj") == 6
    fs.write_file("x.json", b"{}")
    fs.truncate("g0001.tj", 4)
    assert fs.read("g0001.tj") == b"abcd" and sorted(fs.listdir()) == ["g0001.tj", "x.json"]
    # Leftovers of interrupted atomic writes: .tmp dropped, .new finished.
    (root / "x.json.new").write_bytes(b'{"a":1}')
    (root / "y.json.tmp").write_bytes(b"{")
    fs2 = OsFS(str(root))
    assert fs2.read("x.json") == b'{"a":1}' and sorted(fs2.listdir()) == ["g0001.tj", "x.json"]
    fs2.remove("x.json")
    assert not fs2.exists("x.json")


def test_journal_on_osfs_survives_a_restart(tmp_path):
    fs = OsFS(str(tmp_path))
    j = Journal(fs)
    j.boot()
    ops = script("hearts")
    p = Player(j)
    for op in ops[:-3]:
        p.apply(op)
    with open(tmp_path / current_file(fs, p.gid), "ab") as f:
        f.write(b"99 e [\"hea")  # a torn tail, as a killed simulator leaves
    stored = Journal(OsFS(str(tmp_path))).boot()
    assert "cut short" in stored[0].damage and to_record(stored[0].game) == to_record(p.game)
    assert (tmp_path / game_file(p.gid)).read_bytes().endswith(b"\n")


# ----- the fast entry/undo writer ----------------------------------------------

FAST_WORDS = ["bid", "tricks", "hearts", "queen", "jack", "moon", "first_card", "trump", "S", "H", "D", "C", "none", "others_plus", "self_minus"]
FAST_VALUES = [None, True, False, 0, 1, 7, 9, 10, 13, 99, 100, 101, -1, -9, -10, -26, 123456, 999999, -999999, 1000000, -1000000, 10**12, "zz", "B\u00e9n", 'a"b', 1.5, [1], {}] + FAST_WORDS
FAST_SEQS = [0, 1, 9, 10, 11, 99, 100, 4095, 65536, 123456789, 999999999, 1000000000]


def _fast_cases():
    for seq in FAST_SEQS:
        for kind in FAST_WORDS + ["other"]:
            for seat in (None, 0, 1, 3, 5, -1):
                for value in FAST_VALUES:
                    yield seq, kind, seat, value


def fast_line(seq, kind, seat, value, at=0):
    """The fast writer's line for an entry (kind None: an undo), or None
    when it leaves the record to the generic encoder."""
    buf = bytearray(b"#" * (at + jf.FAST_MAX))
    end = jf.write_entry(buf, at, seq, kind, seat, value)
    if end < 0:
        return None
    assert at < end <= at + jf.FAST_MAX and buf[:at] == b"#" * at
    return bytes(buf[at:end])


def test_fast_writer_writes_the_generic_encoders_bytes():
    fast = 0
    fallback = 0
    for seq, kind, seat, value in _fast_cases():
        line = fast_line(seq, kind, seat, value, at=seq % 7)
        if line is None:
            fallback += 1
            continue
        fast += 1
        assert line == jj.encode(seq, jf.ENTRY, [kind, seat, value]), (seq, kind, seat, value)
    for seq in FAST_SEQS:
        line = fast_line(seq, None, None, None)
        assert (line is None) == (seq >= 1000000000)
        if line is not None:
            assert line == jj.encode(seq, jf.UNDO, None)
    # Both paths were exercised: what the fast path does not know (text
    # that needs escapes, big numbers, floats, lists) falls back.
    assert fast > 30000 and fallback > 5000
    # Every value of every game's entries takes the fast path.
    for word in FAST_WORDS:
        assert fast_line(1, word, None, word) == jj.encode(1, jf.ENTRY, [word, None, word]), word
    assert fast_line(7, "bid", 3, -1) and fast_line(8, "first_card", None, 1)
    assert fast_line(12, "bid", 2, 1) == b'12 e ["bid",2,1] 353b75ae\n'
    longest = fast_line(999999999, "x" * 16, "z" * 16, "y" * 16)
    assert parse(longest[:-1])[2] == ["x" * 16, "z" * 16, "y" * 16] and len(longest) == jf.FAST_MAX
    assert fast_line(1, "x" * 17, 0, 0) is None and fast_line(1, "bid", 0, 'a"b') is None


def test_fast_writer_keeps_the_last_kind_right_after_a_refused_one():
    # write_entry keeps the last kind's bytes; a kind it refuses part way
    # (a quote after two other characters) must not leave them half
    # overwritten for the next entry of the kept kind.
    tricks = jj.encode(5, jf.ENTRY, ["tricks", 2, 1])
    assert fast_line(5, "tricks", 2, 1) == tricks
    assert fast_line(5, "tricks", 2, 1) == tricks
    assert fast_line(6, 'xy"z', 2, 1) is None
    assert fast_line(5, "tricks", 2, 1) == tricks
    assert fast_line(7, "bid", 0, "tricks") == jj.encode(7, jf.ENTRY, ["bid", 0, "tricks"])
    assert fast_line(5, "tricks", 2, 1) == tricks


def test_journal_falls_back_to_the_generic_encoder_for_unknown_values():
    # Records the rules would refuse are still written byte for byte the
    # same as before (the journal does not judge them).
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", ["A", "B", "C"])
    gid = j.new_game(g, created=1)
    start = len(fs.files[game_file(gid)])
    j.entry(gid, "bid", 1, 0)
    j.entry(gid, "b\u00efd", 1, 10**12)
    j.undo(gid)
    with pytest.raises(JournalError):
        j.entry(gid, "bid", 1, 1.5)
    size = j.size(gid)
    data = j.read(gid, 0, 10**6)  # what sync reads: the game file, then the tail's records
    assert len(data) == size
    assert data[start:] == jj.encode(1, "e", ["bid", 1, 0]) + jj.encode(2, "e", ["b\u00efd", 1, 10**12]) + jj.encode(3, "u", None)


FAST_VM = r"""
import json, micropython
from tallyboard.journal import record as jf
from tallyboard.journal.journal import Journal
from tricktally import new_game
buf = bytearray(jf.FAST_MAX)
def line(end):
    return json.dumps(bytes(buf[:end]).decode() if end >= 0 else None)
# One case per line (the VM's heap does not hold them all parsed), then the
# undo sequence numbers on the last line.
with open("tt_data.json") as f:
    for case in f:
        c = json.loads(case)
        if c and isinstance(c[0], list):
            for seq in c[0]:
                print(line(jf.write_entry(buf, 0, seq, None, None, None)))
            continue
        print(line(jf.write_entry(buf, 0, c[0], c[1], c[2], c[3])))
class Sink:
    # A file store that keeps nothing: what is allocated is the journal's.
    def __init__(self):
        self.sizes = {}
        self.folds = 0
    def exists(self, name):
        return name in self.sizes
    def size(self, name):
        return self.sizes[name]
    def append(self, name, data):
        self.sizes[name] = self.sizes.get(name, 0) + len(data)
        if name.endswith(".tj"):
            self.folds += 1
    def put(self, name, data):
        self.sizes[name] = len(data)
    write_file = put
    def listdir(self):
        return list(self.sizes)
    def recover(self):
        return []
fs = Sink()
j = Journal(fs)
j.boot()
g = new_game("wizard", ["A", "B", "C"])
gid = j.new_game(g, created=1)
for i in range(8):
    j.entry(gid, "trump", None, "S")
    j.undo(gid)
size = j.size(gid)
folds = fs.folds
m = micropython.mem_current()
for i in range(50):
    j.entry(gid, "trump", None, "H")
    j.undo(gid)
grown = micropython.mem_current() - m
print(json.dumps({"grown": grown, "written": j.size(gid) - size, "folds": fs.folds - folds}))
"""


def test_fast_writer_on_micropython_writes_the_same_bytes_and_allocates_two_views_a_record():
    from tests.mpvm import run_micropython

    cases = [c for c in _fast_cases() if c[0] in (0, 10, 999999999, 1000000000) and not isinstance(c[3], float)]
    data = "\n".join([json.dumps(c) for c in cases] + [json.dumps([FAST_SEQS])])
    out = [json.loads(line) for line in run_micropython(FAST_VM, data=data).strip().splitlines()]
    res = out[-1]
    lines = out[:-1]
    assert len(lines) == len(cases) + len(FAST_SEQS)
    fast = 0
    for c, got in zip(cases, lines):
        # The same cases take the fast path on both, with the generic bytes.
        assert (got is None) == (fast_line(*c) is None), c
        if got is not None:
            fast += 1
            assert got.encode() == jj.encode(c[0], jf.ENTRY, list(c[1:])), c
    assert fast > 1000
    for seq, got in zip(FAST_SEQS, lines[len(cases):]):
        assert (got is None) == (seq >= 1000000000)
        if got is not None:
            assert got.encode() == jj.encode(seq, jf.UNDO, None)
    # 100 records: the append path allocates two small objects a record
    # (the view of its line that binascii.crc32 reads, and the view handed to
    # the file store: 32 bytes each on this 64-bit build), and a fold, once
    # a tail is full, the new tail's header line.
    assert res["written"] > 1500 and res["folds"] >= res["written"] // jb.TAIL_MAX
    assert res["grown"] <= 100 * 64 + res["folds"] * 512, res
