# SPDX-License-Identifier: MIT
"""The PC database of synced games (SQLite, stdlib ``sqlite3``).

One row per game a board journalled, keyed by (device id, journal folder
id, game id): a board whose flash was wiped numbers its games from 1 again
in a new folder (docs/JOURNAL.md, "Folder id"), and its new games are kept
apart from the old ones. Games of a board without a folder id (an old
board, old firmware) have the folder ''. The row keeps the full
``tricktally/1`` record as JSON (the truth: every view is rebuilt from it
through the rules core) plus columns that are derived from it once, at
store time, so listing and searching need no replay: game name, players,
start time, finished, winners, hand count. ``players`` holds one row per
seat so stats can find a player's games by name.

Every write happens in one transaction, so a sync killed at any moment
leaves the database as it was before the game being written, or after it,
never half-way. The file runs in WAL mode: readers (``tricktally games``) do
not block a sync, and a crash never corrupts what was committed. Opening a
file checks, inside one write transaction, whether it is new, ours or
someone else's: two syncs creating one database at once queue up, and a
file that is not ours is left exactly as it was (not even switched to WAL).

Nothing stored is ever replaced by something that does not extend it: the
journal bytes of each game are kept (``games.journal``), and a journal from
the board that does not start with them (shorter, or different) is kept
beside the game in ``conflicts`` and reported, never stored over it.
Damaged pieces the board cut off its journals (and unreadable journal tails)
are kept in ``pieces``. Read-only commands open the file read-only, so they
work on a read-only file or folder; an older schema is upgraded in memory
for them, the file left as it is.

Every SQLite error becomes a one-line DatabaseError. One damaged row never
takes the others down: listing and loading skip it and say so in
``Database.damaged``.
"""

import binascii
import contextlib
import functools
import json
import math
import os
import pathlib
import sqlite3
import stat
import sys
import time

import click
import platformdirs

from tricktally_host import refs
from tricktally_host.dates import epoch_of, format_date, started_of
from tricktally_host.records import RecordError, game_from_record, usable_text

SCHEMA_VERSION = 4
# Game numbers the board can have (frames: 1 to 9 digits).
MAX_GAME_ID = 999999999
ENV_VAR = "TRICKTALLY_DB"
FILE_NAME = "tricktally.sqlite"
# How long a writer waits for another one (a sync running) before giving up.
LOCK_WAIT = 10

# The games table as it is now (version 3), named %s: created so in a new
# file, and as games_v3 by the upgrade from version 2. checksum has no
# declared type on purpose: SQLite then keeps exactly the value the sync
# gave (an int CRC or a hex string) and hands it back.
_GAMES = """CREATE TABLE %s (
        id INTEGER PRIMARY KEY,
        device_id TEXT NOT NULL,
        folder TEXT NOT NULL DEFAULT '',
        game_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        players TEXT NOT NULL,
        started INTEGER,
        finished INTEGER NOT NULL,
        ended INTEGER NOT NULL,
        winners TEXT NOT NULL,
        hands INTEGER NOT NULL,
        record TEXT NOT NULL,
        journal_size INTEGER NOT NULL,
        checksum,
        synced_at REAL NOT NULL,
        journal BLOB,
        UNIQUE (device_id, folder, game_id)
    )"""
_GAME_INDEXES = (
    "CREATE INDEX games_started ON games (started)",
    "CREATE INDEX games_game ON games (game)",
    "CREATE INDEX games_finished ON games (finished)",
    "CREATE INDEX games_number ON games (game_id)",
)

# Version 2 (from 1): the journal bytes behind each game, conflicting
# versions kept beside it, and damaged pieces.
_SCHEMA_2 = (
    "ALTER TABLE games ADD COLUMN journal BLOB",
    """CREATE TABLE conflicts (
        id INTEGER PRIMARY KEY,
        device_id TEXT NOT NULL,
        game_id INTEGER NOT NULL,
        journal BLOB NOT NULL,
        journal_size INTEGER NOT NULL,
        checksum TEXT NOT NULL,
        record TEXT,
        found_at REAL NOT NULL,
        UNIQUE (device_id, game_id, checksum, journal_size)
    )""",
    """CREATE TABLE pieces (
        id INTEGER PRIMARY KEY,
        device_id TEXT NOT NULL,
        game_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data BLOB NOT NULL,
        size INTEGER NOT NULL,
        checksum TEXT NOT NULL,
        found_at REAL NOT NULL,
        UNIQUE (device_id, game_id, kind, checksum, size)
    )""",
)

_GAME_COLUMNS = (
    "id, device_id, game_id, game, players, started, finished, ended, winners, hands, record,"
    " journal_size, checksum, synced_at, journal"
)

# Conflicts and damaged pieces carry the folder of their game (version 3).
_FOLDERS = (
    "ALTER TABLE conflicts ADD COLUMN folder TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE pieces ADD COLUMN folder TEXT NOT NULL DEFAULT ''",
)

