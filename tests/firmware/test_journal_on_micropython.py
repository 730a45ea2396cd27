# SPDX-License-Identifier: MIT
"""The journal on the real MicroPython VM, on a folder of its flash (OsFS
through MicroPython's own os): it decodes and replays journals written on
CPython (clean, torn, damaged) to the same games, writes the very same bytes
for the same games, and boots them back. Every journal file compiles with
mpy-cross. The VM side is tests/payloads/journal_folder.py."""

import json
from binascii import crc32

import pytest

from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tallyfakes.memfs import MemFS
from tests.firmware import journal_harness as h
from tests.mpvm import REPO, mpy_cross, payload_lines
from tallyboard.journal.encode import dumps
from tricktally.record import to_record

FILES = ("fs.py", "fs_more.py", "journal/__init__.py", "journal/boot.py", "journal/encode.py", "journal/files.py",
         "journal/games.py", "journal/journal.py", "journal/read.py", "journal/record.py", "journal/sync.py")

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
    lines = [{"write": name, "ops": ops[name]} for name in sorted(ops)]
    lines += [{"boot": label, "hex": hexdata} for label, hexdata in cases]
    lines.append({"files": sorted(ops)[0]})
    out = payload_lines("journal_folder", data="\n".join(json.dumps(x) for x in lines))
    booted = {}
    wrote = {}
    again = {}
    osfs = None
    for d in out:
        if "boot" in d:
            booted[d["boot"]] = d["got"]
        elif "write" in d:
            wrote[d["write"]] = bytes.fromhex(d["hex"])
            again[d["write"]] = d["again"]
        else:
            osfs = d["got"]
    return booted, wrote, expected, written, osfs, again


def test_journal_boot_and_replay_on_micropython(vm_run):
    booted, wrote, expected, written, osfs, again = vm_run
    assert sorted(booted) == sorted(expected)
    for label in expected:
        assert booted[label] == json.loads(dumps(expected[label])), label
    assert booted["wizard-torn"][1] and "cut short" in booted["wizard-torn"][1]
    assert "damaged" in booted["hearts-flip"][1]


def test_journal_writes_identical_bytes_on_micropython(vm_run):
    booted, wrote, expected, written, osfs, again = vm_run
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
    first = sorted(vm_run[3])[0]
    assert osfs == [True, True, False, len(vm_run[3][first]), vm_run[3][first][2:5].decode()]


def test_games_written_on_micropython_boot_back_the_same(vm_run):
    booted, wrote, expected, written, osfs, again = vm_run
    assert sorted(again) == sorted(written)
    for name in written:
        # the clean journal, booted on the VM from its own folder, gives the
        # game CPython rebuilds from the same bytes
        assert again[name] == json.loads(dumps(expected[name][:3])), name
