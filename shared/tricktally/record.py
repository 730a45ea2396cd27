# SPDX-License-Identifier: MIT
"""Game records (format ``tricktally/1``, docs/RECORD.md) and the scored summary.

A record is a plain dict (what ``json.loads`` gives); reading one rebuilds the
game through the rules, so a record that breaks a rule raises RuleError naming
the hand, the seat and the rule.

The record form of one hand of each game (``Game.hand_to_dict`` and
``Game.dict_to_entries``) lives here too: the board needs it only to amend a
hand or to journal a game that already has hands, so it is not kept in RAM
while a game is played. So does ``Game.legal_values``, which only the PC's
tools and the tests ask.
"""

from tricktally import FORMAT, RuleError, new_game

# tricktally.spades.BLIND_NIL, not imported from there: amending a Wizard
# hand on the board must not load the Spades rules.
BLIND_NIL = -1

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
    """The scored game as ``tricktally score --json`` prints it (docs/RECORD.md)."""
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


def hand_to_dict(game, hand):
    """``game.hand_to_dict(hand)``: the record form of complete ``hand``."""
    values = hand.values
    if game.NAME == "hearts":
        out = {"hearts": list(values["hearts"]), "queen": values["queen"]}
        for key in ("jack", "moon"):
            if values[key] is not None:
                out[key] = values[key]
        return out
    bids = values["bid"]
    out = {"bids": [0 if b == BLIND_NIL else b for b in bids], "tricks": list(values["tricks"])}
    if game.NAME == "spades":
        if BLIND_NIL in bids:
            out["blind"] = [b == BLIND_NIL for b in bids]
    elif values["trump"] is not None:
        out["trump"] = values["trump"]
    return out


def dict_to_entries(game, data, number):
    """``game.dict_to_entries(data, number)``: the entries ``(kind, seat,
    value)``, in order, that make record hand ``data`` (hand ``number``,
    1-based). Raises RuleError when the record is malformed; the rules of
    each entry are checked when it is entered."""
    order = game.bid_order((game.first_dealer + number - 1) % game.n)
    out = []
    if game.NAME == "hearts":
        hearts = _seat_list(game, data, "hearts", number)
        for s in order:
            out.append(("hearts", s, hearts[s]))
        out.append(("queen", None, _seat_value(data, "queen", number)))
        if game.settings["omnibus"]:
            out.append(("jack", None, _seat_value(data, "jack", number)))
        elif data.get("jack") is not None:
            raise RuleError("jack is recorded but omnibus is off", hand=number, rule="omnibus")
        moon = data.get("moon")
        if game.settings["moon"] == "choice":
            queen = data.get("queen")
            if isinstance(queen, int) and 0 <= queen < game.n and hearts[queen] == 13:
                if moon is None:
                    raise RuleError("a moon was shot: the record must say moon others_plus or self_minus", hand=number, rule="moon")
                out.append(("moon", None, moon))
            elif moon is not None:
                raise RuleError("moon is recorded but nobody shot the moon", hand=number, rule="moon")
        elif moon is not None:
            raise RuleError("moon is recorded but the moon setting is %s, not choice" % game.settings["moon"], hand=number, rule="moon")
        return out
    bids = _seat_list(game, data, "bids", number)
    tricks = _seat_list(game, data, "tricks", number)
    if game.NAME == "spades":
        blind = data.get("blind")
        if blind is not None:
            if not isinstance(blind, list) or len(blind) != game.n or [b for b in blind if not isinstance(b, bool)]:
                raise RuleError("blind must list true or false for each of the %d seats" % game.n, hand=number, rule="record")
    else:
        blind = None
        trump = data.get("trump")
        if trump is not None:
            if trump not in ("S", "H", "D", "C", "none"):
                raise RuleError("trump is one of S, H, D, C or none, not %r" % (trump,), hand=number, rule="trump")
            out.append(("trump", None, trump))
    for s in order:
        b = bids[s]
        if blind is not None and blind[s]:
            if b != 0:
                raise RuleError("a blind nil bid must be 0, not %r" % (b,), hand=number, seat=s, rule="blind_nil")
            b = BLIND_NIL
        out.append(("bid", s, b))
    if game.settings.get("bidding") == "delayed":
        out.append(("first_card", None, 1))
    for s in order:
        out.append(("tricks", s, tricks[s]))
    return out


def _seat_list(game, data, key, number):
    # The per-seat list data[key] of a record hand, checked for shape.
    if not isinstance(data, dict):
        raise RuleError("a hand must be an object, not %r" % (data,), hand=number, rule="record")
    values = data.get(key)
    if not isinstance(values, list) or len(values) != game.n:
        raise RuleError("%s must list one whole number for each of the %d seats" % (key, game.n), hand=number, rule="record")
    for s in range(game.n):
        v = values[s]
        if not isinstance(v, int) or isinstance(v, bool):
            raise RuleError("%s must be whole numbers, not %r" % (key, v), hand=number, seat=s, rule="record")
    return values


def _seat_value(data, key, number):
    # The seat that took the queen or the jack, in a record hand.
    value = data.get(key)
    if value is None:
        raise RuleError("the record must say which seat took the %s" % key, hand=number, rule="record")
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("%s must be a seat number, not %r" % (key, value), hand=number, rule="record")
    return value


def current_entries(game):
    """Game.current_entries: the entries ``(kind, seat, value)`` of the
    hand in progress, in the order they were made (here, not in
    tricktally.game: a game in play never asks)."""
    hand = game.current
    out = []
    if hand is None:
        return out
    for kind in game.FREE:
        if hand.values[kind] is not None:
            out.append((kind, None, hand.values[kind]))
    for i in range(hand.taken_count):
        step = hand.taken[i]
        kind = game._kinds[step]
        offset = game._offsets[step]
        seat = None if offset < 0 else (hand.dealer + 1 + offset) % game.n
        out.append((kind, seat, hand.get(kind, seat)))
    return out


def legal_values(game, kind=None):
    """``game.legal_values(kind)``: every value that may be entered now for
    ``kind`` (default: the expected step), as ``game.enter`` would take it."""
    kind = kind or game.kind
    out = []
    if game.current is None or kind is None:
        return out
    seat = None if kind in game.FREE else game.seat
    b = game.bounds(kind)
    for v in range(b[0], b[1] + 1) if len(b) == 2 and isinstance(b[0], int) else b:
        try:
            game._check(game.current, kind, seat, v)
            out.append(v)
        except RuleError:
            pass
    return out
