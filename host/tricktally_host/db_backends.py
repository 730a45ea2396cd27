# SPDX-License-Identifier: MIT
"""Where the games database lives, and what differs between its two homes.

``--db`` names a SQLite file (a path, as always) or a PostgreSQL database
(``postgresql://user@host/dbname``, also ``postgresql+psycopg://`` and
``postgres://``). :func:`target` tells which; :class:`SQLiteFile` and
:class:`PostgresServer` open a SQLAlchemy connection to it (the psycopg 3
driver for PostgreSQL) and turn the driver's errors into one line that
names the database, never its password.

Connections run in autocommit mode: ``Database.transaction`` opens and ends
transactions itself with :func:`begin`, the same SQL on both backends but
for how a writer waits for another one. SQLite's ``BEGIN IMMEDIATE`` takes
the file's one write lock. PostgreSQL's writers run at READ COMMITTED and
serialise per game with a transaction advisory lock on (device, game
number) (:func:`lock_game`): two PCs storing one game queue up, and the one
that comes second reads what the first committed, so nothing is stored
twice and no version is lost; PCs storing other games never wait. Readers
on PostgreSQL take one REPEATABLE READ snapshot, so a listing never sees
half of another PC's work.
"""

import binascii
import pathlib
import re
import sqlite3
import time

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect

# How long a writer waits for another one before giving up (seconds).
LOCK_WAIT = 10
# How long to wait for a PostgreSQL server to answer a connection.
CONNECT_WAIT = 10
_SCHEMES = ("postgresql", "postgresql+psycopg", "postgres")
# The advisory lock (one 64-bit key) that serialises creating or upgrading
# the schema; games use the two-key form, which never meets this one.
SCHEMA_LOCK = 0x7472_6963_6B74_616C


class DatabaseError(Exception):
    """The database cannot be used (not SQLite, not ours, too new, locked,
    read-only, a server that cannot be reached or went away); str() is one
    line."""


def is_url(text):
    """True when a ``--db`` value is a URL (``scheme://...``), not a file path."""
    return re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", str(text)) is not None


def target(value):
    """The backend a ``--db`` value names: a :class:`SQLiteFile` for a path
    (or ``sqlite:///path``), a :class:`PostgresServer` for a PostgreSQL URL.
    Raises DatabaseError (one line, no password) for any other URL."""
    text = str(value)
    if not is_url(text):
        return SQLiteFile(pathlib.Path(value))
    scheme = text.split("://", 1)[0].lower()
    if scheme == "sqlite":
        path = text.split("://", 1)[1]
        if not path.startswith("/") or path == "/":
            raise DatabaseError("%s: give a SQLite URL as sqlite:///path/to/file" % _scrub_text(text))
        return SQLiteFile(pathlib.Path(path[1:]))
    if scheme not in _SCHEMES:
        raise DatabaseError("%s: unknown kind of database URL (%s://): give a SQLite file path or"
                            " postgresql://user@host/dbname" % (_scrub_text(text), scheme))
    return PostgresServer(text)


def _scrub_text(text):
    # A URL that cannot be parsed: still never show what may be a password.
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", text)


def begin(conn, write):
    """Start a transaction on ``conn``: a write one (which waits for other
    writers, :data:`LOCK_WAIT` at most), or a read snapshot."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
    else:
        conn.exec_driver_sql("BEGIN" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")


def game_lock_key(device_id, game_id):
    """The two 32-bit keys of the PostgreSQL advisory lock that serialises
    the writers of board ``device_id``'s game ``game_id``."""
    return binascii.crc32(device_id.encode("utf-8", "surrogatepass")) - 2**31, game_id


def lock_game(conn, device_id, game_id):
    """Within a write transaction: no other writer stores board
    ``device_id``'s game ``game_id`` (under any folder) until it ends.
    SQLite's write lock already covers the whole file."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(*game_lock_key(device_id, game_id))))


def insert_ignoring_repeats(conn, table):
    """An INSERT into ``table`` that adds nothing when the row's unique key
    is already there (safe when two writers insert it at once); it returns
    the new row's id, so no row means nothing was added."""
    dialect = pg_dialect if conn.dialect.name == "postgresql" else sqlite_dialect
    return dialect.insert(table).on_conflict_do_nothing().returning(table.c.id)


