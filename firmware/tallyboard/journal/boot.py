# SPDX-License-Identifier: MIT
"""The journal's boot: scan every game file, repair it, rebuild its game.

``Boot(journal).run()`` is ``Journal.boot()``: it finishes interrupted
atomic replaces, reads every ``gNNNN.tj`` in chunks through the Scanner and
the rules core, cuts a torn or damaged tail off (keeping a damaged one as a
piece for the PC), removes what a power cut left of a start, checks each
acknowledgement against the bytes it covers, and sweeps leftovers of
interrupted deletes. ``load(journal, game_id)`` replays one stored game
(repairing nothing) when it is opened.

Only boot and the opening of a stored game need this: ``Journal`` imports
it then and lets it go (with journal.read) right after, so during a game
only the append path stays in RAM. Nothing that outlives the boot may be an
object of this module's classes (it would keep the module alive): what it
returns is files.py's ``Stored`` and ``GameFile``, and the core's games.
"""

from binascii import crc32

from tallyboard.journal.files import (
    ACK,
    BAD,
    CHUNK,
    NEXT_FILE,
    SUFFIX,
    TAIL,
    GameFile,
    Stored,
    ack_name,
    piece_name,
    try_remove,
)
from tallyboard.journal.read import MAX_LINE, Replayer, Scanner
from tallyboard.journal.record import crc_of

# How much of a damaged tail boot keeps in gNNNN.bad before cutting it off.
BAD_KEEP = 4096


def _id_of(name, suffix=SUFFIX):
    # The game id in a file name ``gNNNN<suffix>``, or None: not ours.
    if len(name) < 2 + len(suffix) or name[0] != "g" or not name.endswith(suffix):
        return None
    digits = name[1 : -len(suffix)]
    if len(digits) > 9:
        return None  # not an id the link can name (1 to 9 digits): not ours
    for ch in digits:
        if not "0" <= ch <= "9":
            return None
    return int(digits)


def _piece_of(name):
    # (game id, k) of a damaged piece's file name, or None.
    gid = _id_of(name, BAD)
    if gid is not None:
        return gid, 1
    if name[:1] != "g" or not name.endswith(BAD):
        return None
    mid = name[1 : -len(BAD)]
    us = mid.find("_")
    if us < 1 or us == len(mid) - 1:
        return None
    for ch in mid[:us] + mid[us + 1 :]:
        if not "0" <= ch <= "9":
            return None
    k = int(mid[us + 1 :])
    if k < 2:
        return None
    return int(mid[:us]), k


def load(journal, game_id):
    """The Game stored in ``game_id``'s file, replayed up to any damage
    (repairs nothing); None when it holds no readable game."""
    st = GameFile(game_id)
    return Boot(journal).scan(st, Stored(journal, game_id), repair=False, tail=journal.fs.exists(st.tail_name))


