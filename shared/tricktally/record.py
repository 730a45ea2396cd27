# SPDX-License-Identifier: MIT
"""Game records (format ``tricktally/1``, DESIGN.md) and the scored summary.

A record is a plain dict (what ``json.loads`` gives); reading one rebuilds the
game through the rules, so a record that breaks a rule raises RuleError naming
the hand, the seat and the rule.
"""

from tricktally import FORMAT, new_game
from tricktally.errors import RuleError

# Keys a game record may carry that the core does not read itself; any other
# unknown key is ignored too (DESIGN.md), these are just the known ones.
CURRENT = "current"


def to_record(game):
    """The ``tricktally/1`` record of ``game``: complete hands, plus the entries
    of an unfinished hand under ``current`` (a list of ``[kind, seat, value]``)."""
    rec = {
        "format": FORMAT,
        "game": game.NAME,
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "settings": _non_player_settings(game.settings),
        "hands": [game.hand_to_dict(h) for h in game.hands],
    }
    current = game.current_entries()
    if current:
        rec[CURRENT] = [[kind, seat, value] for kind, seat, value in current]
    return rec


def _non_player_settings(settings):
    out = {}
    for name in settings:
        if name != "players":
            out[name] = settings[name]
    return out


def from_record(rec):
    """Rebuild a game from record ``rec``. Raises RuleError if it breaks a rule."""
    if not isinstance(rec, dict):
        raise RuleError("a record must be a JSON object", rule="record")
    if rec.get("format", FORMAT) != FORMAT:
        raise RuleError("format %r is not %s" % (rec.get("format"), FORMAT), rule="format")
    name = rec.get("game")
    players = rec.get("players")
    if not isinstance(players, list):
        raise RuleError("players must be a list of names", rule="players")
    game = new_game(name, players, rec.get("first_dealer", 0), rec.get("settings") or {})
    hands = rec.get("hands", [])
    if not isinstance(hands, list):
        raise RuleError("hands must be a list", rule="record")
    for i in range(len(hands)):
        if game.current is None:
            raise RuleError("the game had already ended after hand %d" % len(game.hands), hand=i + 1, rule="game_over")
        for kind, seat, value in game.dict_to_entries(hands[i], i + 1):
            game.enter(kind, seat, value)
    current = rec.get(CURRENT)
    if current:
        if not isinstance(current, list):
            raise RuleError("current must be a list of [kind, seat, value]", hand=len(hands) + 1, rule="record")
        for entry in current:
            if not isinstance(entry, list) or len(entry) != 3:
                raise RuleError("current must be a list of [kind, seat, value]", hand=len(hands) + 1, rule="record")
            game.enter(entry[0], entry[1], entry[2])
    return game


def summary(game):
    """The scored game as ``tricktally score --json`` prints it (DESIGN.md)."""
    hands = []
    for h in game.hands:
        row = {"scores": list(h.scores), "totals": list(h.totals)}
        if game.NAME == "spades":
            row["bags"] = list(h.bags)
        hands.append(row)
    return {
        "game": game.NAME,
        "sides": [list(s) for s in game.sides],
        "hands": hands,
        "totals": list(game.totals),
        "finished": game.finished,
        "winners": list(game.winners),
    }