def insert_or_replace(conn, table, key):
    """An INSERT into ``table`` that replaces the row with the same
    ``key`` column (safe when two writers insert it at once); give it the
    row with ``.values(...)``."""
    dialect = pg_dialect if conn.dialect.name == "postgresql" else sqlite_dialect
    statement = dialect.insert(table)
    others = [c.name for c in table.columns if c.name != key]
    return statement.on_conflict_do_update(index_elements=[key], set_={n: statement.excluded[n] for n in others})


def _autocommit(engine):
    return engine.connect().execution_options(isolation_level="AUTOCOMMIT")


class SQLiteFile:
    """A SQLite database file (stdlib ``sqlite3`` under SQLAlchemy)."""

    kind = "sqlite"

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.shown = str(self.path)

    def connect(self, read_only=False):
        """An autocommit connection to the file (read-only: it or its
        folder may be read-only; WAL normally wants to create -shm)."""
        if not read_only:
            return self._connection(lambda: _sqlite_connect(str(self.path)))
        uri = self.path.resolve().as_uri()
        last = None
        for flags in ("?mode=ro", "?mode=ro&immutable=1"):
            try:
                conn = self._connection(lambda flags=flags: _sqlite_connect(uri + flags, uri=True))
                conn.exec_driver_sql("SELECT name FROM sqlite_master LIMIT 1").fetchall()
                return conn
            except (sa.exc.OperationalError, UnicodeDecodeError) as e:
                last = e
        raise last

    @staticmethod
    def use_wal(conn):
        """Switch the file on ``conn`` to WAL (and a sync to disk per commit).
        The switch needs the file to itself, and SQLite answers "locked" at
        once, without waiting, while another writer is opening it: asked
        again until it goes through (:data:`LOCK_WAIT` at most)."""
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                conn.exec_driver_sql("PRAGMA journal_mode = WAL").fetchall()
                break
            except sa.exc.OperationalError as e:
                if "locked" not in str(e.orig) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        conn.exec_driver_sql("PRAGMA synchronous = FULL")

    @staticmethod
    def _connection(creator):
        return _autocommit(sa.create_engine("sqlite://", creator=creator, poolclass=sa.pool.StaticPool))

    def reason(self, e):
        """One line for an error of the SQLite driver."""
        if isinstance(e, UnicodeDecodeError):
            return "the database file is damaged (SQLite's message about it is not even text)"
        text = str(getattr(e, "orig", None) or e)
        if "locked" in text or "busy" in text:
            return ("the database is in use by another program (another tricktally sync?) and stayed locked for %d s:"
                    " nothing was written; run this again once it is done (%s)" % (LOCK_WAIT, text))
        if "readonly" in text or "read-only" in text:
            return "the database is read-only (%s)" % text
        if "malformed" in text or "not a database" in text:
            return "the database file is damaged (%s)" % text
        return text


def memory_copy(conn):
    """An autocommit connection to an in-memory SQLite database holding a
    copy of the SQLite database on ``conn`` (or nothing, for None)."""
    memory = _sqlite_connect(":memory:")
    if conn is not None:
        conn.connection.dbapi_connection.backup(memory)
    return SQLiteFile._connection(lambda: memory)


def _text(data):
    # Text columns of a damaged file may hold bytes that are not UTF-8: the
    # row is then shown with replacement characters (or refused as damaged
    # by the checks on rows), never a failure of the whole query.
    return data.decode("utf-8", "replace")


def _sqlite_connect(where, uri=False):
    conn = sqlite3.connect(where, uri=uri, timeout=LOCK_WAIT, check_same_thread=False)
    conn.text_factory = _text
    return conn


_ENGINES = {}


