# SPDX-License-Identifier: MIT
"""One hand (a Wizard round): the values entered and, once complete, its score."""


class Hand:
    """What was entered for one hand, and its result once it is complete.

    ``steps`` is the order in which entries are expected, a list of
    ``(kind, seat)``; ``taken`` lists the indexes of the steps entered so far
    (a step that does not apply, such as the moon choice when nobody shot the
    moon, is skipped). Values live in ``values[kind]``: a list per seat for
    per-seat kinds (bids, tricks, hearts), a single value for the others.
    """

    def __init__(self, index, dealer, seats, per_seat, single):
        self.index = index
        self.dealer = dealer
        self.values = {}
        for kind in per_seat:
            self.values[kind] = [None] * seats
        for kind in single:
            self.values[kind] = None
        self.steps = None
        self.taken = []
        self.scores = None
        self.totals = None
        self.bags = None

    def get(self, kind, seat=None):
        """The value of ``kind`` for ``seat`` (None for a single-value kind)."""
        value = self.values[kind]
        if seat is None:
            return value
        return value[seat]

    def put(self, kind, seat, value):
        """Store ``value`` (None clears it) for ``kind`` and ``seat``."""
        if seat is None:
            self.values[kind] = value
        else:
            self.values[kind][seat] = value

    def total(self, kind):
        """The sum of the per-seat values of ``kind`` entered so far."""
        s = 0
        for v in self.values[kind]:
            if v is not None:
                s += v
        return s

    def count(self, kind):
        """How many seats have a value for ``kind``."""
        c = 0
        for v in self.values[kind]:
            if v is not None:
                c += 1
        return c
