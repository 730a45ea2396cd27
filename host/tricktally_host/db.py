# SPDX-License-Identifier: MIT
"""The PC database of synced games: a SQLite file, or a PostgreSQL database
a club's PCs share (SQLAlchemy Core; where it lives: db_backends.py; its
tables and their upgrades: db_schema.py).

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

Every write happens in one transaction, so a sync killed at any moment (or
a server that goes away) leaves the database as it was before the game
being written, or after it, never half-way. Writers of one game queue up
(db_backends.py says how on each backend), so several PCs syncing at once,
even the same board twice, store each game once and lose no version. A
SQLite file runs in WAL mode: readers (``tricktally games``) do not block a
sync, and a crash never corrupts what was committed. Opening a database
checks, inside one write transaction, whether it is new, ours or someone
else's: two syncs creating one database at once queue up, and a database
that is not ours is left exactly as it was (a SQLite file not even
switched to WAL).

Nothing stored is ever replaced by something that does not extend it: the
journal bytes of each game are kept (``games.journal``), and a journal from
the board that does not start with them (shorter, or different) is kept
beside the game in ``conflicts`` and reported, never stored over it.
Damaged pieces the board cut off its journals (and unreadable journal tails)
are kept in ``pieces``. Read-only commands open the database read-only, so
they work on a read-only file or folder (or a read-only login); an older
SQLite schema, or an empty database, is read through a copy in memory, the
database left as it is.

Every database error becomes a one-line DatabaseError naming the database
(a URL never with its password). One damaged row never takes the others
down: listing and loading skip it and say so in ``Database.damaged``.
"""

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
import sqlalchemy as sa

from tricktally_host import db_schema as schema
from tricktally_host import refs
from tricktally_host.dates import epoch_of, format_date, started_of
from tricktally_host.db_backends import (
    LOCK_WAIT,
    SCHEMA_LOCK,
    DatabaseError,
    begin,
    insert_ignoring_repeats,
    insert_or_replace,
    is_url,
    lock_game,
    memory_copy,
    target,
)
from tricktally_host.db_rows import (
    MAX_GAME_ID,
    blob,
    canonical_json,
    check_key,
    crc,
    damage_line,
    extends,
    same_game,
    size,
    stored_checksum,
)
from tricktally_host.records import RecordError, game_from_record, usable_text

SCHEMA_VERSION = schema.SCHEMA_VERSION
ENV_VAR = "TRICKTALLY_DB"
FILE_NAME = "tricktally.sqlite"
__all__ = ("Database", "DatabaseError", "UnknownGame", "LOCK_WAIT", "MAX_GAME_ID", "SCHEMA_VERSION", "canonical_json",
           "damage_line", "started_of")

_GAMES, _PLAYERS, _CONFLICTS, _PIECES = schema.games, schema.players, schema.conflicts, schema.pieces
_BOARD_KEYS = schema.board_keys


class UnknownGame(LookupError):
    """A game ref that matches no stored game, or more than one."""

    def __str__(self):
        return self.args[0]


# What a database can raise: SQLAlchemy's errors (the driver's inside),
# the driver's own when it fails outside SQLAlchemy, and (CPython's sqlite3
# decodes SQLite's message as UTF-8) UnicodeDecodeError when a damaged file
# puts bytes that are not UTF-8 into the message.
_SQL_ERRORS = (sa.exc.SQLAlchemyError, sqlite3.Error, UnicodeDecodeError)


def _errors_as_one_line(method):
    """A decorator: any database failure (a damaged file, a read-only one,
    a locked one, a full disk, a server gone) becomes one DatabaseError
    line naming the database, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except _SQL_ERRORS as e:
            raise DatabaseError("%s: %s" % (self.name, self.backend.reason(e))) from e

    return wrapper


def default_path():
    """The database used unless told otherwise: $TRICKTALLY_DB (a path, or a
    PostgreSQL URL, returned as text), else the user data folder's file."""
    env = os.environ.get(ENV_VAR)
    if env:
        return env if is_url(env) else pathlib.Path(env)
    return pathlib.Path(platformdirs.user_data_dir("tricktally")) / FILE_NAME


