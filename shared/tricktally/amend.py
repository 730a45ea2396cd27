# SPDX-License-Identifier: MIT
"""Amending a complete hand: ``Game.amend``, and what takes it back.

Kept apart from game.py and imported on the first amendment: amending is
rare, and on the board every line of a loaded module takes RAM for as long
as it stays loaded. These functions belong to ``Game`` and use its private
state (the undo log, tricktally.undo) as its methods would.
"""

from tricktally import RuleError


def amend(game, index, data):
    """``game.amend(index, data)``: replace complete hand ``index`` by
    record hand ``data``, rescoring every later hand, and log it for undo."""
    if not isinstance(index, int) or not 0 <= index < len(game.hands):
        raise RuleError(
            "there is no complete hand %r to amend" % (index + 1 if isinstance(index, int) else index),
            rule="amend",
        )
    old = game.hand_to_dict(game.hands[index])
    replace_hand(game, index, data)
    game._log.append(("amend", index, old))


def replace_hand(game, index, data):
    """Replay ``game`` with hand ``index`` replaced by record hand ``data``
    (and the entries of the hand in progress after it); ``game`` takes the
    result, or is left unchanged when a rule refuses it."""
    records = []
    for i in range(len(game.hands)):
        records.append(data if i == index else game.hand_to_dict(game.hands[i]))
    rebuilt = game.__class__(game.players, game.first_dealer, game.settings)
    for i in range(len(records)):
        if rebuilt.current is None:
            raise RuleError("the game would end before this hand", hand=i + 1, rule="game_over")
        for kind, seat, value in rebuilt.dict_to_entries(records[i], i + 1):
            rebuilt.enter(kind, seat, value)
    for kind, seat, value in game.current_entries():
        if rebuilt.current is None:
            raise RuleError("the game would end before this hand", hand=len(records) + 1, rule="game_over")
        rebuilt.enter(kind, seat, value)
    for name in ("hands", "current", "totals", "bags", "finished", "winners", "kind", "seat", "_step",
                 "hand_number", "dealer", "cards"):
        setattr(game, name, getattr(rebuilt, name))
