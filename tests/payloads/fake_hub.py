# SPDX-License-Identifier: MIT
"""A club's hub inside the payload's own process, behind a fake socket,
for the board's measures with Wi-Fi on (bench/wasm32_bench.py,
bench/pico_est.py): the WebAssembly port has no sockets, and a figure must
not hang on the host's network. The board's side is the real one
(tallyboard.club, tcpstream, hublink, wifi); only the socket module, the
radio and the hub are stand-ins.

``sockets(hub)`` is the socket module the board's stream is given,
``network()`` the radio's (always on the network). ``Hub(key, device,
mode)``:

- ``live``: proves the key both ways as the hub's listener does, then
  syncs as it does (HELLO, LIST, FETCH in bursts of 8 pieces with SUM; ACK
  of what arrived at the first sync and once a game is finished), again
  at each of the board's notices: the board's work and heap are those of
  a board talking to a real hub;
- ``deaf``: proves the key, then takes no byte more (a hub that stopped
  reading);
- ``blackhole``: the connect never completes (on the unix port the
  bench gives a real socket to a listener whose queue is full instead:
  tests/club.py, ``full_listener``).

It keeps no journal bytes, only their count and CRC per game (its heap
counts in the payload's figures).
"""

import errno
import io
from binascii import crc32

# The board's own modules (frames, seal) are imported when the hub first
# needs them: they count in the board's figures, this module's code not
# (board_game.py imports it before the board boots).

_POLL = 3  # MP_STREAM_POLL
_WINDOW = 8
_NONCE = "0123456789abcdef0123456789abcdef"


class Hub:
    """The hub's side of the fake connection."""

    def __init__(self, key, device, mode="live"):
        self.key = key
        self.device = device
        self.mode = mode
        self.out = b""  # bytes for the board
        self.reader = None
        self.rid = 0
        self.seal = None
        self.state = None
        self.waiting = 0
        self.again = False
        self.games = {}  # game id -> [bytes had, their CRC, finished]
        self.plan = []  # [game id, size] still to fetch
        self.synced = 0  # syncs done
        self.acks = 0
        self.notices = 0
        self.connections = 0
        self.took = 0  # bytes the hub read

    def connected(self):
        """A new connection: a new session."""
        self.connections += 1
        self.out = b""
        self.reader = None
        self.seal = None
        self.waiting = 0
        self.plan = []
        self.ask("hello", [["HELLO"]])

    def ask(self, state, requests):
        from tallyboard import frames

        self.state = state
        for words in requests:
            self.rid += 1
            if self.seal is not None:
                words = words + [self.seal.mac((">%d %s" % (self.rid, " ".join(words))).encode())]
            self.out += frames.encode(frames.REQUEST, self.rid, words)
            self.waiting += 1

    def feed(self, data):
        """Bytes from the board."""
        from tallyboard import frames

        if self.reader is None:
            self.reader = frames.LineReader()
        self.took += len(data)
        self.reader.feed(data)
        line = self.reader.next_line()
        while line is not None:
            self.take(line)
            line = self.reader.next_line()

    def take(self, line):
        from tallyboard import frames
        from tallyboard.seal import Seal, proof, session_key

        if frames.is_frame(line, frames.NOTICE):
            self.notices += 1
            if self.waiting:
                self.again = True
            else:
                self.ask("list", [["HELLO"], ["LIST"]])
            return
        words = frames.decode(line, frames.RESPONSE)[1]
        if words[0] != "OK":
            raise ValueError("the board refused the hub: %s" % " ".join(words))
        self.waiting -= 1
        state = self.state
        if state == "hello":
            self.ask("auth", [["AUTH", _NONCE]])
        elif state == "auth":
            self.nonce = words[1]
            self.ask("prove", [["PROVE", proof(self.key, "hub", self.device, _NONCE, words[1])]])
        elif state == "prove":
            self.seal = Seal(session_key(self.key, _NONCE, self.nonce))
            self.ask("list", [["HELLO"], ["LIST"]])
        elif state == "list":
            if words[1] in ("more", "end"):  # not HELLO's answer (its words are sealed: the last is the seal)
                for entry in words[2:-1]:
                    gid, size, synced, finished = entry.split(":")[:4]
                    had = self.games.get(gid)
                    if had is None:
                        had = self.games[gid] = [0, 0, False]
                    had[2] = finished == "1" and synced != size
                    if int(size) > had[0]:
                        self.plan.append([gid, int(size)])
            if not self.waiting:
                self.fetch()
        elif state == "fetch":
            if words[0] == "OK" and len(words) == 6:  # FETCH: gid offset n data seal
                had = self.games[words[1]]
                data = frames.unpack_data(words[4])
                had[0] += len(data)
                had[1] = crc32(data, had[1])
            if not self.waiting:
                self.fetch()
        elif state == "ack" and not self.waiting:
            self.done()

    def done(self):
        # A sync over: another at once if the board told of more meanwhile.
        self.state = None
        if self.again:
            self.again = False
            self.ask("list", [["HELLO"], ["LIST"]])

    def fetch(self):
        # The next burst of FETCHes (and SUM at a game's end), or the ACKs.
        from tallyboard import frames

        requests = []
        while self.plan and len(requests) < _WINDOW:
            gid, size = self.plan[0]
            at = self.games[gid][0] + sum(int(r[3]) for r in requests if r[1] == gid)
            n = min(frames.MAX_CHUNK, size - at)
            requests.append(["FETCH", gid, str(at), str(n)])
            if at + n >= size:
                requests.append(["SUM", gid, str(size)])
                self.plan.pop(0)
        if requests:
            self.ask("fetch", requests)
            return
        acks = []
        for gid in self.games:
            had = self.games[gid]
            if had[0] and (had[2] or not self.synced):
                acks.append(["ACK", gid, str(had[0]), "%08x" % (had[1] & 0xFFFFFFFF)])
        self.synced += 1
        if not acks:
            self.done()
            return
        self.acks += 1
        self.ask("ack", acks)


