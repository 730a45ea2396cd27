# SPDX-License-Identifier: MIT
"""Frame codec of the serial link (docs/PROTOCOL.md), shared by board and PC.

One frame is one line of printable ASCII::

    >17 FETCH 3 0 600 *1a2b3c4d\\n      request  (PC -> board)
    <17 OK 3 0 600 aGVsbG8= *5e6f7081\\n  response (board -> PC)
    <17 ERR range offset past the end *0badf00d\\n

A mark (``>`` or ``<``), a decimal request id, space-separated words, then
`` *`` and the CRC32 (binascii.crc32, 8 lower-case hex digits) of every byte
before the `` *``. A line is at most MAX_LINE bytes with its ``\\n`` (a ``\\r``
before it is tolerated). Only bytes 0x20..0x7E appear in a frame, so byte
0x03 (which MicroPython turns into KeyboardInterrupt) never does.

This module runs unchanged on MicroPython and CPython: the board's link and
the PC's client both use it, so the two sides cannot disagree.
"""

import binascii

PROTOCOL = 1
MAX_LINE = 1024  # bytes, the '\n' included
MAX_ID = 999999999
# Journal bytes per FETCH answer: base64 makes 600 bytes 800 characters,
# which leaves room for the header within MAX_LINE.
MAX_CHUNK = 600
REQUEST = 62  # '>'
RESPONSE = 60  # '<'
# A board's notice to a club hub, unasked (docs/CLUB.md): "!N NEW".
NOTICE = 33  # '!'
_STAR = b" *"
_CRC_LEN = 8
_HEX = "0123456789abcdef"

# What LineReader.next_line() returns for a line longer than MAX_LINE (compare
# with ``is``); LineReader.long_first then holds that line's first byte.
TOO_LONG = object()


class FrameError(ValueError):
    """A line that is not a valid frame. ``code`` is the protocol error code
    (docs/PROTOCOL.md), ``rid`` the request id when it could be read (else 0)."""

    def __init__(self, code, message, rid=0):
        super().__init__(message)
        self.code = code
        self.message = message
        self.rid = rid


def crc_text(data):
    """CRC32 of ``data`` as the 8 lower-case hex digits frames carry."""
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def is_word(word):
    """True if ``word`` can be one word of a frame: printable ASCII, no space."""
    if not word:
        return False
    for ch in word:
        o = ord(ch)
        if o < 33 or o > 126:
            return False
    return True


def clean_message(message, limit=200):
    """``message`` made fit for an ERR frame: printable ASCII words, bounded."""
    out = []
    for ch in str(message)[:limit]:
        o = ord(ch)
        out.append(ch if 32 <= o <= 126 else "?")
    words = "".join(out).split(" ")
    kept = [w for w in words if w]
    return kept or ["-"]


def encode(mark, rid, words):
    """The frame line (bytes, ending in ``\\n``) with ``mark`` (REQUEST or
    RESPONSE), request id ``rid`` and ``words`` (str). Raises ValueError for a
    word that is empty or not printable ASCII, or a line over MAX_LINE."""
    if not isinstance(rid, int) or rid < 0 or rid > MAX_ID:
        raise ValueError("request id must be 0..%d, not %r" % (MAX_ID, rid))
    for w in words:
        if not is_word(w):
            raise ValueError("frame word %r is empty or not printable ASCII" % (w,))
    body = ("%s%d %s" % (chr(mark), rid, " ".join(words))).encode()
    line = body + _STAR + crc_text(body).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError("frame of %d bytes is over the %d-byte bound" % (len(line), MAX_LINE))
    return line


def is_frame(line, mark):
    """True if ``line`` claims to be a frame: ``mark`` then a digit. Anything
    else (a REPL banner, a ``>>>`` prompt, an empty line) is noise that both
    sides ignore without an answer."""
    return len(line) > 1 and line[0] == mark and 48 <= line[1] <= 57


