# SPDX-License-Identifier: MIT
"""Heap the rules core keeps during each game, on the unix port (64-bit) and
on the WebAssembly port (32-bit), imported from ``.mpy`` as deployed, after
``gc.collect()``.

- ``mp.core_bytes.GAME``: every ``tricktally`` module in memory while the
  app plays GAME (bench/mp_bench.py's games: 4-player Spades, 6-player
  Wizard, Hearts to 100), imported together into a fresh VM (the package,
  settings, game and the game's rules module; errors too before session
  9). Goal <= 10 KB each:
  the core's share of ``mp.import_bytes``' 64 KB (docs/MEMORY.md).
- ``wasm32.core_bytes.GAME``: the same set on the 32-bit port.
- ``mp.core_modules.GAME``: how many modules that set holds.
- ``mp.core_qstrs.GAME``: the names (qstrs) that set adds, and
  ``mp.core_bytes_steady.GAME`` its bytes with the qstr pools counted at
  what each name costs (its bytes, plus an 11-byte entry: pointer, hash,
  length) instead of the pools allocated. The table of names grows by
  doubling pools, and a raw figure charges a whole new pool to whichever
  import fills the last one: in a fresh VM that is a jump of up to 2 KB,
  while in the app (900 names) the core's names cost about 26 bytes each.

The sets come from the app's own run (the modules ``sys.modules`` holds at
the end of the game), so a module the app loads on use shows up here only
if a game keeps it.
"""

import json
import re
import sys

from bench.mp_bench import BIG_HEAP, GAMES, import_cost, play, source_tree
from tests.mpvm import run_micropython

# No goals of its own: the core's 10 KB was a share of issue 10's budget
# for a whole game (mp.import_bytes, bench/mp_bench.py), which is what is
# held to a goal. These figures are watched.
GOALS = {}


def core_modules(game, root=None):
    """The ``tricktally`` modules in memory at the end of ``game`` (an entry
    of mp_bench.GAMES) played through the app (on the device tree ``root``,
    default this checkout's)."""
    run = play(which=[game], measure=False, heap=BIG_HEAP, root=root)["games"][0]
    return sorted(m for m in run["modules"] if m.split(".")[0] == "tricktally")


# Imports the modules, then prints the heap they keep and the qstr table's
# figures before and after.
_STEADY = """
import gc, micropython
gc.collect()
micropython.qstr_info()
start = gc.mem_alloc()
for name in %r:
    __import__(name)
gc.collect()
print('HEAP', gc.mem_alloc() - start)
micropython.qstr_info()
"""
_QSTR_INFO = re.compile(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")
# A qstr's entry in its pool on the 64-bit port: pointer, hash (2), length (1).
QSTR_ENTRY = 11


def steady_cost(modules, root=None):
    """(bytes, names) that importing ``modules`` keeps on the unix port, the
    qstr pools counted at the cost of the names in them (see above)."""
    out = run_micropython(_STEADY % (list(modules),), heap=BIG_HEAP, root=root)
    (q0, data0, total0), (q1, data1, total1) = [[int(x) for x in m] for m in _QSTR_INFO.findall(out)]
    heap = int(re.search(r"HEAP (\d+)", out).group(1))
    return heap - (total1 - total0) + (data1 - data0) + QSTR_ENTRY * (q1 - q0), q1 - q0


def wasm32_cost(modules, root=None):
    """Live bytes, on the 32-bit port, that importing ``modules`` keeps
    (``root``: a compiled device tree, default this checkout's)."""
    from bench.wasm32_bench import module_costs
    from tests import wasm32

    if root is None:
        return module_costs(modules)[1]
    data = json.dumps({"before": [], "modules": list(modules)})
    steps = wasm32.run_steps("import_cost", data, root=root)[1]["steps"]
    return steps[-1][1] - steps[1][1]


def measure(wasm=True, root=None):
    out = {}
    for game in GAMES:
        name = game[0]
        modules = core_modules(game, root)
        out["mp.core_modules." + name] = len(modules)
        out["mp.core_bytes." + name] = import_cost(modules, heap=BIG_HEAP, root=root)["total"]
        out["mp.core_bytes_steady." + name], out["mp.core_qstrs." + name] = steady_cost(modules, root)
        if wasm:
            out["wasm32.core_bytes." + name] = wasm32_cost(modules, root)
    return out


def main(argv):
    """``python -m bench.core_mem_bench [--no-wasm] [--modules] [--source
    DIR]``: print the measures (``--modules``: and each game's module list;
    ``--source``: those of another checkout, a folder holding shared/ and
    firmware/, e.g. ``git archive main shared firmware`` unpacked)."""
    wasm = "--no-wasm" not in argv
    with source_tree(argv) as root:
        if "--modules" in argv:
            for game in GAMES:
                print(game[0], json.dumps(core_modules(game, root)))
        results = measure(wasm, root)
    for key, value in sorted(results.items()):
        print("%-35s %s" % (key, value))


if __name__ == "__main__":
    main(sys.argv)
