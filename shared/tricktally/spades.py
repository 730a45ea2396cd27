# SPDX-License-Identifier: MIT
"""Joker Spades (RULES.md, seeds 000-002): bids, tricks, bags, nil, partners."""

from tricktally.errors import RuleError
from tricktally.game import NOT_OVER, Game

# Tricks in a hand by player count: the deck (52 + 2 jokers) less the
# removed cards, divided evenly.
TRICKS = {2: 26, 3: 18, 4: 13, 5: 10}

# The bid value that means a blind nil (a record stores it as bid 0 with
# "blind": true).
BLIND_NIL = -1

NIL_BONUS = 100
BLIND_NIL_BONUS = 200
BAG_LIMIT = 10
BAG_PENALTY = 100


class Spades(Game):
    """A game of Joker Spades for 2 to 5 players, or two partnerships of two."""

    NAME = "spades"
    PER_SEAT = ("bid", "tricks")

    def _make_sides(self):
        if self.settings["partners"]:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.n)]

    def cards_for(self, index):
        return TRICKS[self.n]

    def _plan(self):
        return (("bid", True), ("tricks", True))

    # Both ranges are fixed for a game: made on first use, not per entry.
    _bid_range = None
    _trick_range = None

    def _bounds(self, hand, kind, seat):
        if self._bid_range is None:
            total = TRICKS[self.n]
            if self.settings["blind_nil"]:
                self._bid_range = (BLIND_NIL, total)
            else:
                self._bid_range = (0 if self.settings["nil"] else 1, total)
            self._trick_range = (0, total)
        return self._bid_range if kind == "bid" else self._trick_range

    def _check(self, hand, kind, seat, value):
        total = TRICKS[self.n]
        if not isinstance(value, int):
            raise self._error("%r is not a whole number" % (value,), seat, kind)
        if kind == "bid":
            if value == BLIND_NIL:
                if not self.settings["blind_nil"]:
                    raise self._error("blind nil is not allowed (blind_nil is off)", seat, "blind_nil")
            elif value == 0:
                if not self.settings["nil"]:
                    raise self._error("a bid is 1 to %d; nil is off, so 0 is not allowed" % total, seat, "nil")
            elif not 1 <= value <= total:
                raise self._error("a bid is %d to %d, not %d" % (0 if self.settings["nil"] else 1, total, value), seat, "bid_range")
            return
        if value < 0 or value > total:
            raise self._error("tricks taken are 0 to %d, not %d" % (total, value), seat, "tricks_range")
        self._check_sum(hand, "tricks", seat, value, total, "tricks")

    def _score(self, hand):
        blind_bonus = BLIND_NIL_BONUS
        sides = len(self.sides)
        scores = [0] * sides
        totals = [0] * sides
        bags = [0] * sides
        bids = hand.values["bid"]
        tricks = hand.values["tricks"]
        for i in range(len(self.sides)):
            contract = 0
            took = 0
            nil_points = 0
            for s in self.sides[i]:
                took += tricks[s]
                b = bids[s]
                if b > 0:
                    contract += b
                else:
                    bonus = blind_bonus if b == BLIND_NIL else NIL_BONUS
                    nil_points += bonus if tricks[s] == 0 else -bonus
            if contract > 0:
                if took >= contract:
                    over = took - contract
                    points = 10 * contract + over
                elif self.settings["set_penalty"] == "minus_bid":
                    over = 0
                    points = -10 * contract
                else:
                    over = 0
                    points = 0
            else:
                over = took
                points = took
            points += nil_points
            count = self.bags[i] + over
            if self.settings["bags"]:
                while count >= BAG_LIMIT:
                    points -= BAG_PENALTY
                    count -= BAG_LIMIT
            scores[i] = points
            totals[i] = self.totals[i] + points
            bags[i] = count
        hand.scores = scores
        hand.totals = totals
        hand.bags = bags

    def _end(self):
        if not self.target_reached():
            return NOT_OVER
        best = self.sole_leader()
        if best < 0:
            # A shared highest total: everyone plays one more hand (seed rule).
            return NOT_OVER
        return True, self.seats_of([best])

    def hand_to_dict(self, hand):
        bids = hand.values["bid"]
        out = {"bids": [0 if b == BLIND_NIL else b for b in bids], "tricks": list(hand.values["tricks"])}
        if BLIND_NIL in bids:
            out["blind"] = [b == BLIND_NIL for b in bids]
        return out

    def dict_to_entries(self, data, number):
        bids = self._seat_list(data, "bids", number)
        tricks = self._seat_list(data, "tricks", number)
        blind = data.get("blind") if isinstance(data, dict) else None
        if blind is not None:
            if not isinstance(blind, list) or len(blind) != self.n or [b for b in blind if not isinstance(b, bool)]:
                raise RuleError("blind must list true or false for each of the %d seats" % self.n, hand=number, rule="record")
        out = []
        order = self.bid_order((self.first_dealer + number - 1) % self.n)
        for s in order:
            b = bids[s]
            if blind is not None and blind[s]:
                if b != 0:
                    raise RuleError("a blind nil bid must be 0, not %r" % (b,), hand=number, seat=s, rule="blind_nil")
                b = BLIND_NIL
            out.append(("bid", s, b))
        for s in order:
            out.append(("tricks", s, tricks[s]))
        return out

