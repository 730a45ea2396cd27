# SPDX-License-Identifier: MIT
"""The journal folder's id: 8 random hex digits, made once per folder
(docs/JOURNAL.md, "Folder id").

A board whose flash is wiped (or reflashed with a fresh file system)
numbers its games from 1 again. The id tells the PC the games of this
folder from those of the board's earlier folders (HELLO sends it, and the
PC keys a board's games by it), so a new game 1 is a new game, never a
conflict with the old one.

It lives on the second line of ``tj.next`` (the next game id, whose first
line stays as older firmware wrote it): ``<id> <crc>``, the CRC-32 of
``"tj.id " + id``. Not a file of its own: one more file in the folder
moves littlefs's compactions of the folder's log from idle folds into key
presses (docs/JOURNAL.md). The first game of a fresh folder writes
``tj.next`` with a new id; boot gives one to a folder that has games but
no id (older firmware, a damaged line).
"""

from binascii import crc32, hexlify

from tallyboard.journal.files import NEXT_FILE

# tj.next is at most this long: "<9 digits> <crc>\n<id> <crc>\n" is 37 bytes.
MAX_SIZE = 60


def _crc(body):
    return ("%08x" % (crc32(body) & 0xFFFFFFFF)).encode()


def _lines(fs):
    try:
        if not fs.exists(NEXT_FILE) or fs.size(NEXT_FILE) > MAX_SIZE:
            return None
        return fs.read_at(NEXT_FILE, 0, MAX_SIZE).split(b"\n")
    except OSError:
        return None


def read(fs):
    """The folder's id (8 lower-case hex digits, a str), or None when it
    has none (or a damaged one, or the flash cannot be read)."""
    lines = _lines(fs)
    if lines is None or len(lines) < 2:
        return None
    parts = lines[1].split()
    if len(parts) != 2 or len(parts[0]) != 8 or parts[1] != _crc(b"tj.id " + parts[0]):
        return None
    for ch in parts[0]:
        if not (48 <= ch <= 57 or 97 <= ch <= 102):
            return None
    return parts[0].decode()


def _random4():
    # os.urandom where the port has it (rp2, esp32, unix); else the clock's
    # finest ticks, which differ from boot to boot.
    try:
        import os

        return os.urandom(4)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        import time

        t = time.ticks_us() if hasattr(time, "ticks_us") else time.time_ns()
        return bytes([(t >> s) & 0xFF for s in (0, 8, 16, 24)])


def write_next(fs, value, entropy=_random4):
    """Write ``tj.next``: the next game id ``value`` (its first line, as
    before) and the folder's id (kept, or made now). Returns the id.
    ``entropy()`` gives 4 random bytes (injected by tests)."""
    fid = read(fs)
    fid = hexlify(bytes(entropy())[:4]) if fid is None else fid.encode()
    first = ("%d" % value).encode()
    fs.write_file(NEXT_FILE, first + b" " + _crc(b"tj.next " + first) + b"\n" + fid + b" " + _crc(b"tj.id " + fid) + b"\n")
    return fid.decode()


def make(fs, entropy=_random4):
    """At boot: give a folder that has a next game id but no folder id one
    (a fresh folder gets its id with its first game). Never raises for a
    flash error: the next boot tries again."""
    lines = _lines(fs)
    if lines is None or read(fs) is not None:
        return
    parts = lines[0].split()
    if len(parts) != 2 or parts[1] != _crc(b"tj.next " + parts[0]):
        return  # a damaged counter: boot falls back on the game ids, the next game writes both
    try:
        write_next(fs, int(parts[0]), entropy)
    except (OSError, ValueError):
        pass
