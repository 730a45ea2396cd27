# SPDX-License-Identifier: MIT
"""The journal's record line (docs/JOURNAL.md): its format, its CRC and the
fast writer of the lines a game writes on every confirmed press.

A record is the printable ASCII line ``<seq> <type> <payload> <crc>\\n``:
``seq`` counts records from 0, ``type`` is one letter (START, ENTRY, UNDO,
AMEND, END), ``payload`` is compact JSON (ASCII only, sorted keys, no
spaces outside strings) and ``crc`` is the CRC-32 of the bytes before the
last space, as 8 lowercase hex digits. Entries and undos are written by
``write_entry`` here; any other record by ``encode`` in
tallyboard.journal.encode (the same bytes); lines are checked and replayed
by tallyboard.journal.read.
"""

from binascii import crc32

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

VERSION = 1

START = "s"
ENTRY = "e"
UNDO = "u"
AMEND = "a"
END = "x"
TYPES = (START, ENTRY, UNDO, AMEND, END)


class JournalError(ValueError):
    """A journal (or a record in it) is not what this format allows.
    ``note``: None, or (set where the error has one) what went wrong as a
    tuple the screen words in the board's language (see files.Stored)."""

    note = None


def crc_of(body):
    """The CRC-32 of ``body`` (bytes) as 8 lowercase hex digits (a str)."""
    return "%08x" % (crc32(body) & 0xFFFFFFFF)


# ----- the fast path: entry and undo lines, almost nothing allocated -----
# An entry or undo is written on every confirmed press, and MicroPython
# counts every allocation: these two record types are written straight into
# the journal's buffer (digits by hand). The CRC-32 is binascii's (C code),
# over a view of the line: that view (and on a 32-bit board the CRC itself,
# as a long int when above 2**30) is all a record allocates here. Every
# other record, and any value the fast path does not know, goes through
# encode.encode(): the bytes are the same either way (tests compare them).

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
    path writes: the caller then uses encode.encode. The bytes are
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
                # allocated).
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
