# SPDX-License-Identifier: MIT
"""The game journal's on-flash format (docs/JOURNAL.md): one record a line.

A record is the printable ASCII line ``<seq> <type> <payload> <crc>\\n``:
``seq`` counts records from 0, ``type`` is one letter (START, ENTRY, UNDO,
AMEND, END), ``payload`` is compact JSON written by ``dumps`` (ASCII only,
sorted keys, no spaces outside strings) and ``crc`` is the CRC-32 of the
bytes before the last space, as 8 lowercase hex digits. This module only
encodes and checks lines; replaying them through the rules is journal.py's.
"""

import json
from binascii import crc32

VERSION = 1

START = "s"
ENTRY = "e"
UNDO = "u"
AMEND = "a"
END = "x"
TYPES = (START, ENTRY, UNDO, AMEND, END)
TYPES_BY_BYTE = {115: START, 101: ENTRY, 117: UNDO, 97: AMEND, 120: END}

# A line longer than this is damage, not a record: it bounds the memory a
# garbage file (or one with no newline at all) can take at boot.
MAX_LINE = 2048

_NL = 10


class JournalError(ValueError):
    """A journal (or a record in it) is not what this format allows."""


# ----- compact JSON ---------------------------------------------------------
# json.dumps differs between CPython (escapes non-ASCII, spaces after , and :)
# and MicroPython (raw UTF-8, dict order not kept), so the journal writes its
# own: the same bytes on both, which the CRC and the serial link need.


def dumps(obj):
    """Compact, ASCII-only JSON of ``obj`` (None, bool, int, str, list, tuple,
    dict with str keys), dict keys sorted. Raises JournalError for other types."""
    out = []
    _dump(obj, out)
    return "".join(out)


def _dump(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _dump_str(obj, out)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        first = True
        for item in obj:
            if not first:
                out.append(",")
            first = False
            _dump(item, out)
        out.append("]")
    elif isinstance(obj, dict):
        keys = list(obj.keys())
        for k in keys:
            if not isinstance(k, str):
                raise JournalError("journal JSON keys must be strings, not %r" % (k,))
        keys.sort()
        out.append("{")
        for i in range(len(keys)):
            if i:
                out.append(",")
            _dump_str(keys[i], out)
            out.append(":")
            _dump(obj[keys[i]], out)
        out.append("}")
    else:
        raise JournalError("cannot write %r to the journal (only null, true/false, whole numbers, text, lists, objects)" % (obj,))


def _dump_str(s, out):
    out.append('"')
    for ch in s:
        c = ord(ch)
        if c == 0x22:
            out.append('\\"')
        elif c == 0x5C:
            out.append("\\\\")
        elif 0x20 <= c < 0x7F:
            out.append(ch)
        elif c < 0x10000:
            out.append("\\u%04x" % c)
        else:
            c -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)))
    out.append('"')


# ----- lines -----------------------------------------------------------------


def crc_of(body):
    """The CRC-32 of ``body`` (bytes) as 8 lowercase hex digits (a str)."""
    return "%08x" % (crc32(body) & 0xFFFFFFFF)


def encode(seq, rtype, payload):
    """The bytes of one record line, newline included."""
    if rtype not in TYPES:
        raise JournalError("unknown record type %r" % (rtype,))
    body = ("%d %s %s" % (seq, rtype, dumps(payload))).encode()
    return body + b" " + crc_of(body).encode() + b"\n"


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
    try:
        payload = json.loads(line[a + 3 : sp])
    except ValueError:
        raise JournalError("payload is not JSON")
    return seq, rtype, payload


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
    while start < n and not sc.stopped:
        nl = data.find(b"\n", start)
        if nl < 0:
            break
        if nl - start > MAX_LINE:
            sc.too_long()
            break
        rec = sc.feed(data[start:nl], nl + 1)
        if rec is not None:
            records.append(rec)
        start = nl + 1
    if not sc.stopped:
        if n - start > MAX_LINE:
            sc.too_long()
        else:
            sc.finish(n - start)
    return records, sc.good, sc.damage
