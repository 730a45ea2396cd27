# SPDX-License-Identifier: MIT
"""Issue 24 fuzz: the PC's own inputs (record files, --set values, names
pushed to the board, database files and rows; issue 26: --set values and
damaged rows on a PostgreSQL server too), 10,000 cases or more with
hypothesis, each through the commands themselves, called in this process
(click's runner): every case ends with the command's result or exactly one
line on stderr (``error: ...``) and exit status 2, never a traceback, and
nothing given is changed (a record file, a database a reader opened). Names
the PC lets through are exactly those the board takes.

Derandomized, so a failure replays; no example database is kept."""

import json
import os
import shutil
import sqlite3
import tempfile

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.dialects import postgresql

from tallyboard import frames_more
from tallyboard.config_store import ConfigError, _check_roster
from tests.core.play import random_game
from tests.host.link_helpers import MemBoard
from tests.host.pc_helpers import WHEN, cli, contents, example
from tests.host.pg_server import BACKENDS
from tricktally.record import to_record
from tricktally_host.commands.players import roster_problem
from tricktally_host import db_schema
from tricktally_host.db import Database

RECORD_CASES = 3500
SET_CASES = 2500
NAME_CASES = 2500
DATABASE_CASES = 1500
SET_CASES_ON_A_SERVER = 400
ROW_CASES_ON_A_SERVER = 200
assert RECORD_CASES + SET_CASES + NAME_CASES + DATABASE_CASES >= 10000


