# SPDX-License-Identifier: MIT
"""Helpers of the PC tools' tests (issue 24): the `tricktally` command run
in-process, checks of its one-line errors, and small databases."""

import hashlib
import json
import pathlib

import sqlalchemy as sa
from click.testing import CliRunner

from tricktally_host.cli import main
from tricktally_host.db import Database

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
# 2026-11-28 08:52 UTC and the hours after it.
WHEN = 1795855920


def cli(*args, env=None):
    """Run ``tricktally ARGS`` in this process: the click Result (stdout,
    stderr, exit_code, exception)."""
    return CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=True)


def one_error(result):
    """Assert ``result`` ended with exit status 2 and exactly one line on
    stderr, ``error: ...``, and no traceback; return that line."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


def ok(result):
    """Assert ``result`` exited 0 with nothing on stderr but notes; return stdout."""
    assert result.exit_code == 0, (result.exit_code, result.stdout, result.stderr, result.exception)
    return result.stdout


def example(name):
    """The record of examples/NAME.json."""
    return json.loads((EXAMPLES / (name + ".json")).read_text(encoding="utf-8"))


def examples_db(path, device="SIMD"):
    """A database holding the three examples as games 1 (wizard), 2
    (spades) and 3 (hearts) of ``device``, ten minutes apart from WHEN."""
    with Database(path) as db:
        for i, name in enumerate(("wizard", "spades", "hearts")):
            record = example(name)
            record["created"] = WHEN + 600 * i
            db.store_game(device, i + 1, record, 10 + i, "%08x" % i)
    return path


def digest(path):
    """SHA-256 of a file's bytes (a database must be left exactly as it was)."""
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def sql(db, statement, **params):
    """Run one SQL statement (``:name`` parameters) on an open Database of
    either backend; its rows as a list ([] for a statement without rows)."""
    result = db.conn.execute(sa.text(statement), params)
    return result.all() if result.returns_rows else []


def write_marks(db):
    """What changes whenever anything is written to the games' tables:
    SQLite's count of changed rows, PostgreSQL's row versions (xmin)."""
    if db.conn.dialect.name == "sqlite":
        return db.conn.connection.dbapi_connection.total_changes
    return [sql(db, "SELECT xmin::text FROM %s ORDER BY xmin::text" % t) for t in ("games", "players", "conflicts", "pieces")]


def tables_of(db_target):
    """The tables of a database (a SQLite path or a PostgreSQL URL), None
    when there is no such file or the database is empty: looked at from
    outside tricktally."""
    from tricktally_host.db_backends import is_url

    if not is_url(db_target):
        if not pathlib.Path(db_target).exists():
            return None
        engine = sa.create_engine("sqlite:///%s" % db_target)
    else:
        engine = sa.create_engine(db_target.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            return sorted(sa.inspect(conn).get_table_names()) or None
    finally:
        engine.dispose()


def contents(db_target):
    """What a database holds, to tell whether a command left it exactly as
    it was: a SQLite file's bytes (their digest), a PostgreSQL database's
    tables, columns and rows (read from outside tricktally)."""
    from tricktally_host.db_backends import is_url

    if not is_url(db_target):
        return digest(db_target)
    conn = _looker(db_target)
    columns = conn.execute("SELECT table_name, column_name, data_type FROM information_schema.columns"
                           " WHERE table_schema = 'public' ORDER BY 1, 2").fetchall()
    tables = sorted({c[0] for c in columns})
    rows = conn.execute(" UNION ALL ".join(
        "SELECT '%s', md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \"%s\" t" % (name, name)
        for name in tables)).fetchall() if tables else []
    return hashlib.sha256(repr((columns, rows)).encode("utf-8")).hexdigest()


_LOOKERS = {}


def _looker(url):
    """A connection of the tests' own to a PostgreSQL database (kept: a
    fuzz looks thousands of times)."""
    import psycopg

    conn = _LOOKERS.get(url)
    if conn is None or conn.closed or conn.broken:
        conn = _LOOKERS[url] = psycopg.connect(url, autocommit=True)
    return conn
