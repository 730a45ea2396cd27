# SPDX-License-Identifier: MIT
"""Wizard (RULES.md, seed 003): rounds of growing size, exact bids, bid-total rules."""

from tricktally.errors import RuleError
from tricktally.game import NOT_OVER, Game

DECK = 60
SUITS = ("S", "H", "D", "C", "none")
NO_TRUMP = "none"
EXACT_BONUS = 20
PER_TRICK = 10


class Wizard(Game):
    """A game of Wizard for 3 to 6 players: ``60 / players`` rounds."""

    NAME = "wizard"
    PER_SEAT = ("bid", "tricks")
    SINGLE = ("trump", "first_card")
    FREE = ("trump",)

    def hand_count(self):
        return DECK // self.n

    def cards_for(self, index):
        return index + 1

    @property
    def trump(self):
        """Trump of the current round: a suit letter, "none", or None when not entered.

        The last round deals every card, so it never has trump.
        """
        if self.current is None:
            return None
        if self.current.index == self.hand_count() - 1:
            return NO_TRUMP
        return self.current.get("trump")

    def bids_visible(self):
        """May the bids of the current round be shown (setting ``bidding``)?"""
        hand = self.current
        if hand is None:
            return True
        mode = self.settings["bidding"]
        if mode == "open":
            return True
        if mode == "hidden":
            return hand.count("bid") == self.n
        return hand.get("first_card") is not None

    def _plan(self):
        if self.settings["bidding"] == "delayed":
            return (("bid", True), ("first_card", False), ("tricks", True))
        return (("bid", True), ("tricks", True))

    # The (0, cards) range of the round last asked for: the picker asks
    # for bounds on every entry, and a new tuple each time is garbage.
    _range = (0, 0)

    def _bounds(self, hand, kind, seat):
        if kind == "trump":
            return SUITS
        if kind == "first_card":
            return (1, 1)
        r = self._range
        if r[1] != hand.index + 1:
            r = self._range = (0, hand.index + 1)
        return r

    def forbidden_bid(self, hand=None):
        """The one bid the last bidder may not make now, or None (setting ``even_bids``)."""
        hand = hand or self.current
        if hand is None or hand.count("bid") != self.n - 1:
            return None
        rule = self.settings["even_bids"]
        if rule == "allowed":
            return None
        value = hand.index + 1 - hand.total("bid")
        if value < 0:
            return None
        if rule == "canadian_zero" and value == 0:
            return None
        if rule != "never":
            # Canadian: only a last bidder who leads alone is held back.
            if self.sole_leader() != hand.dealer:
                return None
        return value

    def _check(self, hand, kind, seat, value):
        if kind == "trump":
            if value not in SUITS:
                raise self._error("trump is one of S, H, D, C or none, not %r" % (value,), None, "trump")
            if hand.index == self.hand_count() - 1 and value != NO_TRUMP:
                raise self._error("the last round deals every card, so it has no trump", None, "trump")
            return
        if not isinstance(value, int):
            raise self._error("%r is not a whole number" % (value,), seat, kind)
        if kind == "first_card":
            if value != 1:
                raise self._error("first_card is entered as 1", seat, "bidding")
            return
        size = hand.index + 1
        if kind == "bid":
            if not 0 <= value <= size:
                raise self._error("a bid in round %d is 0 to %d, not %d" % (size, size, value), seat, "bid_range")
            if value == self.forbidden_bid(hand):
                raise self._error(
                    "bid %d would make the bids add up to %d, the cards dealt; forbidden by even_bids=%s"
                    % (value, size, self.settings["even_bids"]),
                    seat,
                    "even_bids",
                )
            return
        if not 0 <= value <= size:
            raise self._error("tricks in round %d are 0 to %d, not %d" % (size, size, value), seat, "tricks_range")
        self._check_sum(hand, "tricks", seat, value, size, "tricks")

    def _score(self, hand):
        bids = hand.values["bid"]
        tricks = hand.values["tricks"]
        scores = [0] * self.n
        totals = [0] * self.n
        for s in range(self.n):
            diff = tricks[s] - bids[s]
            if diff == 0:
                points = EXACT_BONUS + PER_TRICK * tricks[s]
            else:
                points = -PER_TRICK * (diff if diff > 0 else -diff)
            scores[s] = points
            totals[s] = self.totals[s] + points
        hand.scores = scores
        hand.totals = totals
        hand.bags = self.bags

    def _end(self):
        if len(self.hands) < self.hand_count():
            return NOT_OVER
        return True, self.seats_of(self.best_sides())

    def hand_to_dict(self, hand):
        out = {"bids": list(hand.values["bid"]), "tricks": list(hand.values["tricks"])}
        if hand.get("trump") is not None:
            out["trump"] = hand.get("trump")
        return out

    def dict_to_entries(self, data, number):
        bids = self._seat_list(data, "bids", number)
        tricks = self._seat_list(data, "tricks", number)
        out = []
        trump = data.get("trump")
        if trump is not None:
            if trump not in SUITS:
                raise RuleError("trump is one of S, H, D, C or none, not %r" % (trump,), hand=number, rule="trump")
            out.append(("trump", None, trump))
        order = self.bid_order((self.first_dealer + number - 1) % self.n)
        for s in order:
            out.append(("bid", s, bids[s]))
        if self.settings["bidding"] == "delayed":
            out.append(("first_card", None, 1))
        for s in order:
            out.append(("tricks", s, tricks[s]))
        return out
