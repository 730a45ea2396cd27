# SPDX-License-Identifier: MIT
"""Screenshots of the main screens for the README.

    .venv/bin/python -m tricktally_host.sim.screens docs/screens

Plays a short scripted session on the simulated board (in-memory flash) and
saves one PNG per main screen, named after it.
"""

import os
import sys

from tallyboard.app import App
from tallyboard.clock import FakeClock
from tallyboard.display import Display
from tallyboard.memfs import MemFS
from tallyboard.i18n import t
from tallyboard.simbus import SimI2C
from tricktally_host.sim import render


class _Shots:
    def __init__(self, folder, scale):
        self.bus = SimI2C()
        self.app = App(Display(self.bus), None, MemFS(), FakeClock(epoch=1700000000), rng=lambda n: 0)
        self.app.config.set_roster(["Ana", "Ben", "Cy", "Dee"])
        self.app.go_home()
        self.app.redraw()
        self.folder = folder
        self.scale = scale
        self.saved = []

    def keys(self, *names):
        for name in names:
            kind = 2 if name.startswith("long ") else 1
            self.app.handle(name.split()[-1], kind)

    def save(self, name):
        path = os.path.join(self.folder, name + ".png")
        render.png(self.bus.gddram, path, self.scale)
        self.saved.append(path)

    def new_game(self, values):
        """From home: New game, set form rows (key -> value), OK."""
        menu = self.app.screen
        while menu.items[menu.cursor] != t("new_game"):
            self.keys("down")
        self.keys("ok")
        form = self.app.screen
        for key in ("game", "players", "bidding", "dealer"):
            if key not in values:
                continue
            row = form.row(key)
            while form.rows[form.cursor] is not row:
                self.keys("down")
            while form.rows[form.cursor].value != values[key]:
                self.keys("right")
        self.keys("ok")

    def home(self):
        """Back to home through the game menu."""
        self.keys("back")
        menu = self.app.screen
        while menu.items[menu.cursor] != menu.items[-1]:
            self.keys("down")
        self.keys("ok")


def make_screens(folder, scale=4):
    """Save the main screens as PNG files in ``folder``; returns the paths."""
    os.makedirs(folder, exist_ok=True)
    s = _Shots(folder, scale)
    s.save("home")
    s.keys("ok")
    s.keys("right")  # wizard
    s.save("new-game")
    s.keys("ok")
    s.save("wizard-trump")
    s.keys("right")  # hearts are trump
    s.save("wizard-bid")
    s.keys("ok", "ok", "ok", "ok")
    s.save("wizard-tricks")
    s.keys("ok", "ok", "up", "ok")
    s.save("wizard-last-filled-in")
    s.keys("ok")
    s.save("score-table")
    s.keys("ok", "up")  # round 2, spades
    s.keys("ok", "ok", "ok", "up")
    s.save("wizard-bid-row")
    s.keys("back")
    s.save("game-menu")
    s.keys("back", "long back")
    s.app.refuse("hand 2, seat 1 (Ana): bid 2 would make the bids add up to 2, the cards dealt; forbidden by even_bids=never [rule: even_bids]")
    s.app.redraw()
    s.save("refused")
    s.keys("ok")
    s.home()
    # Hearts: hearts per seat, the queen.
    s.new_game({"game": "hearts", "dealer": 0})
    s.keys("ok", "right", "ok")
    s.save("hearts-hearts")
    s.keys("ok")
    s.save("hearts-queen")
    s.keys("ok")
    s.save("hearts-table")
    s.keys("ok")
    s.home()
    # Hidden Wizard bidding: pass the board, bid alone, reveal together.
    s.new_game({"game": "wizard", "bidding": "hidden", "dealer": 0})
    s.keys("ok")  # no trump
    s.save("wizard-hidden-pass")
    s.keys("ok")
    s.save("wizard-hidden-bid")
    s.keys("ok", "ok", "right", "ok", "ok", "ok", "ok")
    s.save("wizard-reveal")
    s.home()
    menu = s.app.screen
    while menu.items[menu.cursor] != menu.items[-1]:
        s.keys("down")
    s.keys("ok")  # settings
    s.save("settings")
    s.keys("ok", "right")
    s.save("language")
    return s.saved


def main(argv):
    folder = argv[1] if len(argv) > 1 else "docs/screens"
    for path in make_screens(folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
