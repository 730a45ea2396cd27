# SPDX-License-Identifier: MIT
"""The family league over 1,000 stored games (a seeded corpus of games played
at random through the rules core, tests/host/league_corpus.py, in a real
SQLite file).

``league.report_seconds_1000``: `tricktally report -o season.html` run as a
user runs it (its own process: start-up, imports, loading and replaying every
game, ratings, the HTML with 1,000 sheets and charts). ``league.ratings_seconds_1000``:
`tricktally ratings` the same way. ``league.rescore_all_seconds_1000``:
`tricktally rescore --all --set target=300` (watch). ``league.report_mb``: the
page's size. Each time is the best of three runs.
"""

import os
import pathlib
import subprocess
import sys
import tempfile
import time

from tests.host.league_corpus import corpus_records, store
from tricktally_host.db import Database

GAMES = 1000
GOALS = {
    "league.report_seconds_1000": ("<=", 5),
    "league.ratings_seconds_1000": ("<=", 2),
}
TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")


def _best(argv, runs=3):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return round(best, 3)


def measure():
    with tempfile.TemporaryDirectory() as tmp:
        db = str(pathlib.Path(tmp) / "league.sqlite")
        with Database(db) as conn:
            store(conn, corpus_records(GAMES, seed=16))
        page = pathlib.Path(tmp) / "season.html"
        return {
            "league.report_seconds_1000": _best([TRICKTALLY, "report", "-o", str(page), "--force", "--db", db]),
            "league.ratings_seconds_1000": _best([TRICKTALLY, "ratings", "--db", db]),
            "league.rescore_all_seconds_1000": _best([TRICKTALLY, "rescore", "--all", "--set", "target=300", "--db", db]),
            "league.report_mb": round(page.stat().st_size / 1e6, 2),
        }