class FakeSocket(io.IOBase):
    """A TCP socket whose other end is ``hub``."""

    def __init__(self, hub):
        self.hub = hub
        self.up = False

    def setblocking(self, flag):
        pass

    def connect(self, address):
        # At once, as a connect on the same host can be: then the board's
        # stream polls nothing (the unix port's poll of an object that is
        # not a file waits a millisecond, which a board's socket does not).
        if self.hub.mode == "blackhole":
            raise OSError(errno.EINPROGRESS)
        self.up = True
        self.hub.connected()

    def ioctl(self, request, arg):
        if request != _POLL:
            return -1  # no file descriptor (the unix port's poll asks first)
        return 0  # a blackhole: the connect never completes

    def readinto(self, buf):
        data = self.hub.out
        if not data:
            return None
        n = min(len(buf), len(data))
        buf[:n] = data[:n]
        self.hub.out = data[n:]
        return n

    def send(self, data):
        hub = self.hub
        if hub.mode == "deaf" and hub.seal is not None:
            raise OSError(errno.EAGAIN)
        hub.feed(bytes(data))
        return len(data)

    def close(self):
        self.up = False


class _Sockets:
    """The socket module of a board whose every connection goes to ``hub``."""

    AF_INET = 2
    SOCK_STREAM = 1

    def __init__(self, hub):
        self.hub = hub

    def getaddrinfo(self, host, port):
        return [(self.AF_INET, self.SOCK_STREAM, 0, "", (host, port))]

    def socket(self, family, kind):
        return FakeSocket(self.hub)


def sockets(hub):
    """The socket module for the board's stream."""
    return _Sockets(hub)


class _WLAN:
    def __init__(self, mode):
        self.on = False

    def active(self, on=None):
        if on is not None:
            self.on = on
        return self.on

    def isconnected(self):
        return self.on

    def connect(self, ssid, password=None):
        pass


class _Network:
    STA_IF = 0
    WLAN = _WLAN


def network():
    """The radio's module: the board is on the network once it is on."""
    return _Network()
