# SPDX-License-Identifier: MIT
"""Random legal play of any game, for property tests, VM vectors and benches."""

import random

from tricktally import new_game
from tricktally.record import to_record

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eva", "Fé"]

# Every setting combination worth playing, per game and player count.
SETTING_CHOICES = {
    "spades": {
        "partners": [False, True],
        "target": [500, 200, 60],
        "bags": [False, True],
        "set_penalty": ["zero", "minus_bid"],
        "nil": [False, True],
        "blind_nil": [False, True],
    },
    "wizard": {
        "even_bids": ["allowed", "canadian", "canadian_zero", "never"],
        "bidding": ["open", "hidden", "delayed"],
    },
    "hearts": {
        "target": [50, 100, 30],
        "moon": ["others_plus", "self_minus", "choice"],
        "omnibus": [False, True],
        "passing": ["rotate", "left", "none"],
        "tie": ["play_on", "shared"],
    },
}
PLAYER_COUNTS = {"spades": [2, 3, 4, 5], "wizard": [3, 4, 5, 6], "hearts": [3, 4, 5]}


def random_setup(rnd, name=None):
    """(game name, players, first dealer, settings) drawn at random, always legal."""
    name = name or rnd.choice(sorted(SETTING_CHOICES))
    n = rnd.choice(PLAYER_COUNTS[name])
    settings = {}
    for key, values in sorted(SETTING_CHOICES[name].items()):
        settings[key] = rnd.choice(values)
    if name == "spades":
        if n != 4:
            settings["partners"] = False
        if not settings["nil"]:
            settings["blind_nil"] = False
    return name, NAMES[:n], rnd.randrange(n), settings


def choose(game, rnd):
    """A legal value for the expected step, biased towards realistic play."""
    legal = game.legal_values()
    if game.kind == "tricks" and game.value("bid", game.seat) is not None and rnd.random() < 0.6:
        bid = game.value("bid", game.seat)
        near = [v for v in legal if abs(v - max(bid, 0)) <= 1]
        if near:
            return rnd.choice(near)
    if game.kind == "hearts" and rnd.random() < 0.1:
        # Sometimes everything goes to one player, so moons get shot.
        if 13 - game.current.total("hearts") in legal:
            return 13 - game.current.total("hearts")
    return rnd.choice(legal)


def random_entries(rnd, game, max_entries=400, trump_rate=0.3):
    """Play up to ``max_entries`` random legal entries into ``game``; return them."""
    entries = []
    while game.kind is not None and len(entries) < max_entries:
        if game.NAME == "wizard" and rnd.random() < trump_rate / 4:
            trump = rnd.choice(game.legal_values("trump"))
            game.enter("trump", None, trump)
            entries.append(("trump", None, trump))
            continue
        value = choose(game, rnd)
        entries.append((game.kind, game.seat, value))
        game.enter(game.kind, game.seat, value)
    return entries


def random_game(seed, name=None, max_entries=400):
    """A game played at random from ``seed``: (setup tuple, entries, game)."""
    rnd = random.Random(seed)
    setup = random_setup(rnd, name)
    game = new_game(*setup)
    entries = random_entries(rnd, game, max_entries)
    return setup, entries, game


def snapshot(game):
    """Everything a player could observe of ``game``, for exact comparisons."""
    return (
        to_record(game),
        game.kind,
        game.seat,
        list(game.totals),
        list(game.bags),
        game.finished,
        list(game.winners),
        game.hand_number,
        [(list(h.scores), list(h.totals), list(h.bags)) for h in game.hands],
    )