# Version 3 (from 2): the board's journal folder id is part of a game's
# key. SQLite cannot change a table's UNIQUE constraint, so games is copied
# into a new table (row ids kept: players still point at them) and renamed;
# foreign keys are off meanwhile (dropping the old table must not empty
# players).
_SCHEMA_3 = (
    _GAMES % "games_v3",
    "INSERT INTO games_v3 (%s) SELECT %s FROM games" % (_GAME_COLUMNS, _GAME_COLUMNS),
    "DROP TABLE games",
    "ALTER TABLE games_v3 RENAME TO games",
) + _GAME_INDEXES + _FOLDERS

# Version 4 (from 3): the key of each board enrolled in a club (issue 27,
# docs/CLUB.md): 64 hex digits; the hub's listener proves boards with it.
_SCHEMA_4 = (
    """CREATE TABLE board_keys (
        device_id TEXT PRIMARY KEY,
        key TEXT NOT NULL,
        enrolled_at REAL NOT NULL
    )""",
)

# A new file: the current schema.
_SCHEMA = (
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    _GAMES % "games",
) + _GAME_INDEXES + (
    """CREATE TABLE players (
        game_row INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_row, seat)
    )""",
    "CREATE INDEX players_name ON players (name)",
) + _SCHEMA_2[1:] + _FOLDERS + _SCHEMA_4

# The statements that bring a file of each version to the current one.
_UPGRADES = {0: _SCHEMA, 1: _SCHEMA_2 + _SCHEMA_3 + _SCHEMA_4, 2: _SCHEMA_3 + _SCHEMA_4, 3: _SCHEMA_4}


class DatabaseError(Exception):
    """The database file cannot be used (not SQLite, not ours, too new,
    locked, read-only); str() is one line."""


class UnknownGame(LookupError):
    """A game ref that matches no stored game, or more than one."""

    def __str__(self):
        return self.args[0]


def _crc(data):
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


# What SQLite can raise: its own errors, and (CPython's sqlite3 decodes
# SQLite's message as UTF-8) UnicodeDecodeError when a damaged file puts
# bytes that are not UTF-8 into the message.
_SQL_ERRORS = (sqlite3.Error, UnicodeDecodeError)


