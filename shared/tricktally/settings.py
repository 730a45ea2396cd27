# SPDX-License-Identifier: MIT
"""Every setting of every game, with its canonical name, values and default.

The names and values are those of RULES.md; the record format and the device
use exactly these. Each table row is ``(name, values, open)``: ``values`` lists
the choices with the default first, and ``open`` is True when any positive
whole number is allowed as well (targets).
"""

from tricktally.errors import RuleError

SPADES = (
    ("partners", (False, True), False),
    ("target", (500, 200), True),
    ("bags", (False, True), False),
    ("set_penalty", ("zero", "minus_bid"), False),
    ("nil", (False, True), False),
    ("blind_nil", (False, True), False),
)

WIZARD = (
    ("even_bids", ("allowed", "canadian", "canadian_zero", "never"), False),
    ("bidding", ("open", "hidden", "delayed"), False),
)

HEARTS = (
    ("target", (50, 100), True),
    ("moon", ("others_plus", "self_minus", "choice"), False),
    ("omnibus", (False, True), False),
    ("passing", ("rotate", "left", "none"), False),
    ("tie", ("play_on", "shared"), False),
)

# Player counts, default first (the `players` setting).
PLAYERS = {
    "spades": (4, 2, 3, 5),
    "wizard": (4, 3, 5, 6),
    "hearts": (4, 3, 5),
}

TABLES = {"spades": SPADES, "wizard": WIZARD, "hearts": HEARTS}


def table(game):
    """Return the settings table of ``game`` (a game name)."""
    if game not in TABLES:
        raise RuleError("unknown game %r (spades, wizard or hearts)" % (game,), rule="game")
    return TABLES[game]


def _same(a, b):
    # True == 1 in Python: a boolean setting must not accept 1, nor a number True.
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _check_value(game, name, values, open_, value):
    for allowed in values:
        if _same(allowed, value):
            return value
    if open_ and isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    shown = ", ".join([_show(v) for v in values])
    if open_:
        shown += " or any positive whole number"
    raise RuleError(
        "setting %s of %s cannot be %s (allowed: %s)" % (name, game, _show(value), shown),
        rule=name,
    )


def _show(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return value
    return repr(value)


def complete(game, given, players):
    """Check ``given`` settings for ``game`` with ``players`` players.

    Returns a new dict holding every setting of the game (missing ones take
    their default, and ``players`` is the player count). Raises RuleError for
    an unknown setting, a value the setting does not have, a player count the
    game does not allow, or a combination the rules forbid.
    """
    rows = table(game)
    given = given or {}
    if not isinstance(given, dict):
        raise RuleError("settings must be an object of name: value", rule="settings")
    counts = PLAYERS[game]
    if players not in counts:
        raise RuleError(
            "%s is for %s players, not %d" % (game, ", ".join([str(c) for c in sorted(counts)]), players),
            rule="players",
        )
    if "players" in given and not _same(given["players"], players):
        raise RuleError(
            "setting players is %s but %d players are named" % (_show(given["players"]), players),
            rule="players",
        )
    known = {"players": True}
    out = {"players": players}
    for name, values, open_ in rows:
        known[name] = True
        if name in given:
            out[name] = _check_value(game, name, values, open_, given[name])
        else:
            out[name] = values[0]
    for name in given:
        if name not in known:
            raise RuleError("%s has no setting %r" % (game, name), rule="settings")
    if game == "spades":
        if out["partners"] and players != 4:
            raise RuleError("partners needs exactly 4 players", rule="partners")
        if out["blind_nil"] and not out["nil"]:
            raise RuleError("blind_nil needs nil", rule="blind_nil")
    return out
