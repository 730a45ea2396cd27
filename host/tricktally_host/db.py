# SPDX-License-Identifier: MIT
"""The PC database of synced games (SQLite, stdlib ``sqlite3``).

One row per game a board journalled, keyed by (device id, game id). The row
keeps the full ``tricktally/1`` record as JSON (the truth: every view is
rebuilt from it through the rules core) plus columns that are derived from
it once, at store time, so listing and searching need no replay: game name,
players, start time, finished, winners, hand count. ``players`` holds one row
per seat so stats can find a player's games by name.

Every write happens in one transaction, so a sync killed at any moment
leaves the database as it was before the game being written, or after it,
never half-way. The file runs in WAL mode: readers (``tricktally games``) do
not block a sync, and a crash never corrupts what was committed.

Nothing stored is ever replaced by something that does not extend it: the
journal bytes of each game are kept (``games.journal``), and a journal from
the board that does not start with them (shorter, or different) is kept
beside the game in ``conflicts`` and reported, never stored over it.
Damaged pieces the board cut off its journals (and unreadable journal tails)
are kept in ``pieces``. Read-only commands open the file read-only, so they
work on a read-only file or folder. Every SQLite error becomes a one-line
DatabaseError.
"""

import binascii
import contextlib
import datetime
import functools
import json
import os
import pathlib
import re
import sqlite3
import sys
import time

import click
import platformdirs

from tricktally_host.records import RecordError, game_from_record

SCHEMA_VERSION = 2
# Game numbers the board can have (frames: 1 to 9 digits).
MAX_GAME_ID = 999999999
ENV_VAR = "TRICKTALLY_DB"
FILE_NAME = "tricktally.sqlite"
# A ref shows at least this many characters of the device id, more when two
# devices would otherwise share it.
REF_PREFIX = 4


def _ref_key(device_id):
    # What a ref's device part is compared with: the id without dashes (a
    # dash separates the device from the game number), case ignored.
    return device_id.replace("-", "").upper()

_SCHEMA = (
    "CREATE TABLE schema_version (version INTEGER NOT NULL)",
    # checksum has no declared type on purpose: SQLite then keeps exactly the
    # value the sync gave (an int CRC or a hex string) and hands it back.
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        device_id TEXT NOT NULL,
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
        UNIQUE (device_id, game_id)
    )""",
    "CREATE INDEX games_started ON games (started)",
    "CREATE INDEX games_game ON games (game)",
    "CREATE INDEX games_finished ON games (finished)",
    """CREATE TABLE players (
        game_row INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_row, seat)
    )""",
    "CREATE INDEX players_name ON players (name)",
)

# Version 2: the journal bytes behind each game, conflicting versions kept
# beside it, and damaged pieces. Applied to new files and to version 1 files.
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


class DatabaseError(Exception):
    """The database file cannot be used (not SQLite, not ours, too new); str() is one line."""


class UnknownGame(LookupError):
    """A game ref that matches no stored game, or more than one."""

    def __str__(self):
        return self.args[0]


def _crc(data):
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


# What a damaged file can make reading its rows raise beside SQLite's own
# errors: rows of the wrong types (NULL names, numbers as text).
_ROW_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError)


def _errors_as_one_line(row_errors=()):
    """A decorator: any SQLite failure (a damaged file, a read-only one, a
    full disk), and the ``row_errors`` of damaged rows, become one
    DatabaseError line naming the file, never a traceback."""

    def decorate(method):
        @functools.wraps(method)
        def wrapper(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as e:
                raise DatabaseError("%s: %s" % (self.path, _sqlite_reason(e))) from e
            except row_errors as e:
                raise DatabaseError("%s: the database holds a damaged row (%s: %s)" % (self.path, type(e).__name__, e)) from e

        return wrapper

    return decorate


_sql_errors = _errors_as_one_line()
_read_errors = _errors_as_one_line(_ROW_ERRORS)


def _sqlite_reason(e):
    text = str(e)
    if "readonly" in text or "read-only" in text:
        return "the database is read-only (%s)" % text
    if "malformed" in text or "not a database" in text:
        return "the database file is damaged (%s)" % text
    return text


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


_PLAIN_NUMBER = re.compile(r"(0|[1-9][0-9]{0,11})\Z")


def _quote(text):
    from tricktally_host.safe_text import one_line

    return repr(one_line(text[:60]))


def _extends(row, journal, journal_size, checksum):
    """True when the journal given (bytes, or just its size and checksum)
    starts with the journal stored in ``row``: it may replace it."""
    old = row["journal"]
    if journal is not None and old is not None:
        return journal.startswith(bytes(old))
    if journal is not None:
        # Stored before journals were kept: compare the checksum of the prefix.
        return len(journal) >= row["journal_size"] and _crc(journal[: row["journal_size"]]) == str(row["checksum"])
    if journal_size < row["journal_size"]:
        return False
    return journal_size > row["journal_size"] or row["checksum"] == checksum


def canonical_json(record):
    """The stored text of a record: stable key order, so equal records compare equal."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def started_of(record):
    """Start time of a record's game as Unix seconds, or None when the board had no clock.

    Read from ``created`` (Unix seconds, what the board journals) or ``started``
    (ISO 8601 text); anything else is ignored rather than refused, since a
    date is not needed to score a game.
    """
    value = record.get("created")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return int(value)
    value = record.get("started")
    if isinstance(value, str):
        try:
            moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.astimezone()
        return int(moment.timestamp())
    return None


