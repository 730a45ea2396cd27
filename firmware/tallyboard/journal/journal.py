# SPDX-License-Identifier: MIT
"""The game journal as the app holds it: one append-only file per game,
replayed at boot.

``Journal(fs, clock)`` keeps every game as ``gNNNN.tj`` (format in
record.py and docs/JOURNAL.md): a start record, then one record per
confirmed entry, undo, amendment, and an end record. A record is written
and flushed as soon as the core has accepted the entry, and appending never
reads the game file (the journal remembers each file's sequence number and
sizes: files.GameFile). ``boot()`` checks every file, cuts a torn or
damaged tail off (so the next append follows a good record), and rebuilds
each game through the core.

The records go to the game's small tail file ``gNNNN.tl`` first (a header
naming the game file's length it continues from, then whole record lines),
and are folded into the game file, in one write, when the next record
would take the tail past TAIL_MAX bytes: on littlefs a file that small is
kept inline in the directory's metadata, so an entry programs flash pages
and erases no sector (docs/JOURNAL.md, "Tail file and fold").

This module is what a game keeps in RAM: entries and undos, the tail and
its fold, and what a sync or a club's hub reads (the games, their sizes
and bytes). The other operations are methods too, each done by the module
of its layer, loaded when asked for and let go by ``rest`` (the next entry
or undo, the home menu): boot.py (boot, the opening of a stored game),
sync.py (the rest of what the serial link asks), games.py (new games,
amendments, the end, deletes, space).

A failed write (the file system raises) leaves the journal as it was before
the call: ``_append`` either completes the record or raises with the file
cut back to its last good record (or, when even that fails, with a torn
tail that boot drops). So the caller undoes its change in memory on an
exception, and memory and journal agree.
"""

from binascii import crc32
from sys import implementation

from tallyboard import unload, unload_all
from tallyboard.journal.files import free_id, get_file
from tallyboard.journal.record import ENTRY, FAST_MAX, UNDO, JournalError, write_entry

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# A tail file stays at most this long: littlefs keeps a file of up to 512
# bytes (a 4 KB block / 8) inline in its directory's metadata log, where a
# write programs pages only; a longer one gets data blocks of its own, and
# every append after a sync then copies its last block to a freshly erased
# one (45 ms on the Pico's flash).
TAIL_MAX = 512
# The app's loop folds the tail while the board is idle (Journal.idle): once
# no key has come for _IDLE_MS and the tail holds more than _IDLE_FOLD bytes of
# records. Players pause between entries (the board changes hands, the next
# bid is thought over) far longer than between the presses of one entry
# (a few hundred ms: a picker's up/down, then OK), so a second of quiet
# almost always falls between entries; a press that comes during an idle
# fold waits for it (one erase, 45 ms). _IDLE_FOLD is well under TAIL_MAX:
# the tail gets about 12 more entries (each pause a chance) before a press
# has to fold it, and a tail this small keeps every tail commit to one
# 256-byte flash page, so littlefs compacts its directory log (an erase,
# inside a press) less often (docs/JOURNAL.md, "Folding when idle").
_IDLE_MS = const(1000)
_IDLE_FOLD = const(160)

# The journal's modules loaded on use (under tallyboard.journal.), which
# rest() lets go: most of the journal's code, which a game does not need.
_ON_USE = "boot read encode games sync folder_id"

_MICROPYTHON = implementation.name == "micropython"