def fuzz(cases):
    return settings(max_examples=cases, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


def ended_well(result, expect_json=False):
    """The one property of every case: the result (JSON when asked), or
    exit status 2 with exactly one ``error:`` line; never a traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code == 0:
        if expect_json:
            json.loads(result.stdout)
        return True
    assert result.exit_code == 2, (result.exit_code, result.stdout[-300:], result.stderr[-300:])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return False


# Text as the outside world has it: any code point, lone surrogates and
# controls included.
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=14)
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), ANY_TEXT,
    st.just(10**20), st.just(253402300800), st.just(-1), st.just(0), st.just(2**63),
)
JSON = st.recursive(ODD, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                 st.dictionaries(ANY_TEXT, inner, max_size=3)), max_leaves=6)


def _base_records():
    out = [example(name) for name in ("wizard", "spades", "hearts")]
    for seed in range(9):
        _setup, _entries, game = random_game(seed, ("spades", "wizard", "hearts")[seed % 3], max_entries=(40, 300)[seed % 2])
        out.append(to_record(game))
    return out


BASES = _base_records()


@st.composite
def mutated_records(draw):
    """A record (a valid one with a few values replaced, keys added or
    dropped), as JSON text; sometimes its bytes mangled after."""
    record = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(0, 3))):
        path = []
        node = record
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
            path.append((node, key))
            node = node[key]
        what = draw(st.sampled_from(["replace", "drop", "add"]))
        if not path:
            record[draw(ANY_TEXT)] = draw(JSON)
            continue
        parent, key = path[-1]
        if what == "replace" or isinstance(parent, list):
            parent[key] = draw(JSON)
        elif what == "drop":
            del parent[key]
        else:
            parent[draw(ANY_TEXT)] = draw(JSON)
    text = json.dumps(record, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 5)) == 0:
        data = bytearray(text)
        for _ in range(draw(st.integers(1, 4))):
            if data:
                data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        text = bytes(data)
    return text


@pytest.fixture(scope="module")
def scratch():
    folder = tempfile.mkdtemp(prefix="tt-fuzz-pc-")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@fuzz(RECORD_CASES)
@given(text=mutated_records(), which=st.integers(0, 29))
def test_fuzz_record_files(scratch, text, which):
    path = os.path.join(scratch, "record.json")
    with open(path, "wb") as f:
        f.write(text)
    # The sheet (rich tables) costs 25 times the JSON: one case in 30 draws
    # it (not 0, which hypothesis draws far more often than its share).
    as_json = which != 17
    args = ["score", path] + (["--json"] if as_json else [])
    result = cli(*args)
    if ended_well(result, expect_json=as_json) and as_json:
        summary = json.loads(result.stdout)
        assert len(summary["totals"]) == len(summary["sides"])
    with open(path, "rb") as f:
        assert f.read() == text


# ----- --set values ---------------------------------------------------------------------

SETTING_NAMES = ["target", "bags", "nil", "blind_nil", "partners", "set_penalty", "even_bids", "bidding", "moon",
                 "omnibus", "passing", "tie", "players"]
VALUES = ["on", "off", "true", "no", "2007", "300", "50", "canadian", "never", "choice", "rotate", "minus_bid", "0",
          "999999999", "1000000000", "²", "１００", "9" * 5000, "", " 30 ", "-5", "1_000", "ON", "\x00", "a=b"]


@st.composite
def set_pairs(draw):
    pairs = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.one_of(st.sampled_from(SETTING_NAMES), ANY_TEXT))
        value = draw(st.one_of(st.sampled_from(VALUES), ANY_TEXT, st.integers(-10, 10**12).map(str)))
        sep = draw(st.sampled_from(["=", "=", "=", "", " = "]))
        pairs += ["--set", name + sep + value]
    return pairs


def fill_season(path):
    """The season every database fuzz starts from: the bases as games,
    a conflicting version and damaged pieces (for the damage to reach too)."""
    with Database(path) as db:
        for i, record in enumerate(BASES):
            record = dict(record, created=WHEN + 3600 * i)
            db.store_game("FUZZ", i + 1, record, 10 + i, "%08x" % i, journal=b"x" * (10 + i))
        for i in range(1, 4):
            assert db.store_game("FUZZ", i, BASES[i], 3, "c%d" % i, journal=b"yyy") == "conflict"
            db.store_piece("FUZZ", i, "bad", b"piece %d" % i)
    return path


@pytest.fixture(scope="module")
def season(scratch):
    return fill_season(os.path.join(scratch, "season.sqlite"))


@pytest.fixture(scope="module")
def server_season(pg_server):
    """The season in a PostgreSQL database (also a template to copy)."""
    name = pg_server.new_database()
    fill_season(pg_server.url(name))
    yield name
    pg_server.drop_database(name, reached=True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_fuzz_set_values(request, backend):
    # The values are what is fuzzed: on a server, a sample of them is enough
    # to show the database makes no difference.
    season = request.getfixturevalue("season")
    if backend == "postgresql":
        server = request.getfixturevalue("pg_server")
        season = server.url(request.getfixturevalue("server_season"))

    @fuzz(SET_CASES if backend == "sqlite" else SET_CASES_ON_A_SERVER)
    @given(pairs=set_pairs(), target=st.sampled_from(["1", "2", "3", "7", "1", "2", "3", "7", "--all"]))
    def case(pairs, target):
        before = contents(season)
        result = cli("rescore", target, *pairs, "--json", "--db", season)
        if ended_well(result, expect_json=True):
            data = json.loads(result.stdout)
            assert "rescored" in data or "outcome" in data
        assert contents(season) == before

    case()


# ----- names pushed to the board ---------------------------------------------------------


@pytest.fixture(scope="module")
def board():
    b = MemBoard(games=0)
    b.ask("HELLO")
    return b


@fuzz(NAME_CASES)
@given(names=st.lists(st.one_of(ANY_TEXT, st.sampled_from(["Ana", "Zoë", "Ñuño", "🂡" * 10, "A" * 11, " Ana", "Ana "])),
                      max_size=14))
def test_fuzz_names_pushed(board, names):
    problem = roster_problem(names)
    try:
        _check_roster(list(names))
        board_takes = 1 <= len(names)
    except (ConfigError, TypeError):
        board_takes = False
    try:
        words = [frames_more.pack_text(n) for n in names]
    except UnicodeEncodeError:
        words = None
    if problem is None:
        # What the PC lets through, the board takes, in one frame.
        assert board_takes and words is not None
        assert board.ask("ROSTER", *words) == ["OK", str(len(names))]
        assert board.config.roster == list(names)
    else:
        assert "\n" not in problem and len(problem) < 300
        assert not board_takes or words is None
    if not names:
        return
    result = cli("players", "push", "--port", "/nonexistent/tt-port", "--", *names)
    if problem is not None:
        line = [line for line in result.stderr.splitlines() if line.strip()]
        assert result.exit_code == 2 and len(line) == 1 and "/nonexistent" not in line[0]
    else:
        # The names pass: the port is then the problem, in one line.
        assert ended_well(result) is False and "/nonexistent/tt-port" in result.stderr


# ----- database files and rows -------------------------------------------------------------

COLUMNS = {
    "games": ["device_id", "folder", "game_id", "game", "players", "started", "finished", "ended", "winners", "hands",
              "record", "journal_size", "checksum", "synced_at", "journal"],
    "players": ["game_row", "seat", "name", "won"],
    "conflicts": ["device_id", "folder", "game_id", "journal", "journal_size", "checksum", "record", "found_at"],
    "pieces": ["device_id", "folder", "game_id", "kind", "data", "size", "checksum", "found_at"],
    "schema_version": ["version"],
}
SQL_VALUES = st.one_of(
    st.none(), st.integers(min_value=-(2**63), max_value=2**63 - 1), st.floats(allow_nan=False), st.binary(max_size=20),
    st.text(max_size=20), st.sampled_from(["[]", "{}", '["A"]', "[1,2]", "null", '{"game":"hearts"}', "x" * 300,
                                           '["\\ud800"]', "253402300800", "-1e999"]),
    st.just(float("inf")), st.just(float("-inf")),
)
# The commands that read a database, the quick ones more often (a sheet
# or twelve record files cost ten times a JSON listing).
COMMANDS = [("games", "--json")] * 4 + [("stats", "--json")] * 2 + [("ratings", "--json")] * 2 + [
    ("rescore", "--all", "--set", "target=40", "--json"), ("rescore", "5", "--set", "bags=on", "--json"),
    ("rescore", "FUZZ-5", "--set", "target=60", "--json"), ("games",), ("show", "FUZZ-2"), ("show", "3"),
    ("export", "--format", "csv", "-o", "{out}", "--force"), ("export", "--format", "json", "-o", "{out}", "--force"),
    ("report", "-o", "{out}/r.html", "--force"),
]


@st.composite
def damaged_databases(draw):
    """A list of damage: SQL updates of any column of any row (values of
    any type, text that is not UTF-8), deleted rows, dropped tables, or
    bytes of the file changed or cut."""
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["update", "update", "update", "not-utf8", "delete", "drop", "bytes", "cut"]))
        if kind in ("update", "not-utf8"):
            table = draw(st.sampled_from(sorted(COLUMNS)))
            column = draw(st.sampled_from(COLUMNS[table]))
            value = draw(SQL_VALUES) if kind == "update" else draw(st.binary(min_size=1, max_size=8))
            steps.append((kind, table, column, value, draw(st.integers(1, 12))))
        elif kind in ("delete", "drop"):
            steps.append((kind, draw(st.sampled_from(sorted(COLUMNS))), None, None, draw(st.integers(1, 12))))
        else:
            steps.append((kind, None, None, draw(st.integers(0, 10**6)), draw(st.integers(0, 255))))
    return steps


def _damage(path, steps):
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for kind, table, column, value, row in steps:
            if kind == "update":
                conn.execute("UPDATE %s SET %s = ? WHERE rowid = ?" % (table, column), (value, row))
            elif kind == "not-utf8":
                conn.execute("UPDATE %s SET %s = CAST(? AS TEXT) WHERE rowid = ?" % (table, column), (value, row))
            elif kind == "delete":
                conn.execute("DELETE FROM %s WHERE rowid = ?" % table, (row,))
            elif kind == "drop":
                conn.execute("DROP TABLE %s" % table)
    except sqlite3.Error:
        pass  # a constraint said no: the damage is what it is
    finally:
        conn.close()
    data = bytearray(open(path, "rb").read())
    for kind, _t, _c, value, byte in steps:
        if kind == "bytes" and data:
            data[value % len(data)] = byte
        elif kind == "cut" and data:
            data = data[: value % len(data)]
    with open(path, "wb") as f:
        f.write(bytes(data))


@fuzz(DATABASE_CASES)
@given(steps=damaged_databases(), command=st.sampled_from(COMMANDS), writer=st.integers(0, 3))
def test_fuzz_database_files_and_rows(scratch, season, steps, command, writer):
    path = os.path.join(scratch, "damaged.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    shutil.copy(season, path)
    _damage(path, steps)
    _a_reader_then_a_writer(path, command, writer, scratch)


def _a_reader_then_a_writer(db, command, writer, scratch):
    """The reading ``command`` on the damaged ``db`` ends well and changes
    nothing (a SQLite file not even by a WAL); a writer (sync) on the same
    damage ends with one line, the database's or the port's."""
    before = contents(db)
    out = os.path.join(scratch, "out")
    os.makedirs(out, exist_ok=True)
    args = [a.format(out=out) for a in command]
    ended_well(cli(*args, "--db", db), expect_json="--json" in args)
    assert contents(db) == before, "a reader changed the database"
    assert not os.path.exists(db + "-wal") or os.path.getsize(db + "-wal") == 0
    if writer == 2:
        assert ended_well(cli("sync", "--port", "/nonexistent/tt-port", "--db", db)) is False


# ----- rows on a server: damage of the types its columns hold ------------------------------


def _server_values(column):
    """Values a PostgreSQL column of ``column``'s type takes (any other is
    refused by the server, so it is not damage a database can hold)."""
    kind = column.type.dialect_impl(postgresql.dialect())
    if isinstance(kind, postgresql.JSONB):
        values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                                        st.text(max_size=10)), lambda inner: st.lists(inner, max_size=3), max_leaves=4)
    elif isinstance(kind, sa.BigInteger):
        values = st.one_of(st.integers(-(2**63), 2**63 - 1), st.sampled_from([253402300800, -1, 0, 4102444801]))
    elif isinstance(kind, sa.Integer):
        values = st.integers(-(2**31), 2**31 - 1)
    elif isinstance(kind, sa.Float):
        values = st.floats(allow_nan=True, allow_infinity=True)
    elif isinstance(kind, sa.LargeBinary):
        values = st.binary(max_size=20)
    else:
        text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=20)
        values = st.one_of(text, st.sampled_from(["[]", "{}", '["A"]', "[1,2]", "null", '{"game":"hearts"}',
                                                  "x" * 300, '["\\ud800"]', "-1e999", "{"]))
    return st.one_of(st.none(), values)


@st.composite
def damaged_rows(draw):
    """Damage a server can hold: any column of any row set to a value of
    its type (or NULL), deleted rows, dropped tables."""
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["update", "update", "update", "update", "delete", "drop"]))
        table = draw(st.sampled_from(db_schema.TABLES))
        if kind == "update":
            column = draw(st.sampled_from([c for c in table.columns if c.name != "id"]))
            steps.append((kind, table, column.name, draw(_server_values(column)), draw(st.integers(1, 12))))
        else:
            steps.append((kind, table, None, None, draw(st.integers(1, 12))))
    return steps


@pytest.fixture(scope="module")
def server_fuzz_db(pg_server):
    """A database for the row fuzz: the season, and a copy of its rows in a
    schema of its own (``pristine``) that each case starts again from."""
    import psycopg

    name = pg_server.new_database()
    url = pg_server.url(name)
    fill_season(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE SCHEMA pristine")
        for table in db_schema.TABLES:
            conn.execute("CREATE TABLE pristine.%s AS TABLE public.%s" % (table.name, table.name))
    yield url
    pg_server.drop_database(name)


def _start_again(url):
    """The fuzz database as the season left it, whatever a case did to it."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as conn:
            db_schema.create(conn)
            for table in db_schema.TABLES:
                conn.execute(sa.text("INSERT INTO public.%s SELECT * FROM pristine.%s" % (table.name, table.name)))
    finally:
        engine.dispose()


