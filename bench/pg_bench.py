# SPDX-License-Identifier: MIT
"""The games database on PostgreSQL against SQLite, in one run: ratios, so
the machine's speed (and its other load) mostly cancels out.

A real server (Debian's, `make postgres`) as a club runs it (fsync on;
tests/host/pg_server.py starts it in a temporary folder), against a SQLite
file with its usual settings (WAL, a sync to disk per commit).

``pg.sync_ratio_200_games``: `tricktally sync` as a user runs it, from
`tricktally sim --headless` (its own process, 200 journalled games), into a
fresh database of each backend: PostgreSQL's time over SQLite's.
``pg.report_ratio_1000_games``: `tricktally report` over the 1,000 games
of the league bench's corpus (tests/host/league_corpus.py; copied into the
server with `tricktally db copy`). ``pg.ratings_ratio_1000_games``: the same
for `tricktally ratings` (watch). Each time is the best of three, the two
backends taking turns; the seconds are printed too.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tests.host.board_sim import ACCENTED, headless_sim, play_games
from tests.host.league_corpus import corpus_records, store
from tests.host.pg_server import running_server
from tricktally_host.db import Database

GOALS = {
    "pg.sync_ratio_200_games": ("<=", 2.0),
    "pg.report_ratio_1000_games": ("<=", 1.5),
}
TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
RUNS = 3


def _seconds(argv):
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError("%s failed: %s" % (" ".join(argv[:2]), done.stderr[-500:]))
    return took


def _best_in_turns(argv_of, targets):
    """{target: best seconds of RUNS} with the targets taking turns;
    ``argv_of(target, run)`` is the command of one run."""
    best = {}
    for run in range(RUNS):
        for target in targets:
            took = _seconds(argv_of(target, run))
            best[target] = min(best.get(target, took), took)
    return best


def _sync_seconds(tmp, server):
    flash = tmp / "flash"
    journal = Journal(OsFS(str(flash)))
    journal.boot()
    play_games(journal, 200, seed=21, names=ACCENTED, finish_every=1)
    sim, port = headless_sim(flash)
    try:
        def fresh(target, run):
            # A fresh database each run: every game is fetched and stored.
            if target == "sqlite":
                where = tmp / ("sync-%d.sqlite" % run)
            else:
                where = server.url(server.new_database())
            return [TRICKTALLY, "sync", "--port", port, "--db", str(where)]

        best = _best_in_turns(fresh, ("sqlite", "postgresql"))
    finally:
        sim.kill()
        sim.communicate()
    return best


def _league_seconds(tmp, server):
    family = str(tmp / "league.sqlite")
    with Database(family) as db:
        store(db, corpus_records(1000, seed=16))
    club = server.url(server.new_database())
    subprocess.run([TRICKTALLY, "db", "copy", family, club], check=True, stdout=subprocess.DEVNULL)
    page = tmp / "season.html"
    report = _best_in_turns(lambda db, run: [TRICKTALLY, "report", "-o", str(page), "--force", "--db", db],
                            (family, club))
    ratings = _best_in_turns(lambda db, run: [TRICKTALLY, "ratings", "--db", db], (family, club))
    return report[family], report[club], ratings[family], ratings[club]


def measure():
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="tt-pg-bench-"))
    try:
        with running_server(durable=True) as server:
            sync = _sync_seconds(tmp, server)
            report_sqlite, report_pg, ratings_sqlite, ratings_pg = _league_seconds(tmp, server)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {
        "pg.sync_seconds_200_games_sqlite": round(sync["sqlite"], 3),
        "pg.sync_seconds_200_games_postgresql": round(sync["postgresql"], 3),
        "pg.sync_ratio_200_games": round(sync["postgresql"] / sync["sqlite"], 3),
        "pg.report_seconds_1000_games_sqlite": round(report_sqlite, 3),
        "pg.report_seconds_1000_games_postgresql": round(report_pg, 3),
        "pg.report_ratio_1000_games": round(report_pg / report_sqlite, 3),
        "pg.ratings_ratio_1000_games": round(ratings_pg / ratings_sqlite, 3),
    }
