# SPDX-License-Identifier: MIT
"""What the values of a stored game's row mean, trusting none of them.

A SQLite file may hold anything in any column (a damaged file, a hand that
edited it): a size that is not a number, a journal that is text, a
checksum that is bytes. These functions read such values without failing,
and decide whether a journal from a board may replace the one stored. A
row whose values are damaged is never replaced: the journal is then kept
beside it as a conflict.
"""

import binascii
import json

# Game numbers the board can have (frames: 1 to 9 digits).
MAX_GAME_ID = 999999999


def crc(data):
    """The CRC32 of ``data`` as 8 hex digits (the checksum the sync stores)."""
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def blob(value):
    """Stored journal bytes, or None (none kept, or a damaged value)."""
    return bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else None


def size(value):
    """A stored size, or None when the value is damaged."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def extends(row, journal, journal_size, checksum):
    """True when the journal given (bytes, or just its size and checksum)
    starts with the journal stored in ``row``: it may replace it."""
    old, old_size = blob(row["journal"]), size(row["journal_size"])
    if journal is not None and old is not None:
        return journal.startswith(old)
    if old_size is None:
        return False
    if journal is not None:
        # Stored before journals were kept: compare the checksum of the prefix.
        return len(journal) >= old_size and crc(journal[:old_size]) == str(row["checksum"])
    if journal_size < old_size:
        return False
    return journal_size > old_size or row["checksum"] == checksum


def same_game(row, journal, journal_size, checksum):
    """True when a journal provably continues the game stored in ``row``
    under another folder: its bytes start with the stored ones (or, without
    bytes, it is exactly the stored size and checksum)."""
    old, old_size = blob(row["journal"]), size(row["journal_size"])
    if journal is not None and old is not None:
        return len(old) > 0 and journal.startswith(old)
    if old_size is None:
        return False
    if journal is not None:
        return 0 < old_size <= len(journal) and crc(journal[:old_size]) == str(row["checksum"])
    return journal_size == old_size and str(checksum) == str(row["checksum"])


def canonical_json(record):
    """The stored text of a record: stable key order, so equal records compare equal."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def check_key(device_id, game_id, folder):
    """Raise ValueError unless (device_id, folder, game_id) can key a game."""
    if not isinstance(device_id, str) or not device_id.strip():
        raise ValueError("device_id must be a non-empty string, not %r" % (device_id,))
    if not isinstance(folder, str):
        raise ValueError("folder must be a string, not %r" % (folder,))
    if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 <= game_id <= MAX_GAME_ID:
        raise ValueError("game_id must be a whole number 0..%d, not %r" % (MAX_GAME_ID, game_id))


def stored_checksum(checksum):
    """The checksum as stored: SQLite holds integers of 64 bits, so a larger
    one is kept as its text (on both backends, so they hand back the same)."""
    if isinstance(checksum, int) and not isinstance(checksum, bool) and not -(2**63) <= checksum < 2**63:
        return str(checksum)
    return checksum


def damage_line(damaged, limit=5):
    """One line about the stored games that could not be read, or None."""
    if not damaged:
        return None
    shown = "; ".join(damaged[:limit])
    more = " (and %d more)" % (len(damaged) - limit) if len(damaged) > limit else ""
    return "%d stored game%s cannot be read and %s left out: %s%s" % (
        len(damaged), "" if len(damaged) == 1 else "s", "is" if len(damaged) == 1 else "are", shown, more)
