# SPDX-License-Identifier: MIT
"""The board side of the serial link: answers the PC's frames (docs/PROTOCOL.md).

``Link.poll()`` is called once per pass of the app's loop. It reads what the
stream has without waiting, answers every complete request line and returns;
with no input it costs one ``read_available()`` call. It never prints on its
own: the only bytes it writes are response frames.

A request that is malformed, oversized, out of order, unknown or refused gets
one ERR frame and changes nothing (the journal, the roster, the clock and the
session are left as they were). Lines that do not start with ``>`` and a
digit are noise (a REPL banner, a ``>>>`` prompt, a stray newline) and are
ignored without an answer.

The game never waits for the PC: a stream with ``backlog()`` (answers queued
but not sent yet) and ``pump()`` (send what it can without waiting) is fed
no new answer while a frame's worth is still queued, and no more input is
taken while a frame's worth waits to be answered. A PC that stops reading
just stops getting answers; the buttons keep their speed.

Byte 0x03 (Ctrl-C): a stream that counts it in ``ctrl_c`` instead of letting
MicroPython raise KeyboardInterrupt (UsbStream) has it honoured here only
while no game is open; the STOP request stops the app at any time.
"""

import binascii

from sys import implementation

from tallyboard import frames, unload
from tallyboard.frames import FrameError

_MAX_GAME = 999999999
_MAX_SIZE = 1 << 30
# LIST entries per answer: "id:size:synced:f" is at most ~36 characters, so
# 20 stay well inside a frame.
_LIST_PAGE = 20
_SUM_STEP = 1024
_MAX_PIECE = 999


class Stop(KeyboardInterrupt):
    """Raised out of ``Link.poll`` to stop the app (STOP, or Ctrl-C with no
    game open): every confirmed entry is already on flash."""


