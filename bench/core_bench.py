# SPDX-License-Identifier: MIT
"""Core measures on the MicroPython unix port (tests.mpvm, the fixed heap):
replay growth per game and the heap a Wizard game keeps.

``core.replay_growth.GAME``: bytes allocated per entry in the last hand of
a long game over those in its first hand (goal <= 1.2: an entry must not
replay the game; a replay allocates, and a count does not move with the
machine's load; ``micropython.mem_total()`` counts every allocation).
``core.replay_time_growth.GAME``: the same with time (``time.ticks_us()``
after a ``gc.collect()``, so no collection falls inside a hand; the best
of RUNS runs for each hand), to watch: on a loaded machine it swings.
(These games of 121 hands run with a 1 MiB heap: GROWTH_HEAP.)

``core.game_heap_bytes.wizard3``: heap a whole 20-round 3-player Wizard game
keeps, from creating the game to its end, after ``gc.collect()``, with the
core loaded from mpy-cross bytecode as on the board (goal <= 16384).
``core.alloc_per_entry_mean``: bytes allocated per entry over that game
(collections off while it is entered).

``core.pico_ms_per_entry.wizard6``: the core's share of a key press that
enters a value, as the Pico estimate counts work (bench/pico_est.py): a
6-player Wizard game entered on the unix port with, before each entry, what
the entry screen asks the core (``bounds``, ``forbidden_bid``,
``hand_count``, the count of bids); its time per entry as a ratio to the
calibration loop in the same run (best of 15 each), times 45.9 ms. To
watch, not a goal: about 1 ms, and it moves by some 20% with where the
interpreter's attribute cache happens to collide (the same code timed one
query at a time adds up differently).
"""

import json
import random

from tests.core.play import choose
from tests.mpvm import run_micropython
from tricktally import new_game

GOALS = {
    "core.replay_growth.spades": ("<=", 1.2),
    "core.replay_growth.wizard": ("<=", 1.2),
    "core.replay_growth.hearts": ("<=", 1.2),
    "core.game_heap_bytes.wizard3": ("<=", 16384),
}

# Long games: targets far away so spades and hearts go on for many hands.
LONG = {
    "spades": (["Ana", "Ben", "Cy", "Dee"], {"target": 1000000, "bags": True, "nil": True}, 121),
    "wizard": (["Ana", "Ben", "Cy"], {"even_bids": "canadian"}, 20),
    "hearts": (["Ana", "Ben", "Cy", "Dee"], {"target": 1000000, "omnibus": True}, 121),
}
RUNS = 3
# The 121-hand games (and their input) are far longer than any real game and
# do not fit the board-sized heap; growth is about time, so they get 1 MiB.
GROWTH_HEAP = 1024 * 1024

# Input: {"name", "players", "settings", "hands": [[entry, ...], ...], "runs"}.
# Prints the best microseconds of each hand over the runs, and the bytes
# each hand allocated.
REPLAY = """
import gc, json, micropython
from time import ticks_diff, ticks_us
from tricktally import new_game
d = json.loads(tt_data())
best = None
for run in range(d['runs']):
    g = new_game(d['name'], d['players'], 0, d['settings'])
    times = []
    allocs = []
    for hand in d['hands']:
        gc.collect()
        total = micropython.mem_total()
        start = ticks_us()
        for e in hand:
            g.enter(e[0], e[1], e[2])
        times.append(ticks_diff(ticks_us(), start))
        allocs.append(micropython.mem_total() - total)
    g = None
    best = times if best is None else [min(a, b) for a, b in zip(best, times)]
print(json.dumps([best, allocs]))
"""

HEAP = """
import gc, json
from tricktally.wizard import Wizard
import tricktally.settings  # imported by Wizard(): a module, not the game's data
d = json.loads(tt_data())
entries = d['entries']
gc.collect()
start = gc.mem_alloc()
g = Wizard(d['players'], 0, d['settings'])
allocated = 0
for e in entries:
    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    g.enter(e[0], e[1], e[2])
    allocated += gc.mem_alloc() - before
    gc.enable()
gc.collect()
print(gc.mem_alloc() - start, allocated // len(entries), g.finished)
"""


