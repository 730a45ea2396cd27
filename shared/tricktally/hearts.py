# SPDX-License-Identifier: MIT
"""Hearts (RULES.md, seed 004): hearts and the queen, the moon, the omnibus jack."""

from tricktally.errors import RuleError
from tricktally.game import NOT_OVER, Game

HEARTS = 13
QUEEN = 13
HAND_POINTS = HEARTS + QUEEN
JACK = -10
CARDS = {3: 17, 4: 13, 5: 10}
MOON_CHOICES = ("others_plus", "self_minus")
HEARTS_RANGE = (0, HEARTS)

# Pass direction cycles for `passing: rotate` (RULES.md; the seed cut it off).
ROTATION = {
    3: ("left", "right", "hold"),
    4: ("left", "right", "across", "hold"),
    5: ("left", "right", "left2", "right2", "hold"),
}


class Hearts(Game):
    """A game of Hearts for 3 to 5 players; the lowest total wins."""

    NAME = "hearts"
    PER_SEAT = ("hearts",)
    SINGLE = ("queen", "jack", "moon")

    def cards_for(self, index):
        return CARDS[self.n]

    def pass_direction(self, index=None):
        """Which way cards are passed before hand ``index`` (default: the current one)."""
        if index is None:
            index = self.hand_number - 1
        mode = self.settings["passing"]
        if mode == "left":
            return "left"
        if mode == "none":
            return "hold"
        cycle = ROTATION[self.n]
        return cycle[index % len(cycle)]

    def _plan(self):
        plan = [("hearts", True), ("queen", False)]
        if self.settings["omnibus"]:
            plan.append(("jack", False))
        if self.settings["moon"] == "choice":
            plan.append(("moon", False))
        return plan

    def shooter(self, hand):
        """The seat that shot the moon in ``hand`` (all hearts and the queen), or None."""
        queen = hand.get("queen")
        if queen is None:
            return None
        if hand.values["hearts"][queen] == HEARTS:
            return queen
        return None

    def _applies(self, hand, kind):
        if kind == "moon":
            return self.shooter(hand) is not None
        return True

    # Fixed for a game: made on first use, not per entry.
    _seat_range = None

    def _bounds(self, hand, kind, seat):
        if kind == "moon":
            return MOON_CHOICES
        if kind == "hearts":
            return HEARTS_RANGE
        if self._seat_range is None:
            self._seat_range = (0, self.n - 1)
        return self._seat_range

    def _check(self, hand, kind, seat, value):
        if kind == "moon":
            if value not in MOON_CHOICES:
                raise self._error("the moon choice is others_plus or self_minus, not %r" % (value,), seat, "moon")
            return
        if not isinstance(value, int):
            raise self._error("%r is not a whole number" % (value,), seat, kind)
        if kind == "hearts":
            if not 0 <= value <= HEARTS:
                raise self._error("hearts taken are 0 to 13, not %d" % value, seat, "hearts_range")
            self._check_sum(hand, "hearts", seat, value, HEARTS, "hearts")
            return
        if not 0 <= value < self.n:
            raise self._error("%s is taken by a seat from 0 to %d, not %d" % (kind, self.n - 1, value), None, kind)

    def _score(self, hand):
        hearts = hand.values["hearts"]
        queen = hand.get("queen")
        shooter = self.shooter(hand)
        scores = [0] * self.n
        if shooter is not None:
            moon = self.settings["moon"]
            if moon == "choice":
                moon = hand.get("moon")
            for s in range(self.n):
                if moon == "others_plus":
                    scores[s] = 0 if s == shooter else HAND_POINTS
                else:
                    scores[s] = -HAND_POINTS if s == shooter else 0
        else:
            for s in range(self.n):
                scores[s] = hearts[s] + (QUEEN if s == queen else 0)
        jack = hand.get("jack")
        if jack is not None:
            scores[jack] += JACK
        totals = [0] * self.n
        for s in range(self.n):
            totals[s] = self.totals[s] + scores[s]
        hand.scores = scores
        hand.totals = totals
        hand.bags = self.bags

    def _end(self):
        if not self.target_reached():
            return NOT_OVER
        best = self.best_sides(lowest=True)
        if len(best) > 1 and self.settings["tie"] == "play_on":
            return NOT_OVER
        return True, self.seats_of(best)

    def hand_to_dict(self, hand):
        out = {"hearts": list(hand.values["hearts"]), "queen": hand.get("queen")}
        if hand.get("jack") is not None:
            out["jack"] = hand.get("jack")
        if hand.get("moon") is not None:
            out["moon"] = hand.get("moon")
        return out

    def dict_to_entries(self, data, number):
        hearts = self._seat_list(data, "hearts", number)
        out = []
        for s in self.bid_order((self.first_dealer + number - 1) % self.n):
            out.append(("hearts", s, hearts[s]))
        out.append(("queen", None, _seat_value(data, "queen", number)))
        if self.settings["omnibus"]:
            out.append(("jack", None, _seat_value(data, "jack", number)))
        elif data.get("jack") is not None:
            raise RuleError("jack is recorded but omnibus is off", hand=number, rule="omnibus")
        moon = data.get("moon")
        if self.settings["moon"] == "choice":
            queen = data.get("queen")
            shot = isinstance(queen, int) and 0 <= queen < self.n and hearts[queen] == HEARTS
            if shot:
                if moon is None:
                    raise RuleError("a moon was shot: the record must say moon others_plus or self_minus", hand=number, rule="moon")
                out.append(("moon", None, moon))
            elif moon is not None:
                raise RuleError("moon is recorded but nobody shot the moon", hand=number, rule="moon")
        elif moon is not None:
            raise RuleError("moon is recorded but the moon setting is %s, not choice" % self.settings["moon"], hand=number, rule="moon")
        return out


def _seat_value(data, key, number):
    value = data.get(key)
    if value is None:
        raise RuleError("the record must say which seat took the %s" % key, hand=number, rule="record")
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError("%s must be a seat number, not %r" % (key, value), hand=number, rule="record")
    return value
