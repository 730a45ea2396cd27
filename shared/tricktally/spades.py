# SPDX-License-Identifier: MIT
"""Joker Spades (RULES.md, seeds 000-002): bids, tricks, bags, nil, partners."""

from tricktally.game import Game

# The bid value that means a blind nil (a record stores it as bid 0 with
# "blind": true).
BLIND_NIL = -1


class Spades(Game):
    """A game of Joker Spades for 2 to 5 players, or two partnerships of two
    (setting ``partners``, which Game reads)."""

    NAME = "spades"
    PLAN = ("bid", "tricks")
    PER_SEAT = PLAN
    # Tricks in a hand by player count: the deck (52 + 2 jokers) less the
    # removed cards, divided evenly: 26, 18, 13 or 10 for 2 to 5 players.
    DEAL = b"\x00\x00\x1a\x12\x0d\x0a"
    # A shared highest total at the target: one more hand (seed rule).
    TIE = "play_on"

    # Both ranges are fixed for a game: made on first use, not per entry.
    _ranges = None

    def bounds(self, kind=None):
        """The range ``(low, high)`` of a bid or a trick count."""
        if self.current is None:
            return (0, -1)
        r = self._ranges
        if r is None:
            low = BLIND_NIL if self.settings["blind_nil"] else (0 if self.settings["nil"] else 1)
            r = self._ranges = ((low, self.cards), (0, self.cards))
        return r[0] if (kind or self.kind) == "bid" else r[1]

    def _check(self, hand, kind, seat, value):
        total = self.cards
        if not isinstance(value, int):
            raise self._error("whole", seat, kind, value)
        if kind == "tricks":
            if not 0 <= value <= total:
                raise self._error("tricks_out", seat, "tricks_range", total, value)
            self._check_sum(hand, "tricks", seat, value, total)
        elif value == BLIND_NIL:
            if not self.settings["blind_nil"]:
                raise self._error("blind_nil", seat, "blind_nil")
        elif value == 0:
            if not self.settings["nil"]:
                raise self._error("nil", seat, "nil", total)
        elif not 1 <= value <= total:
            raise self._error("bid_range", seat, "bid_range", 0 if self.settings["nil"] else 1, total, value)

    def _score(self, hand):
        # A side's contract is its bids that are not nil; made, it scores 10
        # a trick bid plus 1 a bag (overtrick); set, 0 or -10 a trick bid
        # (setting ``set_penalty``). A side of nil bidders has no contract:
        # each trick is a bag. Each nil is worth +-100 (blind +-200), and with
        # ``bags`` on every 10 bags cost 100 points.
        sides = len(self.sides)
        scores = [0] * sides
        totals = [0] * sides
        bags = [0] * sides
        bids = hand.values["bid"]
        tricks = hand.values["tricks"]
        for i in range(sides):
            contract = 0
            took = 0
            points = 0
            for s in self.sides[i]:
                took += tricks[s]
                b = bids[s]
                if b > 0:
                    contract += b
                else:
                    bonus = 200 if b == BLIND_NIL else 100
                    points += bonus if tricks[s] == 0 else -bonus
            over = took
            if contract > 0:
                if took >= contract:
                    over = took - contract
                    points += 10 * contract + over
                else:
                    over = 0
                    if self.settings["set_penalty"] == "minus_bid":
                        points -= 10 * contract
            else:
                points += took
            count = self.bags[i] + over
            if self.settings["bags"]:
                while count >= 10:
                    points -= 100
                    count -= 10
            scores[i] = points
            totals[i] = self.totals[i] + points
            bags[i] = count
        hand.scores = scores
        hand.totals = totals
        hand.bags = bags
