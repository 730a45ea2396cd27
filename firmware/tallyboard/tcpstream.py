# SPDX-License-Identifier: MIT
"""The board's byte stream to a club's hub over TCP, for the hub's link
(tallyboard.club): the interface of tallyboard.usbstream.UsbStream that
the link uses (``read_available``, ``write``, ``pump``, ``backlog``), and
the connection itself, kept by ``step()`` from the app's loop.

Nothing here ever waits: the socket is non-blocking from its creation; the
connect is started, then looked at (``select.poll``, POLLOUT) on the loop's
later passes; a read takes what has arrived (at most ``max_read`` bytes);
a write sends what the socket takes and keeps the rest of that frame for
``pump``. While part of a frame waits, ``backlog`` says a whole frame
waits (the link answers nothing more) and another frame is dropped whole,
never cut (counted in ``dropped``): the socket's own buffer is the queue.
A hub that cannot be reached, stops reading or goes quiet costs the
players nothing:

- a connect that has not completed in 5 s is given up;
- a connection that hears nothing for 45 s is closed (the hub asks at
  least every 10 s: docs/CLUB.md);
- after a failure the next try waits ``backoff`` ms, doubled at each
  failure up to 30 s; ``settled()`` (the hub proved its key) starts it
  over.

``session`` counts the connections made: the link starts a new session on
each. The hub's address is numeric (``tricktally club enroll`` looks a
name up on the PC): a name lookup could block the board. ``watch(sock,
on)``, when given, hears of each socket opened and closed (the board's
power object then wakes on its bytes: tallyboard.hardware).
"""

from tallyboard.buttons import ticks_diff

try:
    from micropython import const
except ImportError:  # CPython
    const = int

# (const: folded into the code; no global, no name kept in RAM)
_CONNECT_MS = const(5000)
_SILENT_MS = const(45000)
_MOST_MS = const(30000)
_LINE = const(1024)  # frames.MAX_LINE: what backlog says while a frame is half sent
_IDLE = const(0)
_CONNECTING = const(1)
_CONNECTED = const(2)
# "Not yet" (nothing to read, no room to write, a connect under way):
# EAGAIN, and EINPROGRESS as Linux and MicroPython's lwIP number it (115)
# and as the ESP32's C library does (119).
_WAITING = (11, 115, 119)


class TcpStream:
    """The stream to the hub at ``host``:``port``. ``ticks_ms`` is the
    board's millisecond tick; ``sockets`` the socket module (default:
    MicroPython's ``socket``); ``up()`` says whether the network is up
    (tallyboard.wifi; None: always)."""

    def __init__(self, host, port, ticks_ms, sockets=None, up=None, watch=None, max_read=128, backoff=1000):
        if sockets is None:
            import socket as sockets
        self.sockets = sockets
        self.address = (host, port)
        self.ticks = ticks_ms
        self.up = up
        self.watch = watch
        self._buf = bytearray(max_read)
        self.state = _IDLE
        self.session = 0
        self.dropped = 0
        self.first = self._backoff = backoff
        self._sock = None
        self._poll = None
        self._pending = None  # the unsent end of the last frame
        # The time that counts now: idle, the next try; connecting, when
        # the connect began; connected, when the last byte came.
        self.at = ticks_ms()
        # Why the last connection ended: "silent", "refused", "no answer",
        # "no socket", "broken", "closed" (by the hub), or the link's word.
        self.why = None

    def connected(self):
        """True while a connection to the hub is up."""
        return self.state == _CONNECTED

    def step(self):
        """Move the connection on: start a connect when one is due, see
        whether a connect completed, give up a silent one. Never waits."""
        state = self.state
        now = self.ticks()
        if state == _CONNECTED:
            if ticks_diff(now, self.at) > _SILENT_MS:
                self.close("silent")
        elif state == _CONNECTING:
            try:
                ready = self._poll.poll(0)
                flags = ready[0][1] if ready else 0
            except OSError:
                flags = 8  # POLLERR
            if flags & 24:  # POLLERR | POLLHUP
                self.close("refused")
            elif flags:
                self._poll = None
                self.state = _CONNECTED
                self.session += 1
                self.at = now
            elif ticks_diff(now, self.at) > _CONNECT_MS:
                self.close("no answer")
        elif ticks_diff(now, self.at) >= 0:
            if self.up is not None and not self.up():
                self.at = now + 500
            else:
                self.open(now)

    def open(self, now):
        import select

        sockets = self.sockets
        self.state = _CONNECTING
        self.at = now
        try:
            s = self._sock = sockets.socket(sockets.AF_INET, sockets.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(sockets.getaddrinfo(self.address[0], self.address[1])[0][-1])
                self.state = _CONNECTED  # at once (it can be, on the same host)
                self.session += 1
            except OSError as e:
                if e.args[0] not in _WAITING:
                    raise
                self._poll = select.poll()
                self._poll.register(s, select.POLLOUT)
        except OSError:
            self.close("no socket")
            return
        # MicroPython's sockets read with readinto, CPython's with recv_into.
        self.readinto = getattr(s, "readinto", None) or s.recv_into
        if self.watch is not None:
            self.watch(s, True)

    def settled(self):
        """The hub proved its key: the next failure waits the first backoff again."""
        self._backoff = self.first

    def close(self, why="closed"):
        """End the connection (what waits to be sent is dropped: it belongs
        to this session); the next try follows the backoff."""
        s = self._sock
        self._sock = self._poll = self._pending = None
        self.state = _IDLE
        self.why = why
        self.at = self.ticks() + self._backoff
        self._backoff = min(2 * self._backoff, _MOST_MS)
        if s is not None:
            if self.watch is not None:
                self.watch(s, False)
            try:
                s.close()
            except OSError:
                pass

    def wait_ms(self):
        """How soon the loop should look again (ms), for the connection's
        own sake: a connect under way, a frame half sent, the next try, the
        silence limit."""
        state = self.state
        now = self.ticks()
        if state == _IDLE:
            return max(0, ticks_diff(self.at, now))
        if state == _CONNECTING or self._pending is not None:
            return 20
        return max(0, _SILENT_MS - ticks_diff(now, self.at))

    def read_available(self):
        """The bytes that have arrived (at most max_read), b'' when none."""
        if self.state != _CONNECTED:
            return b""
        try:
            n = self.readinto(self._buf)
        except OSError as e:
            if e.args[0] not in _WAITING:
                self.close("broken")
            return b""
        if n is None:
            return b""  # nothing yet (MicroPython's non-blocking read)
        if not n:
            self.close("closed")
            return b""
        self.at = self.ticks()
        return bytes(self._buf[:n])

    def write(self, data):
        """Send ``data`` (a whole frame) as far as the socket takes it now;
        dropped whole (counted) while a frame waits or there is no
        connection."""
        if self.state != _CONNECTED or self._pending is not None:
            self.dropped += 1
            return
        self._pending = memoryview(data)
        self.pump()

    def pump(self):
        """Send what waits of the last frame as far as the socket takes it."""
        rest = self._pending
        if rest is None:
            return 0
        try:
            n = self._sock.send(rest)
        except OSError as e:
            if e.args[0] not in _WAITING:
                self.close("broken")
            return self.backlog()
        n = n or 0
        self._pending = rest[n:] if n < len(rest) else None
        return self.backlog()

    def backlog(self):
        """Bytes waiting to be sent: a whole frame's worth while part of one waits."""
        return _LINE if self._pending is not None else 0
