# SPDX-License-Identifier: MIT
"""Helpers for the payloads that play the board app (board_game, app_game):
fake button pins, the USB serial stream as the link sees it, and the PC's
side of a sync. Kept apart so a payload imports only these few bytes.
"""

from binascii import crc32

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


STEP_MS = 60  # held this long, a press is past the 50 ms debounce
LONG_MS = 700  # and this much longer, it is a long press
EPOCH = 1700000000  # the fake clock's wall time at boot


def hold(app, held, clock, name, long=False):
    """One press of button ``name``: hold its pin (``held[name]``) past the
    debounce time (past the long-press time when ``long``), let the app's
    loop poll, release it, let it poll again."""
    held[name] = True
    clock.advance(STEP_MS)
    app.tick()
    if long:
        clock.advance(LONG_MS)
        app.tick()
    held[name] = False
    clock.advance(STEP_MS)
    app.tick()


class Stream:
    """The USB serial stream as the link sees it: ``inbox`` in, ``out`` out."""

    def __init__(self):
        self.inbox = b""
        self.out = []

    def read_available(self):
        data = self.inbox
        self.inbox = b""
        return data

    def write(self, data):
        self.out.append(bytes(data))


def pin(held, name):
    """A fake button: True while ``held[name]`` (on a board, an active-low
    pin read)."""
    return lambda: held[name]


def sync(board):
    """What the PC's sync asks: HELLO, LIST, FETCH of every game in 512-byte
    pieces, SUM. ``board`` has ``link``, ``stream`` and ``app``. Returns the
    status words and, per game, bytes and CRC."""
    from tallyboard import frames

    link = board.link
    status = []
    got = {}
    rid = [0]

    def ask(words):
        rid[0] += 1
        board.stream.inbox = frames.encode(frames.REQUEST, rid[0], words)
        board.stream.out = []
        link.poll()
        answer = frames.decode(b"".join(board.stream.out).strip(), frames.RESPONSE)[1]
        status.append(answer[0])
        return answer

    ask(["HELLO"])
    journal = board.app.journal
    ids = journal.ids()
    ask(["LIST"])
    for gid in ids:
        size = journal.size(gid)
        done = 0
        crc = 0
        while done < size:
            # The PC's side: a running CRC, not the file kept in RAM.
            piece = frames.unpack_data(ask(["FETCH", str(gid), str(done), "512"])[-1])
            crc = crc32(piece, crc)
            done += len(piece)
        ask(["SUM", str(gid), str(size)])
        got[str(gid)] = [done, crc]
    return {"status": status, "games": got}


def app_modules():
    """The app's modules loaded now (tricktally and tallyboard), sorted."""
    import sys

    out = []
    for name in sys.modules:
        if name.split(".")[0] in ("tricktally", "tallyboard"):
            out.append(name)
    out.sort()
    return out
