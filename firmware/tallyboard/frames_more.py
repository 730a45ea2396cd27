# SPDX-License-Identifier: MIT
"""The rest of the frame codec (tallyboard.frames), loaded on use: the
words a board only reads, text (ROSTER's names, ENROLL's Wi-Fi name and
password: UTF-8 in hex), and journal bytes read back from their word (the
PC's side: a board only packs its journal's bytes, frames.pack_data). A
board syncing with a club's hub never loads it.
"""

import binascii

from tallyboard.frames import _HEX, FrameError


def unpack_data(word):
    """The bytes of a pack_data() word; FrameError ``args`` if it is not base64."""
    if word == "-":
        return b""
    # CPython's decoder skips stray characters, MicroPython's does not: check
    # the alphabet here so both sides accept exactly the same words.
    if len(word) % 4:
        raise FrameError("args", "data is not base64")
    for ch in word:
        if not (("A" <= ch <= "Z") or ("a" <= ch <= "z") or ("0" <= ch <= "9") or ch in "+/="):
            raise FrameError("args", "data is not base64")
    try:
        # bytes, not str: the binascii of some ports (the WebAssembly one)
        # is micropython-lib's Python version, which takes only bytes.
        return binascii.a2b_base64(word.encode())
    except ValueError:
        raise FrameError("args", "data is not base64")


def pack_text(text):
    """A (possibly accented) string as one frame word: UTF-8 in hex."""
    if not text:
        return "-"
    return binascii.hexlify(text.encode("utf-8")).decode()


def unpack_text(word):
    """The string of a pack_text() word; FrameError ``args`` if it is not
    hex of valid UTF-8."""
    if word == "-":
        return ""
    if len(word) % 2:
        raise FrameError("args", "text is not hex")
    for ch in word:
        if ch not in _HEX:
            raise FrameError("args", "text is not lower-case hex")
    try:
        return binascii.unhexlify(word).decode("utf-8")
    except (ValueError, UnicodeError):
        raise FrameError("args", "text is not UTF-8")
