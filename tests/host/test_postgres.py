# SPDX-License-Identifier: MIT
"""What only a database on a server has: its URL, a login, a database
that is not there or not ours, one reached through a unix socket, and
every failure one line that never shows the password."""

import json

import pytest

from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import cli, contents, example, examples_db, ok, one_error, sql
from tests.host.pg_server import PASSWORD, PASSWORD_USER
from tricktally_host.db import Database, DatabaseError

# Every command that reads or writes games, as a person types it.
COMMANDS = [("sync", "--port", "/nonexistent/tt-port"), ("games",), ("show", "1"), ("stats",), ("ratings",),
            ("rescore", "--all", "--set", "target=40"), ("export", "--format", "json", "-o", "{out}"),
            ("report", "-o", "{out}/r.html"), ("plot", "1", "-o", "{out}/p.png"), ("db", "check")]


def _each_command(db, tmp_path):
    """(the command, its result) of each command of COMMANDS on ``db``."""
    for args in COMMANDS:
        yield args, cli(*[a.format(out=tmp_path / "out") for a in args], "--db", db)


@pytest.fixture
def club(pg_server):
    """An empty database on the server, its URL, its name."""
    name = pg_server.new_database()
    yield pg_server.url(name), name
    pg_server.drop_database(name)


def test_every_command_runs_on_a_url_and_through_the_environment(club, tmp_path, monkeypatch):
    url, _name = club
    examples_db(url)
    monkeypatch.setenv("TRICKTALLY_DB", url)
    listed = json.loads(ok(cli("games", "--json")))
    assert [i["ref"] for i in listed] == ["SIMD-1", "SIMD-2", "SIMD-3"]
    for args in COMMANDS[1:]:
        argv = [a.format(out=tmp_path / "out") for a in args]
        ok(cli(*argv, "--force") if args[0] in ("report", "plot") else cli(*argv))
    # postgresql+psycopg:// and postgres:// are the same database.
    for scheme in ("postgresql+psycopg://", "postgres://"):
        assert json.loads(ok(cli("games", "--json", "--db", url.replace("postgresql://", scheme)))) == listed


def test_a_database_reached_through_the_servers_unix_socket(club, pg_server):
    _url, name = club
    socket_url = "postgresql://tt@/%s?host=%s&port=%d" % (name, pg_server.socket_dir, pg_server.port)
    examples_db(socket_url)
    assert len(json.loads(ok(cli("games", "--json", "--db", socket_url)))) == 3


@pytest.mark.parametrize("url, words", [
    ("postgresql://tt@127.0.0.1:notaport/x", "not a usable PostgreSQL URL"),
    ("postgresql://tt@127.0.0.1", "names no database"),
    ("mysql://tt@127.0.0.1/x", "unknown kind of database URL"),
    ("sqlite://relative.db", "sqlite:///path"),
    ("postgresql://tt@nohost.invalid/games", "unknown host 'nohost.invalid'"),
    ("postgresql://tt@127.0.0.1:1/games", "no PostgreSQL server answers at 127.0.0.1:1"),
])
def test_a_wrong_url_is_one_line_for_every_command(url, words, tmp_path):
    for args, result in _each_command(url, tmp_path):
        line = one_error(result)
        assert words in line, (args, line)
    assert not (tmp_path / "out").exists()


def test_a_refused_login_is_one_line_and_never_shows_the_password(club, pg_server, tmp_path):
    _url, name = club
    pg_server.admin("GRANT ALL ON DATABASE %s TO %s" % (name, PASSWORD_USER))
    pg_server.admin("GRANT ALL ON SCHEMA public TO %s" % PASSWORD_USER, dbname=name)
    wrong = pg_server.url(name, PASSWORD_USER, "not-" + PASSWORD)
    for args, result in _each_command(wrong, tmp_path):
        line = one_error(result)
        assert "refused the login of user '%s'" % PASSWORD_USER in line, (args, line)
        assert "not-" + PASSWORD not in result.stdout + result.stderr
        assert ":***@" in line
    missing = pg_server.url(name, PASSWORD_USER)
    assert "wrong or missing password" in one_error(cli("games", "--db", missing))
    # In the query, too.
    query = "postgresql://%s@127.0.0.1:%d/%s?password=nope-%s" % (PASSWORD_USER, pg_server.port, name, PASSWORD)
    result = cli("games", "--db", query)
    assert "refused the login" in one_error(result) and PASSWORD not in result.stderr
    # The right password: the games, and no password in what is printed.
    right = pg_server.url(name, PASSWORD_USER, PASSWORD)
    examples_db(right)
    out = ok(cli("games", "--db", right))
    assert "SIMD-1" in out and PASSWORD not in out
    gone = pg_server.url("nosuchdb", PASSWORD_USER, PASSWORD)
    result = cli("sync", "--port", "/nonexistent/tt-port", "--db", gone)
    line = one_error(result)
    assert "has no database 'nosuchdb'" in line and "createdb" in line and PASSWORD not in result.stderr