def _damage_rows(url, steps):
    import psycopg
    from psycopg.types.json import Jsonb

    with psycopg.connect(url, autocommit=True) as conn:
        for kind, table, column, value, row in steps:
            key = "ctid = (SELECT ctid FROM %s ORDER BY ctid OFFSET %d LIMIT 1)" % (table.name, row - 1)
            try:
                if kind == "update":
                    value = Jsonb(value) if column == "checksum" and table.name == "games" and value is not None else value
                    conn.execute("UPDATE %s SET %s = %%s WHERE %s" % (table.name, column, key), (value,))
                elif kind == "delete":
                    conn.execute("DELETE FROM %s WHERE %s" % (table.name, key))
                else:
                    conn.execute("DROP TABLE %s CASCADE" % table.name)
            except psycopg.Error:
                pass  # a constraint said no: the damage is what it is


@fuzz(ROW_CASES_ON_A_SERVER)
@given(steps=damaged_rows(), command=st.sampled_from(COMMANDS), writer=st.integers(0, 3))
def test_fuzz_database_rows_on_a_server(scratch, server_fuzz_db, steps, command, writer):
    _start_again(server_fuzz_db)
    _damage_rows(server_fuzz_db, steps)
    _a_reader_then_a_writer(server_fuzz_db, command, writer, scratch)
