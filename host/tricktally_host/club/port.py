# SPDX-License-Identifier: MIT
"""A board's socket as the serial port the USB sync's client reads and
writes (``read``, ``write``, ``in_waiting``, ``flush``,
``reset_input_buffer``: what tricktally_host.link_client.LinkClient uses of
pyserial), so the sync over Wi-Fi is the USB sync's own code.

What the link over a shared network adds is done here, under the client
(docs/CLUB.md, "The board link"):

- once the session is proved, every request gets its seal word
  (tallyboard.seal) on its way out (``seal_out``), and every answer's
  seal is checked and taken off before the client sees it (``seal_in``).
  An answer with a wrong seal ends the connection: nothing it says is
  believed, and the client's next read fails (LinkError ``port``);
- the board's notices (``!N PUSH ...``, ``!N NEW GAME``), sealed too,
  are taken out of the stream, counted (``notices``) and queued, their
  seal taken off; ``next_notice`` waits for the next one;
- ``last_heard`` is the time of the last line the board sent.
"""

import collections
import errno
import select
import time

from tallyboard import frames
from tallyboard.frames import FrameError
from tallyboard.seal import same, text_of

# How long ``read`` waits for a byte when none is there (pyserial's timeout
# as LinkClient opens a port).
READ_WAIT = 0.05
# Notices kept unread at most: a board sends one push and waits for its
# answer, so more is someone's mistake (the oldest are dropped).
MAX_NOTICES = 64


class SealError(OSError):
    """The board sent a frame whose seal does not match: the session ends."""


class SocketPort:
    """The serial-like port over connected socket ``sock``; ``clock()``
    gives ``last_heard`` (default time.time). Writes give up after
    ``write_timeout`` seconds (a board that stopped reading)."""

    def __init__(self, sock, clock=time.time, write_timeout=5.0):
        self.sock = sock
        sock.settimeout(write_timeout)
        self.clock = clock
        self.reader = frames.LineReader()
        self._inbox = bytearray()
        self._partial = b""
        self.seal_in = None
        self.seal_out = None
        self.notices = 0
        self.queue = collections.deque(maxlen=MAX_NOTICES)  # the words of notices not read yet
        self.forged = 0
        self.closed = False
        self.last_heard = None

    # ----- what LinkClient uses ------------------------------------------------

    @property
    def in_waiting(self):
        """Bytes the client can read at once."""
        self._fill(0)
        return len(self._inbox)

    def read(self, size=1):
        """At most ``size`` bytes; b'' when none came within READ_WAIT."""
        if not self._inbox:
            self._fill(READ_WAIT)
        data = bytes(self._inbox[:size])
        del self._inbox[:size]
        return data

    def write(self, data):
        """Send ``data`` (whole lines; a partial one waits for its end),
        each request sealed once the session is proved."""
        if self.closed:
            raise OSError(errno.EPIPE, "the connection to the board is closed")
        lines = (self._partial + bytes(data)).split(b"\n")
        self._partial = lines.pop()
        out = b"".join(self._sealed(line) + b"\n" for line in lines)
        try:
            self.sock.sendall(out)
        except OSError:
            self.close()
            raise
        return len(data)

    def flush(self):
        """Nothing to do: ``write`` sends at once."""

    def reset_input_buffer(self):
        """Forget what the board sent and nobody read yet."""
        self._fill(0)
        self._inbox.clear()

    # ----- the rest --------------------------------------------------------------

    def next_notice(self, timeout):
        """The words of the board's next notice (its seal taken off),
        waiting up to ``timeout`` seconds for one (reading what comes
        meanwhile); None when none came."""
        end = time.monotonic() + timeout
        while not self.queue:
            left = end - time.monotonic()
            if left <= 0:
                return None
            self._fill(left)
        return self.queue.popleft()

    def close(self):
        """Close the socket (the board's link sees the connection end)."""
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass

    def _sealed(self, line):
        if self.seal_out is None or not frames.is_frame(line, frames.REQUEST):
            return line
        rid, words = frames.decode(line, frames.REQUEST)
        text = (">%d %s" % (rid, " ".join(words))).encode()
        return frames.encode(frames.REQUEST, rid, words + [self.seal_out.mac(text)])[:-1]

    def _fill(self, wait):
        if self.closed:
            raise OSError(errno.ECONNRESET, "the connection to the board is closed")
        try:
            ready, _, _ = select.select([self.sock], [], [], wait)
            data = self.sock.recv(65536) if ready else None
        except (OSError, ValueError) as e:
            self.close()
            raise OSError(errno.ECONNRESET, "the connection to the board broke: %s" % e) from e
        if data is None:
            return
        if not data:
            self.close()
            raise OSError(errno.ECONNRESET, "the board closed the connection")
        self.reader.feed(data)
        while True:
            line = self.reader.next_line()
            if line is None:
                return
            if line is not frames.TOO_LONG:
                self._take(line)

    def _take(self, line):
        self.last_heard = self.clock()
        if frames.is_frame(line, frames.NOTICE):
            plain = self._unsealed(line, frames.NOTICE) if self.seal_in is not None else None
            if plain is not None:
                self.notices += 1
                self.queue.append(frames.decode(plain, frames.NOTICE)[1])
            return
        if self.seal_in is not None and frames.is_frame(line, frames.RESPONSE):
            try:
                frames.decode(line, frames.RESPONSE)
            except FrameError:
                pass  # damaged on the way: the client sees it so and asks again
            else:
                line = self._unsealed(line, frames.RESPONSE)
                if line is None:
                    self.close()
                    raise SealError(errno.EPERM, "the board sent a frame with a wrong seal: the session ends")
        self._inbox += line + b"\n"

    def _unsealed(self, line, mark):
        # ``line`` with its seal checked and taken off, or None (counted).
        try:
            rid, words = frames.decode(line, mark)
        except FrameError:
            return None
        if len(words) < 2 or not same(words[-1], self.seal_in.mac(text_of(line))):
            self.forged += 1
            return None
        return frames.encode(mark, rid, words[:-1])[:-1]
