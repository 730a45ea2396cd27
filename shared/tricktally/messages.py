# SPDX-License-Identifier: MIT
"""The English text of the core's refusals (``str(RuleError)``).

The rules raise ``RuleError(key, ..., fill=values)``, shown as
``TEXT[key] % values``. The texts live here, loaded only when a refusal's
text is asked for (the PC, a log), not in the modules a game keeps in RAM on
the board: the board's screen never shows them, it translates the rule
(tallyboard.notes.explain). The PC's own refusals (records, amending) keep
their text where they are raised.
"""


def show(value):
    """A setting's value as RULES.md writes it: true, false, a number or a word."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else repr(value)


def text(error):
    """The text of RuleError ``error``: where (hand, seat and name), what,
    and the rule."""
    out = error.args[0]
    if error.fill is not None:
        out = TEXT[out] % error.fill
    where = "hand %d" % error.hand if error.hand else ""
    if error.seat is not None:
        where += ", " if where else ""
        where += "seat %d (%s)" % (error.seat, error.name) if error.name else "seat %d" % error.seat
    if where:
        out = where + ": " + out
    return out + " [rule: " + error.rule + "]" if error.rule else out


TEXT = {
    # the game and its players (tricktally, game.py, settings.py)
    "game": "unknown game %r (spades, wizard or hearts)",
    "players": "players must be a list of names",
    "name": "every player needs a name (got %r)",
    "first_dealer": "first_dealer must be a seat from 0 to %d, not %r",
    "seat": "no seat %r",
    # settings.py
    "settings": "settings must be an object of name: value",
    "count": "%s is for %s players, not %d",
    "named": "setting players is %s but %d players are named",
    "setting": "setting %s of %s cannot be %s (allowed: %s)",
    "no_setting": "%s has no setting %r",
    "partners": "partners needs exactly 4 players",
    "needs_nil": "blind_nil needs nil",
    # every game's entries (game.py)
    "game_over": "the game has ended; no more entries",
    "free_seat": "%s is entered for the hand, not for a seat",
    "order": "expected the %s, not %s",
    "order_seat": "expected the %s of seat %d (%s), not %s",
    "not_value": "%r is not a %s",
    "whole": "%r is not a whole number",
    "sum_over": "%s add up to %d, more than the %d in the hand",
    "sum_short": "%s add up to %d; they must add up to %d, so this one must be %d",
    # spades.py
    "tricks_out": "tricks taken are 0 to %d, not %d",
    "blind_nil": "blind nil is not allowed (blind_nil is off)",
    "nil": "a bid is 1 to %d; nil is off, so 0 is not allowed",
    "bid_range": "a bid is %d to %d, not %d",
    # wizard.py
    "trump": "trump is one of S, H, D, C or none, not %r",
    "last_trump": "the last round deals every card, so it has no trump",
    "first_card": "first_card is entered as 1",
    "round_out": "%s in round %d are 0 to %d, not %d",
    "even_bids": "bid %d would make the bids add up to %d, the cards dealt; forbidden by even_bids=%s",
    # hearts.py
    "moon": "the moon choice is others_plus or self_minus, not %r",
    "hearts_out": "hearts taken are 0 to 13, not %d",
    "taken_by": "%s is taken by a seat from 0 to %d, not %d",
}
