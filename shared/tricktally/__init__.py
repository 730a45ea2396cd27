# SPDX-License-Identifier: MIT
"""TrickTally rules and scoring core: Joker Spades, Wizard and Hearts.

Pure Python that runs unchanged on MicroPython and CPython. It takes values
and returns results or raises RuleError; it knows nothing of buttons,
screens, files or ports.

What a game needs while it is played lives in game.py and the game's own
module (spades.py, wizard.py, hearts.py); what only the PC, the menus,
amending or taking back need is loaded when it is used (record.py,
amend.py, settings.py), so that the board's RAM holds little during play
(docs/MEMORY.md).
"""

__version__ = "0.1.0"
FORMAT = "tricktally/1"
GAME_NAMES = ("spades", "wizard", "hearts")


# RuleError lives here rather than in a module of its own: every user of
# the core needs it, and on MicroPython each module costs heap blocks of
# its own (tricktally.errors still names it, for old imports).
class RuleError(ValueError):
    """An entry, setting or record breaks a rule of the game.

    ``hand`` is 1-based (0 when the error is not about a hand), ``seat`` is
    the seat concerned or None, ``rule`` a short name of the rule (a setting
    name such as ``even_bids``, or one of the checks such as ``tricks_total``).
    The message (``str(error)``, also ``message``) always names all three,
    so it can be shown as it is.
    """

    def __init__(self, message, hand=0, seat=None, rule="", name=None):
        where = "hand %d" % hand if hand else ""
        if seat is not None:
            where += (", " if where else "") + ("seat %d (%s)" % (seat, name) if name else "seat %d" % seat)
        if where:
            message = where + ": " + message
        if rule:
            message += " [rule: " + rule + "]"
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.seat = seat
        self.rule = rule


def new_game(name, players, first_dealer=0, settings=None):
    """Start a game of ``name`` (spades, wizard or hearts) for ``players``
    (names, in seat order). Each game's module is imported when its first
    game starts, so the board holds only the rules of the game in play."""
    if name == "spades":
        from tricktally.spades import Spades as cls
    elif name == "wizard":
        from tricktally.wizard import Wizard as cls
    elif name == "hearts":
        from tricktally.hearts import Hearts as cls
    else:
        raise RuleError("unknown game %r (spades, wizard or hearts)" % (name,), rule="game")
    return cls(players, first_dealer, settings)
