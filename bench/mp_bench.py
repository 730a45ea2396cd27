# SPDX-License-Identifier: MIT
"""Memory of the board app on the real MicroPython (the unix port, 64-bit),
at the tests' fixed heap (tests.mpvm.HEAPSIZE), with gc.collect().

- ``mp.import_bytes``: heap kept by importing, from ``.mpy`` as deployed,
  every device module in memory while a game is played (a 6-player Wizard
  game, after its first hand: the app, the core, the game's screens; the
  menus' modules are forgotten meanwhile and the serial link is loaded
  only when the PC speaks), after ``gc.collect()`` (goal <= 64 KB). ``mp.import_bytes.MODULE`` gives each module's own
  share (its package and the modules it imports loaded first).
- ``mp.heap_min_free``: lowest free heap after a collection, taken before
  every key press, over boot, a whole 4-player Spades game to 500, a
  6-player Wizard game, a Hearts game to 100 and the link's sync, played
  through the real buttons with the journal on the flash folder
  (tests/payloads/app_game.py) (goal >= half of the heap).
  ``mp.heap_min_free_share`` is that over the heap.
- ``mp.alloc_per_press_mean`` / ``_max``: bytes allocated by one key press
  (automatic collection off for the press), over the same games (goal:
  mean <= 2048). The maximum is the press that starts a game (it loads the
  game's rules and entry screens).
"""

import json

from tests.firmware.test_app_on_micropython import app_game_input
from tests.firmware.ui_corpus import corpus
from tests.mpvm import HEAPSIZE, payload_lines

GOALS = {
    "mp.import_bytes": ("<=", 64 * 1024),
    "mp.heap_min_free_share": (">=", 0.5),
    "mp.alloc_per_press_mean": ("<=", 2048),
}

# The longest games the tests play (tests/firmware/test_app_on_micropython.py).
GAMES = (("spades", 4, {}), ("wizard", 6, {}), ("hearts", 4, {"target": 100}))


def games(which=GAMES):
    """[game, players, settings, hands] for app_game, enough hands to end."""
    return [[g, n, settings, corpus(g, games=1, n=n)[0]] for g, n, settings in which]


def play(which=GAMES, measure=True, heap=None):
    """Run tests/payloads/app_game.py; returns its lines by key."""
    lines = payload_lines("app_game", data=app_game_input({"games": games(which), "measure": measure}), heap=heap)
    out = {"games": []}
    for line in lines:
        if "game" in line:
            out["games"].append(line)
        else:
            out.update(line)
    return out


# Imported by the test harness (tests/firmware/ui_script.py), not the app.
HARNESS = ("tallyboard.simbus",)


def one_game_modules():
    """The device modules in memory during a game (boot, then a 6-player
    Wizard game, after its first hand); the menus' are forgotten meanwhile,
    and the link is loaded only when the PC speaks."""
    wizard = play(which=[GAMES[1]], measure=False)["games"][0]
    return [m for m in wizard["modules"] if m not in HARNESS]


def import_cost(modules, before=(), heap=None):
    """Heap bytes kept by importing ``modules`` after ``before``: a dict
    module -> bytes, and "total"."""
    data = json.dumps({"before": list(before), "modules": list(modules)})
    out = {}
    for line in payload_lines("import_cost", data=data, heap=heap):
        if "module" in line:
            out[line["module"]] = line["bytes"]
        elif "total" in line:
            out["total"] = line["total"]
        elif "loaded" in line:
            out["loaded"] = line["loaded"]
    return out


def own_cost(module, heap=None):
    """Bytes ``module`` alone keeps: its package and imports loaded first."""
    first = import_cost([module], heap=heap)
    deps = [m for m in first["loaded"] if m != module and m.split(".")[0] in ("tricktally", "tallyboard")]
    return import_cost([module], before=deps, heap=heap)[module], first[module]


def measure():
    out = {}
    run = play()
    modules = one_game_modules()
    total = import_cost(modules)
    out["mp.import_bytes"] = total["total"]
    for m in modules:
        out["mp.import_bytes." + m] = own_cost(m)[0]
    out["mp.heapsize"] = run["heap"]
    out["mp.heap_min_free"] = run["min_free"]
    out["mp.heap_min_free_share"] = round(run["min_free"] / run["heap"], 3)
    out["mp.heap_boot_free"] = run["boot_free"]
    out["mp.alloc_per_press_mean"] = run["alloc_mean"]
    out["mp.alloc_per_press_max"] = run["alloc_max"]
    if run["heap"] > HEAPSIZE:
        raise RuntimeError("the VM's heap is larger than HEAPSIZE")
    return out


if __name__ == "__main__":
    for key, value in sorted(measure().items()):
        print("%-45s %s" % (key, value))
