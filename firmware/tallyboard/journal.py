# SPDX-License-Identifier: MIT
"""The game journal: one append-only file per game, replayed at boot.

``Journal(fs, clock)`` keeps every game as ``gNNNN.tj`` (format in
journal_format.py and docs/JOURNAL.md): a start record, then one record per
confirmed entry, undo, amendment, and an end record. A record is appended
and flushed as soon as the core has accepted the entry, and appending never
reads the file back (the journal remembers each file's sequence number and
size). ``boot()`` checks every file, cuts a torn or damaged tail off (so the
next append follows a good record), and rebuilds each game through the core.

Besides the journals: ``gNNNN.ack`` (bytes the PC has acknowledged),
``gNNNN.bad`` (the first bytes of a damaged tail that boot cut off, for the
PC to look at) and ``tj.next`` (the next game id, so ids are never reused).
"""

from tricktally import new_game
from tallyboard.journal_format import (
    AMEND,
    END,
    ENTRY,
    MAX_LINE,
    START,
    UNDO,
    VERSION,
    JournalError,
    LineWriter,
    Scanner,
    crc_of,
    decode,
    dumps,
    encode,
)

SUFFIX = ".tj"
ACK = ".ack"
BAD = ".bad"
NEXT_FILE = "tj.next"

# Below this many free bytes space() says low: eight 4 KB flash blocks, room
# for a few more games (a long game is ~4 KB) and for littlefs to copy the
# block it appends to.
LOW_SPACE = 32 * 1024
# How much of a damaged tail boot keeps in gNNNN.bad before cutting it off.
BAD_KEEP = 4096
# Boot reads journals in chunks of this size: RAM, not the file, bounds it.
CHUNK = 1024

_NAMES = {START: "start", ENTRY: "entry", UNDO: "undo", AMEND: "amend", END: "end"}

# What a record the rules refuse raises. Anything else (MemoryError on the
# board, an I/O error) is no proof that the file is bad: boot keeps the file.
_REFUSED = (ValueError, TypeError, KeyError, IndexError, AttributeError)

__all__ = ("Journal", "Stored", "JournalError", "decode", "rebuild", "replay", "game_file", "LOW_SPACE", "VERSION")


def game_file(game_id):
    """The journal file name of a game id: ``g0007.tj``."""
    return "g%04d%s" % (game_id, SUFFIX)


def _id_of(name, suffix=SUFFIX):
    if len(name) < 2 + len(suffix) or name[0] != "g" or not name.endswith(suffix):
        return None
    digits = name[1 : -len(suffix)]
    for ch in digits:
        if not "0" <= ch <= "9":
            return None
    return int(digits)


class Replayer:
    """Feeds records, in order, to the core: ``add(record)`` returns False
    (and sets ``damage``) when the rules refuse it; ``game``, ``ended``,
    ``created`` and ``used`` (records applied) tell the result."""

    def __init__(self):
        self.game = None
        self.ended = False
        self.created = None
        self.used = 0
        self.damage = None

    def add(self, rec):
        """Apply one ``(seq, type, payload)`` record; False if refused."""
        seq, rtype, p = rec
        try:
            if rtype == START:
                if self.game is not None:
                    raise JournalError("a second start record")
                self.game = new_game(p.get("game"), p.get("players"), p.get("first_dealer", 0), p.get("settings") or None)
                c = p.get("created")
                if isinstance(c, int) and not isinstance(c, bool):
                    self.created = c
            elif self.game is None:
                raise JournalError("no start record before it")
            elif self.ended:
                raise JournalError("a record after the end record")
            elif rtype == ENTRY:
                if not isinstance(p, list) or len(p) != 3:
                    raise JournalError("an entry is [kind, seat, value]")
                self.game.enter(p[0], p[1], p[2])
            elif rtype == UNDO:
                if not self.game.undo():
                    raise JournalError("nothing to undo")
            elif rtype == AMEND:
                if not isinstance(p, list) or len(p) != 2:
                    raise JournalError("an amendment is [hand index, hand]")
                self.game.amend(p[0], p[1])
            elif rtype == END:
                self.ended = True
        except _REFUSED as e:
            text = dumps(p)
            if len(text) > 40:
                text = text[:37] + "..."
            self.damage = "record %d (%s %s) refused: %s" % (seq, _NAMES.get(rtype, rtype), text, e)
            return False
        self.used += 1
        return True


