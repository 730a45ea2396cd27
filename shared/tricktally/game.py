# SPDX-License-Identifier: MIT
"""What every game shares: turn order, entries, undo, amend, totals, the end,
and the ``Hand`` that holds one hand's values.

A game module (spades, wizard, hearts) subclasses Game and fills in the
hooks: the entry steps of a hand, the checks of one entry, the scoring of a
complete hand, the end of the game, and the record form of a hand. Entering a
value costs the same in the first hand as in the last: nothing here replays
the game, except amending an earlier hand, which rescored everything after it.
"""

from tricktally import settings as settings_table
from tricktally.errors import RuleError

# Undo log entries. An ordinary entry is logged as one small int,
# ``hand index * _STEPS + step``, which MicroPython stores without allocating;
# the rare ones are tuples ``(what, hand index, detail)`` (an amendment's
# are made by tricktally.amend).
_STEPS = 256
_SINGLE = 1
_AMEND = 2

# What ``_end`` returns while the game goes on: one shared tuple, not a new
# ``(False, [])`` after every hand (``winners`` stays the game's own list).
NOT_OVER = (False, None)


# Hand lives here, not in a module of its own: it is part of every game,
# and on MicroPython each module costs its own heap blocks (module object,
# globals, top-level code; a game's imports fell by 288 bytes on the 64-bit
# unix port when hand.py joined this file).
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


