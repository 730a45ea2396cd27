# SPDX-License-Identifier: MIT
"""The board's byte stream over its USB serial port, for tallyboard.link.

MicroPython routes the USB CDC port to ``sys.stdin``/``sys.stdout``. The
``.buffer`` objects carry raw bytes (no newline translation). ``select.poll``
tells whether a byte waits, so ``read_available`` never blocks the UI loop.
Byte 0x03 still reaches MicroPython's interrupt handler (Ctrl-C from
``mpremote`` raises KeyboardInterrupt in the app), which is why frames never
contain it.
"""

import sys

try:
    import select
except ImportError:  # pragma: no cover - every MicroPython port has select
    select = None


class UsbStream:
    """Non-blocking ``read_available()`` / ``write(data)`` on stdin/stdout.

    ``max_read`` bounds the bytes taken per call, so one poll of the link
    costs a bounded time even while the PC floods the port.
    """

    def __init__(self, stdin=None, stdout=None, max_read=256):
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        self._in = getattr(stdin, "buffer", stdin)
        self._out = getattr(stdout, "buffer", stdout)
        self._poll = select.poll()
        self._poll.register(stdin, select.POLLIN)
        self._buf = bytearray(max_read)
        self._one = bytearray(1)
        self.max_read = max_read

    def read_available(self):
        """The bytes that have arrived (at most max_read), b'' when none."""
        n = 0
        buf = self._buf
        one = self._one
        while n < self.max_read and self._poll.poll(0):
            # readinto of one byte: poll() promises one byte, never more, so
            # a bigger read could block the game loop.
            got = self._in.readinto(one)
            if not got:
                break
            buf[n] = one[0]
            n += 1
        if not n:
            return b""
        return bytes(buf[:n])

    def write(self, data):
        """Send ``data`` (a whole frame) to the PC."""
        self._out.write(data)