def test_a_missing_database_is_one_line_and_is_not_created(pg_server, tmp_path):
    url = pg_server.url("nosuchdb")
    for args, result in _each_command(url, tmp_path):
        assert "has no database 'nosuchdb'" in one_error(result), args
    assert pg_server.admin("SELECT 1 FROM pg_database WHERE datname = 'nosuchdb'") == []


def test_a_database_holding_other_tables_is_refused_and_left_as_it_was(club, tmp_path):
    url, _name = club
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE recipes (name text)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    before = contents(url)
    for args, result in _each_command(url, tmp_path):
        line = one_error(result)
        assert "not a TrickTally database: left as it is" in line, (args, line)
    assert "not a TrickTally database" in one_error(cli("db", "copy", examples_db(tmp_path / "f.sqlite"), url))
    assert contents(url) == before


def test_a_newer_schema_on_the_server_is_refused(club):
    url, _name = club
    examples_db(url)
    with Database(url) as db:
        sql(db, "UPDATE schema_version SET version = 99")
    before = contents(url)
    for command in (("games",), ("sync", "--port", "/nonexistent/tt-port")):
        assert "schema version 99 comes from a newer tricktally" in one_error(cli(*command, "--db", url))
    with pytest.raises(DatabaseError, match="newer tricktally"):
        Database(url)
    assert contents(url) == before


def test_output_files_beside_a_server_database_have_nothing_to_protect_but_existing_files(club, tmp_path, monkeypatch):
    url, _name = club
    examples_db(url)
    monkeypatch.chdir(tmp_path)
    for args in (("report", "-o", "out.html"), ("plot", "1", "-o", "out.png")):
        ok(cli(*args, "--db", url))
        line = one_error(cli(*args, "--db", url))
        assert "already exists" in line and "--force" in line
        ok(cli(*args, "--force", "--db", url))
    # A file that happens to be called like the URL's database is just a file.
    ok(cli("report", "-o", _name, "--db", url))


def test_two_boards_with_the_same_numbers_and_a_wiped_one_on_the_server(club):
    url, _name = club
    first = BoardThread(device_id="e66138935f2a")
    play_games(first.journal, 3, seed=1, names=ACCENTED)
    other = BoardThread(device_id="0c1b0a7d")
    play_games(other.journal, 3, seed=2, names=ACCENTED)
    wiped = BoardThread(device_id="e66138935f2a")
    play_games(wiped.journal, 2, seed=3, names=ACCENTED)
    for b in (first, other, wiped):
        with b:
            result = cli("sync", "--port", b.path, "--db", url)
            assert result.exit_code == 0, (result.stdout, result.stderr)
            assert all(b.journal.synced(g) == b.journal.size(g) for g in b.journal.ids())
    refs = sorted(i["ref"] for i in json.loads(ok(cli("games", "--json", "--db", url))))
    assert len(refs) == 8 and len(set(refs)) == 8
    assert sum(r.startswith("E661.") for r in refs) == 2  # the wiped board's games 1 and 2 are marked


def test_a_read_only_login_reads_and_a_writer_is_told_in_one_line(club, pg_server):
    url, name = club
    examples_db(url)
    pg_server.admin("ALTER DATABASE %s SET default_transaction_read_only = on" % name)
    assert "SIMD-1" in ok(cli("games", "--db", url))
    line = one_error(cli("sync", "--port", "/nonexistent/tt-port", "--db", url))
    assert "may only be read" in line
    store = example("hearts")
    with pytest.raises(DatabaseError, match="may only be read"):
        with Database(url) as db:
            db.store_game("X", 1, store, 1, "a")
