# SPDX-License-Identifier: MIT
"""How long each key press would take on a Raspberry Pi Pico: an estimate
from the MicroPython unix port, an I2C byte count and a flash operation
count (docs/PICO_BUDGET.md says how it is made and where it can be wrong).

For every press of a scripted game (tests/board_keys.py letters, replayed
through the real buttons by tests/payloads/board_game.py):

- interpreter work: the press's time on the unix port, as a ratio to the
  calibration loop (``for i in range(10000): x += i`` in a function) timed
  in the same run, times CALIBRATION_MS, the loop's time on the real rp2
  firmware at 125 MHz. The calibration loop runs before the game, between
  every two presses and after it; the fastest run of it is the host's
  unloaded speed. Each press's ratio is the lowest of ``runs`` runs (a busy
  host only ever makes a press slower). RUNS is 15, not 5: on a shared
  host the app's presses slow down by up to a fifth for seconds at a time
  while the calibration loop (no memory traffic) hardly does, and the
  lowest of 5 runs moved p95 by 7 ms between two invocations
  (docs/PICO_BUDGET.md);
- display: the bytes the driver sends, plus one address byte per I2C
  transfer, at I2C_HZ with BITS_PER_BYTE;
- flash: the same presses replayed on CPython with the journal on the
  littlefs image of the journal tests (the Pico's geometry), counting page
  programs and sector erases, at the W25Q16JV datasheet's typical times.
  The players' pause after each press (the payload's ``Board.pause``: the
  app's loop runs the journal's idle fold) is counted apart: its flash
  work is in no press (``idle_pages``, ``idle_erases``, ``idle_flash_ms``).

``estimate(keys)`` returns one dict a press; ``summary(presses)`` the
percentiles. Other measures (bench/power_bench.py) build on these.
"""

import json
import math

# 10,000 integer additions in a function on the rp2 MicroPython v1.28.0
# firmware (RPI_PICO), 5,743,125 cycles at 125 MHz.
CALIBRATION_MS = 45.9
I2C_HZ = 400_000
BITS_PER_BYTE = 9  # 8 data bits and the ACK
# The same loop at module level (globals, not locals): 12,354,125 cycles.
MODULE_LEVEL_MS = 98.8
# W25Q16JV datasheet, typical: page (256 bytes) program, 4 KB sector erase.
PAGE_BYTES = 256
PAGE_PROGRAM_MS = 0.4
SECTOR_ERASE_MS = 45.0
SECTOR_ERASE_MAX_MS = 400.0
# The unix port's heap for the timing runs, about a Pico's (245,888 bytes):
# a collection sweeps the whole heap, so its time (collect_ms) depends on
# it. The payload collects between presses, so none falls inside a timed
# press (the app needs about 180 KB at its peak on this 64-bit build).
TIMING_HEAP = 256 * 1024
CALIBRATION_RUNS = 15
# Runs of the game per estimate (see the module's docstring): about 0.4 s each.
RUNS = 15


def display_ms(display_bytes, transfers):
    """Time on the I2C bus for ``display_bytes`` in ``transfers`` writes (each
    adds its address byte)."""
    return (display_bytes + transfers) * BITS_PER_BYTE * 1000.0 / I2C_HZ


def flash_ms(pages, erases):
    """Typical flash time for ``pages`` page programs and ``erases`` sector erases."""
    return pages * PAGE_PROGRAM_MS + erases * SECTOR_ERASE_MS


def unix_runs(keys, runs=RUNS, wifi=None):
    """Run the scripted game ``runs`` times on the unix port; returns a list
    of (press lines, fastest calibration in us, collection time in us after
    each step). ``wifi``: the board is in a club, its hub in the payload
    (tests/payloads/fake_hub.py: "live", "deaf", "blackhole")."""
    from tests import mpvm
    from tests.board_keys import board_data

    data = json.loads(board_data(keys))
    data["calibrate"] = CALIBRATION_RUNS
    data["wifi"] = wifi
    close = None
    if wifi == "blackhole":
        from tests.club import full_listener

        data["blackhole_port"], close = full_listener()
    # The journal in RAM: its Python work is timed, the host's file system
    # calls are not (the flash's own time is counted below).
    data["memfs"] = True
    out = []
    try:
        for _ in range(runs):
            lines = mpvm.payload_lines("board_game", json.dumps(data), heap=TIMING_HEAP)
            presses = [line for line in lines if "press" in line]
            if len(presses) != len(keys):
                raise ValueError("the unix port ran %d of %d presses" % (len(presses), len(keys)))
            calibration = [line["calibration_us"] for line in lines if "calibration_us" in line][0]
            collects = [line["collect_us"] for line in lines if "collect_us" in line]
            out.append((presses, min(calibration), collects))
    finally:
        if close is not None:
            close()
    return out


