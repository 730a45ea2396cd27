# SPDX-License-Identifier: MIT
"""Memory of the board app on the real MicroPython (the unix port, 64-bit),
at the tests' fixed heap (tests.mpvm.HEAPSIZE), with gc.collect().

A board is 32-bit: the binding memory goals are bench/wasm32_bench.py's.
This 64-bit build, where objects take about twice the room, keeps one goal
as a guard against regressions, not a target: the whole app and the long
games run at the fixed heap with at least 35% of it free at the worst
moment. The rest are figures to watch.

- ``mp.heap_min_free_share`` (the guard, >= 0.35): the lowest free heap
  after a collection, over the heap, taken after every step of two runs
  from a fresh board, each played through the real buttons with the
  journal on the flash folder and ended by the PC's sync: a 4-player
  Spades game to 500, a 6-player Wizard game and a Hearts game to 100 in a
  row; and the longest game alone (6-player Wizard, hidden bids). The
  presses are recorded on CPython and replayed on the VM (``replay``:
  tests/board_keys.py, tests/payloads/board_game.py, the payload ``make
  test-board`` runs on a board), so the VM's heap holds the app and a key
  replayer, not the test's planner. ``mp.heap_min_free``: that lowest free
  heap in bytes.
- ``mp.import_bytes`` (watch): heap kept by importing, from ``.mpy`` as
  deployed, every device module in memory while a game is played (a
  6-player Wizard game, after its first hand: the app, the core, the
  game's screens; the menus' modules are forgotten meanwhile and the
  serial link is loaded only when the PC speaks), after ``gc.collect()``.
  ``mp.import_bytes.MODULE`` gives each module's own share (its package
  and the modules it imports loaded first). ``mp.import_bytes_es``: the
  same in Spanish.
- ``mp.heap_min_free_share.wifi`` (the guard with Wi-Fi sending, >= 0.35):
  the same for the longest game played by a board in a club, its hub
  storing every push (docs/CLUB.md; the hub, in the payload's
  process, counted as the board's).
- ``mp.heap_min_free_in_game`` (and ``_share``, watch): the lowest free
  heap of the three games' run after the presses that leave a game in
  play; ``mp.heap_min_free_share.wizard6_in_game``: that share for the
  longest game alone. ``mp.heap_min_free_share.planner_harness``: the
  three games' share with app_game's planner on the VM (its Session,
  about 10 KB, counted as the app's). ``mp.heap_used_at_start`` is the
  heap in use when app_game's games start: the modules it imports (most
  of the app), its own code and its options.
- ``mp.alloc_per_press_mean`` / ``_max``: bytes allocated by one key press
  (automatic collection off for the press), over the same games (goal:
  mean <= 2048). The maximum is the press that starts a game (it loads the
  game's rules and entry screens).
"""

import contextlib
import json
import pathlib
import shutil
import sys
import tempfile

from tests.firmware.test_app_on_micropython import app_game_input
from tests.firmware.ui_corpus import corpus
from tests.mpvm import HEAPSIZE, MicroPythonError, compiled_tree, payload_lines

GOALS = {
    "mp.heap_min_free_share": (">=", 0.35),
    "mp.heap_min_free_share.wifi": (">=", 0.35),
    "mp.alloc_per_press_mean": ("<=", 2048),
}

# Import costs are measured with room to spare (the figure does not depend on
# the heap's size; old trees need more than HEAPSIZE).
BIG_HEAP = 1024 * 1024

# The longest games the tests play (tests/firmware/test_app_on_micropython.py).
GAMES = (("spades", 4, {}), ("wizard", 6, {}), ("hearts", 4, {"target": 100}))


def games(which=GAMES):
    """[game, players, settings, hands] for app_game, enough hands to end."""
    return [[g, n, settings, corpus(g, games=1, n=n)[0]] for g, n, settings in which]


def links_on_demand(root):
    """True when the device tree ``root`` has LinkOnDemand: in
    tallyboard/ondemand, or (since) in tallyboard/app, whose .mpy then
    names it."""
    folder = pathlib.Path(root) / "tallyboard"
    return (folder / "ondemand.mpy").exists() or b"LinkOnDemand" in (folder / "app.mpy").read_bytes()


def play(which=GAMES, measure=True, heap=None, root=None, language=None):
    """Run tests/payloads/app_game.py (on the device tree ``root``, default
    this checkout's; in ``language``, default English); returns its lines
    by key."""
    options = {"games": games(which), "measure": measure, "language": language}
    if root is not None and not links_on_demand(root):
        options["link_at_boot"] = True  # firmware from before the link was loaded on demand
    lines = payload_lines("app_game", data=app_game_input(options), heap=heap, root=root)
    out = {"games": []}
    for line in lines:
        if "game" in line:
            out["games"].append(line)
        else:
            out.update(line)
    return out