def _errors_as_one_line(method):
    """A decorator: any SQLite failure (a damaged file, a read-only one, a
    locked one, a full disk) becomes one DatabaseError line naming the
    file, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except _SQL_ERRORS as e:
            raise DatabaseError("%s: %s" % (self.path, _sqlite_reason(e))) from e

    return wrapper


def _sqlite_reason(e):
    if isinstance(e, UnicodeDecodeError):
        return "the database file is damaged (SQLite's message about it is not even text)"
    text = str(e)
    if "locked" in text or "busy" in text:
        return ("the database is in use by another program (another tricktally sync?) and stayed locked for %d s:"
                " nothing was written; run this again once it is done (%s)" % (LOCK_WAIT, text))
    if "readonly" in text or "read-only" in text:
        return "the database is read-only (%s)" % text
    if "malformed" in text or "not a database" in text:
        return "the database file is damaged (%s)" % text
    return text


def _text(data):
    # Text columns of a damaged file may hold bytes that are not UTF-8: the
    # row is then shown with replacement characters (or refused as damaged
    # by the checks below), never a failure of the whole query.
    return data.decode("utf-8", "replace")


def default_path():
    """Where the database lives unless told otherwise: $TRICKTALLY_DB, else the user data folder."""
    env = os.environ.get(ENV_VAR)
    if env:
        return pathlib.Path(env)
    return pathlib.Path(platformdirs.user_data_dir("tricktally")) / FILE_NAME


# The --db option every database command takes (sync too): click reads the
# environment variable itself, so `--db` wins over TRICKTALLY_DB.
db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    envvar=ENV_VAR,
    default=None,
    help="Database file (default: $%s, else the user data folder)." % ENV_VAR,
)


def load_or_exit(db_path, game_ref):
    """``(info, record, game)`` of one stored game for a command; a missing
    database, an unknown ref or a bad record prints one line and exits 2."""
    try:
        with Database(db_path, create=False) as db:
            return db.load(game_ref)
    except (DatabaseError, UnknownGame, RecordError) as e:
        fail(e)


def fail(error, status=2):
    """Print ``error`` as one safe line (``error: ...``) and exit ``status``."""
    from tricktally_host.safe_text import one_line

    click.echo("error: %s" % one_line(str(error)), err=True)
    sys.exit(status)


def damage_line(damaged, limit=5):
    """One line about the stored games that could not be read, or None."""
    if not damaged:
        return None
    shown = "; ".join(damaged[:limit])
    more = " (and %d more)" % (len(damaged) - limit) if len(damaged) > limit else ""
    return "%d stored game%s cannot be read and %s left out: %s%s" % (
        len(damaged), "" if len(damaged) == 1 else "s", "is" if len(damaged) == 1 else "are", shown, more)


def exit_if_damaged(damaged):
    """For a command that showed the readable games: one line about the
    others, exit status 2 (nothing when every game was read)."""
    line = damage_line(damaged)
    if line is not None:
        fail(line)


def _quote(text):
    from tricktally_host.safe_text import one_line

    return repr(one_line(text[:60]))


def _blob(value):
    # Stored journal bytes, or None (none kept, or a damaged value).
    return bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else None


def _size(value):
    # A stored size, or None when the value is damaged.
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _extends(row, journal, journal_size, checksum):
    """True when the journal given (bytes, or just its size and checksum)
    starts with the journal stored in ``row``: it may replace it. A row
    whose values are damaged is never replaced (the journal is then kept as
    a conflict)."""
    old, old_size = _blob(row["journal"]), _size(row["journal_size"])
    if journal is not None and old is not None:
        return journal.startswith(old)
    if old_size is None:
        return False
    if journal is not None:
        # Stored before journals were kept: compare the checksum of the prefix.
        return len(journal) >= old_size and _crc(journal[:old_size]) == str(row["checksum"])
    if journal_size < old_size:
        return False
    return journal_size > old_size or row["checksum"] == checksum


def _same_game(row, journal, journal_size, checksum):
    """True when a journal provably continues the game stored in ``row``
    under another folder: its bytes start with the stored ones (or, without
    bytes, it is exactly the stored size and checksum)."""
    old, old_size = _blob(row["journal"]), _size(row["journal_size"])
    if journal is not None and old is not None:
        return len(old) > 0 and journal.startswith(old)
    if old_size is None:
        return False
    if journal is not None:
        return 0 < old_size <= len(journal) and _crc(journal[:old_size]) == str(row["checksum"])
    return journal_size == old_size and str(checksum) == str(row["checksum"])


def canonical_json(record):
    """The stored text of a record: stable key order, so equal records compare equal."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _check_key(device_id, game_id, folder):
    if not isinstance(device_id, str) or not device_id.strip():
        raise ValueError("device_id must be a non-empty string, not %r" % (device_id,))
    if not isinstance(folder, str):
        raise ValueError("folder must be a string, not %r" % (folder,))
    if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 <= game_id <= MAX_GAME_ID:
        raise ValueError("game_id must be a whole number 0..%d, not %r" % (MAX_GAME_ID, game_id))


def _stored_checksum(checksum):
    # SQLite holds integers of 64 bits: a larger one is kept as its text.
    if isinstance(checksum, int) and not isinstance(checksum, bool) and not -(2**63) <= checksum < 2**63:
        return str(checksum)
    return checksum


