# SPDX-License-Identifier: MIT
"""Core measures: replay growth per game and peak heap of a Wizard game, on the MicroPython VM.

``core.replay_growth.GAME``: MicroPython VM fuel to enter the last hand of a
long game divided by the fuel to enter the first hand (goal <= 1.2: an entry
must not replay the game). Fuel is measured as the difference between two
otherwise identical runs, one with and one without the hand, so it counts
only that hand's entries.

``core.peak_heap_bytes.wizard3``: growth of ``micropython.mem_peak()`` while a
whole 20-round 3-player Wizard game is played through the core, from creating
the game to its end, with the core loaded from mpy-cross bytecode as on the
board (goal <= 16384). This VM's counter adds up every allocation not
explicitly freed (its GC sweeps are not subtracted), so it is an upper bound
on the live heap. (Do not call gc.collect() in the VM: it can crash it.)
"""

import json
import random
import shutil

from tests.core.play import choose
from tests.mpvm import compiled_repo, run_micropython, run_micropython_fuel
from tricktally import new_game

GOALS = {
    "core.replay_growth.spades": ("<=", 1.2),
    "core.replay_growth.wizard": ("<=", 1.2),
    "core.replay_growth.hearts": ("<=", 1.2),
    "core.peak_heap_bytes.wizard3": ("<=", 16384),
}

# Long games: targets far away so spades and hearts go on for many hands.
LONG = {
    "spades": (["Ana", "Ben", "Cy", "Dee"], {"target": 1000000, "bags": True, "nil": True}, 121),
    "wizard": (["Ana", "Ben", "Cy"], {"even_bids": "canadian"}, 20),
    "hearts": (["Ana", "Ben", "Cy", "Dee"], {"target": 1000000, "omnibus": True}, 121),
}

REPLAY = """
import json
from tricktally import new_game
d = json.loads(tt_data())
g = new_game(d['name'], d['players'], 0, d['settings'])
entries = d['entries']
for i in range(d['count']):
    e = entries[i]
    g.enter(e[0], e[1], e[2])
print(g.hand_number)
"""

HEAP = """
import json, micropython
from tricktally import game_class
d = json.loads(tt_data())
entries = d['entries']
Wizard = game_class('wizard')
start = micropython.mem_current()
g = Wizard(d['players'], 0, d['settings'])
for e in entries:
    g.enter(e[0], e[1], e[2])
peak = micropython.mem_peak() - start
print(peak, g.finished)
"""


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


def fuel_of(name, players, settings, entries, count):
    # Every run parses the same data and differs only in how many entries it
    # enters, so a difference of two runs is the cost of those entries alone.
    data = json.dumps({"name": name, "players": players, "settings": settings, "entries": entries, "count": count})
    return run_micropython_fuel(REPLAY, data=data)[1]


def replay_growth(name):
    players, settings, hands = hands_of(name, LONG[name][2])
    entries = [e for h in hands for e in h]
    before_last = len(entries) - len(hands[-1])
    first = fuel_of(name, players, settings, entries, len(hands[0])) - fuel_of(name, players, settings, entries, 0)
    last = fuel_of(name, players, settings, entries, len(entries)) - fuel_of(name, players, settings, entries, before_last)
    # The last hand of Wizard deals more cards, but has the same entries;
    # normalise by entries so a hand with more entries is not counted as growth.
    return (last / len(hands[-1])) / (first / len(hands[0])), len(hands)


def peak_heap():
    players, settings, hands = hands_of("wizard", 20)
    entries = [e for h in hands for e in h]
    root = compiled_repo()
    try:
        out = run_micropython(HEAP, root=root, data=json.dumps({"players": players, "settings": settings, "entries": entries}))
    finally:
        shutil.rmtree(root)
    peak, finished = out.split()
    if finished != "True":
        raise RuntimeError("the Wizard game did not finish in the VM")
    return int(peak)


def measure():
    results = {}
    for name in ("spades", "wizard", "hearts"):
        growth, hands = replay_growth(name)
        results["core.replay_growth." + name] = round(growth, 3)
        results["core.replay_growth.%s.hands" % name] = hands
    results["core.peak_heap_bytes.wizard3"] = peak_heap()
    return results
