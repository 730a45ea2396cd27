# SPDX-License-Identifier: MIT
"""Hearts (RULES.md, seed 004): hearts and the queen, the moon, the omnibus jack."""

from tricktally.game import Game

MOON_CHOICES = ("others_plus", "self_minus")


class Hearts(Game):
    """A game of Hearts for 3 to 5 players; the lowest total wins (a shared
    lowest total at the target: setting ``tie``)."""

    NAME = "hearts"
    PLAN = ("hearts", "queen", "jack", "moon")
    PER_SEAT = ("hearts",)
    # The jack is entered only with omnibus on, the moon choice only with
    # moon: choice and only when someone shot the moon.
    OPTIONAL = ("jack", "moon")
    # 17, 13 or 10 cards for 3 to 5 players.
    DEAL = b"\x00\x00\x00\x11\x0d\x0a"
    LOWEST = True

    def pass_direction(self, index=None):
        """Which way cards are passed before hand ``index`` (default: the current one)."""
        mode = self.settings["passing"]
        if mode != "rotate":
            return "hold" if mode == "none" else "left"
        # The standard cycles (RULES.md; the seed cut them off).
        n = self.n
        if n == 3:
            cycle = ("left", "right", "hold")
        elif n == 4:
            cycle = ("left", "right", "across", "hold")
        else:
            cycle = ("left", "right", "left2", "right2", "hold")
        return cycle[(self.hand_number - 1 if index is None else index) % len(cycle)]

    def shooter(self, hand):
        """The seat that shot the moon in ``hand`` (all hearts and the queen), or None."""
        queen = hand.values["queen"]
        if queen is not None and hand.values["hearts"][queen] == 13:
            return queen
        return None

    def _applies(self, hand, kind):
        if kind == "jack":
            return self.settings["omnibus"]
        return self.settings["moon"] == "choice" and self.shooter(hand) is not None

    # Fixed for a game: made on first use, not per entry.
    _seat_range = None

    def bounds(self, kind=None):
        """The range ``(low, high)`` of a count or a seat, or the moon choices."""
        if self.current is None:
            return (0, -1)
        kind = kind or self.kind
        if kind == "moon":
            return MOON_CHOICES
        if kind == "hearts":
            return (0, 13)
        if self._seat_range is None:
            self._seat_range = (0, self.n - 1)
        return self._seat_range

    def _check(self, hand, kind, seat, value):
        if kind == "moon":
            if value not in MOON_CHOICES:
                raise self._error("moon", seat, "moon", value)
            return
        if not isinstance(value, int):
            raise self._error("whole", seat, kind, value)
        if kind == "hearts":
            if not 0 <= value <= 13:
                raise self._error("hearts_out", seat, "hearts_range", value)
            self._check_sum(hand, "hearts", seat, value, 13)
        elif not 0 <= value < self.n:
            raise self._error("taken_by", None, kind, kind, self.n - 1, value)

    def _score(self, hand):
        # 1 a heart, 13 for the queen of spades; a moon (one player took all
        # 13 hearts and the queen) gives the others 26 each, or the shooter
        # -26 (setting ``moon``); the omnibus jack of diamonds is -10 on top.
        hearts = hand.values["hearts"]
        queen = hand.values["queen"]
        shooter = self.shooter(hand)
        moon = self.settings["moon"]
        if moon == "choice":
            moon = hand.values["moon"]
        scores = [0] * self.n
        totals = [0] * self.n
        jack = hand.values["jack"]
        for s in range(self.n):
            if shooter is None:
                points = hearts[s] + (13 if s == queen else 0)
            elif moon == "others_plus":
                points = 0 if s == shooter else 26
            else:
                points = -26 if s == shooter else 0
            if s == jack:
                points -= 10
            scores[s] = points
            totals[s] = self.totals[s] + points
        hand.scores = scores
        hand.totals = totals
        hand.bags = self.bags
