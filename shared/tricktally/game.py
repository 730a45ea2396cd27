# SPDX-License-Identifier: MIT
"""What every game shares: turn order, entries, totals, the end, and the
``Hand`` that holds one hand's values.

A game module (spades, wizard, hearts) subclasses Game: it names the steps
of a hand (PLAN) and fills in ``bounds``, ``_check`` (one entry) and
``_score`` (a complete hand). Entering a value costs the same in the first
hand as in the last: nothing here replays the game.

This module is in RAM for the whole game on the board, so what only the PC,
the menus, taking back or amending need lives in modules imported on use:
tricktally.undo, tricktally.amend, tricktally.record (the record form of a
hand, legal_values), tricktally.settings (checked once, when the game is
created), tricktally.messages (the text of a refusal). On
MicroPython every function costs a few heap blocks while its module is
loaded (docs/MEMORY.md), hence few, plain methods and attributes rather
than properties.
"""

from tricktally import RuleError


class Hand:
    """What was entered for one hand, and its result once it is complete.

    ``values[kind]`` is a list per seat for per-seat kinds (bids, tricks,
    hearts), a single value for the others. ``taken`` lists the indexes of
    the game's steps entered so far (``taken_count`` of them; a step that
    does not apply, such as the moon choice when nobody shot the moon, is
    skipped). ``scores``, ``totals`` and ``bags`` (per side) are set once it
    is complete; ``index`` is 0-based, ``dealer`` a seat.
    """

    def __init__(self, game, index):
        self.index = index
        self.dealer = (game.first_dealer + index) % game.n
        values = self.values = {}
        for kind in game.PLAN:
            values[kind] = [None] * game.n if kind in game.PER_SEAT else None
        for kind in game.FREE:
            values[kind] = None
        # Preallocated: growing a list per entry would reallocate, and on
        # MicroPython every freed block slows later allocations.
        self.taken = [0] * len(game._kinds)
        self.taken_count = 0
        self.scores = self.totals = self.bags = None

    def get(self, kind, seat=None):
        """The value of ``kind`` for ``seat`` (None for a single-value kind)."""
        value = self.values[kind]
        return value if seat is None else value[seat]

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
    the game has finished), ``hand_number`` (1-based; the last one once
    finished), ``dealer`` and ``cards`` (dealt to each player) of that hand,
    ``target`` (None when the game ends after a set number of hands); call
    ``enter(kind, seat, value)`` with one value at a time. ``totals`` holds the
    running total of each side (``sides`` lists the seats of each side),
    ``finished`` and ``winners`` (seats) tell the end.
    """

    NAME = ""
    # The steps of a hand, in order; those in PER_SEAT are entered seat by
    # seat from the dealer's left, the others once for the hand.
    PLAN = ()
    PER_SEAT = ()
    # Steps of PLAN that apply only sometimes: the game's ``_applies(hand,
    # kind)`` says whether they do.
    OPTIONAL = ()
    # Kinds that may be entered at any point of a hand, out of the step order.
    FREE = ()
    # Cards each player is dealt, by player count (a bytes table); None when
    # round r deals r cards, until a deck of DECK cards is dealt out: such a
    # game has DECK // players hands, the others end on a target.
    DEAL = None
    DECK = 0
    # Who wins: the highest total, or the lowest; and a shared best total at
    # the end is a "shared" win, or the players "play_on" (a game with a
    # ``tie`` setting takes it from there).
    LOWEST = False
    TIE = "shared"
    # Undo log: an ordinary entry is logged as one small int, ``hand index
    # * _STEPS + step``, which MicroPython stores without allocating (a
    # whole game's log stays in RAM); the rare ones are tuples ``(what,
    # hand index, detail)`` (tricktally.undo reads them).
    _STEPS = 256

    def __init__(self, players, first_dealer=0, settings=None):
        if not isinstance(players, (list, tuple)):
            raise RuleError("players", rule="players", fill=())
        for name in players:
            if not isinstance(name, str) or not name:
                raise RuleError("name", rule="players", fill=(name,))
        self.players = list(players)
        n = self.n = len(players)
        # Imported here, not at the top: the app can drop the settings
        # tables from RAM while the game is played.
        from tricktally.settings import complete

        self.settings = complete(self.NAME, settings, n)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < n:
            raise RuleError("first_dealer", rule="first_dealer", fill=(n - 1, first_dealer))
        self.first_dealer = first_dealer
        self.target = self.settings.get("target")
        self.sides = [[0, 2], [1, 3]] if self.settings.get("partners") else [[s] for s in range(n)]
        # The steps of every hand, flattened once: the kind of step i, and the
        # seat offset from the dealer's left (-1 for a step of the whole hand).
        kinds = []
        offsets = []
        for kind in self.PLAN:
            for i in range(n if kind in self.PER_SEAT else 1):
                kinds.append(kind)
                offsets.append(i if kind in self.PER_SEAT else -1)
        self._kinds = tuple(kinds)
        self._offsets = tuple(offsets)
        self.hands = []
        self.totals = [0] * len(self.sides)
        self.bags = [0] * len(self.sides)
        self.finished = False
        self.winners = []
        self._log = []
        self.current = None
        self._advance()

    def hand_count(self):
        """How many hands the game has, or 0 when it ends on a target."""
        return self.DECK // self.n

    def cards_for(self, index):
        """Cards dealt to each player in hand ``index`` (0-based)."""
        return self.DEAL[self.n] if self.DEAL else index + 1

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
        raise RuleError("seat", rule="seat", fill=(seat,))

    def value(self, kind, seat=None):
        """A value entered in the current hand (None once the game has ended)."""
        return None if self.current is None else self.current.get(kind, seat)

    def entries(self):
        """How many entries the current hand holds."""
        return 0 if self.current is None else self.current.taken_count

    # ----- entering values -------------------------------------------------

    def _error(self, key, seat, rule, *fill):
        # The refusal of an entry: text ``key`` of tricktally.messages, filled
        # with ``fill``, about the hand in play and ``seat``.
        name = self.players[seat] if seat is not None and 0 <= seat < self.n else None
        return RuleError(key, self.hand_number, seat, rule, name, fill)

    def enter(self, kind, seat, value):
        """Enter one value. Raises RuleError, changing nothing, if it breaks a rule.

        Returns True when the entry completed (and scored) a hand.
        """
        hand = self.current
        if hand is None:
            raise self._error("game_over", seat, "game_over")
        if kind in self.FREE:
            if seat is not None:
                raise self._error("free_seat", seat, "order", kind)
        elif kind != self.kind or seat != self.seat:
            if self.seat is None:
                raise self._error("order", seat, "order", self.kind, kind)
            raise self._error("order_seat", seat, "order", self.kind, self.seat, self.players[self.seat], kind)
        if value is None or isinstance(value, bool):
            raise self._error("not_value", seat, kind, value, kind)
        self._check(hand, kind, seat, value)
        values = hand.values
        if kind in self.FREE:
            # Logged with the value it replaces (tricktally.undo takes it back).
            self._log.append((kind, hand.index, values[kind]))
            values[kind] = value
            return False
        if seat is None:
            values[kind] = value
        else:
            values[kind][seat] = value
        step = self._step
        hand.taken[hand.taken_count] = step
        hand.taken_count += 1
        self._log.append(hand.index * self._STEPS + step)
        return self._advance()

    def _advance(self):
        # Find the next step of the hand in play (``kind``, ``seat``). A hand
        # with every step entered is scored, then the game ends or the next
        # hand opens (the first one too: ``current`` is None then). True
        # when a hand was completed.
        kinds = self._kinds
        hand = self.current
        done = False
        while True:
            if hand is not None:
                i = hand.taken[hand.taken_count - 1] + 1 if hand.taken_count else 0
                while i < len(kinds):
                    kind = kinds[i]
                    if kind not in self.OPTIONAL or self._applies(hand, kind):
                        offset = self._offsets[i]
                        self._step = i
                        self.kind = kind
                        self.seat = None if offset < 0 else (hand.dealer + 1 + offset) % self.n
                        return done
                    i += 1
                self._score(hand)
                self.totals = hand.totals
                self.bags = hand.bags
                self.hands.append(hand)
                done = True
                # Has the game ended? A game of DECK // n hands ends after
                # the last; one with a target after any hand that takes a
                # side to it, unless the best total is shared and the
                # players play on.
                totals = self.totals
                if len(self.hands) >= self.DECK // self.n if self.DECK else max(totals) >= self.target:
                    best = []
                    for i in range(len(totals)):
                        if not best or totals[i] == totals[best[0]]:
                            best.append(i)
                        elif (totals[i] < totals[best[0]]) == self.LOWEST:
                            best = [i]
                    if len(best) == 1 or self.settings.get("tie", self.TIE) != "play_on":
                        winners = []
                        for i in best:
                            winners.extend(self.sides[i])
                        winners.sort()
                        self.winners = winners
                        self.finished = True
                        self.current = self.kind = self.seat = None
                        return True
            hand = self.current = Hand(self, len(self.hands))
            self.hand_number = hand.index + 1
            self.dealer = hand.dealer
            self.cards = self.cards_for(hand.index)

    # ----- undo, amend and records: loaded when used -----------------------

    def can_undo(self):
        """True when there is an entry to take back."""
        return len(self._log) > 0

    def undo(self):
        """Take back the last entry (or amendment). Returns False when there is none."""
        from tricktally.undo import undo

        return undo(self)

    def last_entry(self):
        """The entry ``undo()`` would take back, as ``(kind, seat, value)``; an
        amendment gives ``("amend", None, hand index)``; None when there is none."""
        from tricktally.undo import last_entry

        return last_entry(self)

    def amend(self, index, data):
        """Replace complete hand ``index`` (0-based) by record hand ``data``.

        Every later hand is rescored. Refused with RuleError, changing
        nothing, when ``data`` breaks a rule or makes a later entry illegal
        (a forbidden bid, or a hand played after the game would have ended).
        """
        from tricktally.amend import amend

        amend(self, index, data)

    def legal_values(self, kind=None):
        """Every value that may be entered now for ``kind`` (default: the expected step)."""
        from tricktally.record import legal_values

        return legal_values(self, kind)

    def hand_to_dict(self, hand):
        """The record form (``tricktally/1``) of complete hand ``hand``."""
        from tricktally.record import hand_to_dict

        return hand_to_dict(self, hand)

    def dict_to_entries(self, data, number):
        """The entries ``(kind, seat, value)``, in order, that make record
        hand ``data`` (hand ``number``, 1-based). RuleError if it is malformed."""
        from tricktally.record import dict_to_entries

        return dict_to_entries(self, data, number)

    def current_entries(self):
        """The entries of the hand in progress, in the order they were made."""
        from tricktally.record import current_entries

        return current_entries(self)

    # ----- what several games share -------------------------------------------

    def _check_sum(self, hand, kind, seat, value, total):
        """Per-seat counts of ``kind`` must add up to ``total``: refuse a
        value that overshoots, and a last value that falls short."""
        entered = hand.total(kind) + value
        if entered > total:
            raise self._error("sum_over", seat, kind + "_total", kind, entered, total)
        if hand.count(kind) == self.n - 1 and entered != total:
            raise self._error("sum_short", seat, kind + "_total", kind, entered, total, total - entered + value)

    def sole_leader(self):
        """The index of the one side with the highest total, or -1 when shared.

        Allocates nothing: the Canadian bid rule asks it on every last bid.
        """
        best = 0
        count = 0
        totals = self.totals
        for i in range(len(totals)):
            if count == 0 or totals[i] > totals[best]:
                best = i
                count = 1
            elif totals[i] == totals[best]:
                count += 1
        return best if count == 1 else -1