def replay(records):
    """Replay decoded records through the core, stopping at the first one
    the rules refuse. Returns ``(game, used, ended, damage)``; ``game`` is
    None when there is no acceptable start record."""
    rp = Replayer()
    for rec in records:
        if not rp.add(rec):
            break
    return rp.game, rp.used, rp.ended, rp.damage


def rebuild(records):
    """The Game the records describe (from ``decode``). Raises JournalError
    naming the record when the rules refuse one, or there is no start."""
    game, used, ended, damage = replay(records)
    if damage is not None:
        raise JournalError(damage)
    if game is None:
        raise JournalError("no start record")
    return game


class Stored:
    """One game found at boot.

    ``game_id``; ``game``: the Game rebuilt through the core, or None when
    the file holds no readable game (garbage, newer format); for a finished
    game each access replays the file, so keep the result rather than ask
    again; ``finished`` (the rules ended it, or an end record closed it, or
    it is unreadable: nothing to resume); ``ended`` (end record); ``size``
    and ``synced`` (bytes; the PC has it all when they are equal);
    ``created`` (epoch seconds or None); ``damage`` (None or a message for
    the screen); and for list screens without a replay: ``name`` ('wizard',
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


class _Game:
    """What the journal remembers about one file, so appends never read it."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.name = game_file(game_id)
        self.seq = 0
        self.size = 0
        self.synced = 0
        self.ended = False
        self.finished = False
        self.writable = True
        self.readable = False
        self.why = None
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

    # ----- boot -----------------------------------------------------------

    def boot(self):
        """Scan, repair and rebuild every game; returns a list of Stored,
        by game id. Never raises for a bad file (PowerCut from a MemFS
        aside): a bad one comes back with ``damage`` set."""
        self._games = {}
        self.notes = []
        self.fs.recover()
        names = self.fs.listdir()
        ids = []
        for n in names:
            gid = _id_of(n)
            if gid is not None:
                ids.append(gid)
        ids.sort()
        out = []
        for gid in ids:
            s = self._boot_one(gid)
            if s is not None:
                out.append(s)
        for n in names:
            # Leftovers of a delete a power cut interrupted.
            gid = _id_of(n, ACK)
            if gid is None:
                gid = _id_of(n, BAD)
            if gid is not None and gid not in self._games:
                self._try_remove(n)
        self._next = max([1, self._read_number(NEXT_FILE)] + [g + 1 for g in ids])
        return out

    def _boot_one(self, gid):
        st = _Game(gid)
        s = Stored(self, gid)
        try:
            game = self._scan(st, s, repair=True)
        except Exception as e:
            # Not the file's fault as far as we know (memory, I/O): keep the
            # file untouched and read-only.
            st.writable = False
            st.readable = False
            st.why = "could not be read (%s: %s)" % (type(e).__name__, e)
            s.damage = "game %d %s" % (gid, st.why)
            s._readable = False
            game = None
            try:
                st.size = self.fs.size(st.name)
            except OSError:
                pass
        if st.name is None:
            return None
        st.synced = self._read_synced(st)
        s.size = st.size
        s.synced = st.synced
        if game is not None:
            s.name = game.NAME
            s.players = list(game.players)
            s.hands = len(game.hands)
            s.totals = list(game.totals)
            s.winners = list(game.winners)
            st.finished = game.finished or st.ended
            s.finished = st.finished
            if not st.finished:
                st.game = game
                s._game = game
        self._games[gid] = st
        return s

    def _scan(self, st, s, repair):
        """Read st's file; returns the Game up to any damage. With ``repair``
        cuts the file back to its good prefix (or removes an empty one)."""
        fs = self.fs
        name = st.name
        size = fs.size(name)
        sc = Scanner()
        rp = Replayer()
        off = 0
        pending = b""
        while off < size and not sc.stopped:
            chunk = fs.read_at(name, off, CHUNK)
            if not chunk:
                break
            off += len(chunk)
            buf = pending + chunk if pending else chunk
            base = off - len(buf)
            i = 0
            while not sc.stopped:
                nl = buf.find(b"\n", i)
                if nl < 0:
                    break
                if nl - i > MAX_LINE:
                    sc.too_long()
                    break
                rec = sc.feed(buf[i:nl], base + nl + 1)
                if rec is not None and not rp.add(rec):
                    sc.reject(base + i, rp.damage)
                i = nl + 1
            pending = buf[i:]
            if len(pending) > MAX_LINE:
                sc.too_long()
        if not sc.stopped:
            sc.finish(len(pending) + size - off)
        st.size = size
        st.seq = sc.records
        st.ended = rp.ended
        s.created = rp.created
        s.ended = rp.ended
        game = rp.game
        gid = st.game_id
        if sc.newer is not None or game is None:
            if sc.newer is None and repair and self._interrupted_start(name, size, sc):
                self.notes.append(
                    "game %d: %s removed (a power cut interrupted its start; no entry was in it)"
                    % (gid, "empty file" if size == 0 else "unfinished start record")
                )
                fs.remove(name)
                st.name = None
                return None
            st.writable = False
            if sc.newer is not None:
                st.why = sc.damage
            elif sc.damage is not None:
                st.why = "is not a readable game journal: " + sc.damage
            else:
                st.why = "is not a readable game journal"
            s.damage = "game %d %s" % (gid, st.why)
            s.finished = True
            return None
        s._readable = True
        st.readable = True
        if sc.damage is None:
            return game
        s.damage = "game %d: %s; kept %d records (%d bytes)" % (gid, sc.damage, sc.records, sc.good)
        if repair and sc.good < size:
            try:
                if not sc.torn:
                    # Keep what is cut off for the PC: it may hold entries.
                    fs.write_file(game_file(gid)[:-len(SUFFIX)] + BAD, fs.read_at(name, sc.good, min(size - sc.good, BAD_KEEP)))
                fs.truncate(name, sc.good)
                st.size = sc.good
            except OSError as e:
                st.writable = False
                st.why = "could not be repaired (%s)" % (e,)
                s.damage += "; could not cut the damage off (%s): read-only" % (e,)
        return game

    def _interrupted_start(self, name, size, sc):
        # Empty, or the first bytes of a start record and nothing else: what a
        # power cut during new_game leaves. Anything else is kept for the PC.
        if size == 0:
            return True
        if sc.records or not sc.torn or size > MAX_LINE:
            return False
        head = self.fs.read_at(name, 0, 4)
        return head == b"0 s "[: len(head)]

    def load(self, game_id):
        """Rebuild a game from its file (up to any damage; repairs nothing).
        None when it holds no readable game."""
        if not self._get(game_id).readable:
            return None
        probe = _Game(game_id)
        return self._scan(probe, Stored(self, game_id), repair=False)

    # ----- small files ------------------------------------------------------

    def _write_number(self, name, value):
        body = ("%s %d" % (name, value)).encode()
        self.fs.write_file(name, ("%d %s\n" % (value, crc_of(body))).encode())

    def _read_number(self, name):
        # 0 when missing or damaged: the caller's fallback is always safe.
        try:
            if not self.fs.exists(name) or self.fs.size(name) > 40:
                return 0
            parts = self.fs.read(name).split()
            value = int(parts[0])
            if len(parts) != 2 or parts[1].decode() != crc_of(("%s %d" % (name, value)).encode()):
                return 0
            return value
        except (ValueError, IndexError, OSError):
            return 0

    def _read_synced(self, st):
        v = self._read_number(st.name[: -len(SUFFIX)] + ACK)
        return min(max(v, 0), st.size)

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
        if not st.writable:
            raise JournalError("game %d %s" % (st.game_id, st.why))
        if st.ended:
            raise JournalError("game %d has ended: it takes no more records" % st.game_id)
        # Entries and undos (one per press) take the fast path, which
        # allocates nothing; other records and values it does not know take
        # the generic encoder. The bytes are the same either way.
        n = 0
        if rtype == ENTRY:
            if isinstance(payload, list) and len(payload) == 3:
                n = self._writer.entry(st.seq, payload[0], payload[1], payload[2])
        elif rtype == UNDO and payload is None:
            n = self._writer.undo(st.seq)
        line = self._writer.line(n) if n else encode(st.seq, rtype, payload)
        if st.dirty:
            # A previous append failed part way: cut what it left, so this
            # record follows a good one instead of hiding behind a torn one.
            if self.fs.exists(st.name) and self.fs.size(st.name) != st.size:
                self.fs.truncate(st.name, st.size)
            st.dirty = False
        try:
            self.fs.append(st.name, line)
        except BaseException:
            st.dirty = True
            raise
        st.seq += 1
        st.size += len(line)

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
        st = _Game(gid)
        self._games[gid] = st
        self._append(st, START, payload)
        st.readable = True  # written here: load() may replay it
        for i in range(len(game.hands)):
            for kind, seat, value in game.dict_to_entries(game.hand_to_dict(game.hands[i]), i + 1):
                self._append(st, ENTRY, [kind, seat, value])
        for kind, seat, value in game.current_entries():
            self._append(st, ENTRY, [kind, seat, value])
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

    def stored(self, game_id, game):
        """Finished game ``game_id`` listed as boot lists it: a Stored whose
        ``game`` is replayed from the file when asked for, so the caller
        can let the live ``game`` (every hand of it) go."""
        st = self._get(game_id)
        s = Stored(self, game_id)
        s._readable = True
        s.size = st.size
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
        """Bytes in the game's journal."""
        return self._get(game_id).size

    def read(self, game_id, offset, length):
        """Raw journal bytes from ``offset`` (at most ``length``), for sync."""
        st = self._get(game_id)
        if not isinstance(offset, int) or not isinstance(length, int) or offset < 0 or length < 0:
            raise JournalError("offset and length must be whole numbers >= 0")
        if offset >= st.size or length == 0:
            return b""
        return self.fs.read_at(st.name, offset, min(length, st.size - offset))

    def synced(self, game_id):
        """Bytes of the journal the PC has acknowledged."""
        return self._get(game_id).synced

    def mark_synced(self, game_id, upto):
        """Record that the PC holds the first ``upto`` bytes (written atomically)."""
        st = self._get(game_id)
        if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= st.size:
            raise JournalError("game %d has %d bytes: cannot acknowledge %r" % (game_id, st.size, upto))
        self._write_number(st.name[: -len(SUFFIX)] + ACK, upto)
        st.synced = upto

    def delete(self, game_id, force=False):
        """Delete a game. Refuses (JournalError) one the PC does not have in
        full unless ``force``."""
        st = self._get(game_id)
        if st.synced < st.size and not force:
            raise JournalError(
                "game %d is not on the PC yet (%d of %d bytes synced): sync it first, or delete with force"
                % (game_id, st.synced, st.size)
            )
        base = st.name[: -len(SUFFIX)]
        # The journal first: once it is gone the game is gone; boot sweeps
        # the small files a cut would leave behind.
        for n in (st.name, base + ACK, base + BAD):
            if self.fs.exists(n):
                self.fs.remove(n)
        del self._games[game_id]

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
                return gid
        return None
