# SPDX-License-Identifier: MIT
"""The game journal: one append-only file per game, replayed at boot.

``Journal(fs, clock)`` keeps every game as ``gNNNN.tj`` (format in
journal_format.py and docs/JOURNAL.md): a start record, then one record per
confirmed entry, undo, amendment, and an end record. A record is written
and flushed as soon as the core has accepted the entry, and appending never
reads the game file (the journal remembers each file's sequence number and
sizes). ``boot()`` checks every file, cuts a torn or damaged tail off (so
the next append follows a good record), and rebuilds each game through the
core.

The records go to the game's small tail file ``gNNNN.tl`` first (a header
naming the game file's length it continues from, then whole record lines),
and are folded into the game file, in one write, when the next record
would take the tail past TAIL_MAX bytes: on littlefs a file that small is
kept inline in the directory's metadata, so an entry programs flash pages
and erases no sector (docs/JOURNAL.md, "Tail file and fold").

This module is what a game keeps in RAM: entries and undos, the tail and
its fold. Every other operation of ``Journal`` is a function of
journal_sync.py (what the serial link asks) or journal_ops.py (new games,
amendments, the end, deletes, space, boot), which ``Journal`` loads when
one is asked for and forgets at the next entry or undo.

A failed write (the file system raises) leaves the journal as it was before
the call: ``_append`` either completes the record or raises with the file
cut back to its last good record (or, when even that fails, with a torn
tail that boot drops). So the caller undoes its change in memory on an
exception, and memory and journal agree.
"""

from binascii import crc32
from sys import implementation

from tallyboard import unload

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# The record types this module writes (journal_format.py names them all).
ENTRY = "e"
UNDO = "u"


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
# inside a press) less often: measured on the Pico's littlefs image over 10
# games of every kind, 0.06 erases per entry inside presses at 160, 0.08 at
# 192, 0.10 at 256 (docs/JOURNAL.md, "Folding when idle").
_IDLE_MS = const(1000)
_IDLE_FOLD = const(160)

_MICROPYTHON = implementation.name == "micropython"


class JournalError(ValueError):
    """A journal (or a record in it) is not what this format allows.
    ``note``: None, or (set where the error has one) what went wrong as a
    tuple the screen words in the board's language (see journal.Stored)."""

    note = None


# ----- the fast path: entry and undo lines, almost nothing allocated -----
# An entry or undo is written on every confirmed press, and MicroPython
# counts every allocation: these two record types are written straight into
# the journal's buffer (digits by hand). The CRC-32 is binascii's, over a
# view of the line: that view (and on a 32-bit board the CRC itself, as a
# long int when above 2**30) is all a record allocates here. Computed in
# Python, a nibble at a time with no long int, it cost about 1.2 Pico ms a
# record (bench/pico_est.py, session 11): the score-table press writes two
# or three records. Every other record, and any value the fast path does
# not know, goes through journal_json.encode(): the bytes are the same
# either way (tests compare them).

_WORD_MAX = const(16)  # longest text value the fast path writes
_BIG = const(1000000)  # ints of the fast path: -999999..999999 (7 characters)
_SEQ_MAX = const(1000000000)  # 9 digits
# seq, " e [", three values (a quoted word at most) and two commas, "]",
# " ", crc, "\n"
FAST_MAX = 9 + 4 + 3 * (_WORD_MAX + 2) + 2 + 1 + 1 + 8 + 1
# The kind write_entry wrote last and its bytes (emptied and refilled in
# the room it is made with: a kind written here has at most _WORD_MAX).
_KIND = [None, bytearray(_WORD_MAX)]
_NULL = b"null"


