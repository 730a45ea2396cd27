# SPDX-License-Identifier: MIT
"""A club night's load on one hub (issue 27, "Done when"), on SQLite and
on PostgreSQL: 64 enrolled boards (the real firmware's journal and club
link on CPython, tests/club_fleet.py) each enter a hand of 4-player Wizard
every 3 s (ten times a real table's pace) for 2 minutes, sending to the
hub's board listener in a process of its own (tests/club_hub.py) on
127.0.0.1. A hand is its bids at once and its tricks 1.5 s later, each
value one journal record; 64 x 40 hands x 8 values is about 20,000
entries a run.

- ``club_load.BACKEND.entry_to_commit_ms.p50`` / ``.p95`` / ``.p99`` /
  ``.max`` (goal p99 <= 200): per entry the hub accepted, from the board's
  clock right after it was journaled to the hub's ``stored`` event of the
  first sync holding it (that event comes once the sync committed and
  ended: an upper bound of entry to commit). Both clocks are this host's.
- ``.entries_sent`` / ``.entries_stored``: values entered on the boards
  and values in the hub's stored records; ``.lost`` (games missing or
  whose stored journal is not the board's, plus entries no stored event
  held) and ``.duplicated`` (games stored twice, or stored that no board
  has) (goals 0).
- ``.standings_equal`` (goal 1): the standings the hub's database gives
  (each stored record scored by the core, the wins it recorded) equal a
  recompute from the games the boards' players entered.

``python -m bench.club_load_bench [--quick]``; the bench's default is the
issue's load. ``--quick`` (or TT_CLUB_LOAD_QUICK=1) runs 16 boards for
20 s; TT_CLUB_LOAD_BOARDS / TT_CLUB_LOAD_SECONDS set them. The run is
bounded: the play by its seconds, the catching up after it by 120 s.
PostgreSQL is a durable server (fsync on) as a club runs it.
"""

import json
import os
import sys
import tempfile

from bench.club_bench import percentile
from tests.club_load import run_load
from tests.host.pg_server import BACKENDS, running_server

GOALS = {}
for _backend in BACKENDS:
    GOALS.update({
        "club_load.%s.entry_to_commit_ms.p99" % _backend: ("<=", 200),
        "club_load.%s.lost" % _backend: ("<=", 0),
        "club_load.%s.duplicated" % _backend: ("<=", 0),
        "club_load.%s.standings_equal" % _backend: (">=", 1),
    })


def load_size(quick=False):
    """(boards, seconds): the issue's, or a short run's."""
    quick = quick or os.environ.get("TT_CLUB_LOAD_QUICK") == "1"
    boards = int(os.environ.get("TT_CLUB_LOAD_BOARDS", 16 if quick else 64))
    seconds = float(os.environ.get("TT_CLUB_LOAD_SECONDS", 20 if quick else 120))
    return boards, seconds


def figures(backend, result, ms):
    """The run's measures, named for ``backend``."""
    name = "club_load.%s." % backend
    lost = len(result["missing"]) + len(result["differs"]) + result["unheard"]
    out = {
        name + "boards_x_seconds": result["boards"] * result["played_s"],
        name + "entries_sent": result["entries_sent"],
        name + "entries_stored": result["entries_stored"],
        name + "lost": lost,
        name + "duplicated": len(result["duplicated"]) + len(result["extra"]),
        name + "standings_equal": 1 if result["standings_equal"] else 0,
    }
    for label, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        out[name + "entry_to_commit_ms." + label] = round(percentile(ms, share), 1) if ms else float("inf")
    out[name + "entry_to_commit_ms.max"] = round(max(ms), 1) if ms else float("inf")
    return out


def run(backend, boards, seconds):
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="tt-club-load-") as tmp:
            result, ms, _fleet, _hub = run_load(os.path.join(tmp, "hub.sqlite"), boards, seconds)
    else:
        with running_server(durable=True) as server:
            result, ms, _fleet, _hub = run_load(server.url(server.new_database()), boards, seconds)
    result["boards"] = boards
    return figures(backend, result, ms)


def measure(quick=False):
    boards, seconds = load_size(quick)
    out = {}
    for backend in BACKENDS:
        out.update(run(backend, boards, seconds))
    return out


if __name__ == "__main__":
    print(json.dumps(measure("--quick" in sys.argv[1:]), indent=2))
