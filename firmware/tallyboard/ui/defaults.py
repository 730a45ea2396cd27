# SPDX-License-Identifier: MIT
"""Where each picker starts: the smart defaults that keep a hand to a few presses.

Only where a value *starts*: whether it is legal is the core's business
(``g.is_legal``, ``g.forbidden_bid``). With ``smart`` off every value starts
at its lowest and nothing is filled in (the benchmark's baseline). All integer
arithmetic: floats allocate on MicroPython.
"""

def _sum(values):
    # The sum of the positive values in (how many are in: Hand.count).
    s = 0
    for v in values:
        if v is not None and v > 0:
            s += v
    return s


# The per-seat tricks of a hand add up to the cards dealt (Spades deals
# every card: g.cards too), its hearts to 13 (the hearts in a deck); the
# expected seat is the last to enter a kind when all the others have
# (hand.count(kind) == g.n - 1). Written where they are needed: a call of a
# helper costs more on the board than the test.


def number(g, smart=True, private=False):
    """Starting value of the number picker for the expected step.

    ``private``: a hidden bid, whose default must not depend on the others'."""
    kind = g.kind
    low, high = g.bounds()
    if low < 0:
        low = 0  # blind nil (-1) is reached by going below 0, never the default
    if not smart:
        return low
    hand = g.current
    if kind == "bid":
        bids = hand.values["bid"]
        # Expected sum of the bids, in tenths of the cards dealt: Spades
        # players underbid (bags are cheap, a set costs the contract), Wizard
        # bids track the tricks. Tuned on the benchmark corpus (bench/ui_bench.py).
        fill = 9 if g.NAME == "spades" else 10
        if private:
            left = g.n
            want10 = g.cards * fill
        else:
            left = g.n - hand.count("bid")
            want10 = g.cards * fill - 10 * _sum(bids)
        # Round half up of want10 / (10 * left), in integers.
        v = (2 * want10 + 10 * left) // (20 * left)
        v = max(low, min(v, high))
        forbidden = g.forbidden_bid() if hasattr(g, "forbidden_bid") and not private else None
        if v == forbidden:
            v = v - 1 if v - 1 >= low else v + 1
        return max(low, min(v, high))
    if kind != "tricks" and kind != "hearts":
        return low
    values = hand.values[kind]
    left = (g.cards if kind == "tricks" else 13) - _sum(values)  # not yet entered
    if hand.count(kind) == g.n - 1:  # the last seat
        return max(low, min(left, high))
    if kind == "tricks":
        # The seat's own bid (most players make their bid; blind nil counts
        # as 0), plus an even share of the tricks nobody still to count bid
        # for: ``left`` tricks remain for the seats without a count, and
        # whatever exceeds their bids (Spades' bags) or falls short (sets) is
        # spread over them, rounded toward zero. Every seat making its bid
        # exactly gives the bid itself.
        bids = hand.values["bid"]
        owed = 0
        seats = 0
        for s in range(g.n):
            if values[s] is None:
                seats += 1
                b = bids[s]
                if b is not None and b > 0:
                    owed += b
        bid = bids[g.seat]
        v = bid if bid is not None and bid > 0 else 0
        extra = left - owed
        v += extra // seats if extra >= 0 else -((-extra) // seats)
    else:
        # Hearts: an even share of what is left (rounded half up).
        seats = g.n - hand.count(kind)
        v = (2 * left + seats) // (2 * seats)
    return max(low, min(v, high, left))


def forced(g):
    """The one value the expected tricks or hearts entry can take, or None:
    the last seat gets what the total leaves, and once nothing is left
    every other seat gets 0. The app enters it without asking."""
    kind = g.kind
    if kind != "tricks" and kind != "hearts":
        return None
    hand = g.current
    left = (g.cards if kind == "tricks" else 13) - _sum(hand.values[kind])  # not yet entered
    if left != 0 and hand.count(kind) != g.n - 1:  # not the last seat
        return None
    low, high = g.bounds()
    if low <= left <= high:
        return left
    return None


def forbidden_next(g, value):
    """The bid the rules will forbid the dealer (the last bidder) if the
    expected bidder bids ``value``: shown crossed out in the dealer's column
    before anyone gets there. None when nothing will be forbidden (the core
    decides for the dealer; this only looks one bid ahead)."""
    if g.kind != "bid" or not hasattr(g, "forbidden_bid"):
        return None
    hand = g.current
    count = hand.count("bid")
    if count == g.n - 1:
        return g.forbidden_bid()
    if count != g.n - 2 or g.seat == g.dealer:
        return None
    rule = g.settings.get("even_bids")
    if rule is None or rule == "allowed":
        return None
    forbidden = g.cards - hand.total("bid") - (value if value > 0 else 0)
    if forbidden < 0 or (rule == "canadian_zero" and forbidden == 0):
        return None
    if rule != "never" and g.sole_leader() != g.dealer:
        return None
    return forbidden
