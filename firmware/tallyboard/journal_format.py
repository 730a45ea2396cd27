# SPDX-License-Identifier: MIT
"""The game journal's on-flash format (docs/JOURNAL.md): one record a line.

A record is the printable ASCII line ``<seq> <type> <payload> <crc>\\n``:
``seq`` counts records from 0, ``type`` is one letter (START, ENTRY, UNDO,
AMEND, END), ``payload`` is compact JSON written by ``dumps`` (ASCII only,
sorted keys, no spaces outside strings) and ``crc`` is the CRC-32 of the
bytes before the last space, as 8 lowercase hex digits. This module only
writes the lines of entries and undos (``write_entry``, on every confirmed
press, into the journal's buffer, allocating nothing); any other record is
written by journal_json.py's ``encode`` (the same bytes), and checking and
replaying lines (boot only) is journal_read.py's.
"""

from binascii import crc32

VERSION = 1

START = "s"
ENTRY = "e"
UNDO = "u"
AMEND = "a"
END = "x"
TYPES = (START, ENTRY, UNDO, AMEND, END)


class JournalError(ValueError):
    """A journal (or a record in it) is not what this format allows.
    ``note``: None, or what went wrong as a tuple the screen words in the
    board's language (see journal.Stored)."""

    def __init__(self, message, note=None):
        super().__init__(message)
        self.note = note


def crc_of(body):
    """The CRC-32 of ``body`` (bytes) as 8 lowercase hex digits (a str)."""
    return "%08x" % (crc32(body) & 0xFFFFFFFF)


# ----- the fast path: entry and undo lines without allocating -------------
# An entry or undo is written on every confirmed press, and MicroPython
# counts every allocation: these two record types are written straight into
# the journal's buffer (digits by hand, the CRC-32 by hand in 16-bit halves
# so no long int is made on a 32-bit board). Every other record, and any
# value the fast path does not know, goes through journal_json.encode(): the
# bytes are the same either way (tests compare them).

_WORD_MAX = 16  # longest text value the fast path writes
_BIG = 1000000  # ints of the fast path: -999999..999999 (7 characters)
_SEQ_MAX = 1000000000  # 9 digits
# seq, " e [", three values (a quoted word at most) and two commas, "]",
# " ", crc, "\n"
FAST_MAX = 9 + 4 + 3 * (_WORD_MAX + 2) + 2 + 1 + 1 + 8 + 1
_HEX = b"0123456789abcdef"
# CRC-32 (zlib's reflected polynomial 0xEDB88320) of each nibble, split in
# 16-bit halves: every intermediate value stays a small int on MicroPython.
_CRC_LO = (0, 4196, 8392, 12460, 16784, 20980, 24920, 28988, 33568, 37700, 41960, 45964, 49840, 53972, 57976, 61980)
_CRC_HI = (0, 7607, 15214, 9945, 30428, 27499, 19890, 20485, 60856, 61455, 54998, 52065, 39780, 34515, 40970, 48573)


def write_entry(buf, at, seq, kind, seat, value):
    """Write the line of entry record ``seq`` (``kind``, ``seat``,
    ``value``; ``kind`` None: the undo record ``seq``) into ``buf`` from
    offset ``at`` (``buf`` has FAST_MAX bytes of room there). Returns the
    offset after its newline, or -1 when a value is outside what the fast
    path writes: the caller then uses journal_json.encode. The bytes are
    exactly encode's for the same record."""
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < _SEQ_MAX:
        return -1
    i = _value(buf, at, seq, _SEQ_MAX)
    buf[i] = 32
    buf[i + 2] = 32
    if kind is None:
        buf[i + 1] = 117  # "u"
        i = _value(buf, i + 3, None)
    else:
        buf[i + 1] = 101  # "e"
        buf[i + 3] = 91  # "["
        i = _value(buf, i + 4, kind)
        if i < 0:
            return -1
        buf[i] = 44  # ","
        i = _value(buf, i + 1, seat)
        if i < 0:
            return -1
        buf[i] = 44
        i = _value(buf, i + 1, value)
        if i < 0:
            return -1
        buf[i] = 93  # "]"
        i += 1
    # " <crc>\n": the CRC-32 of the bytes from ``at`` to ``i``.
    lo = 0xFFFF
    hi = 0xFFFF
    tlo = _CRC_LO
    thi = _CRC_HI
    for k in range(at, i):
        lo ^= buf[k]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
        hi = (hi >> 4) ^ thi[x]
        x = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
        hi = (hi >> 4) ^ thi[x]
    lo ^= 0xFFFF
    hi ^= 0xFFFF
    buf[i] = 32
    for k in range(4):
        buf[i + 4 - k] = _HEX[hi & 15]
        buf[i + 8 - k] = _HEX[lo & 15]
        hi >>= 4
        lo >>= 4
    buf[i + 9] = 10
    return i + 10


def _value(buf, i, v, big=_BIG):
    # Write ``v`` as JSON from ``i``; the offset after it, or -1 when it is
    # not a value of the fast path (an int: -big < v < big).
    if v is None or v is True or v is False:
        w = "null" if v is None else "true" if v else "false"
    elif isinstance(v, int):
        if not -big < v < big:
            return -1
        if v < 0:
            buf[i] = 45  # "-"
            i += 1
            v = -v
        end = i + 1
        t = v
        while t >= 10:
            t //= 10
            end += 1
        k = end - 1
        while k >= i:
            buf[k] = 48 + v % 10
            v //= 10
            k -= 1
        return end
    elif isinstance(v, str) and len(v) <= _WORD_MAX:
        # Printable ASCII but quote and backslash: written as it is.
        buf[i] = 34
        i += 1
        for ch in v:
            c = ord(ch)
            if c < 32 or c > 126 or c == 34 or c == 92:
                return -1
            buf[i] = c
            i += 1
        buf[i] = 34
        return i + 1
    else:
        return -1
    for ch in w:
        buf[i] = ord(ch)
        i += 1
    return i
