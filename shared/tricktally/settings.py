# SPDX-License-Identifier: MIT
"""Every setting of every game, with its canonical name, values and default.

The names and values are those of RULES.md; the record format and the device
use exactly these. ``table(game)`` gives a game's rows ``(name, values,
open)``: ``values`` lists the choices with the default first, and ``open``
is True when any positive whole number is allowed as well (targets).
``complete`` checks the settings of a new game and fills in the defaults.
"""

from tricktally import RuleError

# The tables are written as text and read into rows when asked (``table``).
# A constant tuple is a heap object on MicroPython, kept as long as the
# module is loaded, and each small tuple or string in it takes 32-byte heap
# blocks: the three tables as nested tuples cost about 3 KB of RAM on the
# board for the whole time the app runs. As text they cost one string each;
# the rows are built only when a game starts or the new-game form opens.
#
# One setting per word: ``name=values`` (choices, comma separated, the
# default first) or ``name+values`` when any positive whole number is allowed
# as well. A value is true, false, a whole number, or a word.
TABLES = {
    "spades": "partners=false,true target+500,200 bags=false,true set_penalty=zero,minus_bid nil=false,true"
    " blind_nil=false,true",
    "wizard": "even_bids=allowed,canadian,canadian_zero,never bidding=open,hidden,delayed",
    "hearts": "target+50,100 moon=others_plus,self_minus,choice omnibus=false,true passing=rotate,left,none"
    " tie=play_on,shared",
}

# Player counts, default first (the `players` setting).
PLAYERS = {"spades": (4, 2, 3, 5), "wizard": (4, 3, 5, 6), "hearts": (4, 3, 5)}

# The rows of the game last asked for, as (game, rows): every game start
# and the new-game form ask again, and reading the text allocates about
# 3.5 KB (Spades) on the board each time; one game's rows are kept instead.
_last = None


def table(game):
    """Return the settings table of ``game`` (a game name): a tuple of rows
    ``(name, values, open)``."""
    global _last
    if game not in TABLES:
        raise RuleError("game", rule="game", fill=(game,))
    if _last is None or _last[0] != game:
        rows = []
        for word in TABLES[game].split():
            open_ = "+" in word
            name, spec = word.split("+" if open_ else "=")
            values = []
            for text in spec.split(","):
                # true, false, a whole number or a word
                if text == "true" or text == "false":
                    values.append(text == "true")
                elif text[0] in "0123456789":
                    values.append(int(text))
                else:
                    values.append(text)
            rows.append((name, tuple(values), open_))
        _last = (game, tuple(rows))
    return _last[1]


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
        raise RuleError("settings", rule="settings", fill=())
    counts = PLAYERS[game]
    if players not in counts:
        raise RuleError("count", rule="players", fill=(game, ", ".join([str(c) for c in sorted(counts)]), players))
    # True == 1 in Python: a boolean setting must not accept 1, nor a number True.
    if "players" in given and (given["players"] != players or isinstance(given["players"], bool)):
        from tricktally.messages import show

        raise RuleError("named", rule="players", fill=(show(given["players"]), players))
    out = {"players": players}
    for name, values, open_ in rows:
        value = given.get(name, values[0])
        for allowed in values:
            if value == allowed and isinstance(value, bool) == isinstance(allowed, bool):
                break
        else:
            if not (open_ and isinstance(value, int) and not isinstance(value, bool) and value > 0):
                from tricktally.messages import show

                shown = ", ".join([show(v) for v in values]) + (" or any positive whole number" if open_ else "")
                raise RuleError("setting", rule=name, fill=(name, game, show(value), shown))
        out[name] = value
    # ``out`` holds every name the game knows (and players).
    for name in given:
        if name not in out:
            raise RuleError("no_setting", rule="settings", fill=(game, name))
    if out.get("partners") and players != 4:
        raise RuleError("partners", rule="partners", fill=())
    if out.get("blind_nil") and not out["nil"]:
        raise RuleError("needs_nil", rule="blind_nil", fill=())
    return out
