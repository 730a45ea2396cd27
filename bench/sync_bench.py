# SPDX-License-Identifier: MIT
"""Sync over a pseudo-terminal: 200 stored games, and resuming after a cut.

``sync.seconds_200_games``: the simulated board as a user runs it
(``tricktally sim --headless``, its own process, flash folder holding 200
journalled games) and the real sync (LinkClient over pyserial, fresh SQLite
file); only the sync is timed. ``sync.seconds_200_games_in_process``: the
same with the board's Link answering from a thread of the same process.
``sync.resume_resent_games``: cut the link in the middle of a sync (the
in-process board's tap drops everything from one FETCH on), sync again,
count the games stored before the cut that were fetched again.
"""

import pathlib
import tempfile
import time

from tallyboard.journal import folder_id
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal

from tests.host.board_sim import ACCENTED, BoardThread, headless_sim, play_games
from tricktally_host.db import Database
from tricktally_host.link_client import LinkClient, LinkError
from tricktally_host.sync import sync_board

GOALS = {
    "sync.seconds_200_games": ("<=", 10),
    "sync.resume_resent_games": ("<=", 0),
}


def _board(count, seed):
    b = BoardThread()
    played = play_games(b.journal, count, seed=seed, names=ACCENTED, finish_every=1)
    return b, played


def seconds_200_games_sim():
    """Seconds to sync 200 games from `tricktally sim --headless`."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        journal = Journal(OsFS(str(tmp / "flash")))
        journal.boot()
        play_games(journal, 200, seed=21, names=ACCENTED, finish_every=1)
        sim, port = headless_sim(tmp / "flash")
        try:
            with Database(tmp / "bench.sqlite") as db, LinkClient(port, timeout=2) as c:
                start = time.perf_counter()
                report = sync_board(c, db, spool=tmp / "spool")
                seconds = time.perf_counter() - start
                stored = len(db.synced_upto(report.device, report.folder))
        finally:
            sim.kill()
            sim.communicate()
    if stored != 200 or report.count("new") != 200:
        raise RuntimeError("only %d of 200 games were stored" % stored)
    return seconds


def seconds_200_games():
    """Seconds to sync 200 games into an empty database, and journal bytes."""
    b, played = _board(200, seed=21)
    with tempfile.TemporaryDirectory() as tmp, b:
        with Database(pathlib.Path(tmp) / "bench.sqlite") as db, LinkClient(b.path, timeout=2) as c:
            start = time.perf_counter()
            report = sync_board(c, db, spool=pathlib.Path(tmp) / "spool")
            seconds = time.perf_counter() - start
            stored = len(db.synced_upto(report.device, report.folder))
    if stored != 200 or report.count("new") != 200:
        raise RuntimeError("only %d of 200 games were stored" % stored)
    return seconds, report.bytes


def resume_resent_games():
    """Cut the link in the middle of a sync; count already stored games the
    next sync fetches again."""
    b, played = _board(40, seed=22)
    sizes = [b.journal.size(g) for g in sorted(played)]
    with tempfile.TemporaryDirectory() as tmp, b:
        with Database(pathlib.Path(tmp) / "bench.sqlite") as db, LinkClient(b.path, timeout=0.3, retries=1) as c:
            b.tap.cut_after_fetches = sum((s + 599) // 600 for s in sizes) // 2
            try:
                sync_board(c, db, spool=pathlib.Path(tmp) / "spool")
                raise RuntimeError("the link was not cut")
            except LinkError:
                pass
            before = set(db.synced_upto(b.link.device_id, folder_id.read(b.fs)))
            b.tap.revive()
            b.tap.requests.clear()
            sync_board(c, db, spool=pathlib.Path(tmp) / "spool")
            after = set(db.synced_upto(b.link.device_id, folder_id.read(b.fs)))
    if after != set(played) or not before:
        raise RuntimeError("resume did not complete the sync")
    return sum(1 for g in before if b.tap.fetches(g))


def measure():
    seconds, nbytes = seconds_200_games()
    return {
        "sync.seconds_200_games": round(seconds_200_games_sim(), 3),
        "sync.seconds_200_games_in_process": round(seconds, 3),
        "sync.kbytes_200_games": round(nbytes / 1024, 1),
        "sync.resume_resent_games": resume_resent_games(),
    }
