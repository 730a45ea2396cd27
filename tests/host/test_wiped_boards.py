# SPDX-License-Identifier: MIT
"""Issue 24 item 18: a wiped (or reflashed) board numbers its games from 1
again; its new games are new games on the PC, shown, exported, counted and
acknowledged, never conflicts. Boards of older firmware (no folder id in
HELLO) keep working, and games stored before the folder id existed are
taken over by it: not listed twice, not fetched again.

A board is the firmware's own Link, Journal and MemFS over a real
pseudo-terminal (tests/host/board_sim.py); "wiping" it is a fresh MemFS
under the same device id."""

import json

import pytest

from tallyboard.link import Link
from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import cli, ok, sql
from tricktally.record import to_record
from tricktally_host import db as dbmod
from tricktally_host import db_schema
from tricktally_host.db import Database
from tricktally_host.sync import crc_hex, record_of

DEVICE = "e66138935f2a"


def fid(fs):
    """The folder id of a board's flash (None before its first game)."""
    from tallyboard.journal import folder_id

    return folder_id.read(fs)


class OldLink(Link):
    """The link of firmware from before folder ids: HELLO has five words."""

    def _hello(self, words):
        return Link._hello(self, words)[:6]

    VERBS = dict(Link.VERBS, HELLO=_hello)


def board(count, seed, old=False, fs=None):
    b = BoardThread(device_id=DEVICE, fs=fs)
    if old:
        b.link = OldLink(b.tap, b.journal, b.config, b.clock, DEVICE, "0.0.9")
    played = play_games(b.journal, count, seed=seed, names=ACCENTED, finish_every=2)
    return b, played


def sync(b, db_path):
    """`tricktally sync` from board ``b`` (started): the result, and per
    game whether the board now counts it acknowledged."""
    result = cli("sync", "--port", b.path, "--db", db_path)
    assert "Traceback" not in result.stderr, result.stderr
    return result, {g: b.journal.synced(g) == b.journal.size(g) for g in b.journal.ids()}


def sync_once(b, db_path):
    with b:
        return sync(b, db_path)


def listed(db_path):
    return json.loads(ok(cli("games", "--json", "--db", db_path)))


def test_a_wiped_boards_new_games_are_new_games(db_target, tmp_path):
    db_path = db_target
    first, old_games = board(3, seed=1)
    result, acked = sync_once(first, db_path)
    assert result.exit_code == 0 and all(acked.values())
    wiped, new_games = board(2, seed=5)  # same device, fresh flash: games 1 and 2 again
    assert fid(wiped.fs) != fid(first.fs)
    with wiped:
        result, acked = sync(wiped, db_path)
        again, _ = sync(wiped, db_path)  # syncing again adds nothing
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "2 new" in result.stdout and "conflict" not in result.stdout + result.stderr
    assert "new journal folder" in result.stderr
    # Acknowledged: the board may free them when its flash runs low.
    assert all(acked.values())
    infos = listed(db_path)
    assert len(infos) == 5 and len({i["ref"] for i in infos}) == 5
    by_folder = {}
    for i in infos:
        by_folder.setdefault(i["folder"], {})[i["game_id"]] = i
    new = by_folder[fid(wiped.fs)]
    assert sorted(new) == [1, 2]
    with Database(db_path, create=False) as db:
        assert db.conflicts() == []
        for gid, game in new_games.items():
            assert db.get(new[gid]["ref"])["players"] == game.players
            assert db.load(new[gid]["ref"])[2].totals == game.totals
    # The old games keep their refs; the new ones that share a number are marked.
    assert sorted(i["ref"] for i in by_folder[fid(first.fs)].values()) == ["E661-1", "E661-2", "E661-3"]
    assert all(i["ref"].startswith("E661.") for i in new.values())
    for i in infos:
        ok(cli("show", i["ref"], "--db", db_path))
    ok(cli("export", "--format", "json", "-o", tmp_path / "x", "--db", db_path))
    assert len(list((tmp_path / "x").iterdir())) == 5
    stats = json.loads(ok(cli("stats", "--json", "--db", db_path)))
    assert sum(r["games"] for r in stats["by_game"]) == sum(g.n for g in list(old_games.values()) + list(new_games.values()))
    assert "0 new" in again.stdout and len(listed(db_path)) == 5


def test_an_old_board_without_a_folder_id_keeps_working(db_target):
    db_path = db_target
    b, played = board(3, seed=2, old=True)
    with b:
        result, acked = sync(b, db_path)
        assert result.exit_code == 0 and "3 new" in result.stdout and all(acked.values())
        infos = listed(db_path)
        assert {i["folder"] for i in infos} == {""} and sorted(i["ref"] for i in infos) == ["E661-1", "E661-2", "E661-3"]
        result, _ = sync(b, db_path)
        assert "0 new" in result.stdout


def _grow(b, gid, game, entries=6):
    """A few more entries on the unfinished game ``gid`` (as the table goes on)."""
    from tests.core.play import choose
    import random

    rnd = random.Random(gid)
    for _ in range(entries):
        if game.kind is None:
            break
        value = choose(game, rnd)
        kind, seat = game.kind, game.seat
        game.enter(kind, seat, value)
        b.journal.entry(gid, kind, seat, value)