def one_game_modules(root=None, language=None):
    """The device modules in memory during a game (boot, then a 6-player
    Wizard game, after its first hand); the menus' are forgotten meanwhile,
    and the link is loaded only when the PC speaks."""
    wizard = play(which=[GAMES[1]], measure=False, heap=BIG_HEAP, root=root, language=language)["games"][0]
    return wizard["modules"]


def import_cost(modules, before=(), heap=None, root=None):
    """Heap bytes kept by importing ``modules`` after ``before``: a dict
    module -> bytes, and "total"."""
    data = json.dumps({"before": list(before), "modules": list(modules)})
    out = {}
    for line in payload_lines("import_cost", data=data, heap=heap, root=root):
        if "module" in line:
            out[line["module"]] = line["bytes"]
        elif "total" in line:
            out["total"] = line["total"]
        elif "loaded" in line:
            out["loaded"] = line["loaded"]
    return out


def own_cost(module, root=None):
    """Bytes ``module`` alone keeps (its package and imports loaded first),
    and with what it imports."""
    first = import_cost([module], heap=BIG_HEAP, root=root)
    deps = [m for m in first["loaded"] if m != module and m.split(".")[0] in ("tricktally", "tallyboard")]
    return import_cost([module], before=deps, heap=BIG_HEAP, root=root)[module], first[module]


def import_measures(root=None):
    """mp.import_bytes and mp.import_bytes.MODULE for the tree ``root``."""
    out = {}
    modules = one_game_modules(root)
    out["mp.import_bytes"] = import_cost(modules, heap=BIG_HEAP, root=root)["total"]
    for m in modules:
        out["mp.import_bytes." + m] = own_cost(m, root)[0]
    # The same game in Spanish: one table, or two with a fallback.
    es = one_game_modules(root, language="es")
    out["mp.import_bytes_es"] = import_cost(es, heap=BIG_HEAP, root=root)["total"]
    return out


def replay(which=GAMES, heap=None, root=None, wifi=None):
    """Replay, on the unix port, the key presses that play the games
    ``which`` from a fresh board (tests/board_keys.py records them on
    CPython), then the link's sync, through tests/payloads/board_game.py:
    the VM holds the app and a key replayer, not the test's planner.
    Returns {"heap", "min_free" (whole run: boot, games, home, sync),
    "min_free_game" (after the presses that leave a game in play)}.
    ``wifi``: the board is in a club, its hub (tests/payloads/fake_hub.py)
    storing every push, and no USB sync at the end."""
    from tests.board_keys import games_keys

    keys, session = games_keys(games(which))
    data = json.dumps({"keys": keys, "flash": "tt_flash", "link": not wifi, "per_step": True, "wifi": wifi})
    lines = payload_lines("board_game", data=data, heap=heap, root=root)
    heap_line = [line["heap"] for line in lines if "heap" in line][0]
    in_game = [line["free"] for line in lines
               if "step" in line and line["step"].isdigit() and session.in_play[int(line["step"])]]
    return {"heap": heap_line["total"], "min_free": heap_line["lowest_free"], "min_free_game": min(in_game)}


def measure():
    out = import_measures()
    run = play()
    # The heap figures from the key replay: the planner of app_game (its
    # Session, about 10 KB of code on this build) is test code a board
    # never holds.
    heap = replay()
    from tests.board_keys import LONGEST

    longest = replay(which=[LONGEST])  # 6-player Wizard, hidden bids
    worst = min(heap["min_free"], longest["min_free"])
    out["mp.heapsize"] = heap["heap"]
    out["mp.heap_used_at_start"] = run["start_alloc"]
    out["mp.heap_min_free"] = worst
    out["mp.heap_min_free_share"] = round(worst / heap["heap"], 3)
    out["mp.heap_min_free_in_game"] = heap["min_free_game"]
    out["mp.heap_min_free_in_game_share"] = round(heap["min_free_game"] / heap["heap"], 3)
    out["mp.heap_min_free_share.wizard6_in_game"] = round(longest["min_free_game"] / longest["heap"], 3)
    club = replay(which=[LONGEST], wifi="live")
    out["mp.heap_min_free_share.wifi"] = round(club["min_free"] / club["heap"], 3)
    # The same run driven by app_game's planner on the VM (watch: the
    # harness's own heap counted as the app's).
    out["mp.heap_min_free_share.planner_harness"] = round(run["min_free"] / run["heap"], 3)
    out["mp.heap_boot_free"] = run["boot_free"]
    out["mp.alloc_per_press_mean"] = run["alloc_mean"]
    out["mp.alloc_per_press_max"] = run["alloc_max"]
    out["mp.alloc_per_press_median"] = run["alloc_median"]
    if run["heap"] > HEAPSIZE:
        raise RuntimeError("the VM's heap is larger than HEAPSIZE")
    return out


