# SPDX-License-Identifier: MIT
"""The game database, on SQLite and on PostgreSQL: idempotent stores, refs,
transactions, a killed writer, bad files, foreign databases."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import sqlalchemy as sa

from tests.core.play import random_game
from tests.host.pc_helpers import sql, write_marks
from tricktally import new_game
from tricktally.record import from_record, summary, to_record
from tricktally_host import db as dbmod
from tricktally_host.db import Database, DatabaseError, UnknownGame
from tricktally_host.records import RecordError

DEVICE = "e6614c311b7e4a2f"
BASE_TIME = 1700000000


def played(seed, name=None, max_entries=300):
    """A game played at random (seeded) through the core, and its record with a start time."""
    _setup, _entries, game = random_game(seed, name, max_entries)
    record = to_record(game)
    record["created"] = BASE_TIME + 3600 * seed
    return game, record


def fill(path, seeds=range(9), device=DEVICE):
    """Store one game per seed (all three games, finished and not); return {game_id: game}."""
    names = ("spades", "wizard", "hearts")
    games = {}
    with Database(path) as db:
        for seed in seeds:
            game, record = played(seed, names[seed % 3], max_entries=300 if seed % 4 else 40)
            assert db.store_game(device, seed, record, 1000 + seed, "crc%d" % seed, BASE_TIME) == "new"
            games[seed] = game
    return games


def test_store_is_idempotent_and_reports_changes(db_target):
    path = db_target
    game, record = played(1, "wizard", max_entries=30)
    with Database(path) as db:
        assert db.store_game(DEVICE, 7, record, 120, 0xBEEF, 5.0) == "new"
        before = write_marks(db)
        assert db.store_game(DEVICE, 7, json.loads(json.dumps(record)), 120, 0xBEEF, 9.0) == "same"
        assert write_marks(db) == before, "'same' must write nothing"
        assert db.games()[0]["synced_at"] == 5.0
        assert db.synced_upto(DEVICE) == {7: (120, 0xBEEF)}
        # The game went on: more entries, a longer journal.
        for kind, seat, value in [(game.kind, game.seat, game.legal_values()[0])]:
            game.enter(kind, seat, value)
        grown = to_record(game)
        grown["created"] = record["created"]
        assert db.store_game(DEVICE, 7, grown, 131, 0xCAFE) == "changed"
        assert db.synced_upto(DEVICE) == {7: (131, 0xCAFE)}
        assert db.synced_upto("other") == {}
        assert db.get("E661-7") == grown
        # Same record but the journal grew (an undo and a redo): still a change to remember.
        assert db.store_game(DEVICE, 7, grown, 150, 0xCAFE) == "changed"
        assert len(db.games()) == 1
    # Reopened from disk: everything committed.
    with Database(path) as db:
        assert db.synced_upto(DEVICE) == {7: (150, 0xCAFE)}
        assert db.store_game(DEVICE, 7, grown, 150, 0xCAFE) == "same"


def test_games_lists_what_the_core_says(db_target):
    games = fill(db_target)
    with Database(db_target) as db:
        infos = db.games()
        assert [i["game_id"] for i in infos] == sorted(games)  # oldest first
        for info in infos:
            game = games[info["game_id"]]
            assert info["ref"] == "E661-%d" % info["game_id"]
            assert info["game"] == game.NAME
            assert info["players"] == game.players
            assert info["finished"] == game.finished
            assert info["winners"] == [game.players[s] for s in game.winners]
            assert info["hands"] == len(game.hands)
            assert info["started"] == BASE_TIME + 3600 * info["game_id"]
            assert info["date"].startswith("2023-11-1")
            _info, record, rebuilt = db.load(info["ref"])
            assert summary(rebuilt) == summary(game)
            assert record == db.get(info["ref"].lower())
        assert {i["finished"] for i in infos} == {True, False}, "the sample should hold both"
        rows = sql(db, "SELECT COUNT(*) FROM players")[0][0]
        assert rows == sum(len(g.players) for g in games.values())


def test_bad_record_is_refused_and_nothing_is_written(db_target):
    with Database(db_target) as db:
        bad = {"format": "tricktally/1", "game": "wizard", "players": ["Ana", "Ben", "Cy"],
               "hands": [{"bids": [1, 0, 0], "tricks": [0, 0, 0]}]}
        with pytest.raises(RecordError) as err:
            db.store_game(DEVICE, 3, bad, 10, 1)
        text = str(err.value)
        assert "game %s/3" % DEVICE in text and "hand 1" in text and "tricks_total" in text
        with pytest.raises(RecordError, match="not valid JSON"):
            db.store_game(DEVICE, 3, "{nope", 10, 1)
        with pytest.raises(ValueError, match="device_id"):
            db.store_game("", 3, to_record(new_game("hearts", ["A", "B", "C"])), 10, 1)
        assert db.games() == [] and db.synced_upto(DEVICE) == {}


def test_transaction_rolls_back_everything_nested_included(db_target):
    _game, record = played(2, "hearts")
    with Database(db_target) as db:
        with pytest.raises(RuntimeError):
            with db.transaction():
                assert db.store_game(DEVICE, 1, record, 10, 1) == "new"
                assert db.store_game(DEVICE, 2, record, 10, 1) == "new"
                raise RuntimeError("link cut")
        assert db.games() == []
        with db.transaction():
            db.store_game(DEVICE, 1, record, 10, 1)
        assert [g["game_id"] for g in db.games()] == [1]


KILLED_WRITER = r"""
import sys, time
from tests.host.test_db import played, DEVICE
from tricktally_host.db import Database
db = Database(sys.argv[1])
records = [played(seed)[1] for seed in range(6)]
i = 0
while True:
    if sys.argv[2] == 'one':
        # One game per transaction, as a sync stores them.
        db.store_game(DEVICE, i, records[i % 6], 100 + i, i)
        print(i, flush=True)
    else:
        # Everything in one transaction that is never committed.
        with db.transaction():
            while True:
                db.store_game(DEVICE, i, records[i % 6], 100 + i, i)
                i += 1
                if i == 50:
                    print(i, flush=True)
    i += 1
