# SPDX-License-Identifier: MIT
"""The journal on a real littlefs image with the Pico's flash geometry
(littlefs-python): OsFS runs unchanged over it, and a power cut at every
flash program (torn: none of it, or half a page) and before every erase
loses no confirmed entry and never stops the board from booting."""

import pytest

from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tests.firmware import journal_harness as h
from tricktally import new_game
from tricktally.record import to_record

littlefs = pytest.importorskip("littlefs")


def fresh_lfs(blocks=h.PICO_BLOCKS):
    lfs = littlefs.LittleFS(block_count=blocks, **h.PICO)
    return lfs, h.lfs_fs(lfs)


def test_osfs_runs_on_littlefs_with_pico_geometry():
    lfs, fs = fresh_lfs()
    assert lfs.cfg.block_size == 4096 and lfs.cfg.prog_size == 256
    j = Journal(fs)
    assert j.boot() == []
    g = new_game("wizard", ["Ana", "Ben", "Cy"])
    gid = j.new_game(g)
    for _ in range(30):
        kind, seat = g.kind, g.seat
        v = g.legal_values()[0]
        g.enter(kind, seat, v)
        j.entry(gid, kind, seat, v)
    j.mark_synced(gid, j.size(gid))
    lfs.unmount()
    lfs.mount()
    s = Journal(h.lfs_fs(lfs)).boot()[0]
    assert to_record(s.game) == to_record(g) and s.synced == s.size == lfs.stat(game_file(gid)).size
    free, low = j.space()
    assert free == (h.PICO_BLOCKS - lfs.used_block_count) * 4096 and not low
    fs.truncate(game_file(gid), 10)
    assert lfs.stat(game_file(gid)).size == 10


@pytest.mark.parametrize("name", sorted(h.SCRIPTS))
def test_cut_at_every_flash_program_and_erase(name):
    ops = h.script(name)
    states, writes, fs = h.reference(ops)
    tally, stats = h.littlefs_cuts(ops, states, carry_on_every=7)
    assert stats["progs"] >= len(ops) and stats["erases"] > 0
    assert tally.cuts == 2 * stats["progs"] + stats["erases"]
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_the_littlefs_runner_sees_lost_entries():
    # A journal that never flushes to flash until the game ends: the runner
    # must count losses, or its zeros mean nothing.
    ops = h.script("hearts", max_hands=2)
    states, writes, fs = h.reference(ops)

    class Buffered(h.OsFS):
        # Every write to a journal (game and tail files) is held in RAM
        # (readable from there) and reaches the flash only with the end record.
        held = None

        def _ours(self, name):
            return name.endswith(".tj") or name.endswith(".tl")

        def _file(self, name):
            if self.held is None:
                self.held = {}
            if name not in self.held:
                real = h.OsFS.exists(self, name)
                self.held[name] = bytearray(h.OsFS.read_at(self, name, 0, 1 << 20) if real else b"")
            return self.held[name]

        def append(self, name, data):
            if not self._ours(name):
                return h.OsFS.append(self, name, data)
            self._file(name).extend(data)
            if b" x " in bytes(data):
                for n in self.held:
                    h.OsFS._put(self, n, bytes(self.held[n]))

        def _put(self, name, data):
            if not self._ours(name):
                return h.OsFS._put(self, name, data)
            self._file(name)[:] = data

        def exists(self, name):
            return (self.held is not None and name in self.held and self._ours(name)) or h.OsFS.exists(self, name)

        def size(self, name):
            if not self._ours(name):
                return h.OsFS.size(self, name)
            return len(self._file(name))

        def read_at(self, name, offset, length):
            if not self._ours(name):
                return h.OsFS.read_at(self, name, offset, length)
            return bytes(self._file(name)[offset : offset + length])

    real = h.lfs_fs
    try:
        h.lfs_fs = lambda lfs: Buffered("/", osmod=h.LfsOs(lfs), opener=h.LfsOs(lfs).open)
        tally, stats = h.littlefs_cuts(ops, states)
    finally:
        h.lfs_fs = real
    assert tally.lost > 0
