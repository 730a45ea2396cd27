# SPDX-License-Identifier: MIT
"""`tricktally db copy` between SQLite and PostgreSQL, both ways, and
`tricktally db check`: games synced from simulated boards (journals,
conflicts, damaged pieces) arrive whole, the copy is refused rather than
half made, and a journal changed after it was stored is named."""

import json

import pytest

from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import cli, contents, example, examples_db, ok, one_error, sql, tables_of
from tricktally_host.db import Database
from tricktally_host.sync import crc_hex

DEVICE = "e66138935f2a"


def _synced(target, count=5, seed=3):
    """A database holding ``count`` games synced from a board, a
    conflicting version of one and a damaged piece; returns the board."""
    b = BoardThread(device_id=DEVICE)
    played = play_games(b.journal, count, seed=seed, names=ACCENTED, finish_every=2)
    with b:
        ok(cli("sync", "--port", b.path, "--db", target))
    with Database(target) as db:
        record = db.get("E661-1")
        assert db.store_game(DEVICE, 1, record, 3, crc_hex(b"xyz"), journal=b"xyz", folder=db.games()[0]["folder"]) == "conflict"
        assert db.store_piece(DEVICE, 2, "bad", b"a damaged piece\n")
    return b, played


def _everything(target):
    """What the commands show of a database: the games (refs, players,
    winners...), their records, conflicts and pieces."""
    games = json.loads(ok(cli("games", "--json", "--db", target)))
    for info in games:
        info.pop("synced_at")
    with Database(target, create=False) as db:
        records = [db.get(i["ref"]) for i in games]
        return games, records, db.conflicts(), db.pieces()


def test_a_family_file_goes_to_the_club_server_and_back(tmp_path, pg_server):
    family = str(tmp_path / "family.sqlite")
    b, played = _synced(family)
    before = contents(family)
    club = pg_server.url(pg_server.new_database())
    try:
        line = ok(cli("db", "copy", family, club))
        assert "copied 5 games" in line and "1 conflict" in line and "1 damaged piece" in line and "equal" in line
        assert contents(family) == before, "the source is only read"
        assert _everything(club) == _everything(family)
        assert "each matches its digest" in ok(cli("db", "check", "--db", club))
        # The club's database goes on from there: new games get new ids.
        more = BoardThread(device_id="0c1b0a7d")
        play_games(more.journal, 2, seed=8, names=ACCENTED)
        with more:
            assert "2 new" in ok(cli("sync", "--port", more.path, "--db", club))
        again = BoardThread(device_id=DEVICE, fs=b.fs)  # the first board, plugged in again
        with again:
            assert "0 new" in ok(cli("sync", "--port", again.path, "--db", club))
        assert len(json.loads(ok(cli("games", "--json", "--db", club)))) == 7
        # And back into a file: the same again.
        back = str(tmp_path / "back.sqlite")
        assert "copied 7 games" in ok(cli("db", "copy", club, back))
        assert _everything(back) == _everything(club)
    finally:
        pg_server.drop_database(club.rsplit("/", 1)[1])


def test_a_target_with_games_is_refused_unless_forced(new_db_target):
    source = examples_db(new_db_target())
    target = new_db_target()
    examples_db(target, device="OTHER")
    with Database(target) as db:
        db.store_game("OTHER", 9, example("hearts"), 5, "aa")
    before = contents(target)
    line = one_error(cli("db", "copy", source, target))
    assert "already holds 4 games" in line and "--force" in line
    assert contents(target) == before
    ok(cli("db", "copy", source, target, "--force"))
    assert [i["device_id"] for i in json.loads(ok(cli("games", "--json", "--db", target)))] == ["SIMD"] * 3


def test_what_cannot_be_copied_is_one_line_and_nothing_is_written(tmp_path, new_db_target):
    source = examples_db(new_db_target())
    target = new_db_target()
    assert "same database" in one_error(cli("db", "copy", source, source))
    assert "no database to copy" in one_error(cli("db", "copy", str(tmp_path / "none.sqlite"), target))
    one_error(cli("db", "copy", "mysql://u@h/x", target))
    assert not (tmp_path / "none.sqlite").exists()
    assert tables_of(target) is None  # the target was not even made


