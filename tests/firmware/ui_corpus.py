# SPDX-License-Identifier: MIT
"""A seeded corpus of realistic hands (CPython only: it uses random).

Tricks (or hearts) are dealt out by chance with uneven seat strength; bids
sit near the tricks taken: most made exactly, some under by one or two
(Spades bags), some missed by one or two. The corpus is plain data (lists of
record hands), so it can be handed to the MicroPython VM as a literal.
"""

import random


def _deal(rng, items, n, spread):
    # Each of ``items`` tricks/hearts goes to a seat with probability
    # proportional to that seat's strength this hand.
    weights = [rng.uniform(1.0 - spread, 1.0 + spread) for _ in range(n)]
    total = sum(weights)
    out = [0] * n
    for _ in range(items):
        r = rng.uniform(0, total)
        for s in range(n):
            r -= weights[s]
            if r <= 0 or s == n - 1:
                out[s] += 1
                break
    return out


def _noise(rng, table):
    r = rng.random()
    for p, d in table:
        if r < p:
            return d
        r -= p
    return 0


# (probability, bid minus tricks)
SPADES_BIDS = ((0.5, 0), (0.25, -1), (0.1, -2), (0.1, 1), (0.05, 2))
WIZARD_BIDS = ((0.6, 0), (0.15, -1), (0.15, 1), (0.05, -2), (0.05, 2))


def spades_hand(rng, n=4, cards=13):
    tricks = _deal(rng, cards, n, 0.5)
    bids = [max(1, min(cards, t + _noise(rng, SPADES_BIDS))) for t in tricks]
    return {"bids": bids, "tricks": tricks}


def wizard_hand(rng, size, n=4, last=False):
    tricks = _deal(rng, size, n, 0.5)
    bids = [max(0, min(size, t + _noise(rng, WIZARD_BIDS))) for t in tricks]
    hand = {"bids": bids, "tricks": tricks}
    hand["trump"] = "none" if last else rng.choice(("S", "H", "D", "C", "none"))
    return hand


def hearts_hand(rng, n=4):
    hearts = _deal(rng, 13, n, 0.8)
    weights = [h + 1 for h in hearts]
    queen = rng.choices(range(n), weights=weights)[0]
    if 13 in hearts and rng.random() < 0.9:
        queen = hearts.index(13)
    return {"hearts": hearts, "queen": queen}


def corpus(game, seed=2024, games=4, n=4):
    """``games`` lists of hands for ``game`` with ``n`` players."""
    rng = random.Random("%s-%d-%d" % (game, seed, n))
    out = []
    for _ in range(games):
        if game == "wizard":
            rounds = 60 // n
            out.append([wizard_hand(rng, r + 1, n, r == rounds - 1) for r in range(rounds)])
        elif game == "spades":
            cards = {2: 26, 3: 18, 4: 13, 5: 10}[n]
            out.append([spades_hand(rng, n, cards) for _ in range(40)])
        else:
            out.append([hearts_hand(rng, n) for _ in range(40)])
    return out