def flash_ops(keys):
    """Page programs and sector erases of each press, with the journal on a
    littlefs image with the Pico's flash geometry (CPython, littlefs-python),
    and of the players' pause after it (the app's idle work: the journal's
    idle fold). Returns a list of (pages, erases, idle pages, idle erases),
    one a press."""
    from littlefs import LittleFS, UserContext

    from tests.board_keys import board_data
    from tests.firmware import journal_harness as h
    from tests.payloads.board_game import Board

    counts = [0, 0]

    class Counting(UserContext):
        def prog(self, cfg, block, off, data):
            counts[0] += math.ceil(len(data) / PAGE_BYTES)
            return super().prog(cfg, block, off, data)

        def erase(self, cfg, block):
            counts[1] += 1
            return super().erase(cfg, block)

    ctx = Counting(buffsize=h.PICO_BLOCKS * h.PICO["block_size"])
    lfs = LittleFS(context=ctx, block_count=h.PICO_BLOCKS, **h.PICO)
    board = Board(json.loads(board_data(keys)), fs=h.lfs_fs(lfs))
    out = []
    for key in keys:
        before = list(counts)
        board.press(key)
        pressed = list(counts)
        board.pause()
        out.append((pressed[0] - before[0], pressed[1] - before[1], counts[0] - pressed[0], counts[1] - pressed[1]))
    return out


def estimate(keys, runs=RUNS, wifi=None, flash=None):
    """The Pico estimate of every press of ``keys`` (tests/board_keys.py
    letters, played from a fresh board): a list of dicts with ``key``,
    ``work_ms``, ``display_ms``, ``flash_ms``, ``ms`` (their sum),
    ``display_bytes``, ``pages``, ``erases``; ``idle_pages``,
    ``idle_erases``, ``idle_flash_ms``: the flash work of the pause after
    the press (in no press's ``ms``); and, for the whole game,
    ``collect_ms`` (the slowest gc.collect() between presses, scaled the
    same way) in every dict. ``wifi``: as ``unix_runs`` (the flash work
    is the same: pass ``flash``, ``flash_ops``'s, to reuse it)."""
    runs_out = unix_runs(keys, runs, wifi)
    flash = flash or flash_ops(keys)
    presses = []
    for i, key in enumerate(keys):
        # The fastest run of this press: the others were slowed by the host.
        ratio = min(r[0][i]["us"] / r[1] for r in runs_out)
        line = runs_out[0][0][i]
        pages, erases, idle_pages, idle_erases = flash[i]
        work = ratio * CALIBRATION_MS
        disp = display_ms(line["display"], line["transfers"])
        fl = flash_ms(pages, erases)
        presses.append({"key": key, "work_ms": work, "display_ms": disp, "flash_ms": fl, "ms": work + disp + fl,
                        "display_bytes": line["display"], "pages": pages, "erases": erases,
                        "idle_pages": idle_pages, "idle_erases": idle_erases,
                        "idle_flash_ms": flash_ms(idle_pages, idle_erases)})
    # Each collection's fastest run, then the slowest collection.
    collect = max(min(r[2][i] / r[1] for r in runs_out) for i in range(len(runs_out[0][2]))) * CALIBRATION_MS
    for p in presses:
        p["collect_ms"] = collect
    return presses


_CROSS_CHECK = """
from time import ticks_us, ticks_diff
def f():
    x = 0
    for i in range(10000):
        x += i
fn = []
mod = []
for r in range(%d):
    s = ticks_us()
    f()
    fn.append(ticks_diff(ticks_us(), s))
    s = ticks_us()
    x = 0
    for i in range(10000):
        x += i
    mod.append(ticks_diff(ticks_us(), s))
print(min(mod) / min(fn))
"""


def cross_check(repeats=300):
    """How far the one-ratio scaling is off for other code: the calibration
    loop at module level (global variables) over the loop in a function, on
    the unix port, against the same two figures measured on the Pico.
    Returns (unix ratio / Pico ratio) - 1: 0 when the scaling holds. Each
    loop keeps its fastest of ``repeats`` runs (about 1 ms a pair): with 30
    it swung from 0.03 to 0.43 between invocations on a shared host, with
    300 from 0.07 to 0.11 (session 11)."""
    from tests import mpvm

    unix = float(mpvm.run_micropython(_CROSS_CHECK % repeats).strip())
    return unix / (MODULE_LEVEL_MS / CALIBRATION_MS) - 1


def percentile(values, share):
    """Nearest-rank percentile: the smallest value with ``share`` (0..1) of
    the values at or below it."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def summary(presses):
    """p50, p95 and max of the estimated milliseconds a press, and where
    the slowest press's time goes."""
    ms = [p["ms"] for p in presses]
    slowest = max(range(len(presses)), key=lambda i: presses[i]["ms"])
    return {"p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95), "max": ms[slowest],
            "slowest": dict(presses[slowest], index=slowest)}
