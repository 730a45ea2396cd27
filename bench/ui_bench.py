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
- ui.press_cost_growth: on the MicroPython unix port (tests.mpvm, the fixed
  heap), bytes allocated per press in the last round of a 20-round 3-player
  Wizard game played through the real buttons over those in the first round
  (the score table's OK, which ends the game at the last round, left out):
  work that grows with the game (a replay) allocates, and a count does not
  move with the machine's load. ui.press_time_growth: the same with the time
  per press (the best of RUNS runs for each round; collections happen
  between presses, not in them), to watch: on a loaded machine it swings.
  Heap figures are in bench/mp_bench.py.
"""

from tests.firmware.test_app_on_micropython import app_game_input
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session, play_games
from tests.mpvm import payload_lines

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
    "ui.press_cost_growth": ("<=", 1.2),
}

GAMES = ("spades", "wizard", "hearts")
CORPUS_GAMES = 4
RUNS = 5


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
        g = session.app.game  # the app lets it go on the home menu once it is over
        for i, hand in enumerate(hands):
            if g.finished:
                break
            if i % MOON_EVERY == MOON_EVERY - 1:
                shooter = (i // MOON_EVERY) % 4
                hand = {"hearts": [13 if s == shooter else 0 for s in range(4)], "queen": shooter}
                moon.append(session.play_hand(hand))
            else:
                normal.append(session.play_hand(hand))
        session.home()
    return moon, normal


def press_costs(hands):
    """Microseconds (the best of RUNS runs) and bytes allocated per press,
    round by round, of a 3-player Wizard game of ``hands`` played through
    the buttons on the unix port."""
    best = None
    for _ in range(RUNS):
        data = app_game_input({"games": [["wizard", 3, {}, hands]], "measure": True})
        run = [line for line in payload_lines("app_game", data=data) if "heap" in line][0]
        times = run["us_per_press_by_hand"]
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    return best, run["alloc_per_press_by_hand"]


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
    times, allocs = press_costs(hands)
    if len(times) != len(hands):
        raise RuntimeError("the 20-round wizard game did not finish on the VM")
    out["ui.press_cost_growth"] = round(allocs[-1] / allocs[0], 3)
    out["ui.press_time_growth"] = round(times[-1] / times[0], 3)
    out["ui.us_per_press_first"] = times[0]
    out["ui.us_per_press_last"] = times[-1]
    return out
