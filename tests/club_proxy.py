# SPDX-License-Identifier: MIT
"""A board's network between it and the hub, for the club's fault test
(issue 27): a TCP relay on 127.0.0.1 to the hub's port that can go down
and come back.

``down()``: nothing is carried either way any more. Bytes sent meanwhile
wait (in the sockets' buffers, as TCP keeps retransmitting what a dead
link loses), so does an end of connection; a new connection is taken
but reaches nothing. ``up()``: what waited is carried on, in order, and
new connections reach the hub again. A connection whose far side is
gone (the hub refused or closed it) is closed on the near side, as TCP
would once the link carries its end.
"""

import select
import socket
import threading


class Relay:
    """Listens on 127.0.0.1 (``port``) and relays each connection to
    127.0.0.1:``target``."""

    def __init__(self, target):
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.is_up = True
        self.pairs = {}  # socket -> its other end (or None: not yet connected)
        self.waiting = []  # board sockets taken while down
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def down(self):
        with self._lock:
            self.is_up = False

    def up(self):
        with self._lock:
            self.is_up = True

    def close(self):
        self._stop.set()
        self._thread.join(10)
        for s in [self.server] + list(self.pairs) + self.waiting:
            try:
                s.close()
            except OSError:
                pass

    def _connect(self, near):
        try:
            far = socket.create_connection(("127.0.0.1", self.target), timeout=2)
        except OSError:
            near.close()  # the hub is not there: the board's connect fails
            return
        far.settimeout(None)
        self.pairs[near] = far
        self.pairs[far] = near

    def _end(self, s):
        other = self.pairs.pop(s, None)
        s.close()
        if other is not None:
            self.pairs.pop(other, None)
            try:
                other.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            other.close()

    def _run(self):
        while not self._stop.is_set():
            with self._lock:
                live = self.is_up
            if live and self.waiting:
                for near in self.waiting:
                    self._connect(near)
                self.waiting = []
            watch = [self.server] + (list(self.pairs) if live else [])
            try:
                ready, _, _ = select.select(watch, [], [], 0.05)
            except (OSError, ValueError):
                continue
            for s in ready:
                if s is self.server:
                    near, _ = self.server.accept()
                    if live:
                        self._connect(near)
                    else:
                        self.waiting.append(near)
                    continue
                if s not in self.pairs:
                    continue
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    self._end(s)
                    continue
                try:
                    self.pairs[s].sendall(data)
                except OSError:
                    self._end(s)