def database_file(db_path):
    """The SQLite file a ``--db`` value names (None: the default one), or
    None for a database on a server: what output files must never replace."""
    where = db_path if db_path is not None else default_path()
    return None if is_url(where) else pathlib.Path(where)


# The --db option every database command takes (sync too): click reads the
# environment variable itself, so `--db` wins over TRICKTALLY_DB.
db_option = click.option(
    "--db",
    "db_path",
    metavar="FILE|URL",
    envvar=ENV_VAR,
    default=None,
    help="Database: a SQLite file, or a PostgreSQL URL postgresql://user@host/dbname"
         " (default: $%s, else a file in the user data folder)." % ENV_VAR,
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


def exit_if_damaged(damaged):
    """For a command that showed the readable games: one line about the
    others, exit status 2 (nothing when every game was read)."""
    line = damage_line(damaged)
    if line is not None:
        fail(line)


def _quote(text):
    from tricktally_host.safe_text import one_line

    return repr(one_line(text[:60]))


class Database:
    """The game database ``path`` names (None: :func:`default_path`): a
    SQLite file path, or a PostgreSQL URL (``postgresql://user@host/dbname``).

    ``create=False`` (read-only commands) never writes: a missing file, or
    an empty PostgreSQL database, reads as an empty database in memory, so
    a mistyped ``--db`` leaves no file behind. ``damaged`` lists (one line
    each) the stored games that listing or loading had to leave out.
    ``name`` is how messages name the database (a URL without its
    password); ``path`` is the SQLite file (None on a server); ``found``
    is False when a read-only open found no database (no file, or an empty
    one on the server); ``conn`` is the SQLAlchemy connection, in
    autocommit mode outside :meth:`transaction` and :meth:`snapshot`.
    """

    def __init__(self, path=None, create=True):
        self.backend = target(path if path is not None else default_path())
        self.path = self.backend.path
        self.name = self.backend.shown
        self._depth = 0
        self.read_only = not create
        self.damaged = []
        self.conn = None
        self.found = True
        if self.path is not None:
            self._open_file()
        else:
            self._open_server()

    # ----- opening ----------------------------------------------------------

    def _open_file(self):
        try:
            exists = self.path.exists()
            if exists and self.path.is_dir():
                raise DatabaseError("%s: is a folder, not a database file" % self.path)
            if exists and not stat.S_ISREG(self.path.stat().st_mode):
                # A device, a pipe or a socket: opening it could wait forever.
                raise DatabaseError("%s: is not a regular file, so not a database file" % self.path)
        except OSError as e:
            raise DatabaseError("%s: cannot be opened: %s" % (self.path, e.strerror or e)) from e
        in_memory = not exists and self.read_only
        self.found = exists
        if not exists and not in_memory:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise DatabaseError("%s: cannot create its folder: %s" % (self.path, e.strerror or e)) from e
        try:
            if in_memory:
                self.read_only = False
                self.conn = memory_copy(None)
            else:
                self.conn = self.backend.connect(read_only=self.read_only)
            self._prepare_file(in_memory)
        except _SQL_ERRORS as e:
            self._close_quietly()
            raise DatabaseError("%s: not a usable SQLite database: %s" % (self.path, self.backend.reason(e))) from e
        except (DatabaseError, OSError) as e:
            self._close_quietly()
            if isinstance(e, OSError):
                raise DatabaseError("%s: cannot be opened: %s" % (self.path, e.strerror or e)) from e
            raise

    def _prepare_file(self, in_memory):
        # Only reads until the file is known to be ours (or empty): a file
        # that is not is left exactly as it was.
        version = self._version()
        if self.read_only:
            if version != SCHEMA_VERSION:
                self._read_a_copy()
            return
        if not in_memory:
            # WAL before any write: then writers that meet (two syncs creating
            # one file) queue on the write lock, never on each other's readers.
            self.backend.use_wal(self.conn)
        self._upgrade()
        self.conn.exec_driver_sql("PRAGMA foreign_keys = ON")

    def _open_server(self):
        try:
            self.conn = self.backend.connect(read_only=self.read_only)
            version = self._version()
            if self.read_only:
                if version == 0:
                    # Empty: read as empty, creating nothing on the server.
                    self.found = False
                    self._read_a_copy(empty=True)
                elif version != SCHEMA_VERSION:
                    # A shared database is upgraded by a writer, for everyone.
                    raise DatabaseError("%s: schema version %d is older than this tricktally's %d: a command that"
                                        " writes (tricktally sync) upgrades it" % (self.name, version, SCHEMA_VERSION))
                return
            self._upgrade()
        except _SQL_ERRORS as e:
            self._close_quietly()
            raise DatabaseError("%s: %s" % (self.name, self.backend.reason(e))) from e
        except DatabaseError:
            self._close_quietly()
            raise

    def _read_a_copy(self, empty=False):
        """Go on with a copy of the database in memory, upgraded: a
        read-only command reads an older (or empty) one as it is."""
        memory = memory_copy(None if empty else self.conn)
        self._close_quietly()
        self.conn = memory
        self.read_only = False
        self._upgrade()

    def _version(self):
        """The schema version of the database (0: empty); a database that
        is not ours, or of a version this tricktally cannot read, raises."""
        tables = set(sa.inspect(self.conn).get_table_names())
        if not tables:
            return 0
        kind = self.conn.dialect.name
        if "schema_version" not in tables or "games" not in tables:
            what = "an SQLite file" if kind == "sqlite" else "a PostgreSQL database holding other tables"
            raise DatabaseError("%s: %s, but not a TrickTally database: left as it is" % (self.name, what))
        rows = self.conn.execute(sa.select(schema.schema_version.c.version)).all()
        version = rows[0][0] if len(rows) == 1 else None
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise DatabaseError(
                "%s: schema version %d comes from a newer tricktally (this one reads %d)" % (self.name, version, SCHEMA_VERSION)
            )
        if version != SCHEMA_VERSION and not schema.upgradable(kind, version):
            raise DatabaseError("%s: unknown schema version %r" % (self.name, version))
        return version

    def _upgrade(self):
        """Create or upgrade the schema in one write transaction that first
        looks again (another process may have done it meanwhile). Taking
        the write lock here also means a writer stuck behind another one
        learns it now, before a sync talks to the board."""
        sqlite = self.conn.dialect.name == "sqlite"
        if sqlite:
            # Foreign keys off: version 3 copies games (players must not follow
            # the old table); the pragma only works outside a transaction.
            self.conn.exec_driver_sql("PRAGMA foreign_keys = OFF")
        with self.transaction() as conn:
            if not sqlite:
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            version = self._version()
            if version != SCHEMA_VERSION:
                schema.upgrade(conn, version)
            if not sqlite:
                if conn.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
                    raise DatabaseError("%s: the database may only be read by this login (the server makes its"
                                        " transactions read-only): nothing was written" % self.name)
                # The lock every write takes: it waits only for a program that
                # holds the tables themselves (maintenance), never for other PCs.
                conn.exec_driver_sql("LOCK TABLE %s IN ROW EXCLUSIVE MODE"
                                     % ", ".join(t.name for t in schema.TABLES))
            if version == SCHEMA_VERSION:
                return
            if sqlite and conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall():
                raise DatabaseError("%s: the upgrade to schema %d found players without a game: left as it was"
                                    % (self.name, SCHEMA_VERSION))

    @_errors_as_one_line
    def close(self):
        """Close the connection (committed data is already on disk)."""
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.close()
            if conn.dialect.name == "sqlite":
                conn.engine.dispose()  # its one connection: the file is closed now

    def _close_quietly(self):
        try:
            self.close()
        except (DatabaseError,) + _SQL_ERRORS:
            pass

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
        Database errors (a lock held too long, a full disk, a server gone)
        come out as DatabaseError. Yields the connection.
        """
        if self._depth == 0:
            # A write transaction: two syncs at once queue up instead of
            # failing half-way.
            self._sql(lambda: begin(self.conn, write=True))
        else:
            self._sql(lambda: self.conn.exec_driver_sql("SAVEPOINT nested_%d" % self._depth))
        self._depth += 1
        try:
            yield self.conn
        except BaseException:
            self._depth -= 1
            self._roll_back()
            raise
        self._depth -= 1
        statement = "COMMIT" if self._depth == 0 else "RELEASE SAVEPOINT nested_%d" % self._depth
        self._sql(lambda: self.conn.exec_driver_sql(statement))

    def _roll_back(self):
        try:
            if self._depth == 0:
                self.conn.exec_driver_sql("ROLLBACK")
            else:
                self.conn.exec_driver_sql("ROLLBACK TO SAVEPOINT nested_%d" % self._depth)
                self.conn.exec_driver_sql("RELEASE SAVEPOINT nested_%d" % self._depth)
        except _SQL_ERRORS:
            pass  # the first error is the one to report; the database rolled back

    @contextlib.contextmanager
    def snapshot(self):
        """Reads inside see one moment of the database (a listing never sees
        half of a sync running elsewhere); inside a transaction, its own.
        Yields the connection."""
        if self._depth:
            yield self.conn
            return
        self._sql(lambda: begin(self.conn, write=False))
        self._depth += 1
        try:
            yield self.conn
        finally:
            self._depth -= 1
            self._roll_back()

    def _sql(self, action):
        try:
            return action()
        except _SQL_ERRORS as e:
            raise DatabaseError("%s: %s" % (self.name, self.backend.reason(e))) from e

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
        stored journal now holds is let go. Another writer storing the same
        game at the same time waits for this one, then sees what it stored.
        """
        check_key(device_id, game_id, folder)
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
        checksum = stored_checksum(checksum)
        with self.transaction() as conn:
            lock_game(conn, device_id, game_id)
            row = conn.execute(
                sa.select(_GAMES.c.id, _GAMES.c.record, _GAMES.c.journal_size, _GAMES.c.checksum, _GAMES.c.started,
                          _GAMES.c.journal).where(_key(device_id, folder, game_id))
            ).mappings().first()
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
            if row is not None and not extends(row, journal, journal_size, checksum):
                conn.execute(insert_ignoring_repeats(conn, _CONFLICTS).values(
                    device_id=device_id, folder=folder, game_id=game_id, journal=journal if journal is not None else b"",
                    journal_size=journal_size, checksum=str(checksum), record=text, found_at=synced_at))
                return "conflict"
            values = dict(
                game=game.NAME,
                players=json.dumps(game.players, ensure_ascii=False),
                started=started,
                finished=int(game.finished),
                ended=int(bool(record.get("ended")) and not game.finished),
                winners=json.dumps([game.players[s] for s in game.winners], ensure_ascii=False),
                hands=len(game.hands),
                record=text,
                journal_size=journal_size,
                checksum=checksum,
                synced_at=synced_at,
                journal=journal,
            )
            if row is None:
                game_row = conn.execute(_GAMES.insert().values(
                    device_id=device_id, folder=folder, game_id=game_id, **values)).inserted_primary_key[0]
                result = "new"
            else:
                game_row = row["id"]
                conn.execute(_GAMES.update().where(_GAMES.c.id == game_row).values(**values))
                conn.execute(_PLAYERS.delete().where(_PLAYERS.c.game_row == game_row))
                result = "changed"
            conn.execute(_PLAYERS.insert(), [
                dict(game_row=game_row, seat=s, name=game.players[s], won=int(s in game.winners))
                for s in range(len(game.players))])
            if journal:
                self._settle_conflicts(device_id, game_id, journal)
        return result

    def _take_over(self, device_id, folder, game_id, journal, journal_size, checksum):
        """The row of this board's game ``game_id`` stored under another
        folder that the journal given continues, moved to ``folder``; None
        when there is none (a new game, e.g. after the board was wiped)."""
        rows = self.conn.execute(
            sa.select(_GAMES.c.id, _GAMES.c.record, _GAMES.c.journal_size, _GAMES.c.checksum, _GAMES.c.started,
                      _GAMES.c.journal)
            .where(_GAMES.c.device_id == device_id, _GAMES.c.folder != folder, _GAMES.c.game_id == game_id)
            .order_by(_GAMES.c.id.desc())
        ).mappings().all()
        for row in rows:
            if same_game(row, journal, journal_size, checksum):
                self.conn.execute(_GAMES.update().where(_GAMES.c.id == row["id"]).values(folder=folder))
                return row
        return None

    def _settle_conflicts(self, device_id, game_id, journal):
        # A version kept as a conflict whose bytes the stored journal now
        # starts with is held by the game itself: nothing is lost letting it go.
        kept = self.conn.execute(sa.select(_CONFLICTS.c.id, _CONFLICTS.c.journal).where(
            _CONFLICTS.c.device_id == device_id, _CONFLICTS.c.game_id == game_id)).all()
        for conflict_id, old in kept:
            old = blob(old)
            if old and journal.startswith(old):
                self.conn.execute(_CONFLICTS.delete().where(_CONFLICTS.c.id == conflict_id))

    @_errors_as_one_line
    def adopt(self, device_id, from_folder, folder, game_id):
        """File this board's game ``game_id``, stored under ``from_folder``,
        under ``folder`` (the sync proved the board holds exactly its bytes
        there). Returns True when it moved."""
        check_key(device_id, game_id, folder)
        with self.transaction() as conn:
            lock_game(conn, device_id, game_id)
            if conn.execute(sa.select(_GAMES.c.id).where(_key(device_id, folder, game_id))).first():
                return False
            moved = conn.execute(_GAMES.update().where(_key(device_id, from_folder, game_id)).values(folder=folder))
            return moved.rowcount > 0

    @_errors_as_one_line
    def store_piece(self, device_id, game_id, kind, data, found_at=None, folder=""):
        """Keep damaged bytes of a game: ``kind`` 'bad' (a piece the board cut
        off its journal), 'tail' (unreadable bytes at the end of a journal) or
        'unreadable' (a whole journal that holds no readable game). Storing
        the same bytes again adds nothing. Returns True when they were new."""
        data = bytes(data)
        with self.transaction() as conn:
            added = conn.execute(insert_ignoring_repeats(conn, _PIECES).values(
                device_id=device_id, folder=folder, game_id=game_id, kind=kind, data=data, size=len(data),
                checksum=crc(data), found_at=time.time() if found_at is None else found_at))
            return added.first() is not None

    @_errors_as_one_line
    def conflicts(self, device_id=None):
        """Conflicting versions kept beside stored games: dicts device_id,
        folder, game_id, journal_size, checksum, found_at (oldest first)."""
        c = _CONFLICTS.c
        query = sa.select(c.device_id, c.folder, c.game_id, c.journal_size, c.checksum, c.found_at)
        if device_id is not None:
            query = query.where(c.device_id == device_id)
        return [dict(r) for r in self.conn.execute(query.order_by(c.found_at, c.id)).mappings()]

    @_errors_as_one_line
    def pieces(self, device_id=None, game_id=None):
        """Damaged pieces kept: dicts device_id, folder, game_id, kind, size, checksum, data."""
        c = _PIECES.c
        query = sa.select(c.device_id, c.folder, c.game_id, c.kind, c.size, c.checksum, c.data)
        if device_id is not None:
            query = query.where(c.device_id == device_id)
        if game_id is not None:
            query = query.where(c.game_id == game_id)
        return [dict(r) for r in self.conn.execute(query.order_by(c.id)).mappings()]

    # ----- reading ----------------------------------------------------------

    @_errors_as_one_line
    def synced_upto(self, device_id, folder=""):
        """What is stored of board ``device_id``'s folder ``folder``:
        {game_id: (journal_size, checksum)}."""
        c = _GAMES.c
        rows = self.conn.execute(
            sa.select(c.game_id, c.journal_size, c.checksum).where(c.device_id == device_id, c.folder == folder))
        # A damaged size counts as nothing stored: the game is fetched, and
        # store_game keeps it beside the damaged row rather than over it.
        return {gid: (n, crc) for gid, n, crc in rows if size(n) is not None}

    @_errors_as_one_line
    def stored_journal(self, device_id, game_id, folder=""):
        """The journal bytes stored with game ``game_id`` of board
        ``device_id``'s folder ``folder`` (what :meth:`synced_upto` sizes),
        or None when none are (no such game, or one stored without them)."""
        c = _GAMES.c
        row = self.conn.execute(sa.select(c.journal).where(_key(device_id, folder, game_id))).first()
        return bytes(row[0]) if row is not None and row[0] is not None else None

    @_errors_as_one_line
    def other_folders(self, device_id, folder=""):
        """This board's games stored under folders other than ``folder``:
        {game_id: [(folder, journal_size, checksum), ...]}, latest first."""
        c = _GAMES.c
        out = {}
        for other, gid, n, crc in self.conn.execute(
            sa.select(c.folder, c.game_id, c.journal_size, c.checksum)
            .where(c.device_id == device_id, c.folder != folder).order_by(c.id.desc())
        ):
            if size(n) is not None:
                out.setdefault(gid, []).append((other, n, crc))
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
            conn.execute(insert_or_replace(conn, _BOARD_KEYS, "device_id").values(
                device_id=device_id, key=key, enrolled_at=time.time() if enrolled_at is None else float(enrolled_at)))

    @_errors_as_one_line
    def board_key(self, device_id):
        """Board ``device_id``'s key (64 hex digits), or None when it is
        not enrolled."""
        row = self.conn.execute(sa.select(_BOARD_KEYS.c.key).where(_BOARD_KEYS.c.device_id == device_id)).first()
        return row[0] if row is not None else None

    @_errors_as_one_line
    def enrolled_boards(self):
        """``[(device_id, enrolled_at)]`` of every enrolled board, by device id (no keys)."""
        query = sa.select(_BOARD_KEYS.c.device_id, _BOARD_KEYS.c.enrolled_at).order_by(_BOARD_KEYS.c.device_id)
        return [(r[0], r[1]) for r in self.conn.execute(query)]

    def _naming(self):
        """What every ref needs: (device id -> prefix, device id -> {folder: mark})."""
        pairs = self.conn.execute(sa.select(_GAMES.c.device_id, _GAMES.c.folder).distinct()).all()
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
            "journal_size": size(row["journal_size"]),
            "synced_at": synced_at,
        }

    _LIST = sa.select(
        _GAMES.c.id, _GAMES.c.device_id, _GAMES.c.folder, _GAMES.c.game_id, _GAMES.c.game, _GAMES.c.players,
        _GAMES.c.started, _GAMES.c.finished, _GAMES.c.ended, _GAMES.c.winners, _GAMES.c.hands, _GAMES.c.journal_size,
        _GAMES.c.synced_at,
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
        with self.snapshot() as conn:
            naming = self._naming()
            rows = conn.execute(self._LIST.order_by(_GAMES.c.id)).mappings().all()
        return sorted(self._infos(rows, naming), key=self._order)

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
        self.damaged = []
        with self.snapshot() as conn:
            naming = self._naming()
            rows = conn.execute(self._LIST.where(_GAMES.c.game_id == number).order_by(_GAMES.c.id)).mappings().all()
        infos = self._infos(rows, naming)
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
        text = self.conn.execute(
            sa.select(_GAMES.c.record).where(_key(info["device_id"], info["folder"], info["game_id"]))).scalar()
        return _parse_record(info, text)

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
        with self.snapshot() as conn:
            if refs_:
                infos = [self.find(r) for r in refs_]
                self.damaged = []
                texts = {_info_key(i): conn.execute(sa.select(_GAMES.c.record).where(_key(*_info_key(i)))).scalar()
                         for i in infos}
            else:
                infos = self.games()
                # Every record in one query: a server answers it in one trip.
                c = _GAMES.c
                texts = {(d, f, g): r for d, f, g, r in conn.execute(sa.select(c.device_id, c.folder, c.game_id, c.record))}
        out = []
        for info in infos:
            try:
                record = _parse_record(info, texts.get(_info_key(info)))
                out.append((info, record, game_from_record(record, "game %s" % info["ref"])))
            except RecordError as e:
                self.damaged.append(str(e))
        return out


def _key(device_id, folder, game_id):
    """The WHERE clause of one game's row."""
    return (_GAMES.c.device_id == device_id) & (_GAMES.c.folder == folder) & (_GAMES.c.game_id == game_id)


def _info_key(info):
    return info["device_id"], info["folder"], info["game_id"]


def _parse_record(info, text):
    """The record (a dict) stored as ``text`` for the game of ``info``;
    RecordError when it is not a usable JSON object."""
    try:
        record = json.loads(text)
    except (TypeError, ValueError, RecursionError) as e:
        raise RecordError("game %s: stored record is not valid JSON: %s" % (info["ref"], str(e)[:80])) from e
    if not isinstance(record, dict):
        raise RecordError("game %s: stored record is not a JSON object" % info["ref"])
    try:
        return usable_text(record)
    except RecursionError as e:
        raise RecordError("game %s: stored record is nested too deep" % info["ref"]) from e