class Journal:
    """Every game on the board's file system ``fs`` (tallyboard.fs). ``clock``
    (optional) has ``time()`` -> epoch seconds or None, for start and end
    times. Call ``boot()`` first."""

    def __init__(self, fs, clock=None):
        self.fs = fs
        self.clock = clock
        self._games = {}  # game id -> files.GameFile
        self._next = 1
        # (game id, game, created) of a game begun (begin) whose start
        # record is not written yet.
        self._pending = None
        self._on_use = False  # a module of _ON_USE may be loaded (rest)
        # The tail being written: its header, then its records, exactly as
        # in the tail file (of game ``_owner``), so a fold reads nothing. An
        # entry or undo line is written straight into it (no allocation).
        self._buf = bytearray(TAIL_MAX + FAST_MAX)
        self._view = memoryview(self._buf)
        self._owner = None
        # idle(): the last key mark seen and the ms ticks it was first seen.
        self._mark = None
        self._quiet = 0
        # Messages about files boot removed (empty, or a start record a power
        # cut interrupted: no confirmed entry was in them).
        self.notes = []
        # The same as tuples (kind, game id, 0, 0, None) for the screen
        # (tallyboard.notes words them in the board's language).
        self.notices = []
        # Records written since boot: a club hub's link pushes the new
        # bytes when it changes (tallyboard.club).
        self.written = 0

    # ----- the layers loaded on use ----------------------------------------

    def _sync(self):
        # What the link asks (sync.py). It needs nothing of games.py (loaded
        # by a game's end, say), which leaves RAM while the PC syncs.
        self._begun()
        from tallyboard.journal import sync

        if _MICROPYTHON:
            unload("tallyboard.journal.games")
        return sync

    def _ops(self):
        # New games, amendments, the end, deletes, space (games.py).
        self._begun()
        from tallyboard.journal import games

        return games

    def _begun(self):
        # Every operation but an entry or undo to the game in play: the
        # start record of a game begun by the last press first. It stays
        # due when that fails: the game's first entry then says why.
        self._on_use = True
        due = self._pending
        if due is not None:
            self._pending = None
            from tallyboard.journal.games import new_game

            try:
                new_game(self, due[1], due[2], False)
            except BaseException:
                self._pending = due
                raise

    def rest(self):
        """Let the modules loaded on use (boot, reading, the generic writer,
        games.py, sync.py) leave RAM until next asked for: a game's entries
        and the home menu need none of them. On MicroPython only (on
        CPython they would only be compiled again)."""
        if self._on_use and _MICROPYTHON:
            unload_all(_ON_USE, "tallyboard.journal.")
            unload("tallyboard.fs_more")
        self._on_use = False

    def boot(self):
        """Scan, repair and rebuild every game (boot.py); returns a list of
        Stored, by game id. Never raises for a bad file (PowerCut from a
        MemFS aside): a bad one comes back with ``damage`` set."""
        self._on_use = True
        from tallyboard.journal.boot import Boot

        try:
            return Boot(self).run()
        finally:
            self.rest()

    def load(self, game_id):
        """Rebuild a game from its file (up to any damage; repairs nothing).
        None when it holds no readable game."""
        if not get_file(self, game_id).readable:
            return None
        self._on_use = True
        from tallyboard.journal.boot import load

        try:
            return load(self, game_id)
        finally:
            self.rest()

    def begin(self, game, created):
        """Reserve the id of ``game`` (a tricktally Game just started, created
        at ``created``) and return it, reading the flash only: its start
        record is written right after the press (``idle``) or before the
        journal's next operation, so the press loads none of games.py."""
        if self._pending is not None:
            self._begun()  # a game begun before
        gid = self._next = free_id(self.fs, self._next)
        self._pending = (gid, game, created)
        return gid

    def new_game(self, game, created=None, entries=True):
        """Start journaling ``game``; returns its id (games.new_game)."""
        return self._ops().new_game(self, game, created, entries)

    def amend(self, game_id, index, hand_dict):
        """Journal an amendment of hand ``index`` the core accepted."""
        self._ops().amend(self, game_id, index, hand_dict)

    def end(self, game_id):
        """Close the game with an end record (games.end)."""
        self._ops().end(self, game_id)

    def stored(self, game_id, game):
        """Finished game ``game_id`` listed as boot lists it (games.stored)."""
        return self._ops().stored(self, game_id, game)

    def delete(self, game_id, force=False):
        """Delete a game the PC holds in full, or any with ``force`` (games.delete)."""
        self._ops().delete(self, game_id, force)

    def space(self):
        """``(free_bytes or None, low)`` (games.space)."""
        return self._ops().space(self)

    def oldest_synced(self):
        """The oldest finished game the PC has in full, or None (games.oldest_synced)."""
        return self._ops().oldest_synced(self)

    # What a sync and a club's hub read (the hub after every entry): here,
    # so that it loads nothing.

    def ids(self):
        """Ids of every game on the board, oldest first."""
        if self._pending is not None:
            self._begun()  # a game begun by the last press has its id
        out = list(self._games.keys())
        out.sort()
        return out

    def size(self, game_id):
        """Bytes in the game's journal (its tail's records included: they
        are in the game file before any of them is read)."""
        st = self._file(game_id)
        return st.size + st.tail

    def read(self, game_id, offset, length):
        """Raw journal bytes from ``offset`` (at most ``length``), for sync:
        the game file's, then the tail's records after them."""
        st = self._file(game_id)
        if not isinstance(offset, int) or not isinstance(length, int) or offset < 0 or length < 0:
            raise JournalError("offset and length must be whole numbers >= 0")
        end = min(offset + length, st.size + st.tail)
        if offset >= end:
            return b""
        out = b""
        if offset < st.size:
            out = self.fs.read_at(st.name, offset, min(end, st.size) - offset)
        if end > st.size:
            at = max(offset, st.size)
            out += self.fs.read_at(st.tail_name, st.head + at - st.size, end - at)
        return out

    def synced(self, game_id):
        """Bytes of the journal the PC has acknowledged (with a digest that
        matches what the file holds)."""
        return self._file(game_id).synced

    def digest(self, game_id, upto):
        """CRC-32 (int) of the first ``upto`` bytes of the game's journal."""
        return self._sync().digest(self, game_id, upto)

    def mark_synced(self, game_id, upto, digest=None):
        """Record that the PC holds the first ``upto`` bytes (sync.mark_synced)."""
        self._sync().mark_synced(self, game_id, upto, digest)

    def pieces(self, game_id):
        """The damaged pieces kept for a game: a list of ``(k, size)``."""
        return self._sync().pieces(self, game_id)

    def read_piece(self, game_id, k, offset, length):
        """Bytes of damaged piece ``k`` from ``offset`` (at most ``length``)."""
        return self._sync().read_piece(self, game_id, k, offset, length)

    def has_open_game(self):
        """True while a game that is not finished can take entries."""
        return self._sync().has_open_game(self)

    def finished(self, game_id):
        """True when the game has finished (rules or end record) or is unreadable."""
        return self._sync().finished(self, game_id)

    # ----- what a game keeps in RAM: entries, undos, the tail --------------

    def entry(self, game_id, kind, seat, value):
        """Journal one entry the core has accepted (call it after
        ``game.enter`` succeeded: a refused record stops the replay)."""
        self._append(self._games.get(game_id) or self._file(game_id), ENTRY, kind, seat, value)

    def undo(self, game_id):
        """Journal an undo the core has done."""
        self._append(self._games.get(game_id) or self._file(game_id), UNDO, None, None, None)

    def idle(self, mark, now):
        """The app's loop calls this whenever it runs, with ``mark`` a
        count that changes at every key press (``App.presses``) and ``now``
        its clock's ms ticks. Once ``mark`` has not changed for _IDLE_MS, it
        folds the tail of the game in play if that holds more than
        _IDLE_FOLD bytes: the fold's sector erase falls between presses, not
        inside one. Returns the ms to sleep before calling again (None:
        nothing waits). Never raises: a fold that fails leaves the records
        in the tail, to be folded later."""
        if mark != self._mark:
            self._mark = mark
            self._quiet = now
        if self._pending is not None:
            # A game begun by the last press: its start record now, right
            # after the press (the screen is already sent).
            try:
                self._begun()
                self.rest()
            except Exception:  # noqa: BLE001 - the first entry says why
                pass
        st = self._owner
        if st is None or st.tail <= _IDLE_FOLD or st.ended:
            return None
        # ms left of the quiet time (ticks wrap at 2**30: buttons.ticks_diff)
        left = _IDLE_MS - (((now - self._quiet + 0x20000000) & 0x3FFFFFFF) - 0x20000000)
        if left > 0:
            return left
        try:
            self._fold(st)
        except Exception:  # noqa: BLE001 - nothing is lost: they stay in the tail
            pass
        return None

    def _file(self, game_id):
        # The GameFile of ``game_id`` (JournalError when there is none),
        # after the start record of a game begun by the last press.
        if self._pending is not None:
            self._begun()
        return get_file(self, game_id)

    def _append(self, st, rtype, a, b=None, c=None):
        # One record after the start record (games.new_game writes that):
        # an entry (a, b, c: kind, seat, value), an undo, or another type
        # with payload ``a`` (a may be a list the caller reuses: use it,
        # never keep it). Either the record is in the journal when this
        # returns, or it raises and the journal holds what it held before
        # (see _settle).
        if self._on_use and (rtype == ENTRY or rtype == UNDO):
            self.rest()  # back to a game
        if not st.writable:
            e = JournalError("game %d %s" % (st.game_id, st.why))
            e.note = st.note
            raise e
        if st.ended:
            raise JournalError("game %d has ended: it takes no more records" % st.game_id)
        buf = self._buf
        if self._owner is not st:
            # The buffer holds another game's tail: this one's is read back
            # from its file (after a boot, or a record to another game).
            if st.tail:
                data = self.fs.read_at(st.tail_name, 0, st.head + st.tail)
                if len(data) != st.head + st.tail:
                    raise OSError(5, "the tail of game %d is shorter than written" % st.game_id)
                buf[: len(data)] = data
            self._owner = st
        if not st.tail:
            st.head = self._header(st)
        at = st.head + st.tail
        # Entries and undos (one per press) are written into the buffer; other
        # records and values the fast path does not know take the generic
        # encoder (encode.py). The bytes are the same either way.
        end = -1
        if rtype == UNDO:
            end = write_entry(self._view, at, st.seq, None, None, None)
        elif rtype == ENTRY and a is not None:
            end = write_entry(self._view, at, st.seq, a, b, c)
        if end < 0:
            self._on_use = True
            from tallyboard.journal.encode import encode

            line = encode(st.seq, rtype, [a, b, c] if rtype == ENTRY else a)
            end = at + len(line)
            if end > len(buf):
                # Longer than a tail holds (no real record is): straight to
                # the game file, after the tail's records.
                self._fold(st)
                self._write(st.name, st.size, line, True)
                st.size += len(line)
                st.seq += 1
                self.written += 1
                return
            buf[at:end] = line
        if st.tail and end > TAIL_MAX:
            # The tail is full: its records go to the game file, and this
            # one starts a new tail.
            line = bytes(buf[at:end])
            self._fold(st)
            at = st.head = self._header(st)
            end = at + len(line)
            buf[at:end] = line
        dirty = st.dirty
        st.dirty = True  # until this write is known to be whole
        if st.tail:
            self._write(st.tail_name, at, self._view[at:end], dirty)
        else:
            # A fresh tail, header and record in one write over the folded
            # one (an inline file: one metadata commit).
            self._write(st.tail_name, -1, self._view[:end], False)
        st.dirty = False
        st.tail = end - st.head
        st.seq += 1
        self.written += 1

    def _header(self, st):
        # Write the header of a new tail into the buffer; returns its length:
        # "<game file length> <crc>\n", crc of "<tail name> <length>".
        body = ("%s %d" % (st.tail_name, st.size)).encode()
        head = ("%d %08x\n" % (st.size, crc32(body) & 0xFFFFFFFF)).encode()
        self._buf[: len(head)] = head
        return len(head)

    def _write(self, name, size, data, dirty):
        # Append ``data`` to ``name``, which holds ``size`` bytes (``dirty``:
        # or more, left by an append that failed part way: cut first); size
        # -1 means replace the whole file by ``data``. Raises with the file
        # as it was (or, for a replace, with no complete copy of ``data``).
        try:
            if size < 0:
                self.fs.put(name, data)
                return
            if dirty and self.fs.exists(name) and self.fs.size(name) != size:
                self.fs.truncate(name, size)
            self.fs.append(name, data)
        except Exception:
            if not self._settle(name, size, data):
                raise

    def _settle(self, name, size, data):
        """After a failed write: True when all of ``data`` is in the file
        after all (the error came late); else make sure it is not (cut the
        file back to ``size`` bytes, or remove a replaced tail, whose
        records are all in the game file) and return False. When even that
        fails, the file ends in an unfinished line, which boot cuts off."""
        fs = self.fs
        start = size if size > 0 else 0
        try:
            have = fs.size(name) if fs.exists(name) else 0
            if have == start + len(data) and fs.read_at(name, start, len(data)) == bytes(data):
                return True
            if size < 0:
                fs.remove(name)
            elif have != size:
                fs.truncate(name, size)
        except Exception:  # noqa: BLE001 - the first error is the one to report
            pass
        return False

    def _fold(self, st):
        """Move the tail's records to the end of the game file. Raises
        (OSError) when it cannot, with both files as they were: the
        records stay in the tail. The tail file keeps the folded records
        until the next record replaces it: boot sees from its header that
        the game file already holds them."""
        if not st.tail:
            return
        if self._owner is st:
            data = self._view[st.head : st.head + st.tail]
        else:
            data = self.fs.read_at(st.tail_name, st.head, st.tail)
            if len(data) != st.tail:
                raise OSError(5, "the tail of game %d is shorter than written" % st.game_id)
        # The game file's size is checked first: a fold that failed part way
        # may have left bytes that would hide these records.
        self._write(st.name, st.size, data, True)
        st.size += st.tail
        st.tail = 0
