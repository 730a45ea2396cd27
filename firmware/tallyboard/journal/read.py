# SPDX-License-Identifier: MIT
"""Reading the game journal (docs/JOURNAL.md): check lines, replay records.

``parse`` checks one line, ``Scanner`` checks a file's lines in order (what
is good, where the damage starts), ``decode`` does both for a whole journal
in memory, and ``Replayer`` / ``replay`` / ``rebuild`` feed the records to
the rules core. Writing lines is record.py's and encode.py's.

Only boot, a stored game being opened (tallyboard.journal.boot) and the PC
(tricktally_host.sync) read journals: the board forgets this module after
boot (``Journal.boot``), so it takes no RAM during a game.
"""

import json
from binascii import crc32

from tricktally import new_game

from tallyboard.journal.encode import dumps
from tallyboard.journal.record import AMEND, END, ENTRY, START, UNDO, VERSION, JournalError

TYPES_BY_BYTE = {115: START, 101: ENTRY, 117: UNDO, 97: AMEND, 120: END}

# A line longer than this is damage, not a record: it bounds the memory a
# garbage file (or one with no newline at all) can take at boot.
MAX_LINE = 2048

# Deepest nesting of lists and objects a payload may have: the deepest real
# one (an amendment) has 4. A deeper payload is damage, not a reason for the
# JSON reader (or the core after it) to recurse until the stack runs out.
MAX_DEPTH = 8

_NAMES = {START: "start", ENTRY: "entry", UNDO: "undo", AMEND: "amend", END: "end"}

# What a record the rules refuse raises (absurd numbers overflow, absurd
# nesting recurses). Anything else (MemoryError on the board, an I/O error)
# is no proof that the file is bad: boot keeps the file.
_REFUSED = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RuntimeError)


def _hex8(line, at):
    # The 8 hex digits at ``at`` as an int, or -1; a loop, not a slice and a
    # str: boot checks every record and MicroPython counts every allocation.
    v = 0
    for i in range(at, at + 8):
        c = line[i]
        if 48 <= c <= 57:
            v = (v << 4) | (c - 48)
        elif 97 <= c <= 102:
            v = (v << 4) | (c - 87)
        else:
            return -1
    return v


def parse(line):
    """Check one line (bytes, without its newline) and return
    ``(seq, type, payload)``; raises JournalError saying what is wrong."""
    sp = line.rfind(b" ")
    if sp < 0:
        raise JournalError("not a record (no checksum)")
    if len(line) - sp != 9:
        raise JournalError("bad checksum")
    want = _hex8(line, sp + 1)
    if want < 0 or want != crc32(memoryview(line)[:sp]) & 0xFFFFFFFF:
        raise JournalError("bad checksum")
    # The checksum matched, so these are the bytes that were written: what
    # follows only rejects lines that a different writer put there.
    seq = 0
    a = 0
    while a < sp and line[a] != 32:
        c = line[a]
        if not 48 <= c <= 57:
            raise JournalError("sequence number is not a number")
        seq = seq * 10 + c - 48
        a += 1
    if a == 0 or a + 3 > sp or line[a + 2] != 32:
        raise JournalError("not <seq> <type> <payload>")
    if a > 1 and line[0] == 48:
        raise JournalError("sequence number is not canonical")
    rtype = TYPES_BY_BYTE.get(line[a + 1])
    if rtype is None:
        raise JournalError("unknown record type %r (a newer firmware?)" % chr(line[a + 1]))
    if _too_deep(line, a + 3, sp):
        raise JournalError("payload nested deeper than %d" % MAX_DEPTH)
    try:
        payload = json.loads(line[a + 3 : sp])
    except (ValueError, RuntimeError, MemoryError):
        raise JournalError("payload is not JSON")
    return seq, rtype, payload


def _too_deep(line, start, end):
    # True when brackets outside strings nest deeper than MAX_DEPTH.
    depth = 0
    in_str = False
    i = start
    while i < end:
        c = line[i]
        if in_str:
            if c == 92:  # backslash: skip the escaped byte
                i += 1
            elif c == 34:
                in_str = False
        elif c == 34:
            in_str = True
        elif c == 91 or c == 123:
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif c == 93 or c == 125:
            depth -= 1
        i += 1
    return False


