# SPDX-License-Identifier: MIT
"""What every link of the board answers, the PC's over USB and a club
hub's over Wi-Fi (docs/PROTOCOL.md): request lines read without waiting,
request ids, one ERR frame for anything refused, and the requests both
send: HELLO, TIME and ACK.

``Server`` is the base of tallyboard.link.Link (the USB link: the rest of
the requests) and of tallyboard.club.ClubLink (a club's hub: proofs,
seals, the journal's bytes pushed as they are written). Each class keeps
its requests in ``VERBS``: verb -> function(server, words) -> the answer's
words. Handlers check everything before they change anything, so an
error leaves the board as it was.

``poll()`` is called once per pass of the app's loop. It reads what the
stream has without waiting and answers the complete request lines
(``max_answers`` a pass at most, 0: all); with no input it costs one
``read_available()`` call. It writes only answer frames. Lines that do
not start with ``>`` and a digit are noise (a REPL banner, a ``>>>``
prompt) and get no answer. The game never waits for the PC: a stream with
``backlog()`` and ``pump()`` is fed no new answer while a frame's worth
is queued, and no input is taken while a frame's worth waits to be
answered.
"""

from sys import implementation

from tallyboard import frames, unload
from tallyboard.frames import FrameError

MAX_GAME = 999999999
MAX_SIZE = 1 << 30


class Server:
    """Protocol server over ``stream`` (``read_available() -> bytes`` and
    ``write(bytes)``) for ``journal`` (tallyboard.journal.journal.Journal),
    ``config`` (roster), ``clock`` (set_time), with this board's
    ``device_id`` (a word of printable ASCII) and ``firmware_version``."""

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
        self.pump = getattr(stream, "pump", None)
        self.backlog = getattr(stream, "backlog", None)
        # Session state: set by HELLO; every later request id must be larger
        # (a repeated or stale frame is refused rather than acted on twice).
        self.last_id = None
        self.requests = 0
        self.errors = 0
        self.max_answers = 0
        self.more = False  # a poll left complete requests for the next
        self._folder = None  # the journal folder's id, once it has one (it keeps it)

    def poll(self):
        """Answer the complete requests that have arrived; never blocks.
        Returns True if any byte was received."""
        if self.pump is not None:
            self.pump()
        got = self.read()
        answered = 0
        self.more = False
        while True:
            if self.backlog is not None and self.backlog() >= frames.MAX_LINE:
                break  # the PC is not reading: answer the rest later
            if answered == self.max_answers and answered:
                self.more = self.reader.ready()  # the loop's next pass answers the rest
                break
            line = self.reader.next_line()
            if line is None:
                break
            answered += 1
            self.handle(line)
        return got

    def read(self):
        """Take what the stream has, while less than two lines' worth
        waits; True if any byte came (the USB link watches for Ctrl-C here)."""
        if self.reader.pending() >= 2 * frames.MAX_LINE:
            return False
        data = self.stream.read_available()
        if data:
            self.reader.feed(data)
        return bool(data)

    # ----- framing ---------------------------------------------------------

    def handle(self, line):
        """Answer one request line: its answer, or one ERR frame that
        changes nothing; noise gets no answer."""
        if line is frames.TOO_LONG:
            if self.reader.long_first == frames.REQUEST:
                self._error(0, "long", "line over %d bytes" % frames.MAX_LINE)
            return
        if not frames.is_frame(line, frames.REQUEST):
            return  # noise between frames (a REPL banner, a ">>> " prompt)
        try:
            rid, words = self.decode(line)
        except FrameError as e:
            self._error(e.rid, e.code, e.message)
            return
        verb = words[0]
        try:
            if verb != "HELLO":
                if self.last_id is None:
                    raise FrameError("order", "send HELLO first", rid)
                if rid <= self.last_id:
                    raise FrameError("order", "request id %d is not above %d" % (rid, self.last_id), rid)
            handler = self._find(verb)
            if handler is None:
                raise FrameError("unknown", "unknown request %s" % verb[:20], rid)
            reply = handler(self, words)
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
        self.send(rid, reply)

    def _find(self, verb):
        """The handler of request ``verb``, or None (``ERR unknown``)."""
        return self.VERBS.get(verb)

    def _error(self, rid, code, message):
        self.errors += 1
        try:
            self.send(rid, ["ERR", code] + frames.clean_message(message))
        except ValueError:
            self.send(rid, ["ERR", code])

    def decode(self, line):
        """``(rid, words)`` of a request line (FrameError when it is not
        one): the club's link checks its seal here too."""
        return frames.decode(line, frames.REQUEST)

    def send(self, rid, words):
        """Write the answer ``words`` to request ``rid`` (ValueError: no
        frame, nothing written); the club's link seals it here."""
        self.stream.write(frames.encode(frames.RESPONSE, rid, words))

    # ----- what handlers share -----------------------------------------------

    def _args(self, words, count):
        if len(words) != count + 1:
            raise FrameError("args", "%s takes %d argument(s), not %d" % (words[0], count, len(words) - 1))

    def _game(self, word):
        gid = frames.parse_int(word, 0, MAX_GAME, "game id")
        if gid not in self.journal.ids():
            raise FrameError("game", "no game %d" % gid)
        return gid

    def _game_upto(self, words, extra=0):
        # `VERB game upto ...`, upto within the journal: SUM, ACK, HAVE.
        self._args(words, 2 + extra)
        gid = self._game(words[1])
        upto = frames.parse_int(words[2], 0, MAX_SIZE, "upto")
        size = self.journal.size(gid)
        if upto > size:
            raise FrameError("range", "upto %d is past the size %d" % (upto, size))
        return gid, upto

    def _digest(self, word):
        # A CRC-32 in 8 lower-case hex digits (ACK, HAVE), as an int.
        if len(word) != 8 or word.strip(frames._HEX):
            raise FrameError("args", "digest must be 8 lower-case hex digits")
        return int(word, 16)

    # ----- requests ----------------------------------------------------------

    def _hello(self, words):
        self._args(words, 0)
        out = ["OK", self.device_id, self.firmware_version, str(frames.PROTOCOL), str(frames.MAX_LINE),
               str(frames.MAX_CHUNK)]
        # The journal folder's id (docs/PROTOCOL.md): left out while it
        # has none. Read once it has one (it never changes while the board
        # runs); its module is let go at once: a sync needs the room.
        folder = self._folder
        if folder is None:
            from tallyboard.journal import folder_id

            folder = self._folder = folder_id.read(self.journal.fs)
            if implementation.name == "micropython":
                unload("tallyboard.journal.folder_id")
        if folder is not None:
            out.append(folder)
        return out

    def _time(self, words):
        self._args(words, 1)
        epoch = frames.parse_int(words[1], 0, 4102444800, "epoch")
        self.clock.set_time(epoch)
        return ["OK", str(epoch)]

    def _ack(self, words):
        # ACK game upto crc: the PC stored exactly these bytes. The board
        # checks the digest against its file before it believes it.
        gid, upto = self._game_upto(words, 1)
        self.journal.mark_synced(gid, upto, self._digest(words[3]))
        return ["OK", str(gid), str(upto)]

    VERBS = {"HELLO": _hello, "TIME": _time, "ACK": _ack}
