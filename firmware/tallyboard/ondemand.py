# SPDX-License-Identifier: MIT
"""The serial link, loaded when the PC first speaks.

Most of a board's life has no PC attached: ``LinkOnDemand`` polls the
stream itself and imports the protocol server (tallyboard.link and
tallyboard.frames, about 12 KB of RAM) only when the first bytes arrive;
from then on it hands every poll to the link, those first bytes included.
"""


class LinkOnDemand:
    """``poll()`` like tallyboard.link.Link; ``make(stream)`` builds the
    Link on the first bytes read from ``stream`` (read_available/write)."""

    def __init__(self, stream, make):
        self.stream = stream
        self.write = stream.write  # the link writes straight to the stream
        self._make = make
        self._pending = b""
        self.link = None

    def read_available(self):
        """The stream seen by the link: the bytes that woke it, then the rest."""
        if self._pending:
            data = self._pending
            self._pending = b""
            return data
        return self.stream.read_available()

    def poll(self):
        """Answer the PC if it has spoken; never blocks. Returns True if any
        byte was received."""
        if self.link is None:
            data = self.stream.read_available()
            if not data:
                return False
            self._pending = data
            self.link = self._make(self)
        return self.link.poll()
