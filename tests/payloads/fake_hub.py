# SPDX-License-Identifier: MIT
"""A club's hub inside the payload's own process, behind a fake socket,
for the board's measures with Wi-Fi on (bench/wasm32_bench.py,
bench/pico_est.py): the WebAssembly port has no sockets, and a figure must
not hang on the host's network. The board's side is the real one
(tallyboard.club, server, tcpstream, seal, wifi); only the socket module,
the radio and the hub are stand-ins.

``sockets(hub)`` is the socket module the board's stream is given,
``network()`` the radio's (always on the network). ``Hub(key, device,
mode, finished)``:

- ``live``: proves the key both ways and sets the time as the hub's
  listener does, then answers each of the board's pushes as it does:
  ``HAVE`` with what it holds, or ``ACK`` at the first push of each game
  of a session and when the game is finished (``finished()``, the
  payload's stand-in for the listener's replay of the journal): the
  board's work and heap are those of a board talking to a real hub;
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
from binascii import a2b_base64, crc32

# The board's own modules (frames, seal) are imported when the hub first
# needs them: they count in the board's figures, this module's code not
# (board_game.py imports it before the board boots).

# (Few names of its own: every name it interns counts against the
# board's, docs/MEMORY.md.)
NONCE = "0123456789abcdef0123456789abcdef"


class Hub:
    """The hub's side of the fake connection."""

    def __init__(self, key, device, mode="live", finished=None):
        self.key = key
        self.device = device
        self.mode = mode
        self.finished = finished
        self.out = b""  # bytes for the board
        self.rid = 0
        self.seal = None
        self.state = None
        self.games = {}  # game id -> [bytes had, their CRC]
        self.stored = []  # games acknowledged this session
        self.synced = 0  # pushes stored
        self.acks = 0
        self.notices = 0
        self.connections = 0
        self.took = 0  # bytes the hub read

    def connected(self):
        """A new connection: a new session."""
        self.connections += 1
        self.out = b""
        self.seal = None
        self.stored = []
        self.ask("hello", ["HELLO"])

    def ask(self, state, words):
        from tallyboard import frames

        self.state = state
        self.rid += 1
        if self.seal is not None:
            words = words + [self.seal.mac((">%d %s" % (self.rid, " ".join(words))).encode())]
        self.out += frames.encode(frames.REQUEST, self.rid, words)

    def feed(self, data):
        """Bytes from the board: whole frames (the fake socket takes all a
        write gives it; no line reader of the hub's in the board's heap)."""
        self.took += len(data)
        for line in data.split(b"\n")[:-1]:
            self.take(line)

    def take(self, line):
        from tallyboard import frames

        if frames.is_frame(line, frames.NOTICE):
            self.notices += 1
            self.push(frames.decode(line, frames.NOTICE)[1])
            return
        words = frames.decode(line, frames.RESPONSE)[1]
        if words[0] != "OK":
            raise ValueError("the board refused the hub: %s" % " ".join(words))
        state = self.state
        self.state = None
        if state == "hello":
            self.ask("auth", ["AUTH", NONCE])
        elif state == "auth":
            # (The board lets tallyboard.handshake go once sealed: the hub
            # takes what it needs of it now.)
            from tallyboard.handshake import proof, session_key

            self.session = session_key(self.key, NONCE, words[1])
            self.ask("prove", ["PROVE", proof(self.key, "hub", self.device, NONCE, words[1])])
        elif state == "prove":
            from tallyboard.seal import Seal

            self.seal = Seal(self.session)
            self.session = None
            self.ask("time", ["TIME", str(1800000000)])  # (a short literal would be a name)

    def push(self, words):
        # PUSH GAME SIZE OFFSET CRC DATA SEAL: stored when it extends what
        # the hub has; answered with what the hub has (ACK when due).
        if words[0] != "PUSH":
            return
        gid = words[1]
        had = self.games.get(gid)
        if had is None:
            had = self.games[gid] = [0, 0]
        if int(words[3]) == had[0]:
            # (Not frames.unpack_data: its check of every character would
            # intern them one by one, names no board has.)
            data = a2b_base64(words[5].encode())
            crc = crc32(data, had[1]) & 0xFFFFFFFF
            if "%08x" % crc == words[4]:
                had[0] += len(data)
                had[1] = crc
                self.synced += 1
        verb = "HAVE"
        done = self.finished is not None and had[0] == int(words[2]) and self.finished()
        if had[0] and (gid not in self.stored or done):
            self.stored.append(gid)
            self.acks += 1
            verb = "ACK"
        self.ask("have", [verb, gid, str(had[0]), "%08x" % had[1]])


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
        if request != 3:  # MP_STREAM_POLL
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