def test_a_damaged_file_is_not_half_copied_into_the_server(tmp_path, pg_server):
    family = examples_db(str(tmp_path / "family.sqlite"))
    with Database(family) as db:
        sql(db, "UPDATE games SET journal_size = 'x' WHERE game_id = 2")
        sql(db, "UPDATE games SET checksum = x'00ff' WHERE game_id = 3")
    club = pg_server.url(pg_server.new_database())
    try:
        line = one_error(cli("db", "copy", family, club))
        assert "2 values" in line and "journal_size 'x'" in line and "nothing copied" in line
        assert json.loads(ok(cli("games", "--json", "--db", club))) == []
    finally:
        pg_server.drop_database(club.rsplit("/", 1)[1])


def test_an_older_file_is_copied_as_its_upgrade_and_left_as_it_was(tmp_path, pg_server):
    from tests.host.test_wiped_boards import _old_database

    b = BoardThread(device_id=DEVICE)
    play_games(b.journal, 3, seed=7, names=ACCENTED)
    journals = {g: b.journal.read(g, 0, b.journal.size(g)) for g in b.journal.ids()}
    old = tmp_path / "old.sqlite"
    _old_database(old, DEVICE, journals, 2)
    before = contents(old)
    club = pg_server.url(pg_server.new_database())
    try:
        assert "copied 3 games" in ok(cli("db", "copy", old, club))
        assert contents(old) == before
        with Database(club, create=False) as db:
            assert db.synced_upto(DEVICE) == {g: (len(j), crc_hex(j)) for g, j in journals.items()}
    finally:
        pg_server.drop_database(club.rsplit("/", 1)[1])


def test_check_names_each_journal_that_no_longer_matches_its_digest(db_target):
    _synced(db_target)
    out = ok(cli("db", "check", "--db", db_target))
    assert "7 stored journals, each matches its digest" in out  # 5 games, a conflict, a piece
    with Database(db_target) as db:
        # Bytes changed after they were stored: one flipped, one cut short.
        journal = sql(db, "SELECT journal FROM games WHERE game_id = 2")[0][0]
        flipped = bytes(journal[:10]) + bytes([journal[10] ^ 1]) + bytes(journal[11:])
        sql(db, "UPDATE games SET journal = :j WHERE game_id = 2", j=flipped)
        sql(db, "UPDATE games SET journal = :j WHERE game_id = 4", j=bytes(journal[:20]))
    result = cli("db", "check", "--db", db_target)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("E661-2: the stored journal's CRC32 is") and "its digest says" in lines[0]
    assert lines[1].startswith("E661-4: the stored journal is 20 bytes, its row says")
    assert "2 of 7 stored journals do not match" in result.stderr


def test_check_of_games_stored_without_their_bytes(db_target):
    examples_db(db_target)
    out = ok(cli("db", "check", "--db", db_target))
    assert "0 stored journals" in out and "3 games stored before journals were kept" in out
    assert "no database" not in out
    # A database that is not there is one line, and nothing is made.
    one_error(cli("db", "check", "--db", "postgresql://tt@127.0.0.1:1/nowhere"))


@pytest.mark.parametrize("direction", ["sqlite to postgresql", "postgresql to sqlite"])
def test_a_copy_holds_the_same_report_and_ratings(tmp_path, pg_server, direction):
    from tests.host.league_corpus import corpus_records, store

    club = pg_server.url(pg_server.new_database())
    family = str(tmp_path / "family.sqlite")
    source, target = (family, club) if direction.startswith("sqlite") else (club, family)
    try:
        with Database(source) as db:
            store(db, corpus_records(30, seed=5))
        ok(cli("db", "copy", source, target))
        assert ok(cli("ratings", "--json", "--db", target)) == ok(cli("ratings", "--json", "--db", source))
        for where in (source, target):
            ok(cli("report", "-o", tmp_path / ("%s.html" % (where == club)), "--db", where))
        assert (tmp_path / "True.html").read_text() == (tmp_path / "False.html").read_text()
    finally:
        pg_server.drop_database(club.rsplit("/", 1)[1])
