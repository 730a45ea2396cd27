# SPDX-License-Identifier: MIT
"""Taking entries back: ``Game.undo`` and ``Game.last_entry``.

Kept apart from game.py and imported on the first undo: it is rare, and on
the board every line of a loaded module takes RAM for as long as it stays
loaded. These functions belong to ``Game`` and use its private state as its
methods would.

The undo log (``game._log``) holds, oldest first: an int
``hand index * game._STEPS + step`` for an ordinary entry; ``(kind, hand index,
value it replaced)`` for a kind entered out of order (Game.FREE: Wizard's
trump); ``("amend", hand index, the hand's record before)`` for an
amendment (tricktally.amend).
"""


def _seat(game, hand, step):
    # The seat that makes step ``step`` of ``hand`` (None for the whole hand).
    offset = game._offsets[step]
    return None if offset < 0 else (hand.dealer + 1 + offset) % game.n


def undo(game):
    """``game.undo()``: take back the last entry (or amendment); False when
    there is none."""
    if not game._log:
        return False
    last = game._log.pop()
    if isinstance(last, int):
        what, index, detail = None, last // game._STEPS, last % game._STEPS
    else:
        what, index, detail = last
    if what == "amend":
        from tricktally.amend import replace_hand

        replace_hand(game, index, detail)
        return True
    if game.current is None or game.current.index != index:
        # The entry completed a hand: reopen it.
        hand = game.hands.pop()
        hand.scores = hand.totals = hand.bags = None
        if game.hands:
            game.totals = game.hands[-1].totals
            game.bags = game.hands[-1].bags
        else:
            game.totals = [0] * len(game.sides)
            game.bags = [0] * len(game.sides)
        game.finished = False
        game.winners = []
        game.current = hand
        game.hand_number = hand.index + 1
        game.dealer = hand.dealer
        game.cards = game.cards_for(hand.index)
    hand = game.current
    if what is not None:
        hand.values[what] = detail
        return True
    hand.taken_count -= 1
    step = hand.taken[hand.taken_count]
    kind = game._kinds[step]
    seat = _seat(game, hand, step)
    if seat is None:
        hand.values[kind] = None
    else:
        hand.values[kind][seat] = None
    game._step = step
    game.kind = kind
    game.seat = seat
    return True


def last_entry(game):
    """``game.last_entry()``: the entry ``undo`` would take back."""
    if not game._log:
        return None
    last = game._log[-1]
    if isinstance(last, int):
        index, step = last // game._STEPS, last % game._STEPS
        hand = game.current if game.current is not None and game.current.index == index else game.hands[index]
        kind = game._kinds[step]
        seat = _seat(game, hand, step)
        return (kind, seat, hand.get(kind, seat))
    what, index, detail = last
    if what == "amend":
        return ("amend", None, index)
    return (what, None, game.current.values[what])
