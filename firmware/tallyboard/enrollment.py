# SPDX-License-Identifier: MIT
"""A board's enrollment in a club: the hub's address, the club's Wi-Fi and
the board's key, kept in ``club.json`` on the flash (docs/CLUB.md).

``tricktally club enroll`` writes it over USB (the link's ENROLL request,
``request``);
``firmware/main.py`` reads it at boot: a board without it (or with a
damaged one) plays as ever and syncs over USB only. The file is replaced
atomically (``fs.write_file``): a power cut leaves the old enrollment or
the new one, never half of one. Loaded at boot and for ENROLL only.

Refusals never repeat the password or the key (they end up in the PC's
messages).
"""

import json
from binascii import unhexlify

FILE = "club.json"
KEY_BYTES = 32
_HEX = "0123456789abcdef"


def request(fs, words):
    """The link's ENROLL request (docs/PROTOCOL.md): ``ENROLL HOST PORT
    SSID PASSWORD KEY`` (the Wi-Fi name and password as hex of UTF-8)
    writes the enrollment, ``ENROLL -`` forgets it; returns the answer's
    words. FrameError or ValueError, nothing written, when it is refused."""
    from tallyboard import frames, frames_more  # loaded with the link that asks; not at boot (load)

    if len(words) == 2 and words[1] == "-":
        forget(fs)
        return ["OK", "-"]
    if len(words) != 6:
        raise frames.FrameError("args", "ENROLL takes 5 arguments, or -")
    port = frames.parse_int(words[2], 1, 65535, "port")
    save(fs, words[1], port, frames_more.unpack_text(words[3]), frames_more.unpack_text(words[4]), words[5])
    return ["OK", words[1], words[2]]


def save(fs, host, port, ssid, password, key):
    """Check and write the enrollment: ``host`` (an IPv4 address or a name
    of 1..253 printable ASCII characters, no space), ``port`` 1..65535,
    ``ssid`` 1..32 bytes of UTF-8, ``password`` empty (an open network) or
    8..63 characters, ``key`` 64 lower-case hex digits. ValueError names
    what is wrong; nothing is written then."""
    if not isinstance(host, str) or not 1 <= len(host) <= 253:
        raise ValueError("the hub's address is 1 to 253 characters")
    for ch in host:
        if ord(ch) < 33 or ord(ch) > 126:
            raise ValueError("the hub's address is printable ASCII without spaces")
    if not isinstance(port, int) or not 1 <= port <= 65535:
        raise ValueError("the hub's port is 1..65535")
    if not 1 <= len(ssid.encode()) <= 32:
        raise ValueError("a Wi-Fi name is 1 to 32 bytes")
    if password and not 8 <= len(password) <= 63:
        raise ValueError("a Wi-Fi password is 8 to 63 characters (or none, for an open network)")
    if len(key) != 2 * KEY_BYTES or key.strip(_HEX):
        raise ValueError("the key is %d lower-case hex digits" % (2 * KEY_BYTES))
    data = {"host": host, "port": port, "ssid": ssid, "password": password, "key": key}
    fs.write_file(FILE, json.dumps(data).encode())


def load(fs):
    """The enrollment as a dict (host, port, ssid, password, and key as
    bytes), or None when the board has none or its file is damaged."""
    try:
        if not fs.exists(FILE):
            return None
        data = json.loads(fs.read(FILE))
        key = data["key"]
        if len(key) != 2 * KEY_BYTES or key.strip(_HEX):
            return None
        data["key"] = unhexlify(key)
        if not isinstance(data["host"], str) or not isinstance(data["port"], int) or not isinstance(data["ssid"], str) \
                or not isinstance(data["password"], str):
            return None
        return data
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def forget(fs):
    """Remove the enrollment: the board plays without a hub from its next boot."""
    if fs.exists(FILE):
        fs.remove(FILE)
