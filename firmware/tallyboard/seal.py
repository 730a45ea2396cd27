# SPDX-License-Identifier: MIT
"""The seals of the link between a board and a club hub (docs/CLUB.md,
"The board link"): HMAC-SHA256 (RFC 2104), shared by the board and the
hub so they cannot disagree. ``Seal(session key).mac(text)`` is the word
every frame of a session carries after its other words, the first 16
bytes of HMAC-SHA256 of the frame's text before that word, in 32 hex
digits. The proofs and the session's key, needed only while a session
starts, are tallyboard.handshake's.

MicroPython has ``hashlib.sha256`` but no ``hmac``: these few lines are
HMAC as the RFC defines it (the tests check them against CPython's).
"""

from binascii import hexlify
from hashlib import sha256

try:
    from micropython import const
except ImportError:  # CPython
    const = int

MAC_LEN = 32  # hex digits of a frame's seal word
_BLOCK = const(64)  # SHA-256's block, in bytes
# What a sealed frame ends with after its text: " SEAL *CRC".
_TAIL = const(43)


def _pads(key):
    # The key XOR ipad and XOR opad, each one block long.
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    inner = bytearray(_BLOCK)
    outer = bytearray(_BLOCK)
    for i in range(_BLOCK):
        b = key[i] if i < len(key) else 0
        inner[i] = b ^ 0x36
        outer[i] = b ^ 0x5C
    return bytes(inner), bytes(outer)


def _hmac(pads, msg):
    h = sha256(pads[0])
    h.update(msg)
    h2 = sha256(pads[1])
    h2.update(h.digest())
    return h2.digest()


def hmac_sha256(key, msg):
    """HMAC-SHA256 of bytes ``msg`` under bytes ``key`` (32 bytes)."""
    return _hmac(_pads(key), msg)


def text_of(line):
    """The text a sealed frame ``line`` (bytes without its newline, a
    frame frames.decode took) carries before its seal word."""
    n = len(line)
    if line[n - 1] == 13:
        n -= 1
    return line[:n - _TAIL]


def same(a, b):
    """True when texts ``a`` and ``b`` are equal, in a time that does not
    tell how much of them matched."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= ord(a[i]) ^ ord(b[i])
    return diff == 0


class Seal:
    """The seals of one session: ``mac(text)`` for bytes ``text``."""

    def __init__(self, key):
        self._pads = _pads(key)

    def mac(self, text):
        """The seal word of a frame whose text before it is ``text``."""
        return hexlify(_hmac(self._pads, text)[:16]).decode()
