# SPDX-License-Identifier: MIT
# needs: tests/firmware/ui_script.py
"""Payload: games and a tour of the other screens played through the UI
(tests/firmware/ui_script.py's ``play_plan``), for comparing the screens
frame by frame with CPython.

Input (tt_data.json): one ``[game, players, settings, hands]`` per line.
Prints one JSON line per game, then one for the tour: frame CRCs, bytes
sent per press, presses per hand, totals (what ``play_plan`` returns for
the same plan; the games are read and played one at a time, each
with its journal in a folder of the flash, to fit a board-sized heap).
"""

import json

import ui_script
from tallyboard.fs import OsFS
from tallyfakes.simbus import SimI2C
from ui_script import Session, play_game, tour, where


class _Forget:
    """A command log that keeps nothing."""

    def append(self, item):
        pass


class QuietSimI2C(SimI2C):
    """SimI2C without its log of every command: on the board the bus keeps
    nothing, and the log would fill a board-sized heap in one game."""

    def __init__(self, *args):
        SimI2C.__init__(self, *args)
        self.commands = _Forget()


ui_script.SimI2C = QuietSimI2C


def main():
    n = 0
    with open("tt_data.json") as f:
        for line in f:
            if line.strip():
                n += 1
                game, players, settings, hands = json.loads(line)
                print(json.dumps(play_one(game, players, settings, hands, "plan%d" % n)))
                hands = None
    s = Session(fs=OsFS("tour"))
    tour(s)
    print(json.dumps({"frames": s.frames, "sent": s.sent, "screen": where(s.app)}))


def play_one(game, players, settings, hands, folder):
    """One game of the plan, as ``play_plan`` plays it, with the journal in
    ``folder`` of the flash."""
    return play_game(Session(fs=OsFS(folder)), game, players, settings, hands)


if __name__ == "__main__":
    main()