def test_games_stored_before_folder_ids_are_taken_over_not_listed_twice(db_target):
    db_path = db_target
    old, played = board(4, seed=3, old=True)
    sync_once(old, db_path)
    refs = {i["game_id"]: i["ref"] for i in listed(db_path)}
    # The same board, after a firmware update: its folder now has an id.
    new = BoardThread(device_id=DEVICE, fs=old.fs)
    new.journal = old.journal
    new.link = Link(new.tap, old.journal, new.config, new.clock, DEVICE, "0.1.0")
    unfinished = [g for g, game in played.items() if not game.finished]
    assert unfinished
    _grow(new, unfinished[0], played[unfinished[0]])
    assert fid(new.fs) is not None
    with new:
        result = cli("sync", "--port", new.path, "--db", db_path)
        fetched = {int(a[0]) for a in new.tap.fetches()}
        acked = {g: new.journal.synced(g) == new.journal.size(g) for g in new.journal.ids()}
    assert result.exit_code == 0, result.stderr
    assert "0 new" in result.stdout and "1 changed" in result.stdout
    assert fetched == {unfinished[0]}  # the others were proven by their checksum, not fetched
    assert all(acked.values())
    infos = listed(db_path)
    assert len(infos) == 4 and {i["folder"] for i in infos} == {fid(new.fs)}
    assert {i["game_id"]: i["ref"] for i in infos} == refs  # refs unchanged
    with Database(db_path, create=False) as db:
        assert db.load(refs[unfinished[0]])[2].totals == played[unfinished[0]].totals


def test_a_board_wiped_on_older_firmware_gets_its_conflicts_back_as_games(db_target):
    db_path = db_target
    first, _ = board(3, seed=4, old=True)
    sync_once(first, db_path)
    wiped, new_games = board(2, seed=6, old=True)
    result, acked = sync_once(wiped, db_path)
    assert result.exit_code == 1 and "conflict" in result.stdout  # what older firmware can only do
    assert not any(acked.values())
    with Database(db_path, create=False) as db:
        assert len(db.conflicts()) == 2
    # Updated, the wiped board sends its folder id: the conflicts become its games.
    updated = BoardThread(device_id=DEVICE, fs=wiped.fs)
    updated.journal = wiped.journal
    updated.link = Link(updated.tap, wiped.journal, updated.config, updated.clock, DEVICE, "0.1.0")
    result, acked = sync_once(updated, db_path)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "2 new" in result.stdout and all(acked.values())
    assert len(listed(db_path)) == 5
    with Database(db_path, create=False) as db:
        assert db.conflicts() == []  # their bytes are the stored games' own


def _old_database(path, device, journals, version):
    """A database as tricktally wrote it before folder ids (schema 2), or
    before journals were kept (1), holding the games of ``journals`` ({game
    id: journal bytes}): stored now, then taken back to that schema (and
    without the club's board keys of schema 4 and nights of schema 5)."""
    import sqlite3

    with Database(path) as db:
        for gid, data in sorted(journals.items()):
            record, _damage, _game, used = record_of(data, device, gid)
            db.store_game(device, gid, record, used, crc_hex(data[:used]), journal=data[:used])
    columns = ", ".join(c.name for c in db_schema.games.columns if c.name != "folder" and (version == 2 or c.name != "journal"))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("CREATE TABLE old_games AS SELECT %s FROM games" % columns)
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE old_games RENAME TO games")
    if version == 2:
        conn.execute("ALTER TABLE conflicts DROP COLUMN folder")
        conn.execute("ALTER TABLE pieces DROP COLUMN folder")
    else:
        conn.execute("DROP TABLE conflicts")
        conn.execute("DROP TABLE pieces")
    conn.execute("DROP TABLE board_keys")  # schema 4's
    for table in reversed(db_schema.NIGHT_TABLES):  # schema 5's
        conn.execute("DROP TABLE %s" % table.name)
    conn.execute("UPDATE schema_version SET version = ?", (version,))
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_database_is_upgraded_and_its_games_taken_over(tmp_path, version):
    from tests.host.pc_helpers import digest

    b, played = board(3, seed=7)
    journals = {g: b.journal.read(g, 0, b.journal.size(g)) for g in b.journal.ids()}
    path = tmp_path / "old.sqlite"
    _old_database(path, DEVICE, journals, version)
    before = digest(path)
    # Read-only commands read it as it is (upgraded in memory), the file untouched.
    infos = listed(path)
    assert sorted(i["ref"] for i in infos) == ["E661-1", "E661-2", "E661-3"]
    ok(cli("stats", "--db", path))
    assert digest(path) == before
    # A sync upgrades it (players kept with their games) and takes the games over.
    result, acked = sync_once(b, path)
    assert result.exit_code == 0 and "0 new" in result.stdout and all(acked.values())
    with Database(path, create=False) as db:
        assert sql(db, "SELECT version FROM schema_version")[0][0] == dbmod.SCHEMA_VERSION
        assert sql(db, "SELECT COUNT(*) FROM players")[0][0] == sum(g.n for g in played.values())
        assert {i["folder"] for i in db.games()} == {fid(b.fs)}
        for gid, game in played.items():
            assert to_record(db.load("E661-%d" % gid)[2]) == to_record(game)
