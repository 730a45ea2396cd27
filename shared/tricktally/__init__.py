# SPDX-License-Identifier: MIT
"""TrickTally rules and scoring core: Joker Spades, Wizard and Hearts.

Pure Python that runs unchanged on MicroPython and CPython. It takes values
and returns results or raises RuleError; it knows nothing of buttons,
screens, files or ports.
"""

from tricktally.errors import RuleError

__version__ = "0.1.0"
FORMAT = "tricktally/1"
GAME_NAMES = ("spades", "wizard", "hearts")


def game_class(name):
    """The Game subclass for a game name (imported on demand to save RAM on the board)."""
    if name == "spades":
        from tricktally.spades import Spades

        return Spades
    if name == "wizard":
        from tricktally.wizard import Wizard

        return Wizard
    if name == "hearts":
        from tricktally.hearts import Hearts

        return Hearts
    raise RuleError("unknown game %r (spades, wizard or hearts)" % (name,), rule="game")


def new_game(name, players, first_dealer=0, settings=None):
    """Start a game of ``name`` for ``players`` (names, in seat order)."""
    return game_class(name)(players, first_dealer, settings)
