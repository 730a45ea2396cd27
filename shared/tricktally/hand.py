# SPDX-License-Identifier: MIT
"""One hand (a Wizard round): the values entered and, once complete, its score."""


class Hand:
    """What was entered for one hand, and its result once it is complete.

    ``taken`` lists the indexes of the game's steps entered so far (a step
    that does not apply, such as the moon choice when nobody shot the moon,
    is skipped). Values live in ``values[kind]``: a list per seat for
    per-seat kinds (bids, tricks, hearts), a single value for the others.
    """

    def __init__(self, index, dealer, seats, per_seat, single, steps):
        self.index = index
        self.dealer = dealer
        self.values = {}
        for kind in per_seat:
            self.values[kind] = [None] * seats
        for kind in single:
            self.values[kind] = None
        # Preallocated: growing a list per entry would reallocate, and on
        # MicroPython every freed block slows later allocations.
        self.taken = [0] * steps
        self.taken_count = 0
        self.scores = None
        self.totals = None
        self.bags = None

    def take(self, step):
        """Record that step ``step`` was entered."""
        self.taken[self.taken_count] = step
        self.taken_count += 1

    def untake(self):
        """Forget the last step entered and return it."""
        self.taken_count -= 1
        return self.taken[self.taken_count]

    def last_taken(self):
        """The last step entered, or -1."""
        if self.taken_count == 0:
            return -1
        return self.taken[self.taken_count - 1]

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
