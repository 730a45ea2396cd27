# SPDX-License-Identifier: MIT
"""The game journal: one append-only file per game, replayed at boot.

``Journal(fs, clock)`` keeps every game as ``gNNNN.tj`` (format in
journal_format.py and docs/JOURNAL.md): a start record, then one record per
confirmed entry, undo, amendment, and an end record. A record is appended
and flushed as soon as the core has accepted the entry, and appending never
reads the file back (the journal remembers each file's sequence number and
size). ``boot()`` checks every file, cuts a torn or damaged tail off (so the
next append follows a good record), and rebuilds each game through the core.

This module is what a game keeps in RAM: appending, acknowledgements,
deletes and the reads of a sync. Boot and the opening of a stored game
(scanning, repairing, replaying) are journal_boot.py and journal_read.py,
imported for that and forgotten right after.

Besides the journals: ``gNNNN.ack`` (what the PC has acknowledged: a
length and the CRC-32 of those bytes, so an acknowledgement never covers
other bytes than the ones the PC stored), damaged pieces ``gNNNN.bad``,
``gNNNN_2.bad``, ... (the first bytes of each damaged tail boot cut off, for
the PC to fetch and keep; a later damage never overwrites an earlier one)
and ``tj.next`` (the next game id, so ids are never reused).

A failed write (the file system raises) leaves the journal as it was before
the call: ``_append`` either completes the record or raises with the file
cut back to its last good record (or, when even that fails, with a torn
tail that boot drops). So the caller undoes its change in memory on an
exception, and memory and journal agree.
"""

from binascii import crc32
from sys import implementation

from tallyboard import unload
from tallyboard.journal_format import AMEND, END, ENTRY, START, UNDO, VERSION, JournalError, LineWriter, crc_of

SUFFIX = ".tj"
TAIL = ".tl"
ACK = ".ack"
BAD = ".bad"
NEXT_FILE = "tj.next"

# Below this many free bytes space() says low: eight 4 KB flash blocks, room
# for a few more games (a long game is ~4 KB) and for littlefs to copy the
# block it appends to.
LOW_SPACE = 32 * 1024
# A tail file stays at most this long: littlefs keeps a file of up to 512
# bytes (a 4 KB block / 8) inline in its directory's metadata log, where a
# write programs pages only; a longer one gets data blocks of its own, and
# every append after a sync then copies its last block to a freshly erased
# one (45 ms on the Pico's flash).
TAIL_MAX = 512
# Journals are read in chunks of this size: RAM, not the file, bounds it.
CHUNK = 1024

_MICROPYTHON = implementation.name == "micropython"


def game_file(game_id):
    """The journal file name of a game id: ``g0007.tj``."""
    return "g%04d%s" % (game_id, SUFFIX)


def tail_file(game_id):
    """The tail file of a game id, ``g0007.tl``: the records of the hand
    being played, before they are folded into the game file."""
    return "g%04d%s" % (game_id, TAIL)


def piece_name(game_id, k):
    """The file of damaged piece ``k`` (1, 2, ...) of a game: ``g0007.bad``,
    ``g0007_2.bad``, ..."""
    if k == 1:
        return "g%04d%s" % (game_id, BAD)
    return "g%04d_%d%s" % (game_id, k, BAD)


def _crc_file(fs, name, upto, start=0, crc=0):
    # CRC-32 (int) of ``upto`` bytes of ``name`` from ``start``, read in
    # chunks, going on from ``crc``; -1 when the file is shorter.
    off = 0
    while off < upto:
        chunk = fs.read_at(name, start + off, min(CHUNK, upto - off))
        if not chunk:
            break
        crc = crc32(chunk, crc)
        off += len(chunk)
    if off != upto:
        return -1
    return crc & 0xFFFFFFFF


def _forget_reader():
    # Boot's code leaves the board's RAM once it has run (tallyboard.unload).
    # Not on CPython (the PC, the tests): there it would only be compiled
    # again at the next boot (no .pyc with PYTHONDONTWRITEBYTECODE), 3 ms a
    # boot where the power-cut tests boot thousands of times.
    if _MICROPYTHON:
        unload("tallyboard.journal_boot")
        unload("tallyboard.journal_read")
        unload("tallyboard.journal_json")


