# SPDX-License-Identifier: MIT
"""A byte stream over a pseudo-terminal master, for the simulated board.

The simulator (``tricktally sim``) and the tests give the board's Link a
``PtyStream``; the PC side opens the slave path with pyserial exactly as it
would open a real board's port.
"""

import errno
import os
import select
import termios
import tty


def open_pty():
    """A new pseudo-terminal in raw mode: ``(master_fd, slave_fd, slave_path)``.

    Raw mode matters: a fresh pty echoes and turns ``\\n`` into ``\\r\\n``,
    which would bounce the board's own frames back to it. Keep ``slave_fd``
    open while the board runs: then the master never reads EIO when the PC
    closes its side, and the PC can come back.
    """
    master, slave = os.openpty()
    tty.setraw(slave, termios.TCSANOW)
    return master, slave, os.ttyname(slave)


class PtyStream:
    """Non-blocking ``read_available()`` and ``write(data)`` on ``master_fd``.

    Writing never waits: what the pty cannot take now is queued (at most
    ``max_queue`` bytes) and sent by later ``pump()`` calls (the Link pumps
    on every poll); a frame that does not fit in the queue is dropped whole
    (counted in ``dropped``), never cut, so the PC sees whole frames or
    none, and its timeout and retry recover. ``backlog()`` tells the Link
    how much waits, so it stops answering a PC that does not read.
    """

    def __init__(self, master_fd, max_read=4096, max_queue=16384):
        self.fd = master_fd
        self.max_read = max_read
        self.max_queue = max_queue
        self._queue = bytearray()
        self.dropped = 0
        os.set_blocking(master_fd, False)

    def read_available(self):
        """The bytes that have arrived, b'' when none (never blocks)."""
        try:
            return os.read(self.fd, self.max_read)
        except BlockingIOError:
            return b""
        except OSError as e:
            if e.errno == errno.EIO:  # nobody holds the slave side open
                return b""
            raise

    def wait(self, timeout):
        """Block up to ``timeout`` seconds for input (for a board loop that
        has nothing else to do); True if there is some."""
        readable, _, _ = select.select([self.fd], [], [], timeout)
        return bool(readable)

    def write(self, data):
        """Queue ``data`` (one whole frame) and send what the pty takes now."""
        if len(self._queue) + len(data) > self.max_queue:
            self.dropped += 1
            return
        self._queue += data
        self.pump()

    def pump(self):
        """Send queued bytes without waiting; returns how many are left."""
        while self._queue:
            try:
                n = os.write(self.fd, self._queue)
            except BlockingIOError:
                break
            except OSError as e:
                if e.errno == errno.EIO:  # no PC on the other side: drop it all
                    self._queue = bytearray()
                    break
                raise
            if n <= 0:
                break
            del self._queue[:n]
        return len(self._queue)

    def backlog(self):
        """Bytes queued but not sent yet."""
        return len(self._queue)

    def close(self):
        """Close the master side."""
        os.close(self.fd)
