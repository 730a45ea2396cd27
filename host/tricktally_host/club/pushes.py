# SPDX-License-Identifier: MIT
"""What a club's hub does with the journal bytes a board pushes (docs/CLUB.md,
"The board link"): ``!N PUSH GAME SIZE OFFSET CRC DATA``, sent by the board
as soon as a record is written, DATA being the game's journal bytes from
OFFSET (at most a chunk a frame), CRC the CRC-32 of its first OFFSET +
len(DATA) bytes, SIZE the journal's whole size on the board.

The same promises as the USB sync, with its own store
(tricktally_host.sync.store_journal): bytes are taken only when they
extend, byte for byte, what the hub holds (the stored journal, then what
this connection received); a journal is stored once the board's whole
SIZE has arrived; what is acknowledged is only what was committed. Every
push is answered, so that the board knows where to go on:

- ``HAVE GAME UPTO CRC``: the hub has dealt with the game's first UPTO
  bytes (stored them, received them for the next store, or kept them apart
  as a conflict or damage, as the USB sync does): the next push starts
  there. It promises nothing: the board keeps every byte until an ACK;
- ``ACK GAME UPTO CRC``: the same, and the first UPTO bytes are committed
  (the board may fold them: tricktally_host.sync's ACK).

What cannot be settled here (a game stored without its journal bytes, a
board whose earlier bytes are not the hub's, a game stored under another
folder) is settled by the full sync, run by the listener (``Pushes.take``
answers ``CATCH_UP``).
"""

import binascii

from tallyboard import frames, frames_more
from tricktally_host.sync import crc_hex, store_journal

# What ``take`` answers when the full sync must settle the game.
CATCH_UP = "catch-up"
_MAX_GAME = 999999999
_MAX_SIZE = 1 << 30


class PushError(ValueError):
    """A push that is not one (the board's firmware is not this hub's)."""


def parse_push(words):
    """``(game, size, offset, crc, data)`` of a PUSH notice's words (its
    seal taken off); PushError naming what is wrong."""
    if len(words) != 6 or words[0] != "PUSH":
        raise PushError("a push is PUSH GAME SIZE OFFSET CRC DATA, not %d words" % len(words))
    try:
        gid = frames.parse_int(words[1], 0, _MAX_GAME, "game id")
        size = frames.parse_int(words[2], 1, _MAX_SIZE, "size")
        offset = frames.parse_int(words[3], 0, _MAX_SIZE, "offset")
        data = frames_more.unpack_data(words[5])
    except ValueError as e:
        raise PushError("a bad push: %s" % e) from e
    crc = words[4]
    if len(crc) != 8 or crc.strip("0123456789abcdef"):
        raise PushError("a bad push: its CRC is not 8 lower-case hex digits")
    if not data or len(data) > frames.MAX_CHUNK or offset + len(data) > size:
        raise PushError("a bad push: %d bytes at %d of a journal of %d" % (len(data), offset, size))
    return gid, size, offset, int(crc, 16), data


class _Held:
    """One game's journal as the hub holds it: the bytes (stored, then
    received since), their CRC-32, and how many are committed."""

    def __init__(self, data):
        self.data = bytearray(data)
        self.crc = binascii.crc32(data) & 0xFFFFFFFF
        self.committed = len(data)


class Pushes:
    """One board's pushes over one connection: ``db`` (a Database, as the
    listener wraps it), ``device``, ``folder`` (its journal folder, from
    HELLO), ``ack_due(game_id, finished)`` as sync_board's, ``now()`` the
    stores' time."""

    def __init__(self, db, device, folder, ack_due, now):
        self.db = db
        self.device = device
        self.folder = folder
        self.ack_due = ack_due
        self.now = now
        self._games = {}  # game id -> _Held, or None: only the full sync settles it

    def forget(self):
        """Read the database again at the next push (after a full sync)."""
        self._games = {}

    def _held(self, gid):
        if gid not in self._games:
            have = self.db.synced_upto(self.device, self.folder).get(gid)
            held = _Held(b"")
            if have is not None:
                data = self.db.stored_journal(self.device, gid, self.folder)
                held = None if data is None or len(data) != have[0] else _Held(data)
            elif self.folder and gid in self.db.other_folders(self.device, self.folder):
                held = None  # stored before the board had a folder id: the sync takes it over
            self._games[gid] = held
        return self._games[gid]

    def take(self, gid, size, offset, crc, data, report):
        """The answer to one push: ``(verb, upto, crc)`` (HAVE or ACK), or
        CATCH_UP. What is stored is stored through ``report`` (a
        SyncReport: problems as the sync reports them)."""
        held = self._held(gid)
        if held is None or len(held.data) > size:
            return CATCH_UP  # the hub holds what the board has not: a conflict
        at = len(held.data)
        if offset != at:
            # Not where the hub is: the board goes on from there (it checks
            # those bytes are its own; else the full sync settles the game).
            return "HAVE", at, "%08x" % held.crc
        if binascii.crc32(data, held.crc) & 0xFFFFFFFF != crc:
            return CATCH_UP  # the board's earlier bytes are not the hub's
        held.data += data
        held.crc = crc
        if len(held.data) < size:
            return "HAVE", len(held.data), "%08x" % crc  # more follows
        status, used, finished, _ = store_journal(self.db, report, self.device, self.folder, gid,
                                                  bytes(held.data), self.now)
        if status in ("new", "changed", "same"):
            held.committed = used
            if used < len(held.data):  # an unreadable tail, kept apart
                del held.data[used:]
                held.crc = binascii.crc32(held.data) & 0xFFFFFFFF
            verb = "ACK" if self.ack_due(gid, finished) else "HAVE"
            return verb, used, crc_hex(held.data)
        # Kept apart (a conflict, a journal that does not replay): dealt
        # with until the board's journal grows; never acknowledged.
        self._games[gid] = None if status == "conflict" else _Held(held.data[:held.committed])
        return "HAVE", size, "%08x" % crc