def _encode(seq, rtype, payload):
    # A record the fast path does not write (start, amend, end: a few a
    # game): the generic writer is loaded for it and forgotten after.
    from tallyboard.journal_json import encode

    try:
        return encode(seq, rtype, payload)
    finally:
        if _MICROPYTHON:
            unload("tallyboard.journal_json")


class Stored:
    """One game found at boot.

    ``game_id``; ``game``: the Game rebuilt through the core, or None when
    the file holds no readable game (garbage, newer format); for a finished
    game each access replays the file, so keep the result rather than ask
    again; ``finished`` (the rules ended it, or an end record closed it, or
    it is unreadable: nothing to resume); ``ended`` (end record); ``size``
    and ``synced`` (bytes; the PC has it all when they are equal);
    ``created`` (epoch seconds or None); ``damage`` (None or a message for
    the PC and the serial link, in English); ``note`` (None or the same
    damage as a tuple ``(kind, game id, records kept, bytes kept, detail)``
    that tallyboard.notes words in the board's language); and for list
    screens without a replay: ``name`` ('wizard',
    ...), ``players``, ``hands`` (complete hands), ``totals``, ``winners``.
    """

    def __init__(self, journal, game_id):
        self._journal = journal
        self._game = None
        self._readable = False
        self.game_id = game_id
        self.finished = True
        self.ended = False
        self.size = 0
        self.synced = 0
        self.created = None
        self.damage = None
        self.note = None
        self.name = None
        self.players = []
        self.hands = 0
        self.totals = []
        self.winners = []

    @property
    def game(self):
        """The rebuilt Game (see the class docstring), or None."""
        if self._game is not None:
            return self._game
        if not self._readable:
            return None
        return self._journal.load(self.game_id)

    def __repr__(self):
        return "<Stored game %d %s size=%d synced=%d%s>" % (
            self.game_id,
            self.name,
            self.size,
            self.synced,
            " damage" if self.damage else "",
        )


