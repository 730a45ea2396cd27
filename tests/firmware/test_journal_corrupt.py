# SPDX-License-Identifier: MIT
"""Corrupt journals: flipped bits, truncation, garbage, an empty file, a
newer format, records the rules refuse. Boot never raises, says what is
wrong, keeps every record before the damage, and the game goes on."""

import pytest

from tallyboard.journal import record as jf
from tallyboard.journal import encode as jj
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.record import JournalError
from tallyboard.journal.files import game_file
from tallyboard.journal.read import decode, rebuild
from tests.firmware import journal_harness as h
from tricktally.record import to_record

NAME = game_file(1)


@pytest.fixture(scope="module")
def sample():
    """A short wizard game's journal, and its records."""
    ops = h.script("wizard", max_hands=2)
    states, writes, fs = h.reference(ops)
    data = bytes(fs.files[NAME])
    records, good, damage = decode(data)
    assert damage is None
    ends = []
    pos = 0
    for line in data.split(b"\n")[:-1]:
        pos += len(line) + 1
        ends.append(pos)
    return data, records, ends


def boot_bytes(data, extra=None):
    files = {NAME: data}
    files.update(extra or {})
    fs = MemFS(files)
    j = Journal(fs)
    return fs, j, j.boot()


def expected_record(records, n):
    """The game the first n records make, as a record (None when n == 0)."""
    if n == 0:
        return None
    return to_record(rebuild(records[:n]))


def record_at(ends, offset):
    for i in range(len(ends)):
        if offset < ends[i]:
            return i
    return len(ends)


def test_a_flipped_bit_anywhere_keeps_every_record_before_it(sample):
    data, records, ends = sample
    for offset in range(len(data)):
        bad = bytearray(data)
        bad[offset] ^= 1 << (offset % 8)
        fs, j, stored = boot_bytes(bytes(bad))
        r = record_at(ends, offset)
        assert stored[0].damage, offset
        if r == 0:
            assert stored[0].game is None and "not a readable game journal" in stored[0].damage
            assert fs.files[NAME] == bad  # kept as it was, for the PC
            continue
        assert "record %d" % r in stored[0].damage, (offset, stored[0].damage)
        assert to_record(stored[0].game) == expected_record(records, r)
        # Cut back to the good prefix; the damaged tail is kept aside, unless
        # the flip hit the last newline: that looks just like a torn write.
        assert bytes(fs.files[NAME]) == data[: ends[r - 1]]
        if offset == len(data) - 1:
            assert "cut short" in stored[0].damage
        else:
            assert bytes(fs.files["g0001.bad"]) == bytes(bad[ends[r - 1] :])


def test_after_damage_the_game_goes_on_and_stays_readable(sample):
    data, records, ends = sample
    bad = bytearray(data)
    bad[ends[6] + 3] ^= 0x10
    fs, j, stored = boot_bytes(bytes(bad))
    g = stored[0].game
    kind, seat = g.kind, g.seat
    v = g.legal_values()[0]
    g.enter(kind, seat, v)
    j.entry(1, kind, seat, v)
    again = Journal(fs.reboot()).boot()
    assert again[0].damage is None and to_record(again[0].game) == to_record(g)


def test_truncation_at_every_offset(sample):
    data, records, ends = sample
    for cut in range(len(data)):
        fs, j, stored = boot_bytes(data[:cut])
        n = 0
        while n < len(ends) and ends[n] <= cut:
            n += 1
        if n == 0:
            # Nothing but part of a start record: what a cut in new_game
            # leaves; no entry was ever confirmed, so the file goes.
            assert stored == [] and NAME not in fs.files and j.notes
            continue
        s = stored[0]
        assert to_record(s.game) == expected_record(records, n)
        if cut == ends[n - 1]:
            assert s.damage is None
        else:
            assert "cut short" in s.damage and "%d bytes dropped" % (cut - ends[n - 1]) in s.damage
            assert "g0001.bad" not in fs.files  # a torn line holds no entry


def test_an_empty_file_is_removed_with_a_note():
    fs, j, stored = boot_bytes(b"")
    assert stored == [] and NAME not in fs.files
    assert "empty file removed" in j.notes[0]


