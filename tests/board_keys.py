# SPDX-License-Identifier: MIT
"""Scripted games as key presses, for tests/payloads/board_game.py.

A game plan is played once on CPython through the UI script
(tests/firmware/ui_script.py), which finds the fewest presses the screens
allow; every press is written down as one letter (``u d l r o b``, upper
case for a long press). A board, the unix port or the WebAssembly port then
replays those letters through its real buttons object, with no game logic
of the test on the device (its heap holds the app, not the script).
"""

import json

from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import LONG, Session

KEYS = "udlrob"  # the letters of board_game.KEYS, in tallyboard.buttons.NAMES order
NAMES = ("up", "down", "left", "right", "ok", "back")

# The longest game a board keeps: 6-player Wizard (10 rounds, up to 6
# entries a round plus the trump), bids hidden (a pass screen before every
# bid and a reveal), the journal and the serial link on.
LONGEST = ("wizard", 6, {"bidding": "hidden"})


class _Recorder(Session):
    """A Session that writes each press down as a letter."""

    def __init__(self):
        Session.__init__(self, record=False)
        self.keys = []
        self.in_play = []  # per press: a game in play after it

    def press(self, name, kind=1):
        letter = KEYS[NAMES.index(name)]
        self.keys.append(letter.upper() if kind == LONG else letter)
        n = Session.press(self, name, kind)
        g = self.app.game
        self.in_play.append(g is not None and not g.finished)
        return n


def keys_for(game, players, settings, hands):
    """The key letters that start ``game`` from home and enter ``hands``
    (record hands) until the game ends; returns (keys, session) where the
    session is the CPython run, for comparing end states."""
    return games_keys([(game, players, settings, hands)])


def games_keys(plan):
    """The key letters that play every game of ``plan`` ([game, players,
    settings, hands], one after another from a fresh board, as
    tests/payloads/app_game.py plays them: a game left unfinished when its
    hands run out is left for the home menu before the next); returns
    (keys, session).
    ``session.game`` is the last game, ``session.in_play[i]`` whether a
    game was in play after press ``i``."""
    s = _Recorder()
    for i, (game, players, settings, hands) in enumerate(plan):
        if i and not s.game.finished:
            s.home()
        s.start_game(game, players, settings)
        s.game = s.app.game  # the app lets it go on the home menu once over
        for hand in hands:
            if s.game.finished:
                break
            s.play_hand(hand)
    return "".join(s.keys), s


def longest_game(seed=2024):
    """(keys, CPython session) of the LONGEST game with corpus hands."""
    game, players, settings = LONGEST
    hands = corpus(game, seed=seed, games=1, n=players)[0]
    return keys_for(game, players, settings, hands)


def board_data(keys, link=True, i2c=False, flash="tt_flash"):
    """tt_data.json for board_game.py."""
    return json.dumps({"keys": keys, "flash": flash, "link": link, "i2c": i2c})


def end_state(session):
    """What board_game.py prints as ``end`` for the same game on CPython
    (without ``modules``)."""
    app = session.app
    g = session.game
    return {"screen": app.screen.__class__.__name__, "hands": len(g.hands), "finished": g.finished,
            "totals": list(g.totals)}
