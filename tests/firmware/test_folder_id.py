# SPDX-License-Identifier: MIT
"""Issue 24 item 18, the board's side: the journal folder's id (tj.next's
second line) is made with a fresh folder's first game, kept through boots,
new after a wipe, given at boot to a folder older firmware wrote, sent in
HELLO; a damaged or unwritable one never stops the board. On CPython, the
MicroPython unix port and the 32-bit WebAssembly port."""

import re

import pytest

from tallyboard import frames
from tallyboard.journal import folder_id
from tallyboard.journal.journal import Journal
from tallyfakes.memfs import MemFS
from tests import mpvm, wasm32
from tests.host.link_helpers import MemBoard
from tricktally import new_game

HEX8 = re.compile(r"[0-9a-f]{8}\Z")


def _game():
    return new_game("hearts", ["Ana", "Ben", "Cy"], 0, {})


def _boot(fs):
    j = Journal(fs)
    j.boot()
    return j


def _older_firmware_folder(games, next_id):
    """A folder as older firmware left it: ``games`` games, and tj.next of
    one line (the next id, its CRC), no folder id."""
    fs = MemFS()
    j = _boot(fs)
    for _ in range(games):
        j.new_game(_game())
    fs.files["tj.next"] = bytearray(b"%d %s\n" % (next_id, folder_id._crc(b"tj.next %d" % next_id)))
    return fs


def test_a_folder_gets_its_id_with_its_first_game_and_keeps_it():
    fs = MemFS()
    j = _boot(fs)
    assert folder_id.read(fs) is None and "tj.next" not in fs.files  # a fresh folder: nothing written at boot
    j.new_game(_game())
    first = folder_id.read(fs)
    assert HEX8.match(first)
    for _ in range(3):
        j = _boot(fs)
        j.new_game(_game())
        assert folder_id.read(fs) == first
    # The counter's line is as older firmware wrote it: boot reads the next id.
    assert _boot(fs)._next == 5


def test_a_wiped_folder_gets_another_id():
    ids = set()
    for _ in range(20):
        fs = MemFS()
        _boot(fs).new_game(_game())
        ids.add(folder_id.read(fs))
    assert len(ids) == 20


def test_a_folder_of_older_firmware_gets_an_id_at_boot_and_keeps_its_counter():
    fs = _older_firmware_folder(3, 9)
    j = _boot(fs)
    assert HEX8.match(folder_id.read(fs))
    assert j.new_game(_game()) == 9


@pytest.mark.parametrize("damage", ["second line", "first line", "both"])
def test_a_damaged_tj_next_never_stops_the_board(damage):
    fs = MemFS()
    j = _boot(fs)
    for _ in range(2):
        j.new_game(_game())
    lines = bytes(fs.files["tj.next"]).split(b"\n")
    if damage in ("second line", "both"):
        lines[1] = lines[1][:-1] + b"0" if lines[1][-1:] != b"0" else lines[1][:-1] + b"1"
    if damage in ("first line", "both"):
        lines[0] = b"x" + lines[0]
    fs.files["tj.next"] = bytearray(b"\n".join(lines))
    j = _boot(fs)  # never raises
    # A good counter keeps its number and gets a new id at boot; a damaged
    # one is left for the next game, which writes both.
    if damage == "second line":
        assert HEX8.match(folder_id.read(fs))
    gid = j.new_game(_game())
    assert gid == 3 and HEX8.match(folder_id.read(fs))
    assert _boot(fs)._next == 4


def test_a_full_flash_boots_and_says_hello_without_an_id():
    fs = _older_firmware_folder(2, 9)
    fs.capacity = sum(len(v) for v in fs.files.values())  # not a byte free
    j = _boot(fs)
    assert folder_id.read(fs) is None
    b = MemBoard(games=0)
    b.journal = j
    b.link.journal = j
    answer = b.ask("HELLO")
    assert answer == ["OK", "e661a4d4", "0.1.0", "1", str(frames.MAX_LINE), str(frames.MAX_CHUNK)]


def test_hello_sends_the_id():
    b = MemBoard(games=2)
    answer = b.ask("HELLO")
    assert answer[6] == folder_id.read(b.fs) and HEX8.match(answer[6])


@pytest.mark.parametrize("runner", ["unix", "wasm32"])
def test_folder_ids_on_micropython(runner):
    if runner == "unix":
        out = mpvm.payload_lines("folder_ids")[0]
    else:
        out = wasm32.payload_lines("folder_ids")[0]
    assert out["fresh"] is None
    assert HEX8.match(out["first"]) and out["again"] == out["first"]
    assert out["hello"][6] == out["first"] and out["hello"][1] == "vmboard"
    assert HEX8.match(out["wiped"]) and out["wiped"] != out["first"]
    assert HEX8.match(out["legacy"]) and out["legacy_next"] == 7