@pytest.mark.parametrize(
    "garbage",
    [
        b"\xff" * 4096,  # erased flash
        b"\x00" * 100,
        bytes(range(256)) * 3,
        b"hello world\nthis is not a journal\n",
        b"0 s {\"game\":\"wizard\"} 00000000\n",
        b"x" * 50000,  # no newline at all: must not be read whole as one line
    ],
)
def test_garbage_files_are_reported_kept_and_read_only(garbage):
    fs, j, stored = boot_bytes(garbage)
    s = stored[0]
    assert s.game is None and s.finished and "not a readable game journal" in s.damage
    assert bytes(fs.files[NAME]) == garbage
    with pytest.raises(JournalError, match="not a readable"):
        j.entry(1, "bid", 0, 1)
    # The PC can still fetch the bytes, and the user can delete it.
    assert j.read(1, 0, 10) == garbage[:10]
    with pytest.raises(JournalError):
        j.delete(1)
    j.delete(1, force=True)
    assert NAME not in fs.files


def test_a_start_record_with_no_version_is_not_a_journal():
    body = b'0 s {"game":"hearts","players":["A","B","C"]}'
    fs, j, stored = boot_bytes(body + b" " + jf.crc_of(body).encode() + b"\n")
    assert stored[0].game is None and "no journal version" in stored[0].damage


def test_a_newer_format_is_reported_not_touched(sample):
    data, records, ends = sample
    start = dict(records[0][2])
    start["journal"] = jf.VERSION + 1
    start["future"] = {"x": 1}
    newer = jj.encode(0, jf.START, start) + b"1 z {} 00000000\nwhatever a newer format writes\n"
    fs, j, stored = boot_bytes(newer)
    s = stored[0]
    assert s.game is None and s.finished
    assert "newer firmware" in s.damage and "format %d" % (jf.VERSION + 1) in s.damage
    assert bytes(fs.files[NAME]) == newer and "g0001.bad" not in fs.files
    with pytest.raises(JournalError, match="newer firmware"):
        j.entry(1, "bid", 0, 1)
    records2, good, damage = decode(newer)
    assert records2 == [] and good == 0 and "newer firmware" in damage


def test_unknown_keys_in_a_current_start_record_are_ignored(sample):
    data, records, ends = sample
    start = dict(records[0][2])
    start["device"] = "D3F2"
    rest = data[ends[0] :]
    fs, j, stored = boot_bytes(jj.encode(0, jf.START, start) + rest)
    assert stored[0].damage is None and to_record(stored[0].game) == expected_record(records, len(records))


def test_a_record_the_rules_refuse_is_damage(sample):
    data, records, ends = sample
    # Well formed, right checksum, but an illegal bid (the app wrote it
    # before the core refused it, say).
    seq = len(records)
    bad = jj.encode(seq, jf.ENTRY, ["bid", 0, 99])
    later = jj.encode(seq + 1, jf.ENTRY, ["bid", 1, 0])
    fs, j, stored = boot_bytes(data + bad + later)
    s = stored[0]
    assert "record %d" % seq in s.damage and "refused" in s.damage
    assert to_record(s.game) == expected_record(records, len(records))
    assert bytes(fs.files[NAME]) == data and bytes(fs.files["g0001.bad"]) == bad + later


def test_records_out_of_sequence_are_damage(sample):
    data, records, ends = sample
    dup = data[ends[3] : ends[4]]
    fs, j, stored = boot_bytes(data + dup)
    assert "sequence number 4 where %d was due" % len(records) in stored[0].damage
    assert to_record(stored[0].game) == expected_record(records, len(records))


def test_one_bad_file_does_not_hide_the_others(sample):
    data, records, ends = sample
    files = {"g0002.tj": b"\xff" * 300, "g0003.tj": data, "g0004.tj": b"", "g0002.ack": b"junk", "g0009.ack": b"1 2\n"}
    fs = MemFS(files)
    stored = Journal(fs).boot()
    assert [s.game_id for s in stored] == [2, 3]
    assert stored[0].damage and stored[1].damage is None and stored[0].synced == 0
    assert "g0009.ack" not in fs.files and "g0004.tj" not in fs.files


def test_decode_never_raises_on_random_bytes():
    rnd = h.Lcg(99)
    for n in range(300):
        blob = bytes(rnd(256) if rnd(4) else 10 for _ in range(rnd(200)))
        records, good, damage = decode(blob)
        assert 0 <= good <= len(blob)
        stored = Journal(MemFS({NAME: blob})).boot()
        assert len(stored) <= 1