"""


@pytest.mark.parametrize("mode", ["one", "batch"])
def test_killed_writer_leaves_a_consistent_database(db_target, mode):
    path = db_target
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path), mode],
        stdout=subprocess.PIPE, cwd=os.getcwd(), env=dict(os.environ, PYTHONPATH=os.getcwd()),
    )
    try:
        for _ in range(30 if mode == "one" else 1):
            assert proc.stdout.readline(), "writer died early"
        time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with Database(path) as db:
        if db.path is not None:
            assert sql(db, "PRAGMA integrity_check")[0][0] == "ok"
        infos = db.games()
        if mode == "one":
            assert len(infos) >= 30
            assert sorted(i["game_id"] for i in infos) == list(range(len(infos))), "no gaps"
        else:
            assert infos == [], "an uncommitted transaction must leave nothing"
        for info in infos:
            _i, record, game = db.load(info["ref"])
            seats = sql(db, "SELECT COUNT(*) FROM players JOIN games ON games.id = game_row WHERE game_id = :g",
                        g=info["game_id"])[0][0]
            assert seats == len(game.players) == len(info["players"])
            assert db.synced_upto(DEVICE)[info["game_id"]] == (100 + info["game_id"], info["game_id"])


def test_refs_grow_until_devices_differ_and_resolve(db_target):
    _g, record = played(3, "wizard", max_entries=20)
    with Database(db_target) as db:
        db.store_game("abcd1111", 1, record, 1, 1)
        db.store_game("abcd2222", 1, record, 1, 1)
        db.store_game("ffee", 2, record, 1, 1)
        refs = sorted(i["ref"] for i in db.games())
        assert refs == ["ABCD1-1", "ABCD2-1", "FFEE-2"]
        assert db.find("abcd2-1")["device_id"] == "abcd2222"
        assert db.find("abcd2222-1")["device_id"] == "abcd2222"
        assert db.find("2")["device_id"] == "ffee"  # a bare id, when only one game has it
        with pytest.raises(UnknownGame, match="ambiguous.*ABCD1-1, ABCD2-1"):
            db.find("1")
        with pytest.raises(UnknownGame, match="ambiguous"):
            db.find("ABCD-1")
        with pytest.raises(UnknownGame, match="no stored game 'FFEE-9'"):
            db.find("FFEE-9")
        with pytest.raises(UnknownGame, match="not a game ref"):
            db.get("wizard")


def test_refs_of_dashed_device_ids_have_one_dash(db_target):
    # A simulated board's id is "sim-" and hex digits: its ref skips the
    # dash ("SIM9-1", not "SIM--1") and every spelling of it resolves.
    _g, record = played(3, "wizard", max_entries=20)
    with Database(db_target) as db:
        db.store_game("sim-9a3b", 1, record, 1, 1)
        db.store_game("sim-4c5d", 1, record, 1, 1)
        refs = sorted(i["ref"] for i in db.games())
        assert refs == ["SIM4-1", "SIM9-1"]
        for ref in ("SIM9-1", "sim9-1", "sim-9-1", "sim-9a3b-1"):
            assert db.find(ref)["device_id"] == "sim-9a3b"
        with pytest.raises(UnknownGame, match="ambiguous"):
            db.find("sim-1")


def test_bad_files_are_named(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(DatabaseError, match="junk.sqlite: not a usable SQLite database"):
        Database(junk)
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    with pytest.raises(DatabaseError, match="not a TrickTally database"):
        Database(other)
    newer = tmp_path / "newer.sqlite"
    Database(newer).close()
    conn = sqlite3.connect(newer)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(DatabaseError, match="schema version 99 comes from a newer tricktally"):
        Database(newer)
    with pytest.raises(DatabaseError, match="is a folder"):
        Database(tmp_path)


def test_default_path_wal_and_no_file_for_readers(tmp_path, monkeypatch):
    monkeypatch.delenv(dbmod.ENV_VAR, raising=False)
    monkeypatch.setattr(dbmod.platformdirs, "user_data_dir", lambda app: str(tmp_path / "data" / app))
    assert dbmod.default_path() == tmp_path / "data" / "tricktally" / "tricktally.sqlite"
    monkeypatch.setenv(dbmod.ENV_VAR, str(tmp_path / "env.sqlite"))
    assert dbmod.default_path() == tmp_path / "env.sqlite"
    with Database(create=False) as db:
        assert db.games() == []
    assert not (tmp_path / "env.sqlite").exists(), "a reader must not create the file"
    with Database() as db:
        assert sql(db, "PRAGMA journal_mode")[0][0] == "wal"
        assert sql(db, "SELECT version FROM schema_version")[0][0] == dbmod.SCHEMA_VERSION
    assert (tmp_path / "env.sqlite").exists()


def test_started_accepts_epoch_or_iso_and_created_overrides(db_target):
    record = to_record(new_game("hearts", ["Ana", "Ben", "Cy"]))
    assert dbmod.started_of(dict(record, created=1700000000)) == 1700000000
    assert dbmod.started_of(dict(record, started="2023-11-14T22:13:20Z")) == 1700000000
    assert dbmod.started_of(dict(record, created="yesterday")) is None
    with Database(db_target) as db:
        db.store_game("dev1", 1, record, 5, 1, created=1700000000)
        assert db.games()[0]["started"] == 1700000000
        # A later sync without a date keeps the one stored.
        assert db.store_game("dev1", 1, record, 5, 1) == "same"
        assert from_record(db.get("DEV1-1")).players == ["Ana", "Ben", "Cy"]


def test_a_new_schema_version_is_one_step_on_either_backend(db_target, monkeypatch):
    """What the next schema version takes (a table of club notes, say):
    one step in db_schema, run by the first writer, on both backends."""
    from tests.host.pc_helpers import contents, examples_db, tables_of
    from tricktally_host import db_schema

    examples_db(db_target)
    ran = []

    now = db_schema.SCHEMA_VERSION

    def _next_step(conn):
        conn.execute(sa.text("CREATE TABLE club_notes (device_id TEXT PRIMARY KEY, note TEXT NOT NULL)"))
        ran.append(conn.dialect.name)

    monkeypatch.setattr(db_schema, "SCHEMA_VERSION", now + 1)
    monkeypatch.setattr(dbmod, "SCHEMA_VERSION", now + 1)
    monkeypatch.setitem(db_schema._STEPS, now, _next_step)
    before = contents(db_target)
    if dbmod.is_url(db_target):
        # A shared database: a reader says so, a writer upgrades it for everyone.
        with pytest.raises(DatabaseError, match="schema version %d is older than this tricktally's %d" % (now, now + 1)):
            Database(db_target, create=False)
    else:
        with Database(db_target, create=False) as db:
            assert len(db.games()) == 3  # read through an upgraded copy in memory
    assert contents(db_target) == before
    with Database(db_target) as db:
        assert sql(db, "SELECT version FROM schema_version") == [(now + 1,)]
        assert len(db.games()) == 3
    assert "club_notes" in tables_of(db_target)
    assert ran == (["postgresql"] if dbmod.is_url(db_target) else ["sqlite", "sqlite"])


def test_a_sqlite_url_names_a_file(tmp_path):
    from tests.host.pc_helpers import cli, examples_db, ok

    examples_db("sqlite:///%s" % (tmp_path / "games.sqlite"))
    assert (tmp_path / "games.sqlite").exists()
    assert len(json.loads(ok(cli("games", "--json", "--db", tmp_path / "games.sqlite")))) == 3
