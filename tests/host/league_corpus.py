# SPDX-License-Identifier: MIT
"""Seeded corpora of finished games, stored in a real SQLite database, for the
league tests and bench/league_bench.py (ratings, rescore, report).

Games are played at random through the core (tests/core/play.py), so every
stored record is legal; names are drawn from a small pool so the same people
meet again and again, as in a family league.
"""

import random

from tests.core.play import random_entries, random_setup
from tricktally import new_game
from tricktally.record import to_record

# A family of eight, with names that need care in HTML and terminals.
POOL = ["Ana", "Ben", "Cy", "Dée", "Eva <b>", "Fé & Co", "Gus \"G\"", "Hal"]
DAY = 86400
START = 1_704_110_400  # 2024-01-01 12:00 UTC: the same day in any time zone


def finished_game(rnd, name=None, max_entries=6000):
    """A random game of ``name`` played through the core to its end (retried until it ends)."""
    while True:
        setup = random_setup(rnd, name)
        game = new_game(*setup)
        random_entries(rnd, game, max_entries)
        if game.finished:
            return game


def corpus_records(count, seed=1, names=POOL, games=None):
    """``count`` finished game records, a day apart, players drawn from ``names``."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        name = games[i % len(games)] if games else None
        game = finished_game(rnd, name)
        record = to_record(game)
        record["players"] = rnd.sample(names, game.n)
        record["created"] = START + i * DAY
        out.append(record)
    return out


def always_wins(count, champion="Ace", seed=2, others=("Bo", "Cid", "Dot", "Eli", "Flo")):
    """Records where ``champion`` sits at the one winning seat of every game
    (games with a shared win or partnerships are played again)."""
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        game = finished_game(rnd)
        if len(game.winners) != 1 or len(game.sides) != game.n:
            continue
        record = to_record(game)
        names = rnd.sample(list(others), game.n - 1)
        names.insert(game.winners[0], champion)
        record["players"] = names
        record["created"] = START + len(out) * DAY
        out.append(record)
    return out


def store(db, records, device="LEAGUE01"):
    """Store ``records`` in Database ``db`` as games 1..n of one board."""
    with db.transaction():
        for i, record in enumerate(records):
            db.store_game(device, i + 1, record, journal_size=1000 + i, checksum=i, synced_at=record.get("created"))
