# SPDX-License-Identifier: MIT
"""Several PCs syncing into one PostgreSQL database at the same time (issue
26's done-when): four simulated boards, 200 games in all, each synced by a
`tricktally sync` of its own, and one board synced twice at once (its flash
copied: the same board, the same games, on two PCs). Every game is stored
once, every acknowledgement a board holds matches what is stored, and the
ratings and the season report equal those of the same games synced one by
one into SQLite.

The boards are `tricktally sim --headless` processes, each with its flash
folder, as a person runs them; every sync is its own process."""

import json
import os
import shutil
import subprocess
import sys

from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tests.host.board_sim import ACCENTED, headless_sim, play_games
from tests.host.pc_helpers import sql
from tricktally_host.db import Database
from tricktally_host.sync import crc_hex

TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
BOARDS = 4
GAMES = 50


def make_flash(folder, device, seed, games=GAMES):
    """A board's flash folder holding ``games`` journalled games (every
    other one played to its end)."""
    os.makedirs(folder)
    with open(os.path.join(folder, "device-id.txt"), "w", encoding="ascii") as f:
        f.write(device + "\n")
    journal = Journal(OsFS(folder))
    journal.boot()
    play_games(journal, games, seed=seed, names=ACCENTED, finish_every=2, max_entries=60)


def stop(sims):
    for sim in sims:
        sim.kill()
        sim.communicate(timeout=30)


def board_state(flash):
    """{game id: (size, acknowledged size, the journal's bytes)} of a board."""
    journal = Journal(OsFS(flash))
    journal.boot()
    return {g: (journal.size(g), journal.synced(g), journal.read(g, 0, journal.size(g))) for g in journal.ids()}


def sync_all(ports, db):
    """`tricktally sync` on each port, all at once; their results."""
    env = dict(os.environ, COLUMNS="200")  # each summary on one line
    procs = [subprocess.Popen([TRICKTALLY, "sync", "--port", port, "--db", db, "--timeout", "10"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for port in ports]
    return [(p.returncode, out, err) for p in procs for out, err in [p.communicate(timeout=600)]]


def test_four_boards_and_one_twice_sync_at_once_into_one_postgresql_database(tmp_path, pg_server):
    flashes = []
    for i in range(BOARDS):
        flashes.append(str(tmp_path / ("board%d" % i)))
        make_flash(flashes[-1], "sim-c1ab%04d" % i, seed=40 + i)
    twin = str(tmp_path / "board0-twin")
    shutil.copytree(flashes[0], twin)  # the same board, on a second PC
    pristine = str(tmp_path / "pristine")
    for flash in flashes:
        shutil.copytree(flash, os.path.join(pristine, os.path.basename(flash)))
    name = pg_server.new_database()
    club = pg_server.url(name)
    sims = []
    try:
        for flash in flashes + [twin]:
            sims.append(headless_sim(flash))
        results = sync_all([port for _sim, port in sims], club)
    finally:
        stop([sim for sim, _port in sims])
    for code, out, err in results:
        assert code == 0, (out, err)
        assert "Traceback" not in err
    # Every game once; the board synced twice stored by one sync or the other.
    with Database(club, create=False) as db:
        rows = sql(db, "SELECT device_id, folder, game_id, journal_size, checksum, journal FROM games")
        seats = sql(db, "SELECT COUNT(*) FROM players")[0][0]
        assert db.conflicts() == [] and db.pieces() == []
    keys = [(r[0], r[1], r[2]) for r in rows]
    assert len(keys) == BOARDS * GAMES == len(set(keys))
    stored = {(r[0], r[2]): (r[3], r[4], bytes(r[5])) for r in rows}
    new_counts = [int(out.split(" new")[0].rsplit(" ", 1)[1]) for _code, out, _err in results]
    assert new_counts[1:BOARDS] == [GAMES] * (BOARDS - 1)
    assert new_counts[0] + new_counts[-1] == GAMES  # the twins shared board 0's games
    # Every acknowledgement a board holds is of exactly the bytes stored.
    played = 0
    for flash in flashes + [twin]:
        device = open(os.path.join(flash, "device-id.txt")).read().strip()
        for gid, (size, acked, data) in board_state(flash).items():
            assert acked == size, (flash, gid, acked, size)
            assert stored[(device, gid)] == (size, crc_hex(data), data), (flash, gid)
            played += 1
    assert played == BOARDS * GAMES + GAMES
    with Database(club, create=False) as db:
        assert seats == sum(len(game.players) for _i, _r, game in db.load_all())
    # The same games, synced one by one into SQLite: the same league.
    family = str(tmp_path / "one-by-one.sqlite")
    for flash in sorted(os.listdir(pristine)):
        sim, port = headless_sim(os.path.join(pristine, flash))
        try:
            done = subprocess.run([TRICKTALLY, "sync", "--port", port, "--db", family], capture_output=True, text=True,
                                  timeout=600)
            assert done.returncode == 0 and "%d new" % GAMES in done.stdout, done.stdout + done.stderr
        finally:
            stop([sim])
    outputs = {}
    for db in (club, family):
        ratings = subprocess.run([TRICKTALLY, "ratings", "--json", "--db", db], capture_output=True, text=True, timeout=300)
        page = tmp_path / ("%s.html" % (db == club))
        report = subprocess.run([TRICKTALLY, "report", "-o", str(page), "--db", db], capture_output=True, text=True,
                                timeout=300)
        assert ratings.returncode == 0 and report.returncode == 0, ratings.stderr + report.stderr
        outputs[db] = (json.loads(ratings.stdout), page.read_text(encoding="utf-8"))
    assert outputs[club][0] == outputs[family][0]
    assert sum(len(rows) for rows in outputs[club][0].values()) > 3
    assert outputs[club][1] == outputs[family][1]
    pg_server.drop_database(name)