class Database:
    """The game database at ``path`` (None: :func:`default_path`).

    ``create=False`` opens a missing file as an empty in-memory database, so
    read-only commands never leave a file behind a mistyped ``--db``.
    ``damaged`` lists (one line each) the stored games that listing or
    loading had to leave out.
    """

    def __init__(self, path=None, create=True):
        self.path = pathlib.Path(path) if path is not None else default_path()
        self._depth = 0
        self.read_only = not create
        self.damaged = []
        target = str(self.path)
        try:
            exists = self.path.exists()
            if exists and self.path.is_dir():
                raise DatabaseError("%s: is a folder, not a database file" % self.path)
            if exists and not stat.S_ISREG(self.path.stat().st_mode):
                # A device, a pipe or a socket: opening it could wait forever.
                raise DatabaseError("%s: is not a regular file, so not a database file" % self.path)
        except OSError as e:
            raise DatabaseError("%s: cannot be opened: %s" % (self.path, e.strerror or e)) from e
        if not exists:
            if create:
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise DatabaseError("%s: cannot create its folder: %s" % (self.path, e.strerror or e)) from e
            else:
                target = ":memory:"
                self.read_only = False
        try:
            if target != ":memory:" and self.read_only:
                self.conn = self._open_read_only()
            else:
                # isolation_level=None: transactions are opened and closed here,
                # explicitly, rather than by sqlite3's implicit BEGIN.
                self.conn = self._connect(target)
            self._prepare(target == ":memory:")
        except _SQL_ERRORS as e:
            self._close_quietly()
            raise DatabaseError("%s: not a usable SQLite database: %s" % (self.path, _sqlite_reason(e))) from e
        except (DatabaseError, OSError) as e:
            self._close_quietly()
            if isinstance(e, OSError):
                raise DatabaseError("%s: cannot be opened: %s" % (self.path, e.strerror or e)) from e
            raise

    @staticmethod
    def _connect(target, uri=False):
        conn = sqlite3.connect(target, uri=uri, isolation_level=None, timeout=LOCK_WAIT)
        conn.row_factory = sqlite3.Row
        conn.text_factory = _text
        return conn

    def _open_read_only(self):
        # Read-only commands never write, so they must work where the file
        # or its folder is read-only (WAL normally wants to create -shm).
        uri = self.path.resolve().as_uri()
        last = None
        for flags in ("?mode=ro", "?mode=ro&immutable=1"):
            try:
                conn = self._connect(uri + flags, uri=True)
                conn.execute("SELECT name FROM sqlite_master LIMIT 1").fetchall()
                return conn
            except (sqlite3.OperationalError, UnicodeDecodeError) as e:
                last = e
        raise last

    def _close_quietly(self):
        try:
            self.conn.close()
        except (AttributeError,) + _SQL_ERRORS:
            pass

    # ----- opening ----------------------------------------------------------

    def _tables_and_version(self):
        """(table names, schema version or None for a file that is not ours:
        0 for an empty one)."""
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return tables, 0
        if "schema_version" not in tables or "games" not in tables:
            raise DatabaseError("%s: an SQLite file, but not a TrickTally database: left as it is" % self.path)
        rows = self.conn.execute("SELECT version FROM schema_version").fetchall()
        version = rows[0][0] if len(rows) == 1 else None
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise DatabaseError(
                "%s: schema version %d comes from a newer tricktally (this one reads %d)" % (self.path, version, SCHEMA_VERSION)
            )
        if version not in _UPGRADES and version != SCHEMA_VERSION:
            raise DatabaseError("%s: unknown schema version %r" % (self.path, version))
        return tables, version

    def _prepare(self, in_memory):
        # Only reads until the file is known to be ours (or empty): a file
        # that is not is left exactly as it was.
        _tables, version = self._tables_and_version()
        if self.read_only:
            if version != SCHEMA_VERSION:
                # An older (or empty) file: read a copy, upgraded in memory.
                memory = self._connect(":memory:")
                self.conn.backup(memory)
                self.conn.close()
                self.conn = memory
                self.read_only = False
                self._upgrade()
            return
        if not in_memory:
            # WAL before any write: then writers that meet (two syncs creating
            # one file) queue on the write lock, never on each other's readers.
            self.conn.execute("PRAGMA journal_mode = WAL").fetchall()
            self.conn.execute("PRAGMA synchronous = FULL")
        self._upgrade()
        self.conn.execute("PRAGMA foreign_keys = ON")

    def _upgrade(self):
        """Create or upgrade the schema in one write transaction that first
        looks again (another process may have done it meanwhile). Taking
        the write lock here also means a writer stuck behind another one
        learns it now, before a sync talks to the board."""
        # Foreign keys off: version 3 copies games (players must not follow
        # the old table); the pragma only works outside a transaction.
        self.conn.execute("PRAGMA foreign_keys = OFF")
        with self.transaction():
            _tables, version = self._tables_and_version()
            if version == SCHEMA_VERSION:
                return
            for statement in _UPGRADES[version]:
                self.conn.execute(statement)
            self.conn.execute("DELETE FROM schema_version")
            self.conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            if self.conn.execute("PRAGMA foreign_key_check").fetchall():
                raise DatabaseError("%s: the upgrade to schema %d found players without a game: left as it was"
                                    % (self.path, SCHEMA_VERSION))

    @_errors_as_one_line
    def close(self):
        """Close the connection (committed data is already on disk)."""
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.close()
        else:
            self._close_quietly()

    @contextlib.contextmanager
    def transaction(self):
        """Everything inside happens at once or not at all.

        Nested uses join the outer transaction through a savepoint, so a sync
        may wrap several ``store_game`` calls in one transaction, or not.
        SQLite's errors (a lock held too long, a full disk) come out as
        DatabaseError.
        """
        if self._depth == 0:
            # IMMEDIATE takes the write lock now: two syncs at once queue up
            # instead of failing half-way with "database is locked".
            self._sql("BEGIN IMMEDIATE")
        else:
            self._sql("SAVEPOINT nested_%d" % self._depth)
        self._depth += 1
        try:
            yield self.conn
        except BaseException:
            self._depth -= 1
            try:
                if self._depth == 0:
                    self.conn.execute("ROLLBACK")
                else:
                    self.conn.execute("ROLLBACK TO nested_%d" % self._depth)
                    self.conn.execute("RELEASE nested_%d" % self._depth)
            except _SQL_ERRORS:
                pass  # the first error is the one to report; SQLite rolled back
            raise
        self._depth -= 1
        self._sql("COMMIT" if self._depth == 0 else "RELEASE nested_%d" % self._depth)

    def _sql(self, statement):
        try:
            self.conn.execute(statement)
        except _SQL_ERRORS as e:
            raise DatabaseError("%s: %s" % (self.path, _sqlite_reason(e))) from e

    # ----- writing ----------------------------------------------------------

    @_errors_as_one_line
    def store_game(self, device_id, game_id, record, journal_size, checksum, synced_at=None, created=None, journal=None,
                   folder=""):
        """Store (or update) game ``game_id`` of board ``device_id``, journal
        folder ``folder`` ('' for a board without a folder id).

        ``record`` is the ``tricktally/1`` record (a dict, or its JSON text);
        it is checked by rebuilding the game through the rules, and refused
        with RecordError (nothing written) if it breaks one. Text that is
        not Unicode (a lone surrogate from a damaged flash) is kept as its
        escape (``\\ud800``). ``journal_size`` and ``checksum`` describe the
        journal bytes it came from (returned by :meth:`synced_upto`);
        ``journal`` (optional) is those bytes, kept so that later versions
        can be checked to extend them. ``synced_at`` is Unix seconds
        (default now); ``created`` (Unix seconds) overrides the record's own
        start time (a start the board could not have recorded counts as
        unknown).

        A game stored under another folder of the same board (one synced
        before the board had a folder id) that this journal provably
        continues is taken over by ``folder``: no second row.

        Returns ``'new'``, ``'changed'``, ``'same'`` (record, size and
        checksum all equal to what is stored: nothing else is written) or
        ``'conflict'``: the journal does not extend the stored one (shorter,
        or other bytes); it is kept in ``conflicts`` and the stored game is
        left exactly as it was. A conflict kept earlier whose bytes the
        stored journal now holds is let go.
        """
        _check_key(device_id, game_id, folder)
        if not isinstance(journal_size, int) or isinstance(journal_size, bool) or journal_size < 0:
            raise ValueError("journal_size must be a whole number >= 0, not %r" % (journal_size,))
        if journal is not None:
            journal = bytes(journal)
            if len(journal) != journal_size:
                raise ValueError("journal_size %d is not the length of the journal (%d)" % (journal_size, len(journal)))
        source = "game %s/%d" % (device_id, game_id)
        if isinstance(record, (str, bytes)):
            try:
                record = json.loads(record)
            except (ValueError, RecursionError) as e:
                raise RecordError("%s: record is not valid JSON: %s" % (source, e)) from e
        if not isinstance(record, dict):
            raise RecordError("%s: a record must be a JSON object" % source)
        try:
            record = usable_text(record)
        except RecursionError as e:
            raise RecordError("%s: the record is nested too deep" % source) from e
        game = game_from_record(record, source)
        text = canonical_json(record)
        started = epoch_of(created) if created is not None else started_of(record)
        synced_at = time.time() if synced_at is None else float(synced_at)
        checksum = _stored_checksum(checksum)
        winners = [game.players[s] for s in game.winners]
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT id, record, journal_size, checksum, started, journal FROM games"
                " WHERE device_id = ? AND folder = ? AND game_id = ?",
                (device_id, folder, game_id),
            ).fetchone()
            if row is None:
                row = self._take_over(device_id, folder, game_id, journal, journal_size, checksum)
            if row is not None and started is None:
                started = row["started"]
            if (
                row is not None
                and row["record"] == text
                and row["journal_size"] == journal_size
                and row["checksum"] == checksum
                and row["started"] == started
            ):
                return "same"
            if row is not None and not _extends(row, journal, journal_size, checksum):
                conn.execute(
                    "INSERT OR IGNORE INTO conflicts"
                    " (device_id, folder, game_id, journal, journal_size, checksum, record, found_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (device_id, folder, game_id, journal if journal is not None else b"", journal_size, str(checksum),
                     text, synced_at),
                )
                return "conflict"
            values = (
                game.NAME,
                json.dumps(game.players, ensure_ascii=False),
                started,
                int(game.finished),
                int(bool(record.get("ended")) and not game.finished),
                json.dumps(winners, ensure_ascii=False),
                len(game.hands),
                text,
                journal_size,
                checksum,
                synced_at,
                journal,
            )
            if row is None:
                cur = conn.execute(
                    "INSERT INTO games (game, players, started, finished, ended, winners, hands, record,"
                    " journal_size, checksum, synced_at, journal, device_id, folder, game_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values + (device_id, folder, game_id),
                )
                game_row = cur.lastrowid
                result = "new"
            else:
                game_row = row["id"]
                conn.execute(
                    "UPDATE games SET game = ?, players = ?, started = ?, finished = ?, ended = ?, winners = ?, hands = ?,"
                    " record = ?, journal_size = ?, checksum = ?, synced_at = ?, journal = ? WHERE id = ?",
                    values + (game_row,),
                )
                conn.execute("DELETE FROM players WHERE game_row = ?", (game_row,))
                result = "changed"
            conn.executemany(
                "INSERT INTO players (game_row, seat, name, won) VALUES (?, ?, ?, ?)",
                [(game_row, s, game.players[s], int(s in game.winners)) for s in range(len(game.players))],
            )
            if journal:
                self._settle_conflicts(device_id, game_id, journal)
        return result

    def _take_over(self, device_id, folder, game_id, journal, journal_size, checksum):
        """The row of this board's game ``game_id`` stored under another
        folder that the journal given continues, moved to ``folder``; None
        when there is none (a new game, e.g. after the board was wiped)."""
        rows = self.conn.execute(
            "SELECT id, record, journal_size, checksum, started, journal FROM games"
            " WHERE device_id = ? AND folder <> ? AND game_id = ? ORDER BY id DESC",
            (device_id, folder, game_id),
        ).fetchall()
        for row in rows:
            if _same_game(row, journal, journal_size, checksum):
                self.conn.execute("UPDATE games SET folder = ? WHERE id = ?", (folder, row["id"]))
                return row
        return None

    def _settle_conflicts(self, device_id, game_id, journal):
        # A version kept as a conflict whose bytes the stored journal now
        # starts with is held by the game itself: nothing is lost letting it go.
        for c in self.conn.execute(
            "SELECT id, journal FROM conflicts WHERE device_id = ? AND game_id = ?", (device_id, game_id)
        ).fetchall():
            old = _blob(c["journal"])
            if old and journal.startswith(old):
                self.conn.execute("DELETE FROM conflicts WHERE id = ?", (c["id"],))

    @_errors_as_one_line
    def adopt(self, device_id, from_folder, folder, game_id):
        """File this board's game ``game_id``, stored under ``from_folder``,
        under ``folder`` (the sync proved the board holds exactly its bytes
        there). Returns True when it moved."""
        _check_key(device_id, game_id, folder)
        with self.transaction() as conn:
            if conn.execute("SELECT 1 FROM games WHERE device_id = ? AND folder = ? AND game_id = ?",
                            (device_id, folder, game_id)).fetchone():
                return False
            cur = conn.execute("UPDATE games SET folder = ? WHERE device_id = ? AND folder = ? AND game_id = ?",
                               (folder, device_id, from_folder, game_id))
            return cur.rowcount > 0

    @_errors_as_one_line
    def store_piece(self, device_id, game_id, kind, data, found_at=None, folder=""):
        """Keep damaged bytes of a game: ``kind`` 'bad' (a piece the board cut
        off its journal), 'tail' (unreadable bytes at the end of a journal) or
        'unreadable' (a whole journal that holds no readable game). Storing
        the same bytes again adds nothing. Returns True when they were new."""
        data = bytes(data)
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT OR IGNORE INTO pieces (device_id, folder, game_id, kind, data, size, checksum, found_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (device_id, folder, game_id, kind, data, len(data), _crc(data),
                 time.time() if found_at is None else found_at),
            )
            return cur.rowcount > 0

    @_errors_as_one_line
    def conflicts(self, device_id=None):
        """Conflicting versions kept beside stored games: dicts device_id,
        folder, game_id, journal_size, checksum, found_at (oldest first)."""
        sql = "SELECT device_id, folder, game_id, journal_size, checksum, found_at FROM conflicts"
        args = ()
        if device_id is not None:
            sql += " WHERE device_id = ?"
            args = (device_id,)
        return [dict(r) for r in self.conn.execute(sql + " ORDER BY found_at, id", args)]

    @_errors_as_one_line
    def pieces(self, device_id=None, game_id=None):
        """Damaged pieces kept: dicts device_id, folder, game_id, kind, size, checksum, data."""
        sql = "SELECT device_id, folder, game_id, kind, size, checksum, data FROM pieces"
        where = []
        args = []
        if device_id is not None:
            where.append("device_id = ?")
            args.append(device_id)
        if game_id is not None:
            where.append("game_id = ?")
            args.append(game_id)
        if where:
            sql += " WHERE " + " AND ".join(where)
        return [dict(r) for r in self.conn.execute(sql + " ORDER BY id", args)]

    # ----- reading ----------------------------------------------------------

    @_errors_as_one_line
    def synced_upto(self, device_id, folder=""):
        """What is stored of board ``device_id``'s folder ``folder``:
        {game_id: (journal_size, checksum)}."""
        rows = self.conn.execute(
            "SELECT game_id, journal_size, checksum FROM games WHERE device_id = ? AND folder = ?", (device_id, folder))
        # A damaged size counts as nothing stored: the game is fetched, and
        # store_game keeps it beside the damaged row rather than over it.
        return {r["game_id"]: (r["journal_size"], r["checksum"]) for r in rows if _size(r["journal_size"]) is not None}

    @_errors_as_one_line
    def other_folders(self, device_id, folder=""):
        """This board's games stored under folders other than ``folder``:
        {game_id: [(folder, journal_size, checksum), ...]}, latest first."""
        out = {}
        for r in self.conn.execute(
            "SELECT folder, game_id, journal_size, checksum FROM games WHERE device_id = ? AND folder <> ? ORDER BY id DESC",
            (device_id, folder),
        ):
            if _size(r["journal_size"]) is not None:
                out.setdefault(r["game_id"], []).append((r["folder"], r["journal_size"], r["checksum"]))
        return out

    # ----- club boards' keys (issue 27) ---------------------------------------

    @_errors_as_one_line
    def set_board_key(self, device_id, key, enrolled_at=None):
        """Record ``key`` (64 lower-case hex digits) as board
        ``device_id``'s, in place of any key it had (``tricktally club
        enroll``)."""
        if not isinstance(device_id, str) or not device_id:
            raise ValueError("a device id is a non-empty string")
        if not isinstance(key, str) or len(key) != 64 or key.strip("0123456789abcdef"):
            raise ValueError("a board key is 64 lower-case hex digits")
        with self.transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO board_keys (device_id, key, enrolled_at) VALUES (?, ?, ?)",
                         (device_id, key, time.time() if enrolled_at is None else float(enrolled_at)))

    @_errors_as_one_line
    def board_key(self, device_id):
        """Board ``device_id``'s key (64 hex digits), or None when it is
        not enrolled."""
        row = self.conn.execute("SELECT key FROM board_keys WHERE device_id = ?", (device_id,)).fetchone()
        return row["key"] if row is not None else None

    @_errors_as_one_line
    def enrolled_boards(self):
        """``[(device_id, enrolled_at)]`` of every enrolled board, by device id (no keys)."""
        return [(r["device_id"], r["enrolled_at"])
                for r in self.conn.execute("SELECT device_id, enrolled_at FROM board_keys ORDER BY device_id")]

    def _naming(self):
        """What every ref needs: (device id -> prefix, device id -> {folder: mark})."""
        pairs = [(r[0], r[1]) for r in self.conn.execute("SELECT DISTINCT device_id, folder FROM games")]
        devices = sorted({d for d, _f in pairs if isinstance(d, str) and d})
        folders = {}
        for d, f in pairs:
            if isinstance(d, str) and d:
                folders.setdefault(d, []).append(f if isinstance(f, str) else "")
        return refs.device_prefixes(devices), {d: refs.folder_marks(fs) for d, fs in folders.items()}

    def _info(self, row, naming, marked):
        """The info dict of a row, or a one-line reason (str) when a value
        in it is damaged."""
        prefixes, marks = naming
        device, folder, number = row["device_id"], row["folder"], row["game_id"]
        shown = "%s-%s" % (device, number)
        try:
            if not isinstance(device, str) or not device or device not in prefixes:
                return "%s: the row has no usable device id" % shown
            if not isinstance(number, int) or not 0 <= number <= MAX_GAME_ID:
                return "%s: the row has no usable game number" % shown
            folder = folder if isinstance(folder, str) else ""
            players = json.loads(row["players"])
            winners = json.loads(row["winners"])
            hands = row["hands"]
            if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
                return "%s: the row's players are damaged" % shown
            if not (isinstance(winners, list) and all(isinstance(p, str) for p in winners)):
                return "%s: the row's winners are damaged" % shown
            if not isinstance(row["game"], str) or not isinstance(hands, int) or hands < 0:
                return "%s: the row's game or hand count is damaged" % shown
        except (TypeError, ValueError, RecursionError) as e:
            return "%s: the row is damaged (%s)" % (shown, str(e)[:80])
        synced_at = row["synced_at"]
        if isinstance(synced_at, bool) or not isinstance(synced_at, (int, float)) or not math.isfinite(synced_at):
            synced_at = 0.0
        started = epoch_of(row["started"])
        mark = marks[device][folder] if marked else None
        return {
            "ref": refs.ref_text(prefixes[device], mark, number),
            "device_id": device,
            "folder": folder,
            "mark": mark,
            "game_id": number,
            "date": format_date(started),
            "started": started,
            "game": row["game"],
            "players": players,
            "hands": hands,
            "finished": bool(row["finished"]),
            "ended": bool(row["ended"]),
            "winners": winners,
            "journal_size": _size(row["journal_size"]),
            "synced_at": synced_at,
        }

    _LIST = (
        "SELECT id, device_id, folder, game_id, game, players, started, finished, ended, winners, hands,"
        " journal_size, synced_at FROM games"
    )

    @staticmethod
    def _order(info):
        # Oldest first; undated games (no clock on the board) by when they
        # were synced.
        return (info["started"] if info["started"] is not None else info["synced_at"], info["device_id"],
                info["folder"], info["game_id"])

    def _infos(self, rows, naming):
        """Infos of ``rows`` (ordered by row id), damaged ones in
        ``self.damaged``; a row is marked when an earlier one of its board
        has its number."""
        first = set()
        out = []
        for row in rows:
            key = (row["device_id"], row["game_id"])
            marked = key in first
            first.add(key)
            info = self._info(row, naming, marked)
            if isinstance(info, str):
                self.damaged.append(info)
            else:
                out.append(info)
        return out

    @_errors_as_one_line
    def games(self):
        """Every readable stored game, oldest first, as dicts: ref,
        device_id, folder (the board's journal folder id, '' when it had
        none), mark (None, or what tells this game from an earlier one of
        its board and number), game_id, date (local ``YYYY-MM-DD HH:MM`` or
        None), started (Unix seconds or None), game, players (names), hands,
        finished, ended (closed on the board before the rules finished it:
        record key ``ended``), winners (names), journal_size, synced_at.
        Damaged rows are left out and named in ``damaged``."""
        self.damaged = []
        infos = self._infos(self.conn.execute(self._LIST + " ORDER BY id").fetchall(), self._naming())
        return sorted(infos, key=self._order)

    @_errors_as_one_line
    def find(self, ref):
        """The info dict (as in :meth:`games`) of the game ``ref`` names.

        A ref is ``DEVICE-GAME`` as ``games`` lists it (``DEVICE.MARK-GAME``
        for a game whose board and number an earlier stored game has): any
        prefix of the device id (case and dashes do not matter) and the game
        number; a bare game number is accepted when only one stored game has
        it. Raises UnknownGame.
        """
        text = str(ref).strip()
        not_a_ref = UnknownGame(
            "%s is not a game ref (DEVICE-NUMBER, or a game number 0..%d, as `tricktally games` lists)"
            % (_quote(text), MAX_GAME_ID)
        )
        try:
            device, number = refs.parse(text, MAX_GAME_ID)
        except ValueError:
            raise not_a_ref from None
        naming = self._naming()
        self.damaged = []
        infos = self._infos(self.conn.execute(self._LIST + " WHERE game_id = ? ORDER BY id", (number,)).fetchall(), naming)
        found = [i for i in infos if i["ref"] == text] or [i for i in infos if i["ref"].upper() == text.upper()]
        if not found and device is None:
            found = infos
        elif not found:
            if not refs.well_formed(device):
                raise not_a_ref
            marks = naming[1]
            found = [i for i in infos
                     if refs.matches(device, i["device_id"], i["folder"], i["mark"] is not None, marks[i["device_id"]])]
            found = [i for i in found if i["device_id"] == device] or found
        if not found and self.damaged:
            raise UnknownGame("no readable stored game %s: %s" % (_quote(text), "; ".join(self.damaged[:3])))
        if not found:
            raise UnknownGame("no stored game %s (`tricktally games` lists them)" % _quote(text))
        if len(found) > 1:
            raise UnknownGame("game ref %s is ambiguous: it matches %s" % (_quote(text), ", ".join(i["ref"] for i in found)))
        return found[0]

    @_errors_as_one_line
    def get(self, ref):
        """The stored record (a dict) of game ``ref``. Raises UnknownGame."""
        info = self.find(ref)
        return self._record(info)

    def _record(self, info):
        row = self.conn.execute(
            "SELECT record FROM games WHERE device_id = ? AND folder = ? AND game_id = ?",
            (info["device_id"], info["folder"], info["game_id"]),
        ).fetchone()
        try:
            record = json.loads(row["record"])
        except (TypeError, ValueError, RecursionError) as e:
            raise RecordError("game %s: stored record is not valid JSON: %s" % (info["ref"], str(e)[:80])) from e
        if not isinstance(record, dict):
            raise RecordError("game %s: stored record is not a JSON object" % info["ref"])
        try:
            return usable_text(record)
        except RecursionError as e:
            raise RecordError("game %s: stored record is nested too deep" % info["ref"]) from e

    @_errors_as_one_line
    def load(self, ref):
        """(info, record, game rebuilt through the rules) of game ``ref``.

        Raises UnknownGame, or RecordError if the stored record breaks a rule.
        """
        info = self.find(ref)
        record = self._record(info)
        return info, record, game_from_record(record, "game %s" % info["ref"])

    @_errors_as_one_line
    def load_all(self, refs_=None):
        """A list of (info, record, game) for ``refs_`` (None or empty: every
        readable game). A stored game whose row or record is damaged is left
        out and named in ``damaged``; an unknown ref raises UnknownGame."""
        if refs_:
            infos = [self.find(r) for r in refs_]
            self.damaged = []
        else:
            infos = self.games()
        out = []
        for info in infos:
            try:
                record = self._record(info)
                out.append((info, record, game_from_record(record, "game %s" % info["ref"])))
            except RecordError as e:
                self.damaged.append(str(e))
        return out