class PostgresServer:
    """A database on a PostgreSQL server (the psycopg 3 driver)."""

    kind = "postgresql"
    path = None

    def __init__(self, text):
        try:
            url = sa.engine.make_url(text)
            url.port  # noqa: B018 (a port that is not a number fails here)
        except (sa.exc.ArgumentError, ValueError) as e:
            raise DatabaseError("%s: not a usable PostgreSQL URL (%s): give postgresql://user@host/dbname"
                                % (_scrub_text(text), e)) from None
        self.password = url.password or url.query.get("password")
        self.shown = _shown(text.split("://", 1)[0], url)
        if not url.database:
            raise DatabaseError("%s: the URL names no database: give postgresql://user@host/dbname" % self.shown)
        self.url = url.set(drivername="postgresql+psycopg")
        self.host = url.query.get("host") or url.host or "localhost"
        self.port = url.port or 5432
        self.user = url.username
        self.database = url.database

    def connect(self, read_only=False):
        """An autocommit connection (read-only: every transaction is)."""
        # A commit is on the server's disk before the board hears of it,
        # whatever the server's default (as SQLite's synchronous = FULL).
        options = "-c lock_timeout=%d -c synchronous_commit=on" % (LOCK_WAIT * 1000)
        if read_only:
            options += " -c default_transaction_read_only=on"
        key = (self.url.render_as_string(hide_password=False), options)
        engine = _ENGINES.get(key)
        if engine is None:
            # One engine per database and options in a process (a hub opens
            # the database again and again): SQLAlchemy learns the server
            # once. Each Database still has a connection of its own.
            engine = _ENGINES[key] = sa.create_engine(self.url, poolclass=sa.pool.NullPool, connect_args={
                "connect_timeout": CONNECT_WAIT,
                "application_name": "tricktally",
                "options": options,
                # A server that vanishes without a word is noticed within a minute.
                "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3,
                "tcp_user_timeout": 60000,
            })
        return _autocommit(engine)

    def scrub(self, text):
        """``text`` with the URL's password, if any, blotted out."""
        return text.replace(self.password, "***") if self.password else text

    def reason(self, e):
        """One line for an error of the psycopg driver (or SQLAlchemy's)."""
        orig = getattr(e, "orig", None) or e
        text = self.scrub(" ".join(str(orig).split()))
        state = getattr(orig, "sqlstate", None)
        server = "%s:%s" % (self.host, self.port) if not str(self.host).startswith("/") else self.host
        if "password authentication failed" in text or "no password supplied" in text or state == "28P01":
            return "the server refused the login of user %r (wrong or missing password)" % (self.user or "")
        if "does not exist" in text and "role" in text or state == "28000" or "pg_hba.conf" in text:
            return "the server refused the login of user %r (%s)" % (self.user or "", _server_words(text))
        if "database" in text and "does not exist" in text or state == "3D000":
            return "the server has no database %r: create it first (createdb %s)" % (self.database, self.database)
        if "failed to resolve host" in text or "could not translate host name" in text:
            return "unknown host %r: no such server name" % self.host
        if "Connection refused" in text or ("No such file or directory" in text and "connection" in text):
            return "no PostgreSQL server answers at %s (is it running?)" % server
        if "timeout expired" in text:
            return "the server at %s did not answer within %d s" % (server, CONNECT_WAIT)
        if state == "55P03" or "lock timeout" in text:
            return ("the database is in use by another program and stayed locked for %d s: nothing was written;"
                    " run this again once it is done" % LOCK_WAIT)
        if state == "25006":
            return "the command may only read the database (%s)" % _server_words(text)
        if state == "42501":
            return "user %r may not do this: %s" % (self.user or "", _server_words(text))
        if getattr(e, "connection_invalidated", False) or _lost(text):
            return "the connection to the PostgreSQL server at %s was lost (%s)" % (server, _server_words(text))
        if "invalid" in text and "connection" in text:
            return "the URL's connection options are not usable (%s)" % _server_words(text)
        return _server_words(text)


def _shown(scheme, url):
    """How messages name a PostgreSQL URL: as typed, less its password."""
    auth = ""
    if url.username or url.password:
        auth = "%s%s@" % (url.username or "", ":***" if url.password else "")
    where = (url.host or "") + (":%d" % url.port if url.port else "")
    query = "&".join("%s=%s" % (k, v) for k, v in url.query.items() if k != "password")
    return "%s://%s%s/%s%s" % (scheme, auth, where, url.database or "", "?" + query if query else "")


def _lost(text):
    return any(words in text for words in (
        "server closed the connection", "terminating connection", "consuming input failed", "connection is closed",
        "connection is lost", "the connection is bad", "SSL SYSCALL", "sending query", "connection reset",
        "Broken pipe", "EOF detected", "no connection to the server"))


def _server_words(text):
    # libpq's "connection failed: connection to server at ..., port ...
    # failed: FATAL:  ..." says the address twice; the reason is at the end.
    text = re.sub(r"^connection failed: ", "", text)
    text = re.sub(r"^connection to server (at|on) .*? failed: ", "", text)
    text = re.sub(r"^(FATAL|ERROR): +", "", text)
    text = re.sub(r"\s*\(Background on this error at: [^)]*\)", "", text)
    return re.sub(r"\[SQL: .*", "", text).strip()[:300]
