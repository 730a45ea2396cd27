# SPDX-License-Identifier: MIT
"""A stored game's record with the director's amendments applied (pure:
no database). The stored record is never changed: a copy is amended, and
the rules core scores the copy (tricktally.record.from_record), so an
amended game is scored by the same code as every other.

An amendment changes one value of one complete hand, in the record's own
terms (docs/RECORD.md): a seat's ``bids``, ``tricks``, ``hearts`` or
``blind`` (Spades' blind nil; ``player`` names the seat, or None for
the list of every seat's, in seat order: Wizard's tricks add up to the
cards dealt, so moving a trick changes two at once), or the hand's
``trump`` (Wizard), ``queen`` or ``jack`` (Hearts: the value is the name
of the player who took it) or ``moon`` (Hearts, moon ``choice``).
"""

import copy

from tricktally import RuleError
from tricktally.record import from_record

# The fields an amendment may change, per game, and whether they are a seat's.
FIELDS = {
    "wizard": {"bids": True, "tricks": True, "trump": False},
    "spades": {"bids": True, "tricks": True, "blind": True},
    "hearts": {"hearts": True, "queen": False, "jack": False, "moon": False},
}
# The longest word a field takes (trump, moon) or name (queen, jack).
MAX_WORD = 20
# Fields whose value is a player (stored in the record as the seat).
_PLAYER_VALUES = ("queen", "jack")


class AmendError(ValueError):
    """An amendment that cannot apply to the game; str() is one line."""


def _hand(record, number):
    hands = record.get("hands") or []
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(hands):
        raise AmendError("hand %s is not a complete hand of this game (it has %d)" % (number, len(hands)))
    if not isinstance(hands[number - 1], dict):
        raise AmendError("hand %d of the stored record is damaged" % number)
    return hands[number - 1]


def _seat(record, player):
    players = record.get("players") or []
    if player not in players:
        raise AmendError("%.40r does not play in this game (%s)" % (player, ", ".join(map(str, players))))
    return players.index(player)


def _per_seat(record, field):
    """True when ``field`` is a seat's in ``record``'s game, False when the
    hand's; AmendError when the game has no such field."""
    fields = FIELDS.get(record.get("game"), {})
    if field not in fields:
        raise AmendError("%s has no field %.30r to amend (its fields: %s)"
                         % (record.get("game"), field, ", ".join(sorted(fields))))
    return fields[field]


def _check_field(record, field, player):
    per_seat = _per_seat(record, field)
    if not per_seat and player is not None:
        raise AmendError("%s is the hand's, not a player's" % field)
    return per_seat


def value_of(record, hand, player, field):
    """The value of ``field`` (a player's when ``player`` is given) in
    complete hand ``hand`` (1-based) of ``record``, as an amendment gives it
    (a player's name for queen and jack); None when the hand has none."""
    per_seat = _check_field(record, field, player)
    data = _hand(record, hand)
    if per_seat and player is None:
        values = data.get(field)
        return list(values) if isinstance(values, list) else None
    if per_seat:
        values = data.get(field)
        seat = _seat(record, player)
        return values[seat] if isinstance(values, list) and seat < len(values) else None
    value = data.get(field)
    if field in _PLAYER_VALUES and isinstance(value, int) and 0 <= value < len(record["players"]):
        return record["players"][value]
    return value


def set_value(record, hand, player, field, value):
    """A copy of ``record`` with ``field`` of hand ``hand`` set to ``value``
    (no rule checked: :func:`apply` scores it)."""
    per_seat = _check_field(record, field, player)
    out = copy.deepcopy(record)
    data = _hand(out, hand)
    if per_seat and player is None:
        if not isinstance(value, list) or len(value) != len(out["players"]):
            raise AmendError("%s of every seat is a list of %d values" % (field, len(out["players"])))
        data[field] = list(value)
    elif per_seat:
        seat = _seat(out, player)
        values = data.get(field)
        if not isinstance(values, list) or len(values) != len(out["players"]):
            values = [False] * len(out["players"]) if field == "blind" else None
            if values is None:
                raise AmendError("hand %d has no %s to amend" % (hand, field))
        values = list(values)
        values[seat] = value
        data[field] = values
    elif field in _PLAYER_VALUES:
        data[field] = _seat(out, value)
    else:
        data[field] = value
    return out


def coerce(record, field, value, player=None):
    """``value`` (as a form gives it: text, or already typed) in the type
    ``field`` takes: a whole number (bids, tricks, hearts), yes or no
    (blind), a player's name (queen, jack) or a word (trump, moon); for a
    seat's field without ``player``, a list of them (text: separated by
    commas or spaces)."""
    if _per_seat(record, field) and player is None:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, (list, tuple)):
            raise AmendError("%s of every seat is a list of values" % field)
        return [_one(field, v) for v in value]
    return _one(field, value)


def _one(field, value):
    if field in ("bids", "tricks", "hearts"):
        if isinstance(value, bool) or not isinstance(value, int):
            text = str(value).strip()
            if not text.isdigit() or not text.isascii() or len(text) > 3:
                raise AmendError("%s is a whole number, not %.20r" % (field, value))
            value = int(text)
        return value
    if field == "blind":
        words = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
        if not isinstance(value, bool):
            value = words.get(str(value).strip().lower())
            if value is None:
                raise AmendError("blind is yes or no")
        return value
    if not isinstance(value, str) or len(value) > MAX_WORD:
        raise AmendError("%s is a word of at most %d characters, not %.20r" % (field, MAX_WORD, value))
    return value.strip()


def check(record, hand, player, field, value):
    """Raise AmendError or RuleError (naming the hand, seat and rule)
    unless ``record`` amended so is a game the rules accept."""
    from_record(set_value(record, hand, player, field, value))


def apply(record, amendments):
    """``(record, game, applied, refused)``: ``record`` with every
    amendment (dicts hand, player, field, new; in order) that still
    holds applied; the core's game of it; the amendments applied; and
    ``[(amendment, reason)]`` of those the rules refuse now (the board's
    record changed under them, say): kept, shown, never applied."""
    game = from_record(record)
    applied, refused = [], []
    for a in amendments:
        try:
            changed = set_value(record, a["hand"], a["player"], a["field"], a["new"])
            changed_game = from_record(changed)
        except (RuleError, ValueError, TypeError) as e:
            refused.append((a, str(e)))
            continue
        record, game = changed, changed_game
        applied.append(a)
    return record, game, applied, refused
