# SPDX-License-Identifier: MIT
"""The board's byte stream to a club hub over TCP, for the hub's link
(tallyboard.hublink): the interface of tallyboard.usbstream.UsbStream
(``read_available``, ``write``, ``pump``, ``backlog``), and the
connection itself, kept by ``step()`` from the app's loop.

Nothing here ever waits: the socket is non-blocking from its creation, the
connect is started and then looked at (``select.poll`` for POLLOUT) on the
loop's later passes, a read takes what has arrived (at most ``max_read``
bytes), and a write queues a whole frame and sends what the socket takes
(a frame that does not fit the queue is dropped whole, as on USB). A hub
that cannot be reached, stops reading or goes quiet costs the players
nothing:

- a connect that has not completed in CONNECT_MS is given up;
- a connection that hears nothing for SILENT_MS (the hub asks at least
  every few seconds: docs/CLUB.md) is closed;
- after a failure the next attempt waits ``backoff`` ms, doubled after
  each failure up to ``most`` (``settled()``, once the hub has proved its
  key, starts it over).

``session`` counts the connections made, so the link starts a new session
on each. The hub's address must be numeric: the board never looks a name
up (a lookup can block); ``tricktally club enroll`` stores the address.
``watch(sock, on)``, when given, is told of each socket opened and closed
(the board's power object wakes on its bytes: tallyboard.hardware).
"""

import errno

from tallyboard.buttons import ticks_diff
from tallyboard.usbstream import UsbStream

CONNECT_MS = 5000
SILENT_MS = 45000
BACKOFF_MS = 1000
MOST_MS = 30000
# The queue holds one whole frame; the socket's own buffer holds more.
QUEUE = 1100
PIECE = 1024
_WAITING = (errno.EAGAIN, errno.EINPROGRESS, getattr(errno, "EWOULDBLOCK", errno.EAGAIN))

IDLE = 0
CONNECTING = 1
CONNECTED = 2


class TcpStream(UsbStream):
    """The stream to the hub at ``host``:``port``. ``ticks_ms`` is the
    board's millisecond tick; ``sockets`` the socket module (default:
    MicroPython's ``socket``); ``up()`` says whether the network is up
    (tallyboard.wifi; None: always)."""

    def __init__(self, host, port, ticks_ms, sockets=None, up=None, watch=None, max_read=256, backoff=BACKOFF_MS,
                 most=MOST_MS):
        if sockets is None:
            import socket as sockets
        import select

        self._queue_init(QUEUE, PIECE)
        self._select = select
        self.sockets = sockets
        self.host = host
        self.port = port
        self.ticks = ticks_ms
        self.up = up
        self.watch = watch
        self._buf = bytearray(max_read)
        self.state = IDLE
        self.session = 0
        self.failures = 0
        self.first = backoff
        self.most = most
        self._backoff = backoff
        self._sock = None
        self._poll = None
        self._addr = None
        self._retry_at = ticks_ms()
        self._since = self._retry_at  # when the connect began, or the last byte came
        self.why = None  # why the last connection ended (English, for tests and the log)

    @property
    def connected(self):
        """True while a connection to the hub is up."""
        return self.state == CONNECTED

    def step(self):
        """Move the connection on: start a connect when one is due, look
        whether a connect completed, give up a silent one. Never waits."""
        state = self.state
        now = self.ticks()
        if state == CONNECTED:
            if ticks_diff(now, self._since) > SILENT_MS:
                self.close("the hub said nothing for %d s" % (SILENT_MS // 1000))
        elif state == CONNECTING:
            try:
                ready = self._poll.poll(0)
            except OSError:
                ready = ((None, self._select.POLLERR),)
            if ready:
                if ready[0][1] & (self._select.POLLERR | self._select.POLLHUP):
                    self.close("the hub refused the connection")
                else:
                    self._poll = None
                    self.state = CONNECTED
                    self.session += 1
                    self._since = now
            elif ticks_diff(now, self._since) > CONNECT_MS:
                self.close("no connection within %d s" % (CONNECT_MS // 1000))
        elif ticks_diff(now, self._retry_at) >= 0:
            if self.up is not None and not self.up():
                self._retry_at = now + 500
            else:
                self._open(now)

    def _open(self, now):
        sockets = self.sockets
        try:
            if self._addr is None:
                self._addr = sockets.getaddrinfo(self.host, self.port)[0][-1]
            s = sockets.socket(sockets.AF_INET, sockets.SOCK_STREAM)
        except OSError as e:
            self._failed(now, "no socket (%s)" % (e,))
            return
        self._sock = s
        self.state = CONNECTING
        self._since = now
        try:
            s.setblocking(False)
            try:
                s.connect(self._addr)
            except OSError as e:
                if e.args[0] not in _WAITING:
                    raise
            poll = self._select.poll()
            poll.register(s, self._select.POLLOUT)
            self._poll = poll
        except OSError as e:
            self.close("cannot connect (%s)" % (e,))
            return
        # MicroPython's sockets read with readinto, CPython's with recv_into.
        self._into = getattr(s, "readinto", None) or s.recv_into
        if self.watch is not None:
            self.watch(s, True)

    def _failed(self, now, why):
        self.why = why
        self.failures += 1
        self._retry_at = now + self._backoff
        self._backoff = min(self._backoff * 2, self.most)

    def settled(self):
        """The hub proved its key: the next failure waits the first backoff again."""
        self._backoff = self.first

    def close(self, why="closed"):
        """End the connection (what waits to be sent is dropped: it belongs
        to this session); the next attempt follows the backoff."""
        s = self._sock
        self._sock = None
        self._poll = None
        self._start = self._end = 0
        self.state = IDLE
        if s is not None:
            if self.watch is not None:
                self.watch(s, False)
            try:
                s.close()
            except OSError:
                pass
        self._failed(self.ticks(), why)

    def wait_ms(self):
        """How soon the loop should look again (ms), for the connection's
        own sake: a connect under way, bytes waiting to go, the next
        attempt, or the silence limit."""
        if self.state == CONNECTING:
            return 50
        now = self.ticks()
        if self.state == IDLE:
            return max(0, ticks_diff(self._retry_at, now))
        if self._end > self._start:
            return 20
        return max(0, SILENT_MS - ticks_diff(now, self._since))

    def read_available(self):
        """The bytes that have arrived (at most max_read), b'' when none."""
        if self.state != CONNECTED:
            return b""
        try:
            n = self._into(self._buf)
        except OSError as e:
            if e.args[0] in _WAITING:
                return b""
            self.close("the connection broke (%s)" % (e,))
            return b""
        if n is None:
            return b""  # nothing yet (MicroPython's non-blocking read)
        if n == 0:
            self.close("the hub closed the connection")
            return b""
        self._since = self.ticks()
        return bytes(self._buf[:n])

    def write(self, data):
        """Queue ``data`` (a whole frame) for the hub and send what fits;
        dropped (counted) while there is no connection."""
        if self.state != CONNECTED:
            self.dropped += 1
            return
        UsbStream.write(self, data)

    def _can_write(self):
        return self.state == CONNECTED

    def _put(self, piece):
        try:
            return self._sock.send(piece)
        except OSError as e:
            if e.args[0] not in _WAITING:
                self.close("the connection broke (%s)" % (e,))
            return 0  # the socket takes nothing now