def smallest_heap(name, data, root=None, low=64 * 1024, high=BIG_HEAP, step=1024):
    """The smallest heap (to ``step`` bytes) at which payload ``name`` runs
    with ``data``, by bisection: how HEAPSIZE was chosen."""
    while high - low > step:
        mid = (low + high) // 2
        try:
            payload_lines(name, data=data, heap=mid, root=root)
            high = mid
        except MicroPythonError:
            low = mid
    return high


def smallest_heaps(root=None):
    """The smallest heap of each run HEAPSIZE must hold (see tests/mpvm.py)."""
    from tests.core.test_core_on_micropython import vectors
    from tests.firmware.test_app_on_micropython import _plan

    options = {"games": games()}
    if root is not None and not links_on_demand(root):
        options["link_at_boot"] = True
    runs = {
        "app_game": app_game_input(options),
        "ui_plan": "\n".join(json.dumps(g) for g in _plan()),
        "core_vectors": "\n".join(json.dumps(v) for v in vectors(36)),
    }
    return {"mp.smallest_heap." + name: smallest_heap(name, data, root) for name, data in runs.items()}


def heap_scan(root=None, low_kb=200, high_kb=392, step_kb=8):
    """Run the button games and the UI plan at every heap from ``low_kb``
    to ``high_kb`` in ``step_kb`` steps: {"mp.heap_scan.KB": "ok ok"} (one
    word a run, ok or FAIL). The collector is conservative, so a run can
    fail at one size and pass at a smaller one; this scan, not bisection,
    is how HEAPSIZE is checked (tests/mpvm.py)."""
    from tests.firmware.test_app_on_micropython import _plan

    options = {"games": games()}
    runs = (app_game_input(options), "\n".join(json.dumps(g) for g in _plan()))
    out = {}
    for kb in range(low_kb, high_kb, step_kb):
        words = []
        for name, data in zip(("app_game", "ui_plan"), runs):
            try:
                payload_lines(name, data=data, heap=kb * 1024, root=root)
                words.append("ok")
            except MicroPythonError:
                words.append("FAIL")
        out["mp.heap_scan.%03d_kb" % kb] = " ".join(words)
    return out


@contextlib.contextmanager
def source_tree(args):
    """The device tree compiled from ``--source DIR`` in ``args`` (removed
    on leaving), or None without it: this checkout's."""
    tree = None
    if "--source" in args:
        tree = compiled_tree(tempfile.mkdtemp(prefix="tt-mpy-"), root=args[args.index("--source") + 1])
    try:
        yield tree
    finally:
        if tree is not None:
            shutil.rmtree(tree)


def main(argv):
    """``python -m bench.mp_bench [--smallest-heap | --heap-scan] [--source DIR]``: print
    the measures. ``--source``: those of another checkout (a folder holding
    shared/ and firmware/, e.g. ``git archive main shared firmware``
    unpacked), at a 1 MiB heap, for before/after notes. ``--smallest-heap``:
    the smallest heap each test run needs, by bisection. ``--heap-scan``:
    the button games and the UI plan at every heap in 8 KB steps."""
    args = argv[1:]
    with source_tree(args) as tree:
        if "--smallest-heap" in args:
            results = smallest_heaps(tree)
        elif "--heap-scan" in args:
            results = heap_scan(tree)
        elif tree is not None:
            results = import_measures(tree)
            run = play(heap=BIG_HEAP, root=tree)
            results["mp.heap_used_at_start"] = run["start_alloc"]
            results["mp.heap_peak_used_1mib"] = run["heap"] - run["min_free"]
            results["mp.alloc_per_press_mean"] = run["alloc_mean"]
            results["mp.alloc_per_press_max"] = run["alloc_max"]
            results["mp.alloc_per_press_median"] = run["alloc_median"]
        else:
            results = measure()
    for key, value in sorted(results.items()):
        print("%-45s %s" % (key, value))


if __name__ == "__main__":
    main(sys.argv)
