# SPDX-License-Identifier: MIT
"""The journal on a real littlefs image with the Pico's flash geometry
(littlefs-python): OsFS runs unchanged over it, and a power cut at every
flash program (torn: none of it, or half a page) and before every erase
loses no confirmed entry and never stops the board from booting."""

import pytest

from tallyboard.journal import Journal, game_file
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
        pending = None

        def append(self, name, data):
            self.pending = (self.pending or b"") + data
            if data.split(b" ")[1] == b"x":
                h.OsFS.append(self, name, self.pending)

        def read_at(self, name, offset, length):
            # What the journal wrote is readable (from the buffer) before it
            # reaches the flash: acknowledging reads it for its digest.
            if name.endswith(".tj") and not self.exists(name):
                return (self.pending or b"")[offset : offset + length]
            return h.OsFS.read_at(self, name, offset, length)

    real = h.lfs_fs
    try:
        h.lfs_fs = lambda lfs: Buffered("/", osmod=h.LfsOs(lfs), opener=h.LfsOs(lfs).open)
        tally, stats = h.littlefs_cuts(ops, states)
    finally:
        h.lfs_fs = real
    assert tally.lost > 0
