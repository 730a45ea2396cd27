# SPDX-License-Identifier: MIT
"""Board UI measures (DESIGN.md "Measures that matter").

- ui.presses_per_hand.{spades4,wizard4,hearts4}: mean button presses to
  enter one hand of a seeded corpus of realistic 4-player hands through the
  real UI (tests/firmware/ui_corpus.py), the score table's OK included.
- ui.presses_per_hand.wizard4_hidden: the same Wizard hands with
  ``bidding: hidden`` (pass screens included).
- ui.moon_extra_presses.hearts4: mean presses of a moon hand (one player
  takes every heart and the queen; every fourth hand of the Hearts games)
  minus the mean of the other hands of the same games.
- ui.naive_ratio.*: presses for the same hands when every value starts at
  its lowest, nothing is filled in and there are no quick picks, over ours.
- ui.display_bytes_per_press: mean bytes sent to the SSD1306 (simulated I2C
  bus) per press while entering those hands.
- ui.peak_heap_bytes: micropython.mem_peak() growth on the MicroPython VM
  from creating the App to the end of a 20-round 3-player Wizard game
  played through it (the VM counts every allocation not explicitly freed).
- ui.press_cost_growth: VM fuel per press in the last round of that game
  over the first (fuel differences between runs that stop one hand apart).
"""

import json
import pathlib

from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session, play_games
from tests.mpvm import run_micropython_fuel

GOALS = {
    "ui.presses_per_hand.spades4": ("<=", 10),
    "ui.presses_per_hand.wizard4": ("<=", 10),
    "ui.presses_per_hand.hearts4": ("<=", 10),
    "ui.presses_per_hand.wizard4_hidden": ("<=", 13),
    "ui.moon_extra_presses.hearts4": ("<=", 3),
    "ui.naive_ratio.spades4": (">=", 2),
    "ui.naive_ratio.wizard4": (">=", 2),
    "ui.naive_ratio.hearts4": (">=", 2),
    "ui.display_bytes_per_press": ("<=", 384),
    "ui.peak_heap_bytes": ("<=", 49152),
    "ui.press_cost_growth": ("<=", 1.2),
}

GAMES = ("spades", "wizard", "hearts")
CORPUS_GAMES = 4
SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "firmware" / "ui_script.py"
VM_FUEL = 80_000_000_000

# Runs on the VM after ui_script.py's source: one wizard game (3 players,
# 20 rounds) through the App, stopping after `stop` hands.
VM_GAME = """
import json, micropython
import tallyboard.ui.home, tallyboard.ui.setup, tallyboard.ui.menu, tallyboard.ui.entry
import tallyboard.ui.table, tallyboard.ui.message, tallyboard.ui.defaults, tricktally.wizard
data = json.loads(tt_data())
hands = data["hands"]
stop = data["stop"]
# Imports happen once at boot (from .mpy on a board): measured from here.
m0 = micropython.mem_current()
s = Session(bus=NullI2C(), record=False)
s.start_game("wizard", 3)
if data.get("no_journal"):
    # Diagnosis only: how much of the growth the journal's records take.
    j = s.app.journal
    j.entry = j.undo = lambda *a: None
presses = []
m1 = micropython.mem_current()
for h in hands[:stop]:
    presses.append(s.play_hand(h))
print(json.dumps({"heap": micropython.mem_peak() - m0, "presses": presses,
                  "start": m1 - m0, "hands": micropython.mem_current() - m1,
                  "finished": s.app.game.finished}))
"""


def _mean(values):
    return sum(values) / len(values)


MOON_EVERY = 4
# A moon adds 26 to the others: with the usual target of 100 a game would
# end after a few moons, so these games play to a far one.
MOON_TARGET = {"target": 500}


def _moon_presses(games):
    # Every fourth hand becomes a moon (the shooter turns with the hand);
    # returns the presses of the moon hands and of the others.
    moon, normal = [], []
    session = Session()
    for hands in games:
        session.start_game("hearts", 4, MOON_TARGET)
        for i, hand in enumerate(hands):
            if session.app.game.finished:
                break
            if i % MOON_EVERY == MOON_EVERY - 1:
                shooter = (i // MOON_EVERY) % 4
                hand = {"hearts": [13 if s == shooter else 0 for s in range(4)], "queen": shooter}
                moon.append(session.play_hand(hand))
            else:
                normal.append(session.play_hand(hand))
        session.home()
    return moon, normal


def _vm_game(hands, stop, no_journal=False):
    code = SCRIPT.read_text(encoding="utf-8") + VM_GAME
    data = json.dumps({"hands": hands, "stop": stop, "no_journal": no_journal})
    out, fuel = run_micropython_fuel(code, fuel=VM_FUEL, data=data)
    return json.loads(out.strip().splitlines()[-1]), fuel


def measure():
    """Every ui.* figure (see the module docstring)."""
    out = {}
    sent = []
    for game in GAMES:
        games = corpus(game, games=CORPUS_GAMES)
        smart = Session()
        ours = play_games(smart, game, 4, games)
        naive = play_games(Session(smart=False), game, 4, games)
        key = game + "4"
        out["ui.presses_per_hand." + key] = round(_mean(ours), 3)
        out["ui.naive_ratio." + key] = round(_mean(naive) / _mean(ours), 3)
        sent.extend(smart.hand_sent)
    out["ui.display_bytes_per_press"] = round(_mean(sent), 1)
    hidden = play_games(Session(), "wizard", 4, corpus("wizard", games=CORPUS_GAMES), {"bidding": "hidden"})
    out["ui.presses_per_hand.wizard4_hidden"] = round(_mean(hidden), 3)
    moon, normal = _moon_presses(corpus("hearts", games=CORPUS_GAMES))
    out["ui.moon_extra_presses.hearts4"] = round(_mean(moon) - _mean(normal), 3)

    hands = corpus("wizard", games=1, n=3)[0]
    full, fuel_all = _vm_game(hands, len(hands))
    if not full["finished"]:
        raise RuntimeError("the 20-round wizard game did not finish on the VM")
    out["ui.peak_heap_bytes"] = full["heap"]
    # Where it goes (watch): booting the app and starting the game, then
    # each round (core, journal and screens together).
    out["ui.heap.boot_and_start"] = full["start"]
    out["ui.heap.per_round"] = full["hands"] // len(hands)
    bare, _ = _vm_game(hands, len(hands), no_journal=True)
    out["ui.heap.per_round_journal"] = (full["hands"] - bare["hands"]) // len(hands)
    _, fuel_last_but_one = _vm_game(hands, len(hands) - 1)
    _, fuel_one = _vm_game(hands, 1)
    _, fuel_none = _vm_game(hands, 0)
    presses = full["presses"]
    first = (fuel_one - fuel_none) / presses[0]
    last = (fuel_all - fuel_last_but_one) / presses[-1]
    out["ui.press_cost_growth"] = round(last / first, 3)
    out["ui.fuel_per_press_first"] = int(first)
    out["ui.fuel_per_press_last"] = int(last)
    return out