class Boot:
    """One scan of ``journal``'s file system (see the module docstring)."""

    def __init__(self, journal):
        self.journal = journal
        self.fs = journal.fs

    def run(self):
        """Scan, repair and rebuild every game; returns a list of Stored,
        by game id. Never raises for a bad file (PowerCut from a MemFS
        aside): a bad one comes back with ``damage`` set."""
        self.journal._games = {}
        self.journal.notes = []
        self.journal.notices = []
        self.fs.recover()
        names = self.fs.listdir()
        ids = []
        for n in names:
            gid = _id_of(n)
            if gid is not None:
                ids.append(gid)
        ids.sort()
        pieces = {}
        for n in names:
            pk = _piece_of(n)
            if pk is not None:
                if pk[0] not in pieces:
                    pieces[pk[0]] = []
                pieces[pk[0]].append(pk[1])
        tails = []
        for n in names:
            gid = _id_of(n, TAIL)
            if gid is not None:
                tails.append(gid)
        out = []
        for gid in ids:
            s = self.one(gid, pieces.get(gid), gid in tails)
            if s is not None:
                out.append(s)
        for n in names:
            # Leftovers of a delete a power cut interrupted.
            gid = _id_of(n, ACK)
            if gid is None:
                gid = _id_of(n, TAIL)
            if gid is None:
                pk = _piece_of(n)
                gid = pk[0] if pk is not None else None
            if gid is not None and gid not in self.journal._games:
                try_remove(self.fs, n)
        self.journal._next = max([1, self.read_number(NEXT_FILE)] + [g + 1 for g in ids])
        # A folder with games but no id (older firmware) gets one.
        from tallyboard.journal import folder_id

        folder_id.make(self.fs)
        return out

    def one(self, gid, pieces=None, tail=False):
        """Boot game ``gid`` (``pieces``: the k of its damaged pieces found
        on the flash; ``tail``: it has a tail file): its Stored, or None
        when its file was removed (a start the power cut interrupted)."""
        st = GameFile(gid)
        if pieces:
            pieces.sort()
            st.pieces = pieces
        s = Stored(self.journal, gid)
        ack_upto, ack_crc = self.read_ack(st)
        try:
            game = self.scan(st, s, repair=True, ack_upto=ack_upto, tail=tail)
        except Exception as e:
            # Not the file's fault as far as we know (memory, I/O): keep the
            # file untouched and read-only.
            st.writable = False
            st.readable = False
            st.why = "could not be read (%s: %s)" % (type(e).__name__, e)
            s.damage = "game %d %s" % (gid, st.why)
            s.note = st.note = ("read_failed", gid, 0, 0, type(e).__name__)
            s._readable = False
            game = None
            try:
                st.size = self.fs.size(st.name)
            except OSError:
                pass
        if st.name is None:
            return None
        # Synced only when the file still holds exactly the bytes the PC
        # acknowledged (a swapped or rewritten file is not "synced").
        if ack_upto and ack_upto <= st.size + st.tail and st.ack_seen == ack_crc:
            st.synced = ack_upto
            st.ack_crc = ack_crc
        s.size = st.size + st.tail
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
        self.journal._games[gid] = st
        return s

    def scan(self, st, s, repair, ack_upto=0, tail=False):
        """Read st's file (and, with ``tail``, its tail file after it: see
        read_tail); returns the Game up to any damage. With ``repair``
        cuts the file back to its good prefix (or removes an empty one).
        Sets ``st.ack_seen`` to the CRC-32 of the first ``ack_upto`` bytes
        (None when the scan did not read that far)."""
        fs = self.fs
        name = st.name
        size = fs.size(name)
        limit, head, recs = self.read_tail(st, size) if tail else (size, 0, None)
        orphan = None
        if head < 0:
            # A tail that does not follow the game file: kept as a piece.
            orphan = recs
            recs = None
            if repair:
                self.journal.notes.append("game %d: its tail file does not follow the game file; kept as a damaged piece" % st.game_id)
        sc = Scanner()
        rp = Replayer()
        off = 0
        pending = b""
        acrc = 0
        st.ack_seen = None
        while off < limit and not sc.stopped:
            chunk = fs.read_at(name, off, min(CHUNK, limit - off))
            if not chunk:
                break
            if off < ack_upto:
                n = min(len(chunk), ack_upto - off)
                acrc = crc32(chunk[:n] if n < len(chunk) else chunk, acrc)
                if off + n == ack_upto:
                    st.ack_seen = acrc & 0xFFFFFFFF
            off += len(chunk)
            buf = pending + chunk if pending else chunk
            pending = buf[self.lines(sc, rp, buf, off - len(buf)) :]
            if len(pending) > MAX_LINE:
                sc.too_long()
        if recs is not None and not sc.stopped and not pending:
            # The tail's records go on from the game file's last one.
            pending = recs[self.lines(sc, rp, recs, limit) :]
            off = limit
            if limit < ack_upto <= limit + len(recs):
                # An acknowledgement that covers records of the tail.
                st.ack_seen = crc32(recs[: ack_upto - limit], acrc) & 0xFFFFFFFF
            if not sc.stopped and (len(pending) > MAX_LINE or fs.size(st.tail_name) > head + len(recs)):
                sc.too_long()  # more than boot reads of a tail: not a torn record
            if not sc.stopped and sc.good > limit:
                st.head = head
                st.tail = sc.good - limit
        if recs is not None and sc.good < limit:
            # Damage before the tail: its records follow the damage.
            orphan = recs
            recs = None
        if not sc.stopped:
            sc.finish(len(pending) + limit - off)
        st.size = limit
        st.seq = sc.records
        st.ended = rp.ended
        s.created = rp.created
        s.ended = rp.ended
        game = rp.game
        gid = st.game_id
        if sc.newer is not None or game is None:
            if sc.newer is None and repair and self.interrupted_start(name, size, sc):
                self.journal.notes.append(
                    "game %d: %s removed (a power cut interrupted its start; no entry was in it)"
                    % (gid, "empty file" if size == 0 else "unfinished start record")
                )
                self.journal.notices.append(("removed", gid, 0, 0, None))
                fs.remove(name)
                st.name = None
                return None
            st.writable = False
            if sc.newer is not None:
                st.why = sc.damage
                st.note = ("newer", gid, sc.newer, 0, None)
            else:
                st.why = "is not a readable game journal"
                if sc.damage is not None:
                    st.why += ": " + sc.damage
                st.note = ("unreadable", gid, 0, 0, None)
            s.damage = "game %d %s" % (gid, st.why)
            s.note = st.note
            return None
        s._readable = True
        st.readable = True
        if sc.damage is not None:
            s.damage = "game %d: %s; kept %d records (%d bytes)" % (gid, sc.damage, sc.records, sc.good)
            s.note = ("torn" if sc.torn else "cut", gid, sc.records, sc.good, None)
        if not repair or (sc.damage is None and orphan is None):
            return game
        try:
            if recs is not None:
                # The damage is in the tail: keep its good records (a copy
                # and a rename: a cut leaves the old tail or the new one).
                keep = sc.good - limit
                if not sc.torn:
                    self.keep_piece(st, recs[keep:])
                fs.truncate(st.tail_name, head + keep)
                st.head = head
                st.tail = keep
            else:
                if not sc.torn and sc.good < size:
                    # Keep what is cut off for the PC: it may hold entries.
                    # A new piece each time: an earlier one is never lost.
                    self.keep_piece(st, fs.read_at(name, sc.good, min(size - sc.good, BAD_KEEP)))
                if orphan is not None:
                    self.keep_piece(st, orphan)
                    fs.remove(st.tail_name)
                if sc.good < size:
                    fs.truncate(name, sc.good)
                    st.size = sc.good
        except OSError as e:
            st.writable = False
            st.why = "could not be repaired (%s)" % (e,)
            s.damage = (s.damage or "game %d" % gid) + "; could not cut the damage off (%s): read-only" % (e,)
            from tallyboard.notes import errno_name  # only on this rare path

            s.note = st.note = ("stuck", gid, sc.records, sc.good, errno_name(e))
        return game

    def lines(self, sc, rp, buf, base):
        """Check (Scanner ``sc``) and replay (Replayer ``rp``) the whole
        lines of ``buf``, whose first byte is at file offset ``base``;
        returns the index after the last line read."""
        i = 0
        while True:
            after = sc.line_at(buf, i, base)
            if after < 0:
                return i
            if sc.rec is not None and not rp.add(sc.rec):
                sc.reject(base + i, rp.damage)
            i = after

    def read_tail(self, st, size):
        """What the game's tail file adds to a game file of ``size`` bytes:
        ``(limit, head, records)``, the game file read up to ``limit`` then
        the tail's ``records`` (bytes after its ``head``-byte header), or
        ``(size, 0, None)`` when the tail adds nothing.

        The header names the game file's length the tail continues from
        (``base``). The game file may hold none of the tail's records (not
        folded yet: limit = base), the first bytes of them (a fold cut
        short on a store that tears writes: those bytes are ignored, the
        next fold cuts them), or all of them (folded, the tail left over).
        A tail with no whole header line holds no record (its write was
        cut). Those two are left as they are (boot writes nothing on a
        board a cut did not damage): the next record replaces the tail. One
        whose header is damaged, or that does not follow the game file,
        comes back as ``(size, -1, its bytes)``: boot keeps it as a damaged
        piece and removes it."""
        fs = self.fs
        name = st.tail_name
        data = fs.read_at(name, 0, BAD_KEEP)
        nl = data.find(b"\n")
        if nl >= 0:
            base = self.number_in(name, data[:nl])
            recs = data[nl + 1 :]
            whole = recs[: recs.rfind(b"\n") + 1]
            done = size - base
            if base >= 0 and done >= 0 and fs.read_at(st.name, base, min(done, len(whole))) == whole[:done]:
                if done < len(whole):
                    return base, nl + 1, recs
            else:
                return size, -1, data
        return size, 0, None

    def keep_piece(self, st, data):
        """Keep ``data`` as the game's next damaged piece, for the PC (an
        earlier piece is never overwritten); returns its number."""
        k = st.pieces[-1] + 1 if st.pieces else 1
        self.fs.write_file(piece_name(st.game_id, k), data)
        st.pieces.append(k)
        return k

    def number_in(self, name, line):
        """The number a ``"<number> <crc>"`` line of file ``name`` holds
        (tj.next, a tail's header); -1 when it is damaged."""
        parts = line.split()
        try:
            value = int(parts[0])
            if len(parts) == 2 and value >= 0 and parts[1].decode() == crc_of(("%s %d" % (name, value)).encode()):
                return value
        except (ValueError, IndexError, UnicodeError):
            pass
        return -1

    def interrupted_start(self, name, size, sc):
        """True for an empty file, or the first bytes of a start record and
        nothing else: what a power cut during new_game leaves. Anything else
        is kept for the PC."""
        if size == 0:
            return True
        if sc.records or not sc.torn or size > MAX_LINE:
            return False
        head = self.fs.read_at(name, 0, 4)
        return head == b"0 s "[: len(head)]

    def read_number(self, name):
        """The number file ``name`` holds (tj.next, its first line: the
        second is the folder id, folder_id.py); 0 when missing or damaged:
        the caller's fallback is always safe."""
        try:
            if not self.fs.exists(name) or self.fs.size(name) > 60:
                return 0
            return max(0, self.number_in(name, self.fs.read(name).split(b"\n")[0]))
        except OSError:
            return 0

    def read_ack(self, st):
        """``(upto, crc)`` the game's ack file holds; ``(0, None)`` when
        missing or damaged (the safe fallback: nothing counts as synced)."""
        name = ack_name(st)
        try:
            if not self.fs.exists(name) or self.fs.size(name) > 60:
                return 0, None
            parts = self.fs.read(name).split()
            if len(parts) != 3 or len(parts[1]) != 8:
                return 0, None
            upto = int(parts[0])
            digest = int(parts[1], 16)
            if upto < 0 or parts[2].decode() != crc_of(("%s %d %08x" % (name, upto, digest)).encode()):
                return 0, None
            return upto, digest
        except (ValueError, IndexError, OSError, UnicodeError):
            return 0, None