class GameFile:
    """What the journal remembers about one file, so appends never read it."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.name = game_file(game_id)
        self.tail_name = tail_file(game_id)
        self.seq = 0
        self.size = 0  # bytes in the game file
        # Bytes of records in the tail file that the game file does not hold
        # yet, after a header of ``head`` bytes (0: nothing pending).
        self.tail = 0
        self.head = 0
        self.synced = 0
        # CRC-32 of the acknowledged bytes; ack_saved False while the
        # acknowledgement lives in RAM only (the flash was full).
        self.ack_crc = None
        self.ack_saved = True
        self.pieces = []  # k of each damaged piece kept for the PC
        self.ack_seen = None
        self.ended = False
        self.finished = False
        self.writable = True
        self.readable = False
        self.why = None
        self.note = None  # why as a tuple (see Stored), for the screen
        # A write failed part way: the next append checks the file's size.
        self.dirty = False
        # The live Game of an unfinished game (the app's own object), to know
        # when it finishes; None for finished or unreadable games.
        self.game = None


class Journal:
    """Every game on the board's file system ``fs`` (tallyboard.fs). ``clock``
    (optional) has ``time()`` -> epoch seconds or None, for start and end
    times. Call ``boot()`` first."""

    def __init__(self, fs, clock=None):
        self.fs = fs
        self.clock = clock
        self._games = {}
        self._next = 1
        # Entry and undo lines are written into one reused buffer.
        self._writer = LineWriter()
        self._payload = [None, None, None]
        # Messages about files boot removed (empty, or a start record a power
        # cut interrupted: no confirmed entry was in them).
        self.notes = []
        # The same as tuples (kind, game id, 0, 0, None) for the screen
        # (tallyboard.notes words them in the board's language).
        self.notices = []

    # ----- boot and stored games: journal_boot, loaded for the time it runs

    def boot(self):
        """Scan, repair and rebuild every game; returns a list of Stored,
        by game id. Never raises for a bad file (PowerCut from a MemFS
        aside): a bad one comes back with ``damage`` set."""
        from tallyboard.journal_boot import Boot

        try:
            return Boot(self).run()
        finally:
            _forget_reader()

    def load(self, game_id):
        """Rebuild a game from its file (up to any damage; repairs nothing).
        None when it holds no readable game."""
        if not self._get(game_id).readable:
            return None
        from tallyboard.journal_boot import load

        try:
            return load(self, game_id)
        finally:
            _forget_reader()

    # ----- small files ------------------------------------------------------

    def _write_number(self, name, value):
        body = ("%s %d" % (name, value)).encode()
        self.fs.write_file(name, ("%d %s\n" % (value, crc_of(body))).encode())

    def _ack_name(self, st):
        return st.name[: -len(SUFFIX)] + ACK

    def _write_ack(self, st, upto, digest):
        name = self._ack_name(st)
        body = "%s %d %08x" % (name, upto, digest)
        self.fs.write_file(name, ("%d %08x %s\n" % (upto, digest, crc_of(body.encode()))).encode())

    def _try_remove(self, name):
        try:
            self.fs.remove(name)
        except OSError:
            pass

    # ----- writing ------------------------------------------------------------

    def _get(self, game_id):
        st = self._games.get(game_id)
        if st is None:
            raise JournalError("there is no game %r" % (game_id,))
        return st

    def _append(self, st, rtype, payload):
        # ``payload`` may be a list the caller reuses: use it, never keep it.
        # Either the record is in the journal when this returns, or it
        # raises and the journal holds what it held before (see _settle).
        if not st.writable:
            raise JournalError("game %d %s" % (st.game_id, st.why), st.note)
        if st.ended:
            raise JournalError("game %d has ended: it takes no more records" % st.game_id)
        # Entries and undos (one per press) take the fast path, which
        # allocates nothing; other records and values it does not know take
        # the generic encoder (journal_json). The bytes are the same either way.
        n = 0
        if rtype == ENTRY:
            if isinstance(payload, list) and len(payload) == 3:
                n = self._writer.entry(st.seq, payload[0], payload[1], payload[2])
        elif rtype == UNDO and payload is None:
            n = self._writer.undo(st.seq)
        line = self._writer.line(n) if n else _encode(st.seq, rtype, payload)
        if rtype == START:
            # The start record opens the game file itself (seq 0, no tail yet).
            self._write(st.name, st.size, line, False)
            st.size += len(line)
        else:
            if st.tail and st.head + st.tail + len(line) > TAIL_MAX:
                self._fold(st)  # raises when it cannot: the record is not written
            dirty = st.dirty
            st.dirty = True  # until this write is known to be whole
            if st.tail:
                self._write(st.tail_name, st.head + st.tail, line, dirty)
            else:
                # A fresh tail: a header naming the game file's length it
                # continues from, then the record, in one write over the
                # folded tail (an inline file: one metadata commit).
                head = self._tail_head(st)
                self._write(st.tail_name, -1, head + line, False)
                st.head = len(head)
            st.dirty = False
            st.tail += len(line)
        st.seq += 1

    def _tail_head(self, st):
        # "<game file length> <crc>\n", crc of "<tail name> <length>".
        body = ("%s %d" % (st.tail_name, st.size)).encode()
        return ("%d %s\n" % (st.size, crc_of(body))).encode()

    def _write(self, name, size, data, dirty):
        # Append ``data`` to ``name``, which holds ``size`` bytes (``dirty``:
        # or more, left by an append that failed part way: cut first); size
        # -1 means replace the whole file by ``data``. Raises with the file
        # as it was (or, for a replace, with no complete copy of ``data``).
        fs = self.fs
        try:
            if size < 0:
                fs.put(name, data)
                return
            if dirty and fs.exists(name) and fs.size(name) != size:
                fs.truncate(name, size)
            fs.append(name, data)
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
        data = self.fs.read_at(st.tail_name, st.head, st.tail)
        if len(data) != st.tail:
            raise OSError(5, "the tail of game %d is shorter than written" % st.game_id)
        # The game file's size is checked first: a fold that failed part way
        # may have left bytes that would hide these records.
        self._write(st.name, st.size, data, True)
        st.size += st.tail
        st.tail = 0

    def _fold_away(self, st):
        # Fold and remove the tail file: the game is one file again (at its
        # end, or when the PC acknowledged it). Never raises: a fold that
        # fails leaves the records in the tail (safe), for the next try.
        try:
            self._fold(st)
            if self.fs.exists(st.tail_name):
                self.fs.remove(st.tail_name)
        except Exception:  # noqa: BLE001 - nothing is lost: they stay in the tail
            pass

    def new_game(self, game, created=None):
        """Start journaling ``game`` (a tricktally Game); returns its id.

        Writes the start record (game, players, first dealer, settings,
        ``created`` or the clock's time). A game that already holds entries
        gets them journaled too, as entries (its undo history is not kept).
        """
        gid = self._next
        while self.fs.exists(game_file(gid)):
            gid += 1
        # The counter first: a cut after it only skips an id, never reuses one.
        self._write_number(NEXT_FILE, gid + 1)
        self._next = gid + 1
        if created is None and self.clock is not None:
            created = self.clock.time()
        settings = {}
        for k in game.settings:
            if k != "players":
                settings[k] = game.settings[k]
        payload = {
            "journal": VERSION,
            "game": game.NAME,
            "players": list(game.players),
            "first_dealer": game.first_dealer,
            "settings": settings,
        }
        if created is not None:
            payload["created"] = int(created)
        st = GameFile(gid)
        self._games[gid] = st
        try:
            self._append(st, START, payload)
            st.readable = True  # written here: load() may replay it
            for i in range(len(game.hands)):
                for kind, seat, value in game.dict_to_entries(game.hand_to_dict(game.hands[i]), i + 1):
                    self._append(st, ENTRY, [kind, seat, value])
            for kind, seat, value in game.current_entries():
                self._append(st, ENTRY, [kind, seat, value])
        except Exception:
            # A start that failed leaves no game behind (not even an empty
            # file): the board shows the error and nothing was entered yet.
            del self._games[gid]
            self._try_remove(st.name)
            raise
        st.game = game
        return gid

    def entry(self, game_id, kind, seat, value):
        """Journal one entry the core has accepted (call it after
        ``game.enter`` succeeded: a refused record stops the replay)."""
        # One payload list reused for every entry (one per press): _append
        # writes it out before returning and keeps no reference to it.
        p = self._payload
        p[0] = kind
        p[1] = seat
        p[2] = value
        self._append(self._get(game_id), ENTRY, p)

    def undo(self, game_id):
        """Journal an undo the core has done."""
        self._append(self._get(game_id), UNDO, None)

    def amend(self, game_id, index, hand_dict):
        """Journal an amendment of hand ``index`` (0-based) the core accepted."""
        self._append(self._get(game_id), AMEND, [index, hand_dict])

    def end(self, game_id):
        """Close the game: an end record; no record may follow it."""
        st = self._get(game_id)
        t = self.clock.time() if self.clock is not None else None
        self._append(st, END, {"t": int(t)} if t is not None else {})
        st.ended = True
        st.game = None
        self._fold_away(st)  # a finished game is all in its game file

    def stored(self, game_id, game):
        """Finished game ``game_id`` listed as boot lists it: a Stored whose
        ``game`` is replayed from the file when asked for, so the caller
        can let the live ``game`` (every hand of it) go."""
        st = self._get(game_id)
        s = Stored(self, game_id)
        s._readable = True
        s.size = st.size + st.tail
        s.synced = st.synced
        s.ended = st.ended
        s.name = game.NAME
        s.players = list(game.players)
        s.hands = len(game.hands)
        s.totals = list(game.totals)
        s.winners = list(game.winners)
        return s

    # ----- reading, sync, space ---------------------------------------------

    def ids(self):
        """Ids of every game on the board, oldest first."""
        out = list(self._games.keys())
        out.sort()
        return out

    def size(self, game_id):
        """Bytes in the game's journal (its tail's records included: they are
        in the game file before any of them is read)."""
        st = self._get(game_id)
        return st.size + st.tail

    def read(self, game_id, offset, length):
        """Raw journal bytes from ``offset`` (at most ``length``), for sync:
        the game file's, then the tail's records after them."""
        st = self._get(game_id)
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

    def _crc(self, st, upto):
        # CRC-32 of the journal's first ``upto`` bytes (game file, then tail).
        n = min(upto, st.size)
        crc = _crc_file(self.fs, st.name, n)
        if upto > n and crc >= 0:
            crc = _crc_file(self.fs, st.tail_name, upto - n, st.head, crc)
        return crc

    def synced(self, game_id):
        """Bytes of the journal the PC has acknowledged (with a digest that
        matches what the file holds)."""
        return self._get(game_id).synced

    def digest(self, game_id, upto):
        """CRC-32 (int) of the first ``upto`` bytes of the game's journal."""
        st = self._get(game_id)
        if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= st.size + st.tail:
            raise JournalError("game %d has %d bytes: no digest of %r" % (game_id, st.size + st.tail, upto))
        return self._crc(st, upto)

    def mark_synced(self, game_id, upto, digest=None):
        """Record that the PC holds exactly the first ``upto`` bytes, whose
        CRC-32 is ``digest`` (None: the board's own, for local callers).
        A digest that differs from the file's is refused (JournalError):
        the PC holds other bytes. When the flash is too full to write the
        acknowledgement it is kept in RAM (until a reboot, or until a
        delete frees room and it is written): sync still completes, and a
        synced game can still be deleted to free space. Acknowledged
        records still in the tail are folded into the game file first:
        an acknowledgement covers the game file only."""
        st = self._get(game_id)
        if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= st.size + st.tail:
            raise JournalError("game %d has %d bytes: cannot acknowledge %r" % (game_id, st.size + st.tail, upto))
        mine = self._crc(st, upto)
        if digest is not None and digest != mine:
            raise JournalError(
                "game %d: the PC's digest %08x of %d bytes is not the board's %08x: not acknowledged"
                % (game_id, digest & 0xFFFFFFFF, upto, mine)
            )
        if upto > st.size:
            self._fold_away(st)
        try:
            self._write_ack(st, upto, mine)
            st.ack_saved = True
        except OSError:
            st.ack_saved = False
        st.synced = upto
        st.ack_crc = mine

    def _save_acks(self):
        # Write the acknowledgements a full flash kept in RAM.
        for gid in self.ids():
            st = self._games[gid]
            if not st.ack_saved and st.ack_crc is not None:
                try:
                    self._write_ack(st, st.synced, st.ack_crc)
                    st.ack_saved = True
                except OSError:
                    return

    def _verified(self, st):
        # The PC has all of the file, and the file still holds exactly the
        # bytes it acknowledged (read again now).
        size = st.size + st.tail
        if not size or st.synced != size or st.ack_crc is None:
            return False
        try:
            if self.fs.size(st.name) != st.size:
                return False
            return self._crc(st, size) == st.ack_crc
        except OSError:
            return False

    def delete(self, game_id, force=False):
        """Delete a game (its journal, acknowledgement and damaged pieces).
        Refuses (JournalError) one the PC does not hold in full, checked
        against the file's bytes now, unless ``force``."""
        st = self._get(game_id)
        if not force and not self._verified(st):
            st.synced = 0 if st.synced == st.size else st.synced
            raise JournalError(
                "game %d is not on the PC yet (%d of %d bytes synced): sync it first, or delete with force"
                % (game_id, st.synced, st.size)
            )
        base = st.name[: -len(SUFFIX)]
        # The journal first: once it is gone the game is gone; boot sweeps
        # the small files a cut would leave behind.
        names = [st.name, st.tail_name, base + ACK]
        for k in st.pieces:
            names.append(piece_name(game_id, k))
        for n in names:
            if self.fs.exists(n):
                self.fs.remove(n)
        del self._games[game_id]
        self._save_acks()

    def pieces(self, game_id):
        """The damaged pieces kept for a game: a list of ``(k, size)``."""
        st = self._get(game_id)
        out = []
        for k in st.pieces:
            try:
                out.append((k, self.fs.size(piece_name(game_id, k))))
            except OSError:
                pass
        return out

    def read_piece(self, game_id, k, offset, length):
        """Bytes of damaged piece ``k`` from ``offset`` (at most ``length``)."""
        st = self._get(game_id)
        if k not in st.pieces:
            raise JournalError("game %d has no damaged piece %r" % (game_id, k))
        if offset < 0 or length < 0:
            raise JournalError("offset and length must be whole numbers >= 0")
        return self.fs.read_at(piece_name(game_id, k), offset, length)

    def has_open_game(self):
        """True while a game that is not finished can take entries."""
        for gid in self._games:
            st = self._games[gid]
            if st.game is not None and st.writable and not st.ended and not st.game.finished:
                return True
        return False

    def space(self):
        """``(free_bytes or None, low)``: low when under LOW_SPACE bytes."""
        free = self.fs.free()
        return free, free is not None and free < LOW_SPACE

    def finished(self, game_id):
        """True when the game has finished (rules or end record) or is unreadable."""
        st = self._get(game_id)
        return st.ended or st.finished or not st.writable or (st.game is not None and st.game.finished)

    def oldest_synced(self):
        """The id of the oldest finished game the PC has in full (the one to
        delete first when space runs low), or None."""
        for gid in self.ids():
            st = self._games[gid]
            if st.size and st.synced >= st.size and self.finished(gid):
                if self._verified(st):
                    return gid
                st.synced = 0  # the file changed since the PC acknowledged it
        return None
