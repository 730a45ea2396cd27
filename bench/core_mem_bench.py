# SPDX-License-Identifier: MIT
"""Heap the rules core keeps during each game, on the unix port (64-bit) and
on the WebAssembly port (32-bit), imported from ``.mpy`` as deployed, after
``gc.collect()``.

- ``mp.core_bytes.GAME``: every ``tricktally`` module in memory while the
  app plays GAME (bench/mp_bench.py's games: 4-player Spades, 6-player
  Wizard, Hearts to 100), imported together into a fresh VM (the package,
  errors, settings, game and the game's rules module). Goal <= 10 KB each:
  the core's share of ``mp.import_bytes``' 64 KB (docs/MEMORY.md).
- ``wasm32.core_bytes.GAME``: the same set on the 32-bit port.
- ``mp.core_modules.GAME``: how many modules that set holds.

The sets come from the app's own run (the modules ``sys.modules`` holds at
the end of the game), so a module the app loads on use shows up here only
if a game keeps it.
"""

import json
import sys

from bench.mp_bench import BIG_HEAP, GAMES, import_cost, play

GOALS = {
    "mp.core_bytes.spades": ("<=", 10 * 1024),
    "mp.core_bytes.wizard": ("<=", 10 * 1024),
    "mp.core_bytes.hearts": ("<=", 10 * 1024),
}


def core_modules(game):
    """The ``tricktally`` modules in memory at the end of ``game`` (an entry
    of mp_bench.GAMES) played through the app."""
    run = play(which=[game], measure=False, heap=BIG_HEAP)["games"][0]
    return sorted(m for m in run["modules"] if m.split(".")[0] == "tricktally")


def wasm32_cost(modules):
    """Live bytes, on the 32-bit port, that importing ``modules`` keeps."""
    from bench.wasm32_bench import module_costs

    return module_costs(modules)[1]


def measure(wasm=True):
    out = {}
    for game in GAMES:
        name = game[0]
        modules = core_modules(game)
        out["mp.core_modules." + name] = len(modules)
        out["mp.core_bytes." + name] = import_cost(modules, heap=BIG_HEAP)["total"]
        if wasm:
            out["wasm32.core_bytes." + name] = wasm32_cost(modules)
    return out


def main(argv):
    """``python -m bench.core_mem_bench [--no-wasm] [--modules]``: print the
    measures (``--modules``: and each game's module list)."""
    wasm = "--no-wasm" not in argv
    if "--modules" in argv:
        for game in GAMES:
            print(game[0], json.dumps(core_modules(game)))
    for key, value in sorted(measure(wasm).items()):
        print("%-35s %s" % (key, value))


if __name__ == "__main__":
    main(sys.argv)