class Game:
    """A game being played: created from players, first dealer and settings.

    Read ``kind`` and ``seat`` for what is expected next (``kind`` is None once
    the game has finished), ``hand_number``, ``dealer``, ``cards``; call
    ``enter(kind, seat, value)`` with one value at a time. ``totals`` holds the
    running total of each side (``sides`` lists the seats of each side),
    ``finished`` and ``winners`` (seats) tell the end.
    """

    NAME = ""
    PER_SEAT = ()
    SINGLE = ()
    # Kinds that may be entered at any point of a hand, out of the step order.
    FREE = ()

    def __init__(self, players, first_dealer=0, settings=None):
        if not isinstance(players, (list, tuple)):
            raise RuleError("players must be a list of names", rule="players")
        for name in players:
            if not isinstance(name, str) or not name:
                raise RuleError("every player needs a name (got %r)" % (name,), rule="players")
        self.players = list(players)
        self.n = len(players)
        self.settings = settings_table.complete(self.NAME, settings, self.n)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < self.n:
            raise RuleError(
                "first_dealer must be a seat from 0 to %d, not %r" % (self.n - 1, first_dealer),
                rule="first_dealer",
            )
        self.first_dealer = first_dealer
        self.sides = self._make_sides()
        # The steps of every hand, flattened once: the kind of step i, and the
        # seat offset from the dealer's left (-1 for a step of the whole hand).
        kinds = []
        offsets = []
        for kind, per_seat in self._plan():
            if per_seat:
                for i in range(self.n):
                    kinds.append(kind)
                    offsets.append(i)
            else:
                kinds.append(kind)
                offsets.append(-1)
        self._kinds = tuple(kinds)
        self._offsets = tuple(offsets)
        self.hands = []
        self.totals = [0] * len(self.sides)
        self.bags = [0] * len(self.sides)
        self.finished = False
        self.winners = []
        self._log = []
        self.current = None
        self.kind = None
        self.seat = None
        self._start_hand()

    # ----- hooks a game fills in -------------------------------------------
    #
    # A game module defines these (the base class has no stubs for them: on
    # MicroPython every function is a few heap blocks kept while the module
    # is loaded, stubs included):
    #
    # _plan(): the entries of a hand in order, ``(kind, per_seat)`` pairs;
    #     per-seat kinds are entered seat by seat from the dealer's left.
    # _check(hand, kind, seat, value): raise RuleError if the value breaks a rule.
    # _bounds(hand, kind, seat): (low, high) of an integer entry, or a tuple
    #     of choices.
    # _score(hand): set hand.scores, hand.totals and hand.bags.
    # _end(): (finished, winner seats) after the last complete hand;
    #     NOT_OVER while the game goes on.
    # hand_to_dict(hand): the record form (``tricktally/1``) of a complete hand.
    # dict_to_entries(data, number): the entries, in order, that make the
    #     record hand ``data``.
    # cards_for(index): cards dealt to each player in hand ``index`` (0-based).
    #
    # and may override these:

    def _make_sides(self):
        return [[s] for s in range(self.n)]

    def _applies(self, hand, kind):
        return True

    def hand_count(self):
        """How many hands the game has, or 0 when it ends on a target."""
        return 0

    # ----- what the table sees ---------------------------------------------

    @property
    def hand_number(self):
        """The current hand (round), 1-based; the last one once finished."""
        if self.current is None:
            return len(self.hands)
        return self.current.index + 1

    @property
    def dealer(self):
        """The dealer of the current hand."""
        return (self.first_dealer + self.hand_number - 1) % self.n

    @property
    def cards(self):
        """Cards dealt to each player this hand."""
        return self.cards_for(self.hand_number - 1)

    @property
    def target(self):
        """The target score, or None when the game ends after a set number of hands."""
        return self.settings.get("target")

    def bid_order(self, dealer, out=None):
        """Seats in entry order for a hand: left of the dealer first, dealer
        last. Fills and returns ``out`` (a list of one item per seat) when
        given, so a caller asking every hand allocates nothing."""
        n = self.n
        if out is None:
            out = [0] * n
        for i in range(n):
            out[i] = (dealer + 1 + i) % n
        return out

    def side_of(self, seat):
        """The index of the side ``seat`` plays on."""
        for i in range(len(self.sides)):
            if seat in self.sides[i]:
                return i
        raise RuleError("no seat %r" % (seat,), rule="seat")

    def value(self, kind, seat=None, index=None):
        """A value entered in hand ``index`` (default: the current hand)."""
        hand = self.current if index is None else self.hands[index]
        if hand is None:
            return None
        return hand.get(kind, seat)

    def entries(self):
        """How many entries the current hand holds."""
        if self.current is None:
            return 0
        return self.current.taken_count

    # ----- entering values -------------------------------------------------

    def _error(self, message, seat=None, rule=""):
        name = self.players[seat] if seat is not None and 0 <= seat < self.n else None
        return RuleError(message, hand=self.hand_number, seat=seat, rule=rule, name=name)

    def check(self, kind, seat, value):
        """Raise RuleError if entering ``value`` now would break a rule."""
        if self.current is None:
            raise self._error("the game has ended; no more entries", seat, "game_over")
        if kind in self.FREE:
            if seat is not None:
                raise self._error("%s is entered for the hand, not for a seat" % kind, seat, "order")
        elif kind != self.kind or seat != self.seat:
            if self.seat is None:
                want = self.kind
            else:
                want = "%s of seat %d (%s)" % (self.kind, self.seat, self.players[self.seat])
            raise self._error("expected the %s, not %s" % (want, kind), seat, "order")
        if value is None or isinstance(value, bool):
            raise self._error("%r is not a %s" % (value, kind), seat, kind)
        self._check(self.current, kind, seat, value)

    def is_legal(self, value):
        """True when ``value`` may be entered for the expected step."""
        try:
            self.check(self.kind, self.seat, value)
        except RuleError:
            return False
        return True

    def bounds(self, kind=None):
        """The range ``(low, high)`` of an integer step, or its tuple of choices."""
        if self.current is None:
            return (0, -1)
        return self._bounds(self.current, kind or self.kind, self.seat if kind is None else None)

    def legal_values(self, kind=None):
        """Every value that may be entered now for ``kind`` (default: the expected step)."""
        kind = kind or self.kind
        if self.current is None or kind is None:
            return []
        seat = None if kind in self.FREE else self.seat
        b = self._bounds(self.current, kind, seat)
        if len(b) == 2 and isinstance(b[0], int):
            candidates = range(b[0], b[1] + 1)
        else:
            candidates = b
        out = []
        for v in candidates:
            try:
                self.check(kind, seat, v)
            except RuleError:
                continue
            out.append(v)
        return out

    def enter(self, kind, seat, value):
        """Enter one value. Raises RuleError, changing nothing, if it breaks a rule.

        Returns True when the entry completed (and scored) a hand.
        """
        self.check(kind, seat, value)
        hand = self.current
        if kind in self.FREE:
            self._log.append((_SINGLE, hand.index, (kind, hand.get(kind))))
            hand.put(kind, None, value)
            return False
        step = self._step_index
        hand.put(kind, seat, value)
        hand.take(step)
        self._log.append(hand.index * _STEPS + step)
        return self._advance()

    def step_seat(self, hand, step):
        """The seat that makes step ``step`` of ``hand`` (None for the whole hand)."""
        offset = self._offsets[step]
        if offset < 0:
            return None
        return (hand.dealer + 1 + offset) % self.n

    def _advance(self):
        hand = self.current
        start = hand.last_taken() + 1
        kinds = self._kinds
        for i in range(start, len(kinds)):
            kind = kinds[i]
            if self._applies(hand, kind):
                self._step_index = i
                self.kind = kind
                self.seat = self.step_seat(hand, i)
                return False
        # The hand is complete: score it, then start the next one or end.
        self._score(hand)
        self.totals = hand.totals
        self.bags = hand.bags
        self.hands.append(hand)
        finished, winners = self._end()
        self.finished = finished
        if winners is not None:
            self.winners = winners
        elif self.winners:
            self.winners = []
        if finished:
            self.current = None
            self.kind = None
            self.seat = None
        else:
            self._start_hand()
        return True

    def _start_hand(self):
        index = len(self.hands)
        dealer = (self.first_dealer + index) % self.n
        hand = Hand(index, dealer, self.n, self.PER_SEAT, self.SINGLE, len(self._kinds))
        self.current = hand
        self._advance()

    # ----- undo and amend --------------------------------------------------

    def can_undo(self):
        """True when there is an entry to take back."""
        return len(self._log) > 0

    def undo(self):
        """Take back the last entry (or amendment). Returns False when there is none."""
        if not self._log:
            return False
        last = self._log.pop()
        if isinstance(last, int):
            what, index, detail = 0, last // _STEPS, last % _STEPS
        else:
            what, index, detail = last
        if what == _AMEND:
            from tricktally.amend import replace_hand

            replace_hand(self, index, detail)
            return True
        if self.current is None or self.current.index != index:
            # The entry completed a hand: reopen it.
            self.current = self.hands.pop()
            self.current.scores = self.current.totals = self.current.bags = None
            if self.hands:
                self.totals = self.hands[-1].totals
                self.bags = self.hands[-1].bags
            else:
                self.totals = [0] * len(self.sides)
                self.bags = [0] * len(self.sides)
            self.finished = False
            self.winners = []
        hand = self.current
        if what == _SINGLE:
            hand.put(detail[0], None, detail[1])
            return True
        step = hand.untake()
        kind = self._kinds[step]
        seat = self.step_seat(hand, step)
        hand.put(kind, seat, None)
        self._step_index = step
        self.kind = kind
        self.seat = seat
        return True

    def amend(self, index, data):
        """Replace complete hand ``index`` (0-based) by record hand ``data``.

        Every later hand is rescored. Refused with RuleError, changing
        nothing, when ``data`` breaks a rule or makes a later entry illegal
        (a forbidden bid, or a hand played after the game would have ended).
        """
        # Amending is rare and has a screen of its own: its code is loaded
        # on the first amendment, not kept in RAM for every game.
        from tricktally.amend import amend

        amend(self, index, data)

    def last_entry(self):
        """The entry ``undo()`` would take back, as ``(kind, seat, value)``; an
        amendment gives ``("amend", None, hand index)``; None when there is none."""
        if not self._log:
            return None
        last = self._log[-1]
        if isinstance(last, int):
            index, step = last // _STEPS, last % _STEPS
            hand = self.current if self.current is not None and self.current.index == index else self.hands[index]
            kind = self._kinds[step]
            seat = self.step_seat(hand, step)
            return (kind, seat, hand.get(kind, seat))
        what, index, detail = last
        if what == _AMEND:
            return ("amend", None, index)
        hand = self.current
        return (detail[0], None, hand.get(detail[0]))

    def current_entries(self):
        """The entries of the hand in progress, in the order they were made."""
        hand = self.current
        out = []
        if hand is None:
            return out
        for kind in self.FREE:
            if hand.get(kind) is not None:
                out.append((kind, None, hand.get(kind)))
        for i in range(hand.taken_count):
            step = hand.taken[i]
            kind = self._kinds[step]
            seat = self.step_seat(hand, step)
            out.append((kind, seat, hand.get(kind, seat)))
        return out

    # ----- checks several games share ---------------------------------------

    def _check_sum(self, hand, kind, seat, value, total, what):
        """Per-seat counts must add up to ``total``: refuse a value that
        overshoots, and a last value that falls short."""
        entered = hand.total(kind)
        if entered + value > total:
            raise self._error(
                "%s add up to %d, more than the %d in the hand" % (what, entered + value, total), seat, kind + "_total"
            )
        if hand.count(kind) == self.n - 1 and entered + value != total:
            raise self._error(
                "%s add up to %d; they must add up to %d, so this one must be %d"
                % (what, entered + value, total, total - entered),
                seat,
                kind + "_total",
            )

    def _seat_list(self, data, key, number):
        """The per-seat list ``data[key]`` of a record hand, checked for shape."""
        if not isinstance(data, dict):
            raise RuleError("a hand must be an object, not %r" % (data,), hand=number, rule="record")
        values = data.get(key)
        if not isinstance(values, list) or len(values) != self.n:
            raise RuleError(
                "%s must list one whole number for each of the %d seats" % (key, self.n), hand=number, rule="record"
            )
        for s in range(self.n):
            v = values[s]
            if not isinstance(v, int) or isinstance(v, bool):
                raise RuleError("%s must be whole numbers, not %r" % (key, v), hand=number, seat=s, rule="record")
        return values

    # ----- results ---------------------------------------------------------

    def target_reached(self):
        """True when a side's total has reached the target (games that end on one)."""
        target = self.settings["target"]
        for t in self.totals:
            if t >= target:
                return True
        return False

    def sole_leader(self, lowest=False):
        """The index of the one side with the best total, or -1 when shared.

        Allocates nothing: the Canadian bid rule asks it on every last bid.
        """
        best = 0
        count = 0
        totals = self.totals
        for i in range(len(totals)):
            t = totals[i]
            if count == 0 or (t < totals[best] if lowest else t > totals[best]):
                best = i
                count = 1
            elif t == totals[best]:
                count += 1
        return best if count == 1 else -1

    def best_sides(self, lowest=False):
        """Indexes of the sides with the best total (highest, or lowest)."""
        best = None
        out = []
        for i in range(len(self.totals)):
            t = self.totals[i]
            if best is None or (t < best if lowest else t > best):
                best = t
                out = [i]
            elif t == best:
                out.append(i)
        return out

    def seats_of(self, sides):
        """All seats of the given sides, in seat order."""
        out = []
        for i in sides:
            out.extend(self.sides[i])
        out.sort()
        return out
