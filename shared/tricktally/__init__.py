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
# its own.
class RuleError(ValueError):
    """An entry, setting or record breaks a rule of the game.

    ``hand`` is 1-based (0 when the error is not about a hand), ``seat`` is
    the seat concerned or None (``name``: that player's name), ``rule`` a
    short name of the rule (a setting name such as ``even_bids``, or one of
    the checks such as ``tricks_total``). Its text (``str(error)``) always
    names all three, so it can be shown as it is.

    ``message`` is the text itself, or, with ``fill``, the key of a text in
    tricktally.messages and the values that fill it in: the rules raise
    those, so that the texts stay out of RAM on the board, which shows the
    rule in the player's language instead.
    """

    def __init__(self, message, hand=0, seat=None, rule="", name=None, fill=None):
        # MicroPython prints an uncaught exception from its arguments, not
        # from __str__: the key and its values then show in the traceback.
        if fill is None:
            super().__init__(message)
        else:
            super().__init__(message, fill)
        self.hand = hand
        self.seat = seat
        self.rule = rule
        self.name = name
        self.fill = fill

    def __str__(self):
        from tricktally.messages import text

        return text(self)


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
        raise RuleError("game", rule="game", fill=(name,))
    return cls(players, first_dealer, settings)
