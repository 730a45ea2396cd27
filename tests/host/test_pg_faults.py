# SPDX-License-Identifier: MIT
"""A PostgreSQL server that goes away in the middle of a sync (issue 26's
done-when): stopped (a fast shutdown, and a crash) while `tricktally sync`
is fetching, and stopped while a game's transaction is open; then started
again. The sync stops with one line, nothing is half-stored, no game is
acknowledged that was not committed, and a rerun completes with nothing
lost or duplicated.

The server is one of this module's own (tests/host/pg_server.py), so that
stopping it disturbs no other test."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import cli, ok, one_error, sql
from tests.host.pg_server import running_server
from tricktally_host.db import Database
from tricktally_host.db_backends import game_lock_key
from tricktally_host.sync import crc_hex

DEVICE = "e66138935f2a"
TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")


@pytest.fixture(scope="module")
def own_server():
    with running_server() as server:
        yield server


def _stored(url):
    """{game id: (size, checksum, journal bytes, seats stored, players in the record)}."""
    with Database(url, create=False) as db:
        rows = sql(db, "SELECT id, game_id, journal_size, checksum, journal FROM games")
        seats = dict(sql(db, "SELECT game_row, COUNT(*) FROM players GROUP BY game_row"))
        out = {}
        for row_id, gid, size, checksum, journal in rows:
            assert gid not in out, "game %d stored twice" % gid
            out[gid] = (size, checksum, bytes(journal), seats.get(row_id, 0), len(db.get(str(gid))["players"]))
        return out


def _whole_and_acknowledged_only_if_stored(url, b, played):
    """After the server came back: every stored game whole, every game the
    board counts acknowledged stored with exactly those bytes. Returns what
    is stored."""
    stored = _stored(url)
    assert len(stored) < len(played)
    for gid, (size, checksum, journal, seats, players) in stored.items():
        assert seats == players, "game %d half-stored" % gid
        assert journal == b.journal.read(gid, 0, size) and checksum == crc_hex(journal)
    for gid in played:
        acked = b.journal.synced(gid)
        if acked:
            assert gid in stored and stored[gid][0] == acked, "game %d acknowledged but not stored" % gid
    return stored


def _rerun_completes(url, b, played, before):
    b.tap.on_request = None
    b.tap.requests.clear()
    ok(cli("sync", "--port", b.path, "--db", url))
    after = _stored(url)
    for gid in played:
        assert b.journal.synced(gid) == b.journal.size(gid), "game %d not acknowledged" % gid
    assert sorted(after) == sorted(played)
    for gid, (size, checksum, journal, seats, players) in after.items():
        assert size == len(journal) == b.journal.size(gid) and checksum == crc_hex(journal)
        assert seats == players
    refetched = {int(a[0]) for a in b.tap.fetches()}
    assert not refetched & set(before), "a game stored before the server went was fetched again"


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGQUIT], ids=["fast shutdown", "crash"])
def test_a_server_stopped_mid_sync_loses_nothing_and_a_rerun_completes(own_server, how):
    url = own_server.url(own_server.new_database())
    b = BoardThread(device_id=DEVICE)
    played = play_games(b.journal, 24, seed=17, names=ACCENTED, finish_every=2)
    stopper = threading.Thread(target=own_server.stop, args=(how,))

    def stop_midway(verb, args):
        # A third of the way through, the server goes (from another thread:
        # the board goes on answering, as a board would).
        if verb == "FETCH" and len(b.tap.fetches()) == 25 and stopper.ident is None:
            stopper.start()

    b.tap.on_request = stop_midway
    with b:
        line = one_error(cli("sync", "--port", b.path, "--db", url))
        assert stopper.ident is not None
        stopper.join(60)
        assert "connection to the PostgreSQL server" in line and "run sync again" in line, line
        own_server.start()
        before = _whole_and_acknowledged_only_if_stored(url, b, played)
        assert before
        _rerun_completes(url, b, played, before)


def test_a_server_stopped_while_a_game_is_being_stored(own_server):
    """The sync's transaction for one game is open (it waits for that
    game's lock, which another session holds) when the server goes."""
    name = own_server.new_database()
    url = own_server.url(name)
    b = BoardThread(device_id=DEVICE)
    played = play_games(b.journal, 8, seed=23, names=ACCENTED, finish_every=2)
    held = sorted(played)[4]
    import psycopg

    other = psycopg.connect(url, autocommit=True)
    other.execute("SELECT pg_advisory_lock(%s, %s)", game_lock_key(DEVICE, held))
    with b:
        sync = subprocess.Popen([TRICKTALLY, "sync", "--port", b.path, "--db", url],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            waiting = own_server.admin("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                                       dbname=name)[0][0]
            if waiting or sync.poll() is not None:
                break
            time.sleep(0.05)
        assert waiting == 1, sync.communicate()
        own_server.stop(signal.SIGINT)
        out, err = sync.communicate(timeout=120)
        other.close()
        lines = [line for line in err.splitlines() if line.strip()]
        assert sync.returncode == 2 and len(lines) == 1 and "PostgreSQL server" in lines[0], err
        own_server.start()
        before = _whole_and_acknowledged_only_if_stored(url, b, played)
        assert held not in before and b.journal.synced(held) == 0
        assert sorted(before) == sorted(played)[:4]
        _rerun_completes(url, b, played, before)
