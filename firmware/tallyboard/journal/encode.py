# SPDX-License-Identifier: MIT
"""The journal's generic writer: compact JSON and any record line.

``dumps`` writes a payload as docs/JOURNAL.md says (ASCII only, sorted
keys, no spaces outside strings); ``encode`` writes a whole record line.
Entries and undos, one per confirmed press, are written by
record.write_entry instead (the same bytes, hardly anything allocated): on
the board this module is needed for a game's start, an amendment, its end
and at boot, and ``Journal.rest`` lets it go.
"""

from tallyboard.journal.record import TYPES, JournalError, crc_of


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


def encode(seq, rtype, payload):
    """The bytes of one record line, newline included."""
    if rtype not in TYPES:
        raise JournalError("unknown record type %r" % (rtype,))
    body = ("%d %s %s" % (seq, rtype, dumps(payload))).encode()
    return body + b" " + crc_of(body).encode() + b"\n"
