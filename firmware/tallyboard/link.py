# SPDX-License-Identifier: MIT
"""The board side of the serial link over USB: answers the PC's frames
(docs/PROTOCOL.md), the requests of tallyboard.server (HELLO, TIME, ACK)
and the rest: LIST, FETCH, SUM, PIECES, PIECE, ROSTER, STOP, ENROLL.

A club's hub over Wi-Fi (tallyboard.club) runs the sync through these
same handlers when it needs a catch-up (``Link.VERBS``: each takes the
server first), all but STOP and ENROLL, which are USB only.

Byte 0x03 (Ctrl-C): a stream that counts it in ``ctrl_c`` instead of letting
MicroPython raise KeyboardInterrupt (UsbStream) has it honoured here only
while no game is open; the STOP request stops the app at any time.
"""

import binascii

from sys import implementation

from tallyboard import frames, unload
from tallyboard.frames import FrameError
from tallyboard.server import MAX_GAME, MAX_SIZE, Server

# LIST entries per answer: "id:size:synced:f:p" is at most ~40 characters,
# so 20 stay well inside a frame.
_LIST_PAGE = 20
_SUM_STEP = 1024
_MAX_PIECE = 999


class Stop(KeyboardInterrupt):
    """Raised out of ``Link.poll`` to stop the app (STOP, or Ctrl-C with no
    game open): every confirmed entry is already on flash."""


class Link(Server):
    """The PC's link over USB: tallyboard.server.Server with every request.
    ``poll()`` raises Stop (a KeyboardInterrupt) after answering STOP, or
    on Ctrl-C with no game open."""

    def __init__(self, stream, journal, config, clock, device_id, firmware_version):
        Server.__init__(self, stream, journal, config, clock, device_id, firmware_version)
        self._guard = hasattr(stream, "ctrl_c")
        self._stop = False

    def read(self):
        """Server.read, and Ctrl-C honoured when no game is open."""
        got = Server.read(self)
        if self._guard and self.stream.ctrl_c:
            self.stream.ctrl_c = 0
            if not self._game_open():
                raise Stop("Ctrl-C on the link")
        return got

    def handle(self, line):
        """Server.handle, then Stop after answering STOP."""
        Server.handle(self, line)
        if self._stop:
            self._stop = False
            if self.pump is not None:
                self.pump()
            raise Stop("STOP request")

    def _game_open(self):
        is_open = getattr(self.journal, "has_open_game", None)
        return bool(is_open()) if is_open is not None else False

    # ----- requests ----------------------------------------------------------

    def _list(self, words):
        # LIST [after]: games with an id above ``after`` (all when omitted),
        # one page at a time; the first word says whether more follow.
        if len(words) > 2:
            raise FrameError("args", "LIST takes at most 1 argument")
        after = -1
        if len(words) == 2:
            after = frames.parse_int(words[1], -1, MAX_GAME, "after")
        ids = sorted([g for g in self.journal.ids() if g > after])
        page = ids[:_LIST_PAGE]
        out = ["OK", "more" if len(ids) > len(page) else "end"]
        finished = getattr(self.journal, "finished", None)
        pieces = getattr(self.journal, "pieces", None)
        for gid in page:
            done = finished(gid) if finished is not None else None
            out.append("%d:%d:%d:%s:%d" % (gid, self.journal.size(gid), self.journal.synced(gid),
                                           "-" if done is None else ("1" if done else "0"),
                                           len(pieces(gid)) if pieces is not None else 0))
        return out

    def _fetch(self, words):
        self._args(words, 3)
        gid = self._game(words[1])
        offset = frames.parse_int(words[2], 0, MAX_SIZE, "offset")
        length = frames.parse_int(words[3], 1, frames.MAX_CHUNK, "length")
        size = self.journal.size(gid)
        if offset >= size:
            raise FrameError("range", "offset %d is not below the size %d" % (offset, size))
        data = self.journal.read(gid, offset, min(length, size - offset))
        return ["OK", str(gid), str(offset), str(len(data)), frames.pack_data(data)]

    def _sum(self, words):
        gid, upto = self._game_upto(words)
        crc = 0
        pos = 0
        while pos < upto:
            n = min(_SUM_STEP, upto - pos)
            crc = binascii.crc32(self.journal.read(gid, pos, n), crc)
            pos += n
        return ["OK", str(gid), str(upto), "%08x" % (crc & 0xFFFFFFFF)]

    def _pieces(self, words):
        # PIECES game: the damaged pieces the board kept, as k:size.
        self._args(words, 1)
        gid = self._game(words[1])
        out = ["OK", str(gid)]
        for k, size in self.journal.pieces(gid):
            out.append("%d:%d" % (k, size))
        return out

    def _piece(self, words):
        # PIECE game k offset length: bytes of a damaged piece, like FETCH.
        self._args(words, 4)
        gid = self._game(words[1])
        k = frames.parse_int(words[2], 1, _MAX_PIECE, "piece")
        offset = frames.parse_int(words[3], 0, MAX_SIZE, "offset")
        length = frames.parse_int(words[4], 1, frames.MAX_CHUNK, "length")
        sizes = dict(self.journal.pieces(gid))
        if k not in sizes:
            raise FrameError("range", "game %d has no damaged piece %d" % (gid, k))
        if offset >= sizes[k]:
            raise FrameError("range", "offset %d is not below the size %d" % (offset, sizes[k]))
        data = self.journal.read_piece(gid, k, offset, min(length, sizes[k] - offset))
        return ["OK", str(gid), str(k), str(offset), str(len(data)), frames.pack_data(data)]

    def _roster(self, words):
        if len(words) < 2:
            raise FrameError("args", "ROSTER needs at least one name")
        from tallyboard.frames_more import unpack_text

        names = [unpack_text(w) for w in words[1:]]
        # config.set_roster validates everything before it saves anything.
        self.config.set_roster(names)
        return ["OK", str(len(names))]

    def _stop_request(self, words):
        self._args(words, 0)
        self._stop = True
        return ["OK"]

    def _enroll(self, words):
        # ENROLL ...: a club's hub, its Wi-Fi and this board's key, or
        # ENROLL - to forget them (tallyboard.enrollment.request). USB
        # only: the Wi-Fi link has no such verb.
        from tallyboard import enrollment

        try:
            return enrollment.request(self.config.fs, words)
        finally:
            if implementation.name == "micropython":
                unload("tallyboard.enrollment")

    # A hub's catch-up answers these too (tallyboard.club): not STOP, ENROLL.
    SYNC_VERBS = {"LIST": _list, "FETCH": _fetch, "SUM": _sum, "PIECES": _pieces, "PIECE": _piece,
                  "ROSTER": _roster}
    VERBS = Server.VERBS.copy()
    VERBS.update(SYNC_VERBS)
    VERBS.update({"STOP": _stop_request, "ENROLL": _enroll})