# Input: {"players", "settings", "entries", "runs"}. Prints the best
# microseconds of the whole game and of the calibration loop (both in
# functions, as the app's code runs).
ENTRY_WORK = """
import gc, json
from time import ticks_diff, ticks_us
from tricktally import new_game


def calibration_loop():
    x = 0
    for i in range(10000):
        x += i
    return x


def game(d):
    g = new_game('wizard', d['players'], 0, d['settings'])
    gc.collect()
    start = ticks_us()
    for e in d['entries']:
        g.bounds()
        g.forbidden_bid()
        g.hand_count()
        if g.current is not None:
            g.current.count('bid')
        g.enter(e[0], e[1], e[2])
    return ticks_diff(ticks_us(), start), g.finished


def main():
    d = json.loads(tt_data())
    best = calibration = None
    for run in range(d['runs']):
        t, finished = game(d)
        best = t if best is None else min(best, t)
        start = ticks_us()
        calibration_loop()
        t = ticks_diff(ticks_us(), start)
        calibration = t if calibration is None else min(calibration, t)
    print(best, calibration, finished)


main()
"""
# The Pico's time for the calibration loop (issue 12; bench/pico_est.py).
PICO_CALIBRATION_MS = 45.9


def hands_of(name, hands, seed=7):
    """Entries of a realistic game of ``hands`` hands, split hand by hand."""
    players, settings, _ = LONG[name]
    rnd = random.Random(seed)
    game = new_game(name, players, 0, settings)
    out = [[]]
    while game.kind is not None and len(game.hands) < hands:
        value = choose(game, rnd)
        entry = [game.kind, game.seat, value]
        out[-1].append(entry)
        if game.enter(*entry):
            out.append([])
    hands = [h for h in out if h]
    if name != "wizard" and len(hands) % len(players) == 1:
        # The last hand has the same dealer as the first: make it the same
        # hand, so the two differ only in how far into the game they come.
        hands[-1] = [list(e) for e in hands[0]]
    return players, settings, hands


def replay_growth(name):
    players, settings, hands = hands_of(name, LONG[name][2])
    data = json.dumps({"name": name, "players": players, "settings": settings, "hands": hands, "runs": RUNS})
    times, allocs = json.loads(run_micropython(REPLAY, data=data, heap=GROWTH_HEAP).strip().splitlines()[-1])
    # The last hand of Wizard deals more cards, but has the same entries;
    # normalise by entries so a hand with more entries is not counted as growth.
    return _growth(allocs, hands), _growth(times, hands), len(hands)


def _growth(per_hand, hands):
    # per entry in the last hand over per entry in the first
    return (per_hand[-1] / len(hands[-1])) / (per_hand[0] / len(hands[0]))


def game_heap():
    players, settings, hands = hands_of("wizard", 20)
    entries = [e for h in hands for e in h]
    out = run_micropython(HEAP, data=json.dumps({"players": players, "settings": settings, "entries": entries}))
    kept, per_entry, finished = out.split()
    if finished != "True":
        raise RuntimeError("the Wizard game did not finish in the VM")
    return int(kept), int(per_entry)


def entry_work():
    """Pico ms of the core's work per entry (see the module's docstring)."""
    players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    rnd = random.Random(11)
    game = new_game("wizard", players, 0, {})
    entries = []
    while game.kind is not None:
        entry = [game.kind, game.seat, choose(game, rnd)]
        entries.append(entry)
        game.enter(*entry)
    data = json.dumps({"players": players, "settings": {}, "entries": entries, "runs": 15})
    total, calibration, finished = run_micropython(ENTRY_WORK, data=data).split()
    if finished != "True":
        raise RuntimeError("the Wizard game did not finish in the VM")
    return int(total) / len(entries) / int(calibration) * PICO_CALIBRATION_MS


def measure():
    results = {}
    for name in ("spades", "wizard", "hearts"):
        growth, time_growth, hands = replay_growth(name)
        results["core.replay_growth." + name] = round(growth, 3)
        results["core.replay_time_growth." + name] = round(time_growth, 3)
        results["core.replay_growth.%s.hands" % name] = hands
    kept, per_entry = game_heap()
    results["core.game_heap_bytes.wizard3"] = kept
    results["core.alloc_per_entry_mean"] = per_entry
    results["core.pico_ms_per_entry.wizard6"] = round(entry_work(), 3)
    return results
