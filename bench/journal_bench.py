# SPDX-License-Identifier: MIT
"""Journal measures: power cuts tried and what they cost (confirmed entries
lost, failed boots), bytes per hand, the time from boot to a rebuilt game,
and, on the MicroPython unix port, the heap a booted game keeps and what
boot allocates.

Power cuts: for each scripted game (spades with partners, nil, blind nil and
bags; wizard with trump, undo and amendments; hearts with moon choices and
the omnibus jack) a MemFS cut at every write (torn at 0, half, all),
followed by the rest of the game; every append torn at every byte offset;
the boot's own repairs cut; and on a littlefs image with the Pico's flash
geometry a cut at every flash program (none of it, half a page) and before
every erase.
"""

import statistics
import tempfile
import time

from tallyboard.fs import OsFS
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tests.firmware import journal_harness as h

GOALS = {
    "journal.power_cuts_tried": (">=", 1000),
    "journal.confirmed_entries_lost": ("<=", 0),
    "journal.failed_boots": ("<=", 0),
}


def _power_cuts(out):
    total = h.Tally()
    progs = erases = entries = 0
    for name in sorted(h.SCRIPTS):
        ops = h.script(name)
        states, writes, fs = h.reference(ops)
        total.add(h.memfs_cuts(ops, states, writes, every_byte=False, carry_on=True, boot_cuts=True))
        total.add(h.tear_sweep(ops, states))
        t, stats = h.littlefs_cuts(ops, states, carry_on_every=7)
        total.add(t)
        progs += stats["progs"]
        erases += stats["erases"]
        entries += len(ops)
    out["journal.power_cuts_tried"] = total.cuts
    out["journal.confirmed_entries_lost"] = total.lost
    out["journal.failed_boots"] = total.failed
    out["journal.littlefs_programs_per_record"] = round(progs / entries, 2)
    out["journal.littlefs_erases_per_record"] = round(erases / entries, 2)
    if total.problems:
        print("  problems:", total.problems[:5])


def _full_game(game, players, seed):
    """A whole game as a table plays it: a trump each wizard round, no undo."""
    return h.build_script(game, players, {}, seed, max_hands=99, undo_every=10**9, sync_every=10**9, amend=False)


def _bytes_per_hand(out):
    ops = _full_game("wizard", ["Ana", "Ben", "Cy", "Dee"], 3)
    states, writes, fs = h.reference(ops)
    hands = len(states[-1][0]["hands"])
    out["journal.bytes_per_hand.wizard4"] = round(fs.size(game_file(1)) / hands, 1)


def _resume_ms(out):
    ops = _full_game("wizard", ["Ana", "Ben", "Cy"], 4)
    states, writes, fs = h.reference(ops)
    if len(states[-1][0]["hands"]) != 20:
        raise ValueError("the wizard3 game should have 20 rounds")
    with tempfile.TemporaryDirectory() as d:
        disk = OsFS(d)
        for name in fs.files:
            disk.write_file(name, bytes(fs.files[name]))
        times = []
        for _ in range(9):
            start = time.perf_counter()
            stored = Journal(OsFS(d)).boot()
            game = stored[0].game
            times.append((time.perf_counter() - start) * 1000)
            if game is None or len(game.hands) != 20:
                raise ValueError("resume did not rebuild the game")
    out["journal.resume_ms.wizard3"] = round(statistics.median(times), 2)
    out["journal.bytes.wizard3_game"] = fs.size(game_file(1))


# Boot a journal from the flash folder on the unix port: the heap the
# rebuilt game keeps, and the bytes boot allocates in all (garbage included:
# micropython.mem_total() counts every allocation).
_VM_BOOT = """
import gc, micropython
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
import tricktally.wizard
fs = OsFS('flash')
fs.write_file('g0001.tj', bytes.fromhex(tt_data()))
gc.collect()
before = gc.mem_alloc()
total = micropython.mem_total()
stored = Journal(fs).boot()
game = stored[0].game
allocated = micropython.mem_total() - total
gc.collect()
print('BOOT', gc.mem_alloc() - before, allocated, len(game.hands))
"""


def _vm_boot(out):
    # On the MicroPython unix port at the tests' fixed heap (tests.mpvm).
    from tests.mpvm import run_micropython

    ops = _full_game("wizard", ["Ana", "Ben", "Cy"], 4)
    states, writes, fs = h.reference(ops)
    text = run_micropython(_VM_BOOT, data=bytes(fs.files[game_file(1)]).hex())
    for line in text.splitlines():
        if line.startswith("BOOT "):
            kept, allocated, hands = line.split()[1:]
            out["journal.vm_boot_kept_bytes.wizard3"] = int(kept)
            out["journal.vm_boot_alloc_bytes.wizard3"] = int(allocated)


def measure():
    """The journal's measures (see the module docstring)."""
    out = {}
    _power_cuts(out)
    _bytes_per_hand(out)
    _resume_ms(out)
    _vm_boot(out)
    return out


if __name__ == "__main__":
    print(measure())
