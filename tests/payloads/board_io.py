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


def fake_buttons():
    """``(held, clock, buttons)``: six fake pins (``held[name]``), a fake
    clock at EPOCH, and the real Buttons over them (imported here, when
    the board is made, not when a payload loads)."""
    from tallyboard.buttons import NAMES, Buttons
    from tallyfakes.fake_clock import FakeClock

    held = {}
    for name in NAMES:
        held[name] = False
    clock = FakeClock(epoch=EPOCH)
    sources = {}
    for name in NAMES:
        sources[name] = pin(held, name)
    return held, clock, Buttons(sources, clock.ticks_ms)


# FETCH requests the PC's sync sends back to back (tricktally_host.sync.WINDOW).
WINDOW = 8


def exchange(board, requests, out):
    """Send ``requests`` (lists of words) to ``board.link`` in one burst and
    let it answer; returns the answers' words, one list a request, and adds
    each answer's first word to ``out["status"]``."""
    from tallyboard import frames

    data = b""
    for words in requests:
        out["rid"] += 1
        data += frames.encode(frames.REQUEST, out["rid"], words)
    board.stream.inbox = data
    board.stream.out = []
    board.link.poll()
    answers = []
    for line in board.stream.out:
        answer = frames.decode(line.strip(), frames.RESPONSE)[1]
        out["status"].append(answer[0])
        answers.append(answer)
    board.stream.out = []
    if len(answers) != len(requests):
        raise ValueError("%d answers to %d requests" % (len(answers), len(requests)))
    return answers


def fetch_burst(board, burst, gid, got, out):
    """One burst of a game's FETCH requests (and its SUM, and the ACK of the
    game before): ``got`` is [bytes fetched, their running CRC], updated.
    The PC keeps a running CRC, not the bytes; and nothing of the answers
    stays in the caller's frame (the collector would see it there)."""
    from tallyboard import frames_more

    for words, answer in zip(burst, exchange(board, burst, out)):
        if words[0] == "FETCH" and answer[0] == "OK":
            piece = frames_more.unpack_data(answer[-1])
            got[1] = crc32(piece, got[1])
            got[0] += len(piece)
        elif words[0] == "SUM" and answer[-1] != "%08x" % (got[1] & 0xFFFFFFFF):
            raise ValueError("game %d: the board's CRC %s is not the bytes' %08x" % (gid, answer[-1], got[1]))


def sync_steps(board, out):
    """The PC's sync (tricktally_host.sync.sync_board) as the board sees it,
    one burst of requests at a time: HELLO, TIME, LIST (page by page), then
    per game FETCH in bursts of WINDOW pieces of the board's largest chunk,
    SUM in a game's last burst, its ACK riding on the next game's first
    burst and the last one alone. ``board`` has ``link`` and ``stream``.
    A generator: yields after each burst (the board's loop runs between
    them), and fills ``out`` with ``status`` (each answer's first word) and
    ``games`` (per game id, the bytes fetched and their CRC)."""
    out["status"] = []
    out["games"] = {}
    out["rid"] = 0
    chunk = int(exchange(board, [["HELLO"]], out)[0][5])  # MAX_CHUNK (a folder id may follow)
    yield "hello"
    exchange(board, [["TIME", str(EPOCH + 3600)]], out)
    yield "time"
    games = []
    more = True
    while more:
        answer = exchange(board, [["LIST"] if not games else ["LIST", str(games[-1][0])]], out)[0]
        more = answer[1] == "more"
        for entry in answer[2:]:
            games.append([int(word) for word in entry.split(":")[:2]])
        answer = entry = None
        yield "list"
    ack = []
    for gid, size in games:
        got = [0, 0]
        while size and got[0] < size:
            burst = ack
            ack = []
            at = got[0]
            for _ in range(WINDOW):
                if at < size:
                    n = min(chunk, size - at)
                    burst.append(["FETCH", str(gid), str(at), str(n)])
                    at += n
            if at >= size:
                burst.append(["SUM", str(gid), str(size)])
            fetch_burst(board, burst, gid, got, out)
            burst = None
            yield "fetch"
        if size:
            ack = [["ACK", str(gid), str(size), "%08x" % (got[1] & 0xFFFFFFFF)]]
            out["games"][str(gid)] = got
    if ack:
        exchange(board, ack, out)
        yield "ack"
    del out["rid"]


def sync(board):
    """``sync_steps`` run through at once; returns what it fills in."""
    out = {}
    for _ in sync_steps(board, out):
        pass
    return out


def app_modules():
    """The app's modules loaded now (tricktally and tallyboard), sorted."""
    import sys

    out = []
    for name in sys.modules:
        if name.split(".")[0] in ("tricktally", "tallyboard"):
            out.append(name)
    out.sort()
    return out
