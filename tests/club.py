# SPDX-License-Identifier: MIT
"""Test helpers for a board in a club (docs/CLUB.md): a scripted hub over a
real socket (``RawHub``: the listener's part played by hand, so a test can
send what a real hub never would: a wrong proof, a replayed frame, an
oversized line), and a board app on CPython enrolled with it
(``club_board``).

The board on the other end is the real firmware: on CPython in the test's
own thread (``RawHub`` then runs the board's loop, ``pump``, while it
waits), or on the MicroPython unix port in a process of its own.
"""

import os
import select
import socket
import time

from tallyboard import frames
from tallyboard.handshake import proof, session_key
from tallyboard.seal import Seal

KEY = bytes(range(32))
DEVICE = "clubtest1"


class RawHub:
    """A hub's socket, scripted: listens on 127.0.0.1; ``pump()`` (the
    board's loop, on CPython) is called while it waits."""

    def __init__(self, pump=None):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.pump = pump
        self.sock = None
        self.reader = frames.LineReader()
        self.rid = 0
        self.seal = None
        self.notices = []
        self.lines = []  # every line the board sent, as it came

    def close(self):
        for s in (self.sock, self.server):
            if s is not None:
                s.close()

    def _wait(self, sock, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.pump is not None:
                self.pump()
            ready, _, _ = select.select([sock], [], [], 0.005 if self.pump else 0.05)
            if ready:
                return True
        return False

    def accept(self, timeout=10):
        """Wait for the board to connect (a new session)."""
        if self.sock is not None:
            self.sock.close()
        if not self._wait(self.server, timeout):
            raise AssertionError("the board did not connect within %g s" % timeout)
        self.sock, _ = self.server.accept()
        self.reader = frames.LineReader()
        self.seal = None
        return self

    def send_raw(self, data):
        """Bytes as they are, to the board."""
        self.sock.sendall(data)

    def frame(self, words, rid=None, seal=None):
        """The request line ``words`` would be, under id ``rid`` (default:
        the next) and the session's seal (or ``seal``; False: none)."""
        if rid is None:
            self.rid += 1
            rid = self.rid
        seal = self.seal if seal is None else seal
        words = [str(w) for w in words]
        if seal:
            words = words + [seal.mac((">%d %s" % (rid, " ".join(words))).encode())]
        return frames.encode(frames.REQUEST, rid, words)

    def read_line(self, timeout=5):
        """The board's next answer line (notices are kept in ``notices``);
        None when none came within ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            line = self.reader.next_line()
            while line is not None:
                self.lines.append(line)
                if frames.is_frame(line, frames.NOTICE):
                    self.notices.append(line)
                else:
                    return line
                line = self.reader.next_line()
            left = end - time.monotonic()
            if left <= 0 or not self._wait(self.sock, left):
                return None
            data = self.sock.recv(65536)
            if not data:
                return b""  # the board closed the connection
            self.reader.feed(data)

    def answer(self, timeout=5):
        """The next answer as ``(rid, words)``, its seal checked and taken
        off in a sealed session (AssertionError when it does not match)."""
        line = self.read_line(timeout)
        if not line:
            raise AssertionError("no answer from the board (%r)" % (line,))
        rid, words = frames.decode(line, frames.RESPONSE)
        if self.seal is not None:
            from tallyboard.seal import text_of

            assert words[-1] == self.seal.mac(text_of(line)), "an answer with a wrong seal: %r" % line
            words = words[:-1]
        return rid, words

    def ask(self, *words, rid=None, seal=None):
        """Send one request and return its answer's words."""
        self.send_raw(self.frame(words, rid, seal))
        return self.answer()[1]

    def prove(self, key=KEY, device=DEVICE, wrong=False):
        """HELLO, AUTH, PROVE (a wrong proof with ``wrong``); returns the
        answer to PROVE. The session is sealed once the board took it."""
        hello = self.ask("HELLO")
        assert hello[0] == "OK" and hello[1] == device, hello
        hub_nonce = os.urandom(16).hex()
        got = self.ask("AUTH", hub_nonce)
        assert got[0] == "OK" and len(got) == 3, got
        board_nonce = got[1]
        assert got[2] == proof(key, "board", device, hub_nonce, board_nonce), "the board's proof is wrong"
        hub_proof = proof(b"x" * 32 if wrong else key, "hub", device, hub_nonce, board_nonce)
        self.seal = None if wrong else Seal(session_key(key, hub_nonce, board_nonce))
        self.send_raw(self.frame(["PROVE", hub_proof], seal=False))
        return self.answer()[1]


def full_listener():
    """A socket listening on 127.0.0.1 whose queue is full: the kernel
    drops new SYNs, so a connect to it never completes. Returns (port,
    close)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(0)
    fillers = []
    for _ in range(4):
        f = socket.socket()
        f.setblocking(False)
        f.connect_ex(server.getsockname())
        fillers.append(f)

    def close():
        for s in fillers + [server]:
            s.close()

    return server.getsockname()[1], close


def club_board(port, key=KEY, device=DEVICE, fs=None, backoff=50):
    """A board app on CPython (the UI script's Session: a simulated panel,
    an in-memory flash) enrolled with the hub on 127.0.0.1:``port``; the
    stream runs on the real clock. Returns the Session."""
    from tallyboard import club as clubs
    from tests.firmware.ui_script import Session

    session = Session(fs=fs, record=False)
    app = session.app
    enrolled = {"host": "127.0.0.1", "port": port, "ssid": "club", "password": "", "key": key}
    app.link = clubs.start(app, enrolled, device, "0.1.0", None, ticks_ms=lambda: int(time.monotonic() * 1000),
                           backoff=backoff)
    return session
