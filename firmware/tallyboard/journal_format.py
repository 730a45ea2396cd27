# SPDX-License-Identifier: MIT
"""The game journal's on-flash format (docs/JOURNAL.md): one record a line.

A record is the printable ASCII line ``<seq> <type> <payload> <crc>\\n``:
``seq`` counts records from 0, ``type`` is one letter (START, ENTRY, UNDO,
AMEND, END), ``payload`` is compact JSON written by ``dumps`` (ASCII only,
sorted keys, no spaces outside strings) and ``crc`` is the CRC-32 of the
bytes before the last space, as 8 lowercase hex digits. This module names
the format (its version, the record types, the CRC); the lines of entries
and undos, written on every confirmed press, are written by journal.py's
``write_entry`` (``JournalError`` is journal.py's too: a game keeps only
that module in RAM), any other record by journal_json.py's ``encode``
(the same bytes), and checking and replaying lines (boot only) is
journal_read.py's.
"""

from binascii import crc32

# Re-exported: every reader and writer of the format takes them from here.
from tallyboard.journal import ENTRY, FAST_MAX, UNDO, JournalError, write_entry  # noqa: F401

VERSION = 1

START = "s"
AMEND = "a"
END = "x"
TYPES = (START, ENTRY, UNDO, AMEND, END)


def crc_of(body):
    """The CRC-32 of ``body`` (bytes) as 8 lowercase hex digits (a str)."""
    return "%08x" % (crc32(body) & 0xFFFFFFFF)