def write_entry(buf, at, seq, kind, seat, value):
    """Write the line of entry record ``seq`` (``kind``, ``seat``,
    ``value``; ``kind`` None: the undo record ``seq``) into ``buf`` (a
    bytearray, or a memoryview of one: then nothing is copied) from
    offset ``at`` (``buf`` has FAST_MAX bytes of room there). Returns the
    offset after its newline, or -1 when a value is outside what the fast
    path writes: the caller then uses journal_json.encode. The bytes are
    exactly encode's for the same record."""
    # One function, no calls: on MicroPython a call with this many locals
    # allocates its frame on the heap, and this runs on every press.
    if type(seq) is not int or not 0 <= seq < _SEQ_MAX:
        return -1
    i = at
    n = 0  # the value being written: 0 seq, 1 kind, 2 seat, 3 value
    v = seq
    while True:
        # One type() and identity tests: ints (seq, seats, values) first,
        # then words, then null; True and False (bools, not ints, here)
        # go to the generic encoder.
        t = type(v)
        if t is int:
            if n and not -_BIG < v < _BIG:
                return -1
            if v < 0:
                buf[i] = 45  # "-"
                i += 1
                v = -v
            if v < 10:  # most seats and values: one digit
                buf[i] = 48 + v
                i += 1
            else:
                end = i + 1
                d = v
                while d >= 10:
                    d //= 10
                    end += 1
                k = end - 1
                while k >= i:
                    buf[k] = 48 + v % 10
                    v //= 10
                    k -= 1
                i = end
        elif t is str and len(v) <= _WORD_MAX:
            # Printable ASCII but quote and backslash: written as it is.
            # The kind written last is kept as bytes (_KIND): an entry's
            # kind is most often the last one's, and walking a str makes a
            # str of each character on MicroPython (bytes give ints).
            buf[i] = 34
            i += 1
            w = _KIND[1]
            if v is _KIND[0]:
                # One copy in C (the slice is not an object: nothing
                # allocated); a byte at a time cost some 0.05 Pico ms.
                k = len(w)
                buf[i:i + k] = w
                i += k
            else:
                if n == 1:
                    _KIND[0] = None  # until w holds all of v
                    w[0:] = b""  # (emptied in the room it has)
                for ch in v:
                    c = ord(ch)
                    if c < 32 or c > 126 or c == 34 or c == 92:
                        return -1
                    buf[i] = c
                    i += 1
                    if n == 1:
                        w.append(c)
                if n == 1:
                    _KIND[0] = v
            buf[i] = 34
            i += 1
        elif v is None:  # (no entry the core takes has a bool)
            for k in range(4):
                buf[i + k] = _NULL[k]
            i += 4
        else:
            return -1
        if n == 0:
            buf[i] = 32
            buf[i + 2] = 32
            if kind is None:
                buf[i + 1] = 117  # "u"
                for k in range(4):
                    buf[i + 3 + k] = _NULL[k]
                i += 7
                break
            buf[i + 1] = 101  # "e"
            buf[i + 3] = 91  # "["
            i += 4
            v = kind
        elif n == 3:
            buf[i] = 93  # "]"
            i += 1
            break
        else:
            buf[i] = 44  # ","
            i += 1
            v = seat if n == 1 else value
        n += 1
    # " <crc>\n": the CRC-32 of the bytes from ``at`` to ``i`` (``buf`` is
    # the journal's memoryview: the slice is a view, not a copy), split in
    # its top nibble and its low 28 bits, small ints on any board.
    c = crc32(buf[at:i])
    hi = c >> 28
    lo = c & 0x0FFFFFFF
    buf[i] = 32
    # The hex digits by arithmetic (no table kept in RAM): 48 "0", 87 + 10 "a".
    buf[i + 1] = hi + (48 if hi < 10 else 87)
    for k in range(7):
        x = lo & 15
        buf[i + 8 - k] = x + (48 if x < 10 else 87)
        lo >>= 4
    buf[i + 9] = 10
    return i + 10


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
    Made by journal_ops.make_stored (boot, a game that ends): a class with
    no ``__init__`` costs less RAM for as long as the list is kept.
    """

    def __getattr__(self, name):
        # ``game``: the live game of an unfinished one (``_game``); a
        # finished one is replayed from its file each time it is asked for.
        if name != "game":
            raise AttributeError(name)
        if self._game is not None or not self._readable:
            return self._game
        return self._journal.load(self.game_id)


class GameFile:
    """What the journal remembers about one game's files, so appends never
    read them. Made by journal_ops.make_file, which lists its fields."""


class Journal:
    """Every game on the board's file system ``fs`` (tallyboard.fs). ``clock``
    (optional) has ``time()`` -> epoch seconds or None, for start and end
    times. Call ``boot()`` first.

    Besides ``entry`` and ``undo`` (here), its methods are functions of
    journal_sync.py (what the serial link asks: ``ids``, ``size``,
    ``read``, ``synced``, ``digest``, ``mark_synced``, ``pieces``,
    ``read_piece``, ``has_open_game``, ``finished``) and of journal_ops.py
    (``boot``, ``load``, ``new_game``, ``amend``, ``end``, ``stored``,
    ``delete``, ``space``, ``oldest_synced``)."""

    def __init__(self, fs, clock=None):
        # The fields are set by journal_ops.setup, which lists them: boot
        # loads that module next anyway, and a game keeps this one in RAM.
        from tallyboard.journal_ops import setup

        setup(self, fs, clock)

    def __getattr__(self, name):
        # Every method but entry and undo: journal_sync's (what the link
        # asks) or journal_ops's function of that name, bound to this journal
        # (AttributeError when there is none).
        if name[:2] == "__":
            raise AttributeError(name)
        due = self._pending
        if due is not None:
            # A game begun (app_more.start_game): ``due`` is its (id, game,
            # created time). The press that started it loaded none of
            # journal_ops; its start record is written now, before any
            # other operation (idle asks right after that press). It stays
            # due when that fails: the game's first entry then says why.
            self._pending = None
            try:
                self.new_game(due[1], due[2], False)
            except BaseException:
                self._pending = due
                raise
        from tallyboard import journal_sync

        f = getattr(journal_sync, name, None)
        if f is None:
            from tallyboard import journal_ops

            f = getattr(journal_ops, name)
        elif _MICROPYTHON:
            # What the link asks needs nothing of journal_ops (loaded by a
            # game's end, say): it leaves RAM while the PC syncs.
            unload("tallyboard.journal_ops")
        self._ops = True
        return lambda *args, **kw: f(self, *args, **kw)

    def rest(self):
        """Let the operations off a game's entries (journal_ops,
        journal_sync, and what they use: the format's names, the atomic
        replace) leave RAM until next asked for: a game's entries and the
        home menu need none of them. On MicroPython only (on CPython they
        would only be compiled again)."""
        if self._ops and _MICROPYTHON:
            unload("tallyboard.journal_ops")
            unload("tallyboard.journal_sync")
            unload("tallyboard.journal_format")
            unload("tallyboard.fs_more")
            self._ops = False

    def entry(self, game_id, kind, seat, value):
        """Journal one entry the core has accepted (call it after
        ``game.enter`` succeeded: a refused record stops the replay)."""
        # (journal_ops._get raises for a game that is not there)
        self._append(self._games.get(game_id) or self._get(game_id), ENTRY, kind, seat, value)

    def undo(self, game_id):
        """Journal an undo the core has done."""
        self._append(self._games.get(game_id) or self._get(game_id), UNDO, None, None, None)

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
            # after the press (the screen is already sent), by the
            # cheapest call through __getattr__.
            try:
                self.ids()
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

    def _append(self, st, rtype, a, b=None, c=None):
        # One record after the start record (journal_ops.new_game writes
        # that): an entry (a, b, c: kind, seat, value), an undo, or another
        # type with payload ``a`` (a may be a list the caller reuses: use
        # it, never keep it). Either the record is in the
        # journal when this returns, or it raises and the journal holds what
        # it held before (see journal_ops._settle).
        if self._ops and (rtype == ENTRY or rtype == UNDO):
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
        # encoder (journal_json). The bytes are the same either way.
        end = -1
        if rtype == UNDO:
            end = write_entry(self._view, at, st.seq, None, None, None)
        elif rtype == ENTRY and a is not None:
            end = write_entry(self._view, at, st.seq, a, b, c)
        if end < 0:
            line = self._encode(st.seq, rtype, [a, b, c] if rtype == ENTRY else a)
            end = at + len(line)
            if end > len(buf):
                # Longer than a tail holds (no real record is): straight to
                # the game file, after the tail's records.
                self._fold(st)
                self._write(st.name, st.size, line, True)
                st.size += len(line)
                st.seq += 1
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
