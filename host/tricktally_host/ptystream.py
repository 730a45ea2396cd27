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
import time
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

    ``write_timeout`` bounds how long a write waits for a PC that does not
    read: after it the rest of the frame is dropped (the PC's CRC check and
    retry recover), so the simulated board never hangs.
    """

    def __init__(self, master_fd, max_read=4096, write_timeout=2.0):
        self.fd = master_fd
        self.max_read = max_read
        self.write_timeout = write_timeout
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
        """Send ``data``; waits for room at most write_timeout seconds."""
        view = memoryview(data)
        deadline = time.monotonic() + self.write_timeout
        while len(view):
            try:
                n = os.write(self.fd, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except OSError as e:
                if e.errno == errno.EIO:
                    return
                raise
            left = deadline - time.monotonic()
            if left <= 0:
                return
            select.select([], [self.fd], [], min(left, 0.05))

    def close(self):
        """Close the master side."""
        os.close(self.fd)