def decode(line, mark):
    """Parse one frame ``line`` (bytes, without its ``\\n``) that must start with
    ``mark``; return ``(rid, words)`` (words as str, at least one). Raises
    FrameError with code ``long``, ``syntax`` or ``crc``."""
    n = len(line)
    if n and line[n - 1] == 13:  # tolerate CRLF line ends
        n -= 1
    if n + 1 > MAX_LINE:
        raise FrameError("long", "line over %d bytes" % MAX_LINE)
    if n == 0 or line[0] != mark:
        raise FrameError("syntax", "frame must start with %s" % chr(mark))
    for i in range(n):
        b = line[i]
        if b < 32 or b > 126:
            raise FrameError("syntax", "byte %d is not printable ASCII" % i)
    star = n - _CRC_LEN - 2
    if star < 2 or line[star:star + 2] != _STAR:
        raise FrameError("syntax", "no ' *crc' at the end")
    text = line[1:star].decode()
    words = text.split(" ")
    rid = _parse_id(words[0])
    crc = line[star + 2:n].decode()
    for ch in crc:
        if ch not in _HEX:
            raise FrameError("syntax", "crc must be 8 lower-case hex digits", rid)
    if crc != crc_text(line[:star]):
        raise FrameError("crc", "crc mismatch", rid)
    words = words[1:]
    if not words:
        raise FrameError("syntax", "no verb", rid)
    for w in words:
        if not w:
            raise FrameError("syntax", "empty word (double space)", rid)
    return rid, words


def _parse_id(text):
    if not text or len(text) > 9:
        raise FrameError("syntax", "request id must be 1 to 9 digits")
    for ch in text:
        if ch < "0" or ch > "9":
            raise FrameError("syntax", "request id must be digits")
    return int(text)


def parse_int(word, low, high, what):
    """The decimal integer ``word`` checked to lie in ``low..high``; raises
    FrameError ``args`` (not a number) or ``range`` (out of bounds)."""
    if not word or len(word) > 12:
        raise FrameError("args", "%s must be a number" % what)
    start = 1 if word[0] == "-" else 0
    if start == len(word):
        raise FrameError("args", "%s must be a number" % what)
    for i in range(start, len(word)):
        if word[i] < "0" or word[i] > "9":
            raise FrameError("args", "%s must be a number" % what)
    # One spelling per number: no "-0", no leading zeros ("007").
    if word[start] == "0" and (start or len(word) > 1):
        raise FrameError("args", "%s must be a number written plainly, not %s" % (what, word))
    value = int(word)
    if value < low or value > high:
        raise FrameError("range", "%s must be %d..%d" % (what, low, high))
    return value


def pack_data(data):
    """Journal bytes as one frame word (base64; '-' for no bytes)."""
    if not data:
        return "-"
    return binascii.b2a_base64(data).decode().strip()


class LineReader:
    """Cuts a byte stream into lines, bounding memory: a line longer than
    MAX_LINE is dropped and reported once as TOO_LONG (so one runaway sender
    cannot exhaust the board's heap)."""

    def __init__(self, limit=MAX_LINE):
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False
        self.long_first = 0

    def feed(self, data):
        """Add received bytes."""
        self._buf.extend(data)

    def pending(self):
        """How many bytes wait for the end of their line."""
        return len(self._buf)

    def ready(self):
        """True when a whole line waits to be taken."""
        return self._buf.find(b"\n") >= 0

    def clear(self):
        """Forget everything received so far."""
        self._buf = bytearray()
        self._skipping = False

    def next_line(self):
        """The next complete line (bytes, no ``\\n``), TOO_LONG for an
        oversized one, or None when no complete line is buffered."""
        buf = self._buf
        i = buf.find(b"\n")
        if i < 0:
            if len(buf) >= self.limit:
                # Keep only the first byte: the board answers a long line that
                # looked like a request and ignores long noise.
                if not self._skipping:
                    self._skipping = True
                    self.long_first = buf[0]
                self._buf = bytearray()
            return None
        line = bytes(buf[:i])
        self._buf = buf[i + 1:]
        if self._skipping:
            self._skipping = False
            return TOO_LONG
        if i + 1 > self.limit:
            self.long_first = line[0]
            return TOO_LONG
        return line