class Link:
    """Protocol server over ``stream`` (``read_available() -> bytes`` and
    ``write(bytes)``) for ``journal`` (tallyboard.journal.journal.Journal), ``config``
    (roster), ``clock`` (set_time), with this board's ``device_id`` (a word of
    printable ASCII) and ``firmware_version`` (text)."""

    def __init__(self, stream, journal, config, clock, device_id, firmware_version):
        if not frames.is_word(device_id):
            raise ValueError("device id %r must be printable ASCII without spaces" % (device_id,))
        if not frames.is_word(firmware_version):
            raise ValueError("firmware version %r must be printable ASCII without spaces" % (firmware_version,))
        self.stream = stream
        self.journal = journal
        self.config = config
        self.clock = clock
        self.device_id = device_id
        self.firmware_version = firmware_version
        self.reader = frames.LineReader()
        self._pump = getattr(stream, "pump", None)
        self._backlog = getattr(stream, "backlog", None)
        self._guard = hasattr(stream, "ctrl_c")
        self._stop = False
        # Session state: set by HELLO; every later request id must be larger
        # (a repeated or stale frame is refused rather than acted on twice).
        self.last_id = None
        self.requests = 0
        self.errors = 0
        # Requests answered per poll at most (0: all that have arrived);
        # ``more`` says a poll left some for the next.
        self.max_answers = 0
        self.more = False
        self._handlers = {
            "HELLO": self._hello,
            "LIST": self._list,
            "FETCH": self._fetch,
            "SUM": self._sum,
            "ACK": self._ack,
            "ROSTER": self._roster,
            "TIME": self._time,
            "PIECES": self._pieces,
            "PIECE": self._piece,
            "STOP": self._stop_request,
            "ENROLL": self._enroll,
        }

    def poll(self):
        """Answer whatever complete requests have arrived; never blocks.
        Returns True if any byte was received. Raises Stop (a
        KeyboardInterrupt) after answering STOP, or on Ctrl-C with no game
        open."""
        if self._pump is not None:
            self._pump()
        got = False
        if self.reader.pending() < 2 * frames.MAX_LINE:
            data = self.stream.read_available()
            if data:
                got = True
                self.reader.feed(data)
            if self._guard and self.stream.ctrl_c:
                self.stream.ctrl_c = 0
                if not self._game_open():
                    raise Stop("Ctrl-C on the link")
        answered = 0
        self.more = False
        while True:
            if self._backlog is not None and self._backlog() >= frames.MAX_LINE:
                break  # the PC is not reading: answer the rest later
            if answered == self.max_answers and answered:
                self.more = self.reader.ready()  # the loop's next pass answers the rest
                break
            line = self.reader.next_line()
            if line is None:
                break
            answered += 1
            self._line(line)
            if self._stop:
                self._stop = False
                if self._pump is not None:
                    self._pump()
                raise Stop("STOP request")
        return got

    def _game_open(self):
        is_open = getattr(self.journal, "has_open_game", None)
        return bool(is_open()) if is_open is not None else False

    # ----- framing ---------------------------------------------------------

    def _line(self, line):
        if line is frames.TOO_LONG:
            if self.reader.long_first == frames.REQUEST:
                self._error(0, "long", "line over %d bytes" % frames.MAX_LINE)
            return
        if not frames.is_frame(line, frames.REQUEST):
            return  # noise between frames (a REPL banner, a ">>> " prompt)
        try:
            rid, words = self._decode(line)
        except FrameError as e:
            self._error(e.rid, e.code, e.message)
            return
        verb = words[0]
        handler = self._handlers.get(verb)
        try:
            if verb != "HELLO":
                if self.last_id is None:
                    raise FrameError("order", "send HELLO first", rid)
                if rid <= self.last_id:
                    raise FrameError("order", "request id %d is not above %d" % (rid, self.last_id), rid)
            if handler is None:
                raise FrameError("unknown", "unknown request %s" % verb[:20], rid)
            # Handlers check everything before they change anything, so an
            # error leaves the board as it was.
            reply = handler(words)
        except FrameError as e:
            self._error(rid, e.code, e.message)
            return
        except ValueError as e:
            self._error(rid, "value", str(e))
            return
        except Exception as e:  # a flash error must not stop the game
            self._error(rid, "internal", "%s" % (e,))
            return
        self.last_id = rid
        self.requests += 1
        self._send(rid, reply)

    def _error(self, rid, code, message):
        self.errors += 1
        try:
            self._send(rid, ["ERR", code] + frames.clean_message(message))
        except ValueError:
            self._send(rid, ["ERR", code])

    def _decode(self, line):
        """``(rid, words)`` of a request line (FrameError when it is not
        one): the Wi-Fi link checks its seal here too (tallyboard.hublink)."""
        return frames.decode(line, frames.REQUEST)

    def _send(self, rid, words):
        """Write the answer ``words`` to request ``rid`` (ValueError: no
        frame, nothing written); the Wi-Fi link seals it here."""
        self.stream.write(frames.encode(frames.RESPONSE, rid, words))

    # ----- requests ----------------------------------------------------------

    def _args(self, words, count):
        if len(words) != count + 1:
            raise FrameError("args", "%s takes %d argument(s), not %d" % (words[0], count, len(words) - 1))

    def _game(self, word):
        gid = frames.parse_int(word, 0, _MAX_GAME, "game id")
        if gid not in self.journal.ids():
            raise FrameError("game", "no game %d" % gid)
        return gid

    def _hello(self, words):
        self._args(words, 0)
        out = ["OK", self.device_id, self.firmware_version, str(frames.PROTOCOL), str(frames.MAX_LINE),
               str(frames.MAX_CHUNK)]
        # The journal folder's id (docs/PROTOCOL.md): left out when it has
        # none. Its module is let go at once: a sync then needs the room.
        from tallyboard.journal import folder_id

        folder = folder_id.read(self.journal.fs)
        if implementation.name == "micropython":
            unload("tallyboard.journal.folder_id")
        if folder is not None:
            out.append(folder)
        return out

    def _list(self, words):
        # LIST [after]: games with an id above ``after`` (all when omitted),
        # one page at a time; the first word says whether more follow.
        if len(words) > 2:
            raise FrameError("args", "LIST takes at most 1 argument")
        after = -1
        if len(words) == 2:
            after = frames.parse_int(words[1], -1, _MAX_GAME, "after")
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
        offset = frames.parse_int(words[2], 0, _MAX_SIZE, "offset")
        length = frames.parse_int(words[3], 1, frames.MAX_CHUNK, "length")
        size = self.journal.size(gid)
        if offset >= size:
            raise FrameError("range", "offset %d is not below the size %d" % (offset, size))
        data = self.journal.read(gid, offset, min(length, size - offset))
        return ["OK", str(gid), str(offset), str(len(data)), frames.pack_data(data)]

    def _game_upto(self, words, extra=0):
        # `VERB game upto`, upto within the journal: SUM and ACK share it.
        self._args(words, 2 + extra)
        gid = self._game(words[1])
        upto = frames.parse_int(words[2], 0, _MAX_SIZE, "upto")
        size = self.journal.size(gid)
        if upto > size:
            raise FrameError("range", "upto %d is past the size %d" % (upto, size))
        return gid, upto

    def _sum(self, words):
        gid, upto = self._game_upto(words)
        crc = 0
        pos = 0
        while pos < upto:
            n = min(_SUM_STEP, upto - pos)
            crc = binascii.crc32(self.journal.read(gid, pos, n), crc)
            pos += n
        return ["OK", str(gid), str(upto), "%08x" % (crc & 0xFFFFFFFF)]

    def _ack(self, words):
        # ACK game upto crc: the PC stored exactly these bytes. The board
        # checks the digest against its file before it believes it.
        gid, upto = self._game_upto(words, 1)
        digest = words[3]
        if len(digest) != 8 or digest.strip(frames._HEX):
            raise FrameError("args", "digest must be 8 lower-case hex digits")
        self.journal.mark_synced(gid, upto, int(digest, 16))
        return ["OK", str(gid), str(upto)]

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
        offset = frames.parse_int(words[3], 0, _MAX_SIZE, "offset")
        length = frames.parse_int(words[4], 1, frames.MAX_CHUNK, "length")
        sizes = dict(self.journal.pieces(gid))
        if k not in sizes:
            raise FrameError("range", "game %d has no damaged piece %d" % (gid, k))
        if offset >= sizes[k]:
            raise FrameError("range", "offset %d is not below the size %d" % (offset, sizes[k]))
        data = self.journal.read_piece(gid, k, offset, min(length, sizes[k] - offset))
        return ["OK", str(gid), str(k), str(offset), str(len(data)), frames.pack_data(data)]

    def _stop_request(self, words):
        self._args(words, 0)
        self._stop = True
        return ["OK"]

    def _roster(self, words):
        if len(words) < 2:
            raise FrameError("args", "ROSTER needs at least one name")
        names = [frames.unpack_text(w) for w in words[1:]]
        # config.set_roster validates everything before it saves anything.
        self.config.set_roster(names)
        return ["OK", str(len(names))]

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

    def _time(self, words):
        self._args(words, 1)
        epoch = frames.parse_int(words[1], 0, 4102444800, "epoch")
        self.clock.set_time(epoch)
        return ["OK", str(epoch)]