def start_version(payload):
    """The journal version a start record's payload declares (an int);
    raises JournalError when it declares none."""
    if not isinstance(payload, dict):
        raise JournalError("the start record is not an object")
    v = payload.get("journal")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise JournalError("the start record has no journal version")
    return v


class Scanner:
    """Checks lines one by one, in order, as they come off the file.

    Feed it with ``feed(line, end)`` (``end`` = file offset just after the
    line's newline); it returns the record, or None once it has stopped.
    After the last line call ``finish(tail)`` with the count of bytes left
    after the last newline. Then ``good`` is the length of the good prefix,
    ``damage`` None or a message, ``newer`` the version of a journal from a
    newer format (else None), ``records`` how many good records were seen,
    ``torn`` True when the only damage is an unfinished last line.
    """

    def __init__(self):
        self.good = 0
        self.records = 0
        self.damage = None
        self.newer = None
        self.torn = False
        self.stopped = False
        self.rec = None

    def stop(self, message):
        """Stop here: nothing from this point on is used."""
        if not self.stopped:
            self.stopped = True
            self.damage = message

    def feed(self, line, end):
        """Check one complete line; return its record or None."""
        if self.stopped:
            return None
        seq_wanted = self.records
        try:
            rec = parse(line)
            if rec[0] != seq_wanted:
                raise JournalError("sequence number %d where %d was due" % (rec[0], seq_wanted))
            if seq_wanted == 0:
                if rec[1] != START:
                    raise JournalError("the first record is not a start record")
                v = start_version(rec[2])
                if v > VERSION:
                    self.newer = v
                    self.stop(
                        "written by a newer firmware (journal format %d; this one reads %d): update the firmware; file kept as it is"
                        % (v, VERSION)
                    )
                    return None
            elif rec[1] == START:
                raise JournalError("a second start record")
        except JournalError as e:
            self.stop("record %d is damaged (%s)" % (seq_wanted, e))
            return None
        self.records += 1
        self.good = end
        return rec

    def line_at(self, buf, i, base):
        """Check the line of ``buf`` that starts at ``i`` (``base``: the
        file offset of ``buf[0]``); its record (None if bad) is then in
        ``rec``. Returns the offset after its newline, or -1 when ``buf``
        holds no whole line from ``i`` or the scanner has stopped (a line
        over MAX_LINE stops it)."""
        if self.stopped:
            return -1
        nl = buf.find(b"\n", i)
        if nl < 0:
            return -1
        if nl - i > MAX_LINE:
            self.too_long()
            return -1
        self.rec = self.feed(buf[i:nl], base + nl + 1)
        return nl + 1

    def reject(self, start, message):
        """The record just fed (its line began at offset ``start``) was
        refused by the rules: it and everything after it is damage."""
        self.records -= 1
        self.good = start
        self.stop(message)

    def too_long(self):
        """The current line is longer than MAX_LINE: damage."""
        self.stop("record %d is damaged (longer than %d bytes)" % (self.records, MAX_LINE))

    def finish(self, tail):
        """The file ended with ``tail`` bytes after the last newline."""
        if tail and not self.stopped:
            self.torn = True
            self.stop("record %d was cut short (power cut while writing?): %d bytes dropped" % (self.records, tail))


def decode(data):
    """Decode a whole journal (bytes) -> ``(records, good_length, damage)``.

    ``records`` are the good ``(seq, type, payload)`` tuples before any
    damage, ``good_length`` the length of the prefix they fill, ``damage``
    None or a message (a newer format, a bad record, a torn last line).
    Never raises for bad bytes.
    """
    sc = Scanner()
    records = []
    start = 0
    n = len(data)
    while True:
        after = sc.line_at(data, start, 0)
        if after < 0:
            break
        if sc.rec is not None:
            records.append(sc.rec)
        start = after
    if not sc.stopped:
        if n - start > MAX_LINE:
            sc.too_long()
        else:
            sc.finish(n - start)
    return records, sc.good, sc.damage


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
            try:
                text = dumps(p)
            except JournalError:  # a float, say: refused by the rules too
                text = "?"
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
