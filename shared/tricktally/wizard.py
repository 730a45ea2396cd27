# SPDX-License-Identifier: MIT
"""Wizard (RULES.md, seed 003): rounds of growing size, exact bids, bid-total rules."""

from tricktally.game import Game

SUITS = ("S", "H", "D", "C", "none")
NO_TRUMP = "none"


class Wizard(Game):
    """A game of Wizard for 3 to 6 players: ``60 / players`` rounds; round
    r deals r cards."""

    NAME = "wizard"
    PLAN = ("bid", "first_card", "tricks")
    PER_SEAT = ("bid", "tricks")
    # "first_card" is a step only with bidding: delayed.
    OPTIONAL = ("first_card",)
    FREE = ("trump",)
    DECK = 60

    @property
    def trump(self):
        """Trump of the current round: a suit letter, "none", or None when not entered.

        The last round deals every card, so it never has trump.
        """
        hand = self.current
        if hand is None:
            return None
        if hand.index == self.hand_count() - 1:
            return NO_TRUMP
        return hand.values["trump"]

    def bids_visible(self):
        """May the bids of the current round be shown (setting ``bidding``)?"""
        hand = self.current
        mode = self.settings["bidding"]
        if hand is None or mode == "open":
            return True
        if mode == "hidden":
            return hand.count("bid") == self.n
        return hand.values["first_card"] is not None

    def _applies(self, hand, kind):
        return self.settings["bidding"] == "delayed"

    # The (0, cards) range of the round last asked for: the picker asks
    # for bounds on every entry, and a new tuple each time is garbage.
    _range = (0, 0)

    def bounds(self, kind=None):
        """The range ``(low, high)`` of an integer step, or its tuple of choices."""
        hand = self.current
        if hand is None:
            return (0, -1)
        kind = kind or self.kind
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
        if value < 0 or (value == 0 and rule == "canadian_zero"):
            return None
        # Canadian: only a last bidder who leads alone is held back.
        if rule != "never" and self.sole_leader() != hand.dealer:
            return None
        return value

    def _check(self, hand, kind, seat, value):
        if kind == "trump":
            if value not in SUITS:
                raise self._error("trump", None, "trump", value)
            if value != NO_TRUMP and hand.index == self.hand_count() - 1:
                raise self._error("last_trump", None, "trump")
            return
        if not isinstance(value, int):
            raise self._error("whole", seat, kind, value)
        if kind == "first_card":
            if value != 1:
                raise self._error("first_card", seat, "bidding")
            return
        size = hand.index + 1
        if not 0 <= value <= size:
            raise self._error("round_out", seat, kind + "_range", "bids" if kind == "bid" else "tricks", size, size, value)
        if kind == "bid":
            if value == self.forbidden_bid(hand):
                raise self._error("even_bids", seat, "even_bids", value, size, self.settings["even_bids"])
            return
        self._check_sum(hand, "tricks", seat, value, size)

    def _score(self, hand):
        # Exact: 20 plus 10 a trick; otherwise -10 for each trick over or under.
        bids = hand.values["bid"]
        tricks = hand.values["tricks"]
        scores = [0] * self.n
        totals = [0] * self.n
        for s in range(self.n):
            diff = tricks[s] - bids[s]
            scores[s] = 20 + 10 * tricks[s] if diff == 0 else -10 * (diff if diff > 0 else -diff)
            totals[s] = self.totals[s] + scores[s]
        hand.scores = scores
        hand.totals = totals
        hand.bags = self.bags
