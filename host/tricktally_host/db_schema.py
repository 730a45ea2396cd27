# SPDX-License-Identifier: MIT
"""The games database's tables (SQLAlchemy Core), its schema version, and
the upgrades that bring an older database to it, for both backends.

One definition serves SQLite and PostgreSQL: ``create`` makes a new
database's tables from it, and ``upgrade`` runs, in the caller's write
transaction, the steps from a database's version to ``SCHEMA_VERSION``.
Versions 1 and 2 only ever existed as SQLite files (PostgreSQL came with
version 3): their steps are SQLite's. A later version adds one step, for
both backends.

Types are chosen so SQLite files keep the columns they always had:
``games.checksum`` has no declared type in SQLite (it keeps exactly the
value the sync gave, an int CRC or a hex string, and hands it back) and is
JSONB in PostgreSQL for the same reason; blobs and untyped columns are read
back as stored, so a damaged SQLite row shows its damage rather than
failing the query that meets it.
"""

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.types import UserDefinedType

SCHEMA_VERSION = 4
# The first version each backend had (PostgreSQL came with version 3).
FIRST_VERSION = {"sqlite": 1, "postgresql": 3}


class _AsStored(UserDefinedType):
    """A SQLite column read and written exactly as stored (no conversion):
    ``spec`` is its declared type ('' for none, 'BLOB')."""

    cache_ok = True

    def __init__(self, spec=""):
        self.spec = spec

    def get_col_spec(self, **kw):
        return self.spec


_BLOB = sa.LargeBinary().with_variant(_AsStored("BLOB"), "sqlite")
_CHECKSUM = postgresql.JSONB().with_variant(_AsStored(""), "sqlite")
# Unix seconds after 2038 need 64 bits in PostgreSQL; SQLite's INTEGER has them.
_SECONDS = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

metadata = sa.MetaData()

schema_version = sa.Table("schema_version", metadata, sa.Column("version", sa.Integer, nullable=False))


def _games_columns():
    return (
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("device_id", sa.Text, nullable=False),
        sa.Column("folder", sa.Text, nullable=False, server_default=""),
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("started", _SECONDS),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("ended", sa.Integer, nullable=False),
        sa.Column("winners", sa.Text, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("journal_size", sa.Integer, nullable=False),
        sa.Column("checksum", _CHECKSUM),
        sa.Column("synced_at", sa.Float, nullable=False),
        sa.Column("journal", _BLOB),
        sa.UniqueConstraint("device_id", "folder", "game_id"),
    )


# One row per game a board journalled; ``record`` is the tricktally/1 record
# (JSON text), the columns before it are derived from it at store time.
games = sa.Table("games", metadata, *_games_columns())
sa.Index("games_started", games.c.started)
sa.Index("games_game", games.c.game)
sa.Index("games_finished", games.c.finished)
sa.Index("games_number", games.c.game_id)

# One row per seat of a game, so stats find a player's games by name.
players = sa.Table(
    "players", metadata,
    sa.Column("game_row", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("won", sa.Integer, nullable=False),
)
sa.Index("players_name", players.c.name)

# Versions of a game that did not extend the stored one, kept beside it.
conflicts = sa.Table(
    "conflicts", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("device_id", sa.Text, nullable=False),
    sa.Column("game_id", sa.Integer, nullable=False),
    sa.Column("journal", _BLOB, nullable=False),
    sa.Column("journal_size", sa.Integer, nullable=False),
    sa.Column("checksum", sa.Text, nullable=False),
    sa.Column("record", sa.Text),
    sa.Column("found_at", sa.Float, nullable=False),
    sa.Column("folder", sa.Text, nullable=False, server_default=""),
    sa.UniqueConstraint("device_id", "game_id", "checksum", "journal_size"),
)

# Damaged bytes: pieces a board cut off its journals, unreadable tails,
# journals that hold no readable game.
pieces = sa.Table(
    "pieces", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("device_id", sa.Text, nullable=False),
    sa.Column("game_id", sa.Integer, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("data", _BLOB, nullable=False),
    sa.Column("size", sa.Integer, nullable=False),
    sa.Column("checksum", sa.Text, nullable=False),
    sa.Column("found_at", sa.Float, nullable=False),
    sa.Column("folder", sa.Text, nullable=False, server_default=""),
    sa.UniqueConstraint("device_id", "game_id", "kind", "checksum", "size"),
)

# The key of each board enrolled in a club (issue 27, docs/CLUB.md): 64
# hex digits; the hub's listener proves boards with it.
board_keys = sa.Table(
    "board_keys", metadata,
    sa.Column("device_id", sa.Text, primary_key=True),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("enrolled_at", sa.Float, nullable=False),
)

# Tables in the order rows can be copied in (a game before its players).
TABLES = (schema_version, games, players, conflicts, pieces, board_keys)
# Tables whose ``id`` a database hands out (PostgreSQL: from a sequence).
NUMBERED = (games, conflicts, pieces)


def create(conn):
    """Make every table of the current schema (an empty database)."""
    metadata.create_all(conn, checkfirst=False)


def _rebuild_games(conn):
    # Version 3 made the board's journal folder part of a game's key.
    # SQLite cannot change a table's UNIQUE constraint, so games is copied
    # into a new table (row ids kept: players still point at them) and
    # renamed; the caller has foreign keys off meanwhile.
    new = sa.Table("games_v3", sa.MetaData(), *_games_columns())
    new.create(conn)
    names = ", ".join(c.name for c in games.columns if c.name != "folder")
    conn.exec_driver_sql("INSERT INTO games_v3 (%s) SELECT %s FROM games" % (names, names))
    conn.exec_driver_sql("DROP TABLE games")
    conn.exec_driver_sql("ALTER TABLE games_v3 RENAME TO games")
    for index in games.indexes:
        index.create(conn)


def _1_to_2(conn):
    # The journal bytes behind each game, conflicting versions kept beside
    # it, and damaged pieces (their tables made as they are now).
    conn.exec_driver_sql("ALTER TABLE games ADD COLUMN journal BLOB")
    conflicts.create(conn)
    pieces.create(conn)


def _2_to_3(conn):
    _rebuild_games(conn)
    # Conflicts and damaged pieces carry the folder of their game.
    inspector = sa.inspect(conn)
    for table in ("conflicts", "pieces"):
        if "folder" not in {c["name"] for c in inspector.get_columns(table)}:
            conn.exec_driver_sql("ALTER TABLE %s ADD COLUMN folder TEXT NOT NULL DEFAULT ''" % table)


def _3_to_4(conn):
    board_keys.create(conn)


# Each step brings a database of its version to the next; a new version
# adds its step here (for both backends: SQLAlchemy Core, or SQL both take).
_STEPS = {1: _1_to_2, 2: _2_to_3, 3: _3_to_4}


def upgradable(kind, version):
    """True when a ``kind`` ('sqlite', 'postgresql') database of schema
    ``version`` (0: empty) can be brought to ``SCHEMA_VERSION``."""
    return version == 0 or (isinstance(version, int) and FIRST_VERSION[kind] <= version < SCHEMA_VERSION)


def upgrade(conn, version):
    """Bring the database on ``conn`` from ``version`` (0: empty) to
    ``SCHEMA_VERSION``, inside the caller's transaction, and record it."""
    if version == 0:
        create(conn)
    else:
        for step in range(version, SCHEMA_VERSION):
            _STEPS[step](conn)
    conn.execute(schema_version.delete())
    conn.execute(schema_version.insert().values(version=SCHEMA_VERSION))
