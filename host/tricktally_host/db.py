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
"""

import contextlib
import datetime
import json
import os
import pathlib
import sqlite3
import sys
import time

import click
import platformdirs

from tricktally_host.records import RecordError, game_from_record

SCHEMA_VERSION = 1
ENV_VAR = "TRICKTALLY_DB"
FILE_NAME = "tricktally.sqlite"
# A ref shows at least this many characters of the device id, more when two
# devices would otherwise share it.
REF_PREFIX = 4

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


class DatabaseError(Exception):
    """The database file cannot be used (not SQLite, not ours, too new); str() is one line."""


class UnknownGame(LookupError):
    """A game ref that matches no stored game, or more than one."""

    def __str__(self):
        return self.args[0]


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
        click.echo("error: %s" % e, err=True)
        sys.exit(2)


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
        target = str(self.path)
        if not self.path.exists():
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            else:
                target = ":memory:"
        elif self.path.is_dir():
            raise DatabaseError("%s: is a folder, not a database file" % self.path)
        try:
            # isolation_level=None: transactions are opened and closed here,
            # explicitly, rather than by sqlite3's implicit BEGIN.
            self.conn = sqlite3.connect(target, isolation_level=None, timeout=10)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA foreign_keys = ON")
            if target != ":memory:":
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.execute("PRAGMA synchronous = FULL")
            self._prepare()
        except sqlite3.DatabaseError as e:
            raise DatabaseError("%s: not a usable SQLite database: %s" % (self.path, e)) from e

    # ----- opening ----------------------------------------------------------

    def _prepare(self):
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with self.transaction():
                for statement in _SCHEMA:
                    self.conn.execute(statement)
                self.conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            return
        if "schema_version" not in tables:
            raise DatabaseError("%s: an SQLite file, but not a TrickTally database" % self.path)
        row = self.conn.execute("SELECT version FROM schema_version").fetchone()
        version = row[0] if row else None
        if version != SCHEMA_VERSION:
            if isinstance(version, int) and version > SCHEMA_VERSION:
                raise DatabaseError(
                    "%s: schema version %d comes from a newer tricktally (this one reads %d)"
                    % (self.path, version, SCHEMA_VERSION)
                )
            raise DatabaseError("%s: unknown schema version %r" % (self.path, version))

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

    def store_game(self, device_id, game_id, record, journal_size, checksum, synced_at=None, created=None):
        """Store (or update) game ``game_id`` of board ``device_id``.

        ``record`` is the ``tricktally/1`` record (a dict, or its JSON text);
        it is checked by rebuilding the game through the rules, and refused
        with RecordError (nothing written) if it breaks one. ``journal_size``
        and ``checksum`` describe the journal bytes it came from (returned by
        :meth:`synced_upto`); ``synced_at`` is Unix seconds (default now);
        ``created`` (Unix seconds) overrides the record's own start time.

        Returns ``'new'``, ``'changed'`` or ``'same'`` (record, size and
        checksum all equal to what is stored: nothing is written).
        """
        if not isinstance(device_id, str) or not device_id.strip():
            raise ValueError("device_id must be a non-empty string, not %r" % (device_id,))
        if not isinstance(game_id, int) or isinstance(game_id, bool) or game_id < 0:
            raise ValueError("game_id must be a whole number >= 0, not %r" % (game_id,))
        if not isinstance(journal_size, int) or isinstance(journal_size, bool) or journal_size < 0:
            raise ValueError("journal_size must be a whole number >= 0, not %r" % (journal_size,))
        source = "game %s/%d" % (device_id, game_id)
        if isinstance(record, (str, bytes)):
            try:
                record = json.loads(record)
            except ValueError as e:
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
                "SELECT id, record, journal_size, checksum, started FROM games WHERE device_id = ? AND game_id = ?",
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
            )
            if row is None:
                cur = conn.execute(
                    "INSERT INTO games (game, players, started, finished, ended, winners, hands, record,"
                    " journal_size, checksum, synced_at, device_id, game_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values + (device_id, game_id),
                )
                game_row = cur.lastrowid
                result = "new"
            else:
                game_row = row["id"]
                conn.execute(
                    "UPDATE games SET game = ?, players = ?, started = ?, finished = ?, ended = ?, winners = ?, hands = ?,"
                    " record = ?, journal_size = ?, checksum = ?, synced_at = ? WHERE id = ?",
                    values + (game_row,),
                )
                conn.execute("DELETE FROM players WHERE game_row = ?", (game_row,))
                result = "changed"
            conn.executemany(
                "INSERT INTO players (game_row, seat, name, won) VALUES (?, ?, ?, ?)",
                [(game_row, s, game.players[s], int(s in game.winners)) for s in range(len(game.players))],
            )
        return result

    # ----- reading ----------------------------------------------------------

    def synced_upto(self, device_id):
        """What is stored of board ``device_id``: {game_id: (journal_size, checksum)}."""
        rows = self.conn.execute("SELECT game_id, journal_size, checksum FROM games WHERE device_id = ?", (device_id,))
        return {r["game_id"]: (r["journal_size"], r["checksum"]) for r in rows}

    def _prefixes(self):
        """device id -> the shortest prefix (>= REF_PREFIX chars) no other device shares."""
        devices = [r[0] for r in self.conn.execute("SELECT DISTINCT device_id FROM games")]
        out = {}
        for d in devices:
            n = min(REF_PREFIX, len(d))
            while n < len(d) and any(o != d and o.upper().startswith(d[:n].upper()) for o in devices):
                n += 1
            out[d] = d[:n].upper()
        return out

    def _info(self, row, prefixes):
        return {
            "ref": "%s-%d" % (prefixes[row["device_id"]], row["game_id"]),
            "device_id": row["device_id"],
            "game_id": row["game_id"],
            "date": format_date(row["started"]),
            "started": row["started"],
            "game": row["game"],
            "players": json.loads(row["players"]),
            "hands": row["hands"],
            "finished": bool(row["finished"]),
            "ended": bool(row["ended"]),
            "winners": json.loads(row["winners"]),
            "journal_size": row["journal_size"],
            "synced_at": row["synced_at"],
        }

    _LIST = (
        "SELECT id, device_id, game_id, game, players, started, finished, ended, winners, hands,"
        " journal_size, synced_at FROM games"
    )
    # Undated games (no clock on the board) sort by when they were synced.
    _ORDER = " ORDER BY COALESCE(started, synced_at), device_id, game_id"

    def games(self):
        """Every stored game, oldest first, as dicts: ref, device_id, game_id,
        date (local ISO 8601 or None), started (Unix seconds or None), game,
        players (names), hands, finished, ended (closed on the board before the
        rules finished it: record key ``ended``), winners (names),
        journal_size, synced_at."""
        prefixes = self._prefixes()
        return [self._info(r, prefixes) for r in self.conn.execute(self._LIST + self._ORDER)]

    def find(self, ref):
        """The info dict (as in :meth:`games`) of the game ``ref`` names.

        A ref is ``DEVICE-GAME``: any prefix of the device id (case does not
        matter) and the game id, as ``games`` lists it; a bare game id is
        accepted when only one stored game has it. Raises UnknownGame.
        """
        text = str(ref).strip()
        device, sep, number = text.rpartition("-")
        try:
            game_id = int(number)
        except ValueError:
            raise UnknownGame("%r is not a game ref (DEVICE-NUMBER, as `tricktally games` lists)" % (text,)) from None
        prefixes = self._prefixes()
        rows = self.conn.execute(self._LIST + " WHERE game_id = ?" + self._ORDER, (game_id,)).fetchall()
        if sep:
            exact = [r for r in rows if r["device_id"] == device]
            if exact:
                rows = exact
            else:
                rows = [r for r in rows if r["device_id"].upper().startswith(device.upper())]
        if not rows:
            raise UnknownGame("no stored game %r (`tricktally games` lists them)" % (text,))
        if len(rows) > 1:
            refs = ", ".join(self._info(r, prefixes)["ref"] for r in rows)
            raise UnknownGame("game ref %r is ambiguous: it matches %s" % (text, refs))
        return self._info(rows[0], prefixes)

    def get(self, ref):
        """The stored record (a dict) of game ``ref``. Raises UnknownGame."""
        info = self.find(ref)
        return self._record(info)

    def _record(self, info):
        row = self.conn.execute(
            "SELECT record FROM games WHERE device_id = ? AND game_id = ?", (info["device_id"], info["game_id"])
        ).fetchone()
        try:
            return json.loads(row["record"])
        except ValueError as e:
            raise RecordError("game %s: stored record is not valid JSON: %s" % (info["ref"], e)) from e

    def load(self, ref):
        """(info, record, game rebuilt through the rules) of game ``ref``.

        Raises UnknownGame, or RecordError if the stored record breaks a rule.
        """
        info = self.find(ref)
        record = self._record(info)
        return info, record, game_from_record(record, "game %s" % info["ref"])

    def load_all(self, refs=None):
        """A list of (info, record, game) for ``refs`` (None or empty: every game)."""
        infos = [self.find(r) for r in refs] if refs else self.games()
        out = []
        for info in infos:
            record = self._record(info)
            out.append((info, record, game_from_record(record, "game %s" % info["ref"])))
        return out
