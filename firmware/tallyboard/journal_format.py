# SPDX-License-Identifier: MIT
"""The game journal's on-flash format (docs/JOURNAL.md): one record a line.

A record is the printable ASCII line ``<seq> <type> <payload> <crc>\\n``:
``seq`` counts records from 0, ``type`` is one letter (START, ENTRY, UNDO,
AMEND, END), ``payload`` is compact JSON written by ``dumps`` (ASCII only,
sorted keys, no spaces outside strings) and ``crc`` is the CRC-32 of the
bytes before the last space, as 8 lowercase hex digits. This module only
writes the lines of entries and undos (``LineWriter``, on every confirmed
press, allocating nothing); any other record is written by
journal_json.py's ``encode`` (the same bytes), and checking and replaying
lines (boot only) is journal_read.py's.
"""

from binascii import crc32

VERSION = 1

START = "s"
ENTRY = "e"
UNDO = "u"
AMEND = "a"
END = "x"
TYPES = (START, ENTRY, UNDO, AMEND, END)

_NL = 10


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
# counts every allocation: these two record types are written into one
# preallocated buffer (digits by hand, known words as bytes made at import,
# the CRC-32 by hand in 16-bit halves so no long int is made). Every other
# record, and any value the fast path does not know, goes through
# journal_json.encode():
# the bytes are the same either way (tests compare them).

# Words an entry may hold (kinds, wizard suits, hearts moon choices), as the
# bytes dumps() writes for them.
_WORDS = {
    "bid": b'"bid"', "tricks": b'"tricks"', "hearts": b'"hearts"', "queen": b'"queen"', "jack": b'"jack"',
    "moon": b'"moon"', "first_card": b'"first_card"', "trump": b'"trump"', "S": b'"S"', "H": b'"H"', "D": b'"D"',
    "C": b'"C"', "none": b'"none"', "others_plus": b'"others_plus"', "self_minus": b'"self_minus"',
}
_LONGEST_WORD = 16
_BIG = 1000000  # ints of the fast path: -999999..999999 (7 characters)
_SEQ_MAX = 1000000000  # 9 digits
# seq, " e [", word, ",", int, ",", word (or int), "]", " ", crc, "\n"
FAST_MAX = 9 + 4 + _LONGEST_WORD + 1 + 7 + 1 + _LONGEST_WORD + 1 + 1 + 8 + 1
_HEX = b"0123456789abcdef"
_NULL = b"null"
_TRUE = b"true"
_FALSE = b"false"
# CRC-32 (zlib's reflected polynomial 0xEDB88320) of each nibble, split in
# 16-bit halves: every intermediate value stays a small int on MicroPython.
_CRC_LO = (0, 4196, 8392, 12460, 16784, 20980, 24920, 28988, 33568, 37700, 41960, 45964, 49840, 53972, 57976, 61980)
_CRC_HI = (0, 7607, 15214, 9945, 30428, 27499, 19890, 20485, 60856, 61455, 54998, 52065, 39780, 34515, 40970, 48573)


class LineWriter:
    """Writes entry and undo record lines into one reused buffer.

    ``entry(seq, kind, seat, value)`` and ``undo(seq)`` return the line's
    length, or 0 when the values are outside what the fast path writes (the
    caller then uses ``encode``); ``line(n)`` gives that line as a bytearray
    of exactly ``n`` bytes, reused for every line of that length (valid
    until the next line is written). The bytes are exactly those of
    ``encode`` for the same record.
    """

    def __init__(self):
        self.buf = bytearray(FAST_MAX)
        # One bytearray per line length, made the first time that length
        # occurs (a bytearray, not a memoryview: file stores and their test
        # doubles take it like bytes).
        self._lines = [None] * (FAST_MAX + 1)

    def line(self, n):
        """The line just written (``n`` bytes), in a reused bytearray."""
        out = self._lines[n]
        if out is None:
            out = self._lines[n] = bytearray(n)
        buf = self.buf
        for k in range(n):
            out[k] = buf[k]
        return out

    def entry(self, seq, kind, seat, value):
        """Write the line of entry record ``seq``; its length, or 0."""
        i = self._head(seq, 101)  # "e"
        if i < 0:
            return 0
        buf = self.buf
        buf[i] = 91  # "["
        i = self._value(kind, i + 1)
        if i < 0:
            return 0
        buf[i] = 44  # ","
        i = self._value(seat, i + 1)
        if i < 0:
            return 0
        buf[i] = 44
        i = self._value(value, i + 1)
        if i < 0:
            return 0
        buf[i] = 93  # "]"
        return self._tail(i + 1)

    def undo(self, seq):
        """Write the line of undo record ``seq``; its length, or 0."""
        i = self._head(seq, 117)  # "u"
        if i < 0:
            return 0
        return self._tail(self._bytes(_NULL, i))

    def _head(self, seq, letter):
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < _SEQ_MAX:
            return -1
        i = self._int(seq, 0)
        buf = self.buf
        buf[i] = 32
        buf[i + 1] = letter
        buf[i + 2] = 32
        return i + 3

    def _value(self, v, i):
        if v is None:
            return self._bytes(_NULL, i)
        if v is True:
            return self._bytes(_TRUE, i)
        if v is False:
            return self._bytes(_FALSE, i)
        if isinstance(v, int):
            if not -_BIG < v < _BIG:
                return -1
            return self._int(v, i)
        if isinstance(v, str):
            w = _WORDS.get(v)
            if w is None:
                return -1
            return self._bytes(w, i)
        return -1

    def _bytes(self, b, i):
        buf = self.buf
        for k in range(len(b)):
            buf[i + k] = b[k]
        return i + len(b)

    def _int(self, v, i):
        buf = self.buf
        if v < 0:
            buf[i] = 45  # "-"
            i += 1
            v = -v
        n = 1
        t = v
        while t >= 10:
            t //= 10
            n += 1
        end = i + n
        k = end - 1
        while k >= i:
            buf[k] = 48 + v % 10
            v //= 10
            k -= 1
        return end

    def _tail(self, n):
        # " <crc>\n" after the n bytes of the body; returns the line length.
        buf = self.buf
        lo = 0xFFFF
        hi = 0xFFFF
        tlo = _CRC_LO
        thi = _CRC_HI
        for k in range(n):
            lo ^= buf[k]
            x = lo & 15
            lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
            hi = (hi >> 4) ^ thi[x]
            x = lo & 15
            lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[x]
            hi = (hi >> 4) ^ thi[x]
        lo ^= 0xFFFF
        hi ^= 0xFFFF
        buf[n] = 32
        buf[n + 1] = _HEX[hi >> 12]
        buf[n + 2] = _HEX[(hi >> 8) & 15]
        buf[n + 3] = _HEX[(hi >> 4) & 15]
        buf[n + 4] = _HEX[hi & 15]
        buf[n + 5] = _HEX[lo >> 12]
        buf[n + 6] = _HEX[(lo >> 8) & 15]
        buf[n + 7] = _HEX[(lo >> 4) & 15]
        buf[n + 8] = _HEX[lo & 15]
        buf[n + 9] = _NL
        return n + 10
