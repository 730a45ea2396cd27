# SPDX-License-Identifier: MIT
"""`tricktally db copy FROM TO`: a whole games database from one place to
another, SQLite and PostgreSQL both ways (a family's file into the club's
server, and back).

Every row of every table is copied as it is, ids included (a player row
points at its game's id), in one transaction on the target that is read
back and compared with the source before it commits: a copy that does not
match is rolled back and nothing is left half-copied. The source is read
in one snapshot (syncs may go on meanwhile) and never written; an older
SQLite source is read through its upgraded copy in memory. A target that
already holds games is refused unless ``force`` (then its games are
replaced). A row whose values a PostgreSQL column cannot hold (a damaged
SQLite row: text where a number belongs) stops the copy before anything
is written, named in one line.
"""

import hashlib

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from tricktally_host import db_schema as schema
from tricktally_host.db import Database, DatabaseError
from tricktally_host.db_backends import target as backend_of

# Rows sent to the target per statement.
BATCH = 500


class CopyError(Exception):
    """The copy cannot be made (str() is one line); nothing was written."""


class CopyReport:
    """What a copy did: rows per table, and the source and target's names."""

    def __init__(self, source, target, counts):
        self.source = source
        self.target = target
        self.counts = counts

    def line(self):
        """One line saying what was copied."""
        c = self.counts
        return "copied %d game%s (%d player rows, %d conflict%s, %d damaged piece%s) from %s to %s; read back: equal" % (
            c["games"], "" if c["games"] == 1 else "s", c["players"], c["conflicts"], "" if c["conflicts"] == 1 else "s",
            c["pieces"], "" if c["pieces"] == 1 else "s", self.source, self.target)


def copy_database(source, target, force=False):
    """Copy the database ``source`` names (a path or URL) into ``target``;
    returns a CopyReport. Raises CopyError or DatabaseError (one line)."""
    if _same(source, target):
        raise CopyError("FROM and TO are the same database (%s): nothing copied" % backend_of(source).shown)
    with Database(source, create=False) as src:
        if not src.found:
            raise CopyError("%s: there is no database to copy" % src.name)
        with src.snapshot() as read:
            rows = {table.name: _rows(read, table) for table in schema.TABLES}
        with Database(target) as dst:
            held = {t.name: dst.conn.execute(sa.select(sa.func.count()).select_from(t)).scalar()
                    for t in (schema.games, schema.conflicts, schema.pieces)}
            if any(held.values()) and not force:
                raise CopyError("%s already holds %d game%s: nothing copied; use --force to replace its games"
                                % (dst.name, held["games"], "" if held["games"] == 1 else "s"))
            if dst.conn.dialect.name == "postgresql":
                _check_values(rows)
            _write(dst, rows)
            return CopyReport(src.name, dst.name, {name: len(r) for name, r in rows.items()})


def _same(source, target):
    a, b = backend_of(source), backend_of(target)
    if a.path is not None and b.path is not None:
        try:
            return a.path.exists() and b.path.exists() and a.path.samefile(b.path)
        except OSError:
            return False
    if a.path is None and b.path is None:
        return (a.host, a.port, a.database) == (b.host, b.port, b.database)
    return False


def _order(table):
    return list(table.primary_key.columns) or list(table.columns)


def _rows(conn, table):
    """Every row of ``table`` as a dict, in key order; blobs as bytes."""
    out = []
    for row in conn.execute(sa.select(table).order_by(*_order(table))).mappings():
        out.append({k: bytes(v) if isinstance(v, memoryview) else v for k, v in row.items()})
    return out


def _fits(column, value):
    """True when a PostgreSQL column of ``column``'s type can hold ``value``
    as it is (SQLite holds anything anywhere)."""
    if value is None:
        return column.nullable
    kind = column.type.dialect_impl(postgresql.dialect())
    if isinstance(kind, postgresql.JSONB):
        return isinstance(value, (int, str)) and "\x00" not in str(value)
    if isinstance(kind, sa.Integer):
        limit = 2**63 if isinstance(kind, sa.BigInteger) else 2**31
        return isinstance(value, int) and not isinstance(value, bool) and -limit <= value < limit
    if isinstance(kind, sa.Float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(kind, sa.LargeBinary):
        return isinstance(value, bytes)
    return isinstance(value, str) and "\x00" not in value


def _check_values(rows):
    bad = []
    for table in schema.TABLES:
        for row in rows[table.name]:
            for column in table.columns:
                if not _fits(column, row[column.name]):
                    where = "id %s" % row["id"] if "id" in row else "game row %s" % row.get("game_row")
                    bad.append("%s %s: %s %r" % (table.name, where, column.name, row[column.name]))
    if bad:
        more = " (and %d more)" % (len(bad) - 3) if len(bad) > 3 else ""
        raise CopyError("%d value%s in the source cannot go into PostgreSQL as %s (damaged rows: %s%s): nothing copied"
                        % (len(bad), "" if len(bad) == 1 else "s", "it is" if len(bad) == 1 else "they are",
                           "; ".join(b[:120] for b in bad[:3]), more))


def _write(dst, rows):
    """Replace the target's rows by ``rows`` in one transaction, read them
    back and compare before it commits."""
    with dst.transaction() as conn:
        for table in reversed(schema.TABLES):
            conn.execute(table.delete())
        for table in schema.TABLES:
            data = rows[table.name]
            for start in range(0, len(data), BATCH):
                conn.execute(table.insert(), data[start:start + BATCH])
        if conn.dialect.name == "postgresql":
            for table in schema.NUMBERED:
                # The next id handed out comes after the copied ones.
                conn.execute(sa.text(
                    "SELECT setval(pg_get_serial_sequence('%s', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL)"
                    " FROM %s" % (table.name, table.name)))
        for table in schema.TABLES:
            if _digest(_rows(conn, table)) != _digest(rows[table.name]):
                raise DatabaseError("%s: the rows of %s read back differ from the source's: nothing copied"
                                    % (dst.name, table.name))


def _digest(rows):
    """A digest of rows that is equal for equal values on either backend."""
    h = hashlib.sha256()
    for row in rows:
        h.update(repr(sorted(row.items())).encode("utf-8", "surrogatepass"))
    return h.hexdigest()