def format_date(started):
    """Local date and time of Unix seconds ``started`` (ISO 8601, minutes), or None."""
    if started is None:
        return None
    return datetime.datetime.fromtimestamp(started).astimezone().isoformat(timespec="minutes")


class Database:
    """The game database at ``path`` (None: :func:`default_path`).

    ``create=False`` opens a missing file as an empty in-memory database, so
    read-only commands never leave a file behind a mistyped ``--db``.
    """

    def __init__(self, path=None, create=True):
        self.path = pathlib.Path(path) if path is not None else default_path()
        self._depth = 0
        self.read_only = not create
        self.version = SCHEMA_VERSION
        target = str(self.path)
        if not self.path.exists():
            if create:
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise DatabaseError("%s: cannot create its folder: %s" % (self.path, e.strerror or e)) from e
            else:
                target = ":memory:"
                self.read_only = False
        elif self.path.is_dir():
            raise DatabaseError("%s: is a folder, not a database file" % self.path)
        try:
            if target != ":memory:" and self.read_only:
                self.conn = self._open_read_only()
            else:
                # isolation_level=None: transactions are opened and closed here,
                # explicitly, rather than by sqlite3's implicit BEGIN.
                self.conn = sqlite3.connect(target, isolation_level=None, timeout=10)
                self.conn.row_factory = sqlite3.Row
                self.conn.execute("PRAGMA foreign_keys = ON")
                if target != ":memory:":
                    self.conn.execute("PRAGMA journal_mode = WAL")
                    self.conn.execute("PRAGMA synchronous = FULL")
            self._prepare()
        except sqlite3.Error as e:
            raise DatabaseError("%s: not a usable SQLite database: %s" % (self.path, _sqlite_reason(e))) from e

    def _open_read_only(self):
        # Read-only commands never write, so they must work where the file
        # or its folder is read-only (WAL normally wants to create -shm).
        uri = self.path.resolve().as_uri()
        last = None
        for flags in ("?mode=ro", "?mode=ro&immutable=1"):
            try:
                conn = sqlite3.connect(uri + flags, uri=True, isolation_level=None, timeout=10)
                conn.row_factory = sqlite3.Row
                conn.execute("SELECT name FROM sqlite_master LIMIT 1").fetchall()
                return conn
            except sqlite3.OperationalError as e:
                last = e
        raise last

    # ----- opening ----------------------------------------------------------

    def _prepare(self):
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            if self.read_only:
                # An empty file: nothing stored yet; read it as an empty database.
                self.conn.close()
                self.conn = sqlite3.connect(":memory:", isolation_level=None)
                self.conn.row_factory = sqlite3.Row
                self.read_only = False
            with self.transaction():
                for statement in _SCHEMA + _SCHEMA_2:
                    self.conn.execute(statement)
                self.conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            return
        if "schema_version" not in tables or "games" not in tables:
            raise DatabaseError("%s: an SQLite file, but not a TrickTally database" % self.path)
        row = self.conn.execute("SELECT version FROM schema_version").fetchone()
        version = row[0] if row else None
        if version == 1 and not self.read_only:
            with self.transaction():
                for statement in _SCHEMA_2:
                    self.conn.execute(statement)
                self.conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            version = SCHEMA_VERSION
        if version not in (1, SCHEMA_VERSION):
            if isinstance(version, int) and version > SCHEMA_VERSION:
                raise DatabaseError(
                    "%s: schema version %d comes from a newer tricktally (this one reads %d)"
                    % (self.path, version, SCHEMA_VERSION)
                )
            raise DatabaseError("%s: unknown schema version %r" % (self.path, version))
        self.version = version

    def close(self):
        """Close the connection (committed data is already on disk)."""
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @contextlib.contextmanager
    def transaction(self):
        """All writes inside commit together or not at all.

        Nested uses join the outer transaction through a savepoint, so a sync
        may wrap several ``store_game`` calls in one transaction, or not.
        """
        if self._depth == 0:
            # IMMEDIATE takes the write lock now: two syncs at once queue up
            # instead of failing half-way with "database is locked".
            self.conn.execute("BEGIN IMMEDIATE")
        else:
            self.conn.execute("SAVEPOINT nested_%d" % self._depth)
        self._depth += 1
        try:
            yield self.conn
        except BaseException:
            self._depth -= 1
            if self._depth == 0:
                self.conn.execute("ROLLBACK")
            else:
                self.conn.execute("ROLLBACK TO nested_%d" % self._depth)
                self.conn.execute("RELEASE nested_%d" % self._depth)
            raise
        self._depth -= 1
        if self._depth == 0:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("RELEASE nested_%d" % self._depth)

    # ----- writing ----------------------------------------------------------

    @_sql_errors
    def store_game(self, device_id, game_id, record, journal_size, checksum, synced_at=None, created=None, journal=None):
        """Store (or update) game ``game_id`` of board ``device_id``.

        ``record`` is the ``tricktally/1`` record (a dict, or its JSON text);
        it is checked by rebuilding the game through the rules, and refused
        with RecordError (nothing written) if it breaks one. ``journal_size``
        and ``checksum`` describe the journal bytes it came from (returned by
        :meth:`synced_upto`); ``journal`` (optional) is those bytes, kept so
        that later versions can be checked to extend them. ``synced_at`` is
        Unix seconds (default now); ``created`` (Unix seconds) overrides the
        record's own start time.

        Returns ``'new'``, ``'changed'``, ``'same'`` (record, size and
        checksum all equal to what is stored: nothing is written) or
        ``'conflict'``: the journal does not extend the stored one (shorter,
        or other bytes); it is kept in ``conflicts`` and the stored game is
        left exactly as it was.
        """
        if not isinstance(device_id, str) or not device_id.strip():
            raise ValueError("device_id must be a non-empty string, not %r" % (device_id,))
        if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 <= game_id <= MAX_GAME_ID:
            raise ValueError("game_id must be a whole number 0..%d, not %r" % (MAX_GAME_ID, game_id))
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
        game = game_from_record(record, source)
        text = canonical_json(record)
        started = int(created) if created is not None else started_of(record)
        synced_at = time.time() if synced_at is None else float(synced_at)
        winners = [game.players[s] for s in game.winners]
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT id, record, journal_size, checksum, started, journal FROM games WHERE device_id = ? AND game_id = ?",
                (device_id, game_id),
            ).fetchone()
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
                    "INSERT OR IGNORE INTO conflicts (device_id, game_id, journal, journal_size, checksum, record, found_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (device_id, game_id, journal if journal is not None else b"", journal_size, str(checksum), text, synced_at),
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
                    " journal_size, checksum, synced_at, journal, device_id, game_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values + (device_id, game_id),
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
        return result

    @_sql_errors
    def store_piece(self, device_id, game_id, kind, data, found_at=None):
        """Keep damaged bytes of a game: ``kind`` 'bad' (a piece the board cut
        off its journal), 'tail' (unreadable bytes at the end of a journal) or
        'unreadable' (a whole journal that holds no readable game). Storing
        the same bytes again adds nothing. Returns True when they were new."""
        data = bytes(data)
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT OR IGNORE INTO pieces (device_id, game_id, kind, data, size, checksum, found_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (device_id, game_id, kind, data, len(data), _crc(data), time.time() if found_at is None else found_at),
            )
            return cur.rowcount > 0

    @_read_errors
    def conflicts(self, device_id=None):
        """Conflicting versions kept beside stored games: dicts device_id,
        game_id, journal_size, checksum, found_at (oldest first)."""
        if self.version < 2:
            return []
        sql = "SELECT device_id, game_id, journal_size, checksum, found_at FROM conflicts"
        args = ()
        if device_id is not None:
            sql += " WHERE device_id = ?"
            args = (device_id,)
        return [dict(r) for r in self.conn.execute(sql + " ORDER BY found_at, id", args)]

    @_read_errors
    def pieces(self, device_id=None, game_id=None):
        """Damaged pieces kept: dicts device_id, game_id, kind, size, checksum, data."""
        if self.version < 2:
            return []
        sql = "SELECT device_id, game_id, kind, size, checksum, data FROM pieces"
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

    @_read_errors
    def synced_upto(self, device_id):
        """What is stored of board ``device_id``: {game_id: (journal_size, checksum)}."""
        rows = self.conn.execute("SELECT game_id, journal_size, checksum FROM games WHERE device_id = ?", (device_id,))
        return {r["game_id"]: (r["journal_size"], r["checksum"]) for r in rows}

    def _prefixes(self):
        """device id -> the shortest prefix (>= REF_PREFIX chars) no other
        device shares, of the id without its dashes, in capitals (a ref
        like ``SIM9-3``, never ``SIM--3``)."""
        devices = [r[0] for r in self.conn.execute("SELECT DISTINCT device_id FROM games")]
        keys = {d: _ref_key(d) for d in devices}
        out = {}
        for d in devices:
            k = keys[d]
            n = min(REF_PREFIX, len(k))
            while n < len(k) and any(o != d and keys[o].startswith(k[:n]) for o in devices):
                n += 1
            out[d] = k[:n] if k else d
        # Devices whose ids differ only in case would share a ref: theirs is
        # the id as it is, so every game keeps a ref of its own.
        by_ref = {}
        for d in devices:
            by_ref.setdefault(out[d], []).append(d)
        for same in by_ref.values():
            if len(same) > 1:
                for d in same:
                    out[d] = d
        return out

    def _info(self, row, prefixes):
        try:
            players = json.loads(row["players"])
            winners = json.loads(row["winners"])
        except (TypeError, ValueError, RecursionError) as e:
            raise DatabaseError("%s: game %s-%s has a damaged row (%s)" % (self.path, row["device_id"], row["game_id"], e)) from e
        return {
            "ref": "%s-%d" % (prefixes[row["device_id"]], row["game_id"]),
            "device_id": row["device_id"],
            "game_id": row["game_id"],
            "date": format_date(row["started"]),
            "started": row["started"],
            "game": row["game"],
            "players": players,
            "hands": row["hands"],
            "finished": bool(row["finished"]),
            "ended": bool(row["ended"]),
            "winners": winners,
            "journal_size": row["journal_size"],
            "synced_at": row["synced_at"],
        }

    _LIST = (
        "SELECT id, device_id, game_id, game, players, started, finished, ended, winners, hands,"
        " journal_size, synced_at FROM games"
    )
    # Undated games (no clock on the board) sort by when they were synced.
    _ORDER = " ORDER BY COALESCE(started, synced_at), device_id, game_id"

    @_read_errors
    def games(self):
        """Every stored game, oldest first, as dicts: ref, device_id, game_id,
        date (local ISO 8601 or None), started (Unix seconds or None), game,
        players (names), hands, finished, ended (closed on the board before the
        rules finished it: record key ``ended``), winners (names),
        journal_size, synced_at."""
        prefixes = self._prefixes()
        return [self._info(r, prefixes) for r in self.conn.execute(self._LIST + self._ORDER)]

    @_read_errors
    def find(self, ref):
        """The info dict (as in :meth:`games`) of the game ``ref`` names.

        A ref is ``DEVICE-GAME``: any prefix of the device id (case does not
        matter) and the game id, as ``games`` lists it; a bare game id is
        accepted when only one stored game has it. Raises UnknownGame.
        """
        text = str(ref).strip()
        device, sep, number = text.rpartition("-")
        # "dev--1" is device "dev" and game -1, not a game.
        if (sep and (not device or device.endswith("-"))) or not _PLAIN_NUMBER.match(number) or int(number) > MAX_GAME_ID:
            raise UnknownGame(
                "%s is not a game ref (DEVICE-NUMBER, or a game number 0..%d, as `tricktally games` lists)"
                % (_quote(text), MAX_GAME_ID)
            )
        game_id = int(number)
        prefixes = self._prefixes()
        rows = self.conn.execute(self._LIST + " WHERE game_id = ?" + self._ORDER, (game_id,)).fetchall()
        if sep:
            exact = [r for r in rows if r["device_id"] == device]
            if exact:
                rows = exact
            else:
                rows = [r for r in rows if _ref_key(r["device_id"]).startswith(_ref_key(device))]
        if not rows:
            raise UnknownGame("no stored game %r (`tricktally games` lists them)" % (text,))
        if len(rows) > 1:
            refs = ", ".join(self._info(r, prefixes)["ref"] for r in rows)
            raise UnknownGame("game ref %r is ambiguous: it matches %s" % (text, refs))
        return self._info(rows[0], prefixes)

    @_read_errors
    def get(self, ref):
        """The stored record (a dict) of game ``ref``. Raises UnknownGame."""
        info = self.find(ref)
        return self._record(info)

    def _record(self, info):
        row = self.conn.execute(
            "SELECT record FROM games WHERE device_id = ? AND game_id = ?", (info["device_id"], info["game_id"])
        ).fetchone()
        try:
            record = json.loads(row["record"])
        except (TypeError, ValueError, RecursionError) as e:
            raise RecordError("game %s: stored record is not valid JSON: %s" % (info["ref"], e)) from e
        if not isinstance(record, dict):
            raise RecordError("game %s: stored record is not a JSON object" % info["ref"])
        return record

    @_read_errors
    def load(self, ref):
        """(info, record, game rebuilt through the rules) of game ``ref``.

        Raises UnknownGame, or RecordError if the stored record breaks a rule.
        """
        info = self.find(ref)
        record = self._record(info)
        return info, record, game_from_record(record, "game %s" % info["ref"])

    @_read_errors
    def load_all(self, refs=None):
        """A list of (info, record, game) for ``refs`` (None or empty: every game)."""
        infos = [self.find(r) for r in refs] if refs else self.games()
        out = []
        for info in infos:
            record = self._record(info)
            out.append((info, record, game_from_record(record, "game %s" % info["ref"])))
        return out
