# SPDX-License-Identifier: MIT
"""The board's byte stream over its USB serial port, for tallyboard.link.

MicroPython routes the USB CDC port to ``sys.stdin``/``sys.stdout``. The
``.buffer`` objects carry raw bytes (no newline translation). ``select.poll``
tells whether a byte waits (POLLIN) and whether the port takes more
(POLLOUT), so neither reading nor writing ever blocks the game loop.

Ctrl-C: the stream turns MicroPython's interrupt character off
(``micropython.kbd_intr(-1)``), so byte 0x03 from the link arrives as data;
it is dropped from the data and counted in ``ctrl_c``, and the Link stops
the app on it only when no game is open (docs/PROTOCOL.md). The REPL turns
Ctrl-C back on by itself once the app has stopped.
"""

import sys

try:
    import select
except ImportError:  # pragma: no cover - every MicroPython port has select
    select = None

# Bytes written per POLLOUT check: small, so a write the port cannot take at
# once waits (in the port's driver) for a few bytes at most.
PIECE = 32


def _no_interrupt():
    try:
        import micropython

        micropython.kbd_intr(-1)
    except (ImportError, AttributeError):
        pass  # CPython (tests): no interrupt character to turn off


class UsbStream:
    """Non-blocking ``read_available()`` / ``write(data)`` on stdin/stdout.

    ``max_read`` bounds the bytes taken per call, so one poll of the link
    costs a bounded time even while the PC floods the port. ``write`` queues
    a whole frame (at most ``max_queue`` bytes wait; a frame that does not
    fit is dropped whole and counted in ``dropped``); ``pump`` sends what the
    port takes now. ``poller(stream, flag)`` (tests) stands in for
    ``select.poll``: True when the stream is ready.
    """

    def __init__(self, stdin=None, stdout=None, max_read=256, max_queue=2048, poller=None, ctrl_c_guard=True):
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        self._in = getattr(stdin, "buffer", stdin)
        self._out = getattr(stdout, "buffer", stdout)
        if poller is None:
            rp = select.poll()
            rp.register(stdin, select.POLLIN)
            wp = select.poll()
            try:
                wp.register(stdout, select.POLLOUT)
            except (OSError, ValueError, AttributeError):
                wp = None  # a stream that cannot be polled: it never blocks
            self._ready = (rp, wp)
            self._poller = None
        else:
            self._ready = None
            self._poller = poller
        self._stdin = stdin
        self._stdout = stdout
        self._buf = bytearray(max_read)
        self._one = bytearray(1)
        self.max_read = max_read
        self.max_queue = max_queue
        # The queue: one buffer made once, bytes _start.._end waiting
        # (MicroPython's bytearray cannot delete a slice).
        self._queue = bytearray(max_queue)
        self._view = memoryview(self._queue)
        self._start = 0
        self._end = 0
        self.dropped = 0
        self.ctrl_c = 0
        if ctrl_c_guard:
            _no_interrupt()

    def _can_read(self):
        if self._poller is not None:
            return self._poller(self._stdin, "in")
        return bool(self._ready[0].poll(0))

    def _can_write(self):
        if self._poller is not None:
            return self._poller(self._stdout, "out")
        wp = self._ready[1]
        return wp is None or bool(wp.poll(0))

    def read_available(self):
        """The bytes that have arrived (at most max_read), b'' when none."""
        n = 0
        buf = self._buf
        one = self._one
        while n < self.max_read and self._can_read():
            # readinto of one byte: poll() promises one byte, never more, so
            # a bigger read could block the game loop.
            got = self._in.readinto(one)
            if not got:
                break
            if one[0] == 3:
                self.ctrl_c += 1
                continue
            buf[n] = one[0]
            n += 1
        if not n:
            return b""
        return bytes(buf[:n])

    def write(self, data):
        """Queue ``data`` (a whole frame) for the PC and send what fits now."""
        n = len(data)
        if self._end - self._start + n > self.max_queue:
            self.dropped += 1
            return
        if self._end + n > self.max_queue:
            # Move what waits to the front (rare: only behind a slow PC).
            left = self._end - self._start
            self._queue[0:left] = self._queue[self._start:self._end]
            self._start = 0
            self._end = left
        self._queue[self._end:self._end + n] = data
        self._end += n
        self.pump()

    def pump(self):
        """Send queued bytes while the port takes them; never waits for the
        PC. Returns how many bytes are left."""
        while self._start < self._end and self._can_write():
            n = min(PIECE, self._end - self._start)
            w = self._out.write(self._view[self._start:self._start + n])
            if w is None:
                w = n
            if w <= 0:
                break
            self._start += w
        if self._start == self._end:
            self._start = self._end = 0
        return self._end - self._start

    def backlog(self):
        """Bytes queued but not sent yet."""
        return self._end - self._start
