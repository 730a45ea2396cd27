# SPDX-License-Identifier: MIT
"""`tricktally db check`: every stored journal against its digest.

The sync stores each game's journal bytes with their size and CRC32 (the
digest the board computed and the PC checked before storing). A journal
whose bytes no longer give its digest, or whose length is not its size,
was changed after it was stored (a damaged disk, a hand in the database):
each such game is named in one line. Conflicting versions and damaged
pieces kept beside the games are checked the same way. Games stored
before journals were kept (schema 1) have no bytes to check: counted,
not faulted.
"""

import sqlalchemy as sa

from tricktally_host import db_schema as schema
from tricktally_host.db_rows import blob, crc, size


class CheckReport:
    """``bad``: one line per stored item whose bytes do not match their
    digest; ``checked``: items whose bytes were checked; ``without``:
    games stored without their bytes."""

    def __init__(self):
        self.bad = []
        self.checked = 0
        self.without = 0


def _check(report, name, value, expected_size, expected_crc, what="stored journal"):
    """Check one item's bytes; False when it has none kept."""
    if value is None:
        return False
    report.checked += 1
    data = blob(value)
    if data is None:
        report.bad.append("%s: the %s is not bytes but %s" % (name, what, type(value).__name__))
    elif size(expected_size) is None or len(data) != expected_size:
        report.bad.append("%s: the %s is %d bytes, its row says %r" % (name, what, len(data), expected_size))
    elif crc(data) != str(expected_crc):
        report.bad.append("%s: the %s's CRC32 is %s, its digest says %s" % (name, what, crc(data), expected_crc))
    return True


def check_database(db):
    """Check every journal, conflict and piece stored in the open Database
    ``db``; returns a CheckReport."""
    report = CheckReport()
    with db.snapshot() as conn:
        refs = {(i["device_id"], i["folder"], i["game_id"]): i["ref"] for i in db.games()}
        g = schema.games.c
        for device, folder, number, data, n, digest in conn.execute(
                sa.select(g.device_id, g.folder, g.game_id, g.journal, g.journal_size, g.checksum).order_by(g.id)):
            name = refs.get((device, folder, number), "%s-%s" % (device, number))
            if not _check(report, name, data, n, digest):
                report.without += 1
        for table, data_column, size_column in ((schema.conflicts, "journal", "journal_size"),
                                                (schema.pieces, "data", "size")):
            what = "conflicting version" if table is schema.conflicts else "damaged piece kept"
            c = table.c
            for device, folder, number, data, n, digest in conn.execute(
                    sa.select(c.device_id, c.folder, c.game_id, c[data_column], c[size_column], c.checksum).order_by(c.id)):
                if data == b"":
                    continue  # a version known only by its size and digest: no bytes to check
                name = refs.get((device, folder, number), "%s-%s" % (device, number))
                _check(report, name, data, n, digest, what)
    return report
