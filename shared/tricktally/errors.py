# SPDX-License-Identifier: MIT
"""The one error the core raises: an entry or a record that breaks a rule."""


class RuleError(ValueError):
    """An entry, setting or record breaks a rule of the game.

    ``hand`` is 1-based (0 when the error is not about a hand), ``seat`` is
    the seat concerned or None, ``rule`` a short name of the rule (a setting
    name such as ``even_bids``, or one of the checks such as ``tricks_total``).
    The message always names all three, so it can be shown as it is.
    """

    def __init__(self, message, hand=0, seat=None, rule="", name=None):
        where = []
        if hand:
            where.append("hand %d" % hand)
        if seat is not None:
            if name:
                where.append("seat %d (%s)" % (seat, name))
            else:
                where.append("seat %d" % seat)
        if where:
            message = ", ".join(where) + ": " + message
        if rule:
            message = message + " [rule: " + rule + "]"
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.seat = seat
        self.rule = rule

    def __str__(self):
        return self.message
