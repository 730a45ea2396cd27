# SPDX-License-Identifier: MIT
"""The links of a board enrolled in a club (docs/CLUB.md, "The board
link"): the USB link as ever, and the club hub's over Wi-Fi, served
together by the app's loop.

firmware/main.py makes a ``ClubLink`` (``start``) only for an enrolled
board that has a radio. It answers the hub as tallyboard.server does the
PC, over the hub's stream (tallyboard.tcpstream), and adds what a link
over a shared network needs:

- **Proofs.** Until the hub has proved it holds this board's key, the
  board answers only HELLO, AUTH and PROVE (tallyboard.handshake, loaded
  for them and let go once the session is sealed); the rest gets ``ERR
  auth`` and changes nothing.
- **Seals.** From the answer to PROVE on, every frame both ways carries a
  last word, the seal of its text under the session's key
  (tallyboard.seal): a frame without the right one gets ``ERR auth``;
  request ids must keep rising, HELLO's too, so no frame of this session
  or an earlier one can be played again.
- **Pushes.** The board sends the journal's bytes the hub does not hold
  yet itself, one sealed frame at a time, as soon as they are written:
  ``!N PUSH GAME SIZE OFFSET CRC DATA``. The hub answers with ``HAVE GAME
  UPTO CRC`` (it dealt with the game's first UPTO bytes: the next push
  starts there) or ``ACK`` (the same, and they are committed). What the
  hub holds is learnt anew each session: the first push of a game starts
  where it was acknowledged.
- **Catch-up.** The requests of the full sync (LIST, FETCH, SUM, PIECES,
  PIECE, ROSTER) are the USB link's (tallyboard.link), loaded when the hub
  first asks one and let go at the next HAVE or HELLO. A board with
  damaged pieces asks for it at the start of each session (``!N NEW
  GAME``). STOP and ENROLL are USB only.
- **SEAT ROUND TABLE SEAT**: where the players go next; shown
  (tallyboard.ui.seat) as soon as no game is being played.
- **One request a pass** of the app's loop, so a press waits for at most
  one answer; ``idle`` asks the loop to come straight back while more wait.

A new connection is a new session: nothing of the last one carries over.
"""

from binascii import crc32
from sys import implementation, modules

from tallyboard import frames, unload
from tallyboard.frames import FrameError
from tallyboard.seal import same, text_of
from tallyboard.server import Server

_MICROPYTHON = implementation.name == "micropython"


# Its methods' and fields' names are, where one fits, names the game's
# modules intern already: every name stays in RAM for good (docs/MEMORY.md).


class ClubLink(Server):
    """``poll()`` and ``idle(wait)`` for the app (tallyboard.app.App): the
    USB link ``usb`` (or None) and the hub's over ``stream``, with this
    board's ``key`` (bytes), ``device_id``, ``firmware_version`` and
    ``random_bytes(n)`` for its nonces."""

    def __init__(self, app, usb, stream, key, device_id, firmware_version, random_bytes):
        Server.__init__(self, stream, app.journal, app.config, app.clock, device_id, firmware_version)
        self.app = app
        self.usb = usb
        self._key = key
        self.rng = random_bytes
        self.max_answers = 1
        self.seat = None  # (round, table, seat) the hub asked the board to show
        self._due = False
        self.reset()

    def reset(self):
        """A new connection: a new session, nothing of the last one kept."""
        self.session = self.stream.session
        self.last_id = None
        self.reader.clear()
        self.seal = None  # the session's Seal once the hub proved the key
        self._nonces = None
        self._drop = False
        # Game id -> (offset, CRC-32 of the bytes before it) of its next
        # push; None: the hub holds other bytes, not pushed this session.
        self._offsets = {}
        self._pending = None  # (game id, end, CRC-32 up to it) of the push the hub has not answered
        self._count = 0  # notices of this session
        self._last = None  # the journal's record count at the last look for bytes to push
        self._asked = False  # the catch-up a board with damaged pieces asks for

    def poll(self):
        """Serve the PC on USB and the hub; never blocks. True if any byte
        arrived."""
        got = self.usb.poll() if self.usb is not None else False
        stream = self.stream
        stream.step()
        if stream.session != self.session:
            self.reset()
        if not stream.connected():
            return got
        got = Server.poll(self) or got
        if self._drop:
            self._drop = False
            stream.pump()
            stream.close("wrong proof")
        return got

    def idle(self, wait):
        """The last word of a pass of the app's loop (App.work): the hub
        gets the journal's new bytes, a seat the hub sent is shown once no
        game is being played; returns the ms the loop may sleep, at most
        ``wait`` (None: no limit of its own), 0 while requests wait."""
        if self.seal is not None and self._pending is None and not self.stream.backlog():
            self._next()
        if self._due:
            g = self.app.game
            # Between games: none, or over, or paused at the home menu
            # (which lets the game's screens go: no pickers).
            if g is None or g.finished or not self.app.pickers:
                self._due = False
                from tallyboard.ui.seat import show

                show(self.app, self.seat)
        mine = 0 if self.more else self.stream.wait_ms()
        return mine if wait is None or mine < wait else wait

    # ----- pushes -------------------------------------------------------------

    def _next(self):
        # The next bytes the hub lacks, once records were written (or the
        # hub answered): the oldest game first, at most a chunk a frame.
        j = self.journal
        if j.written == self._last:
            return
        self._last = j.written
        if not self._asked:
            self._asked = True
            for gid in j.ids():
                if j.pieces(gid):
                    # Its damaged pieces go by the full sync, which the hub
                    # ends with a HAVE of this game.
                    self._pending = (gid, -1, 0)
                    self.say(["NEW", str(gid)])
                    return
        for gid in j.ids():
            size = j.size(gid)
            start = self._offsets.get(gid, 0)
            if start == 0:
                at = j.synced(gid)
                if at >= size:
                    continue  # acknowledged in full
                start = self._offsets[gid] = (at, j.digest(gid, at) if at else 0)
            if start is not None and start[0] < size:
                at = start[0]
                data = j.read(gid, at, min(size - at, frames.MAX_CHUNK))
                crc = crc32(data, start[1]) & 0xFFFFFFFF
                self._pending = (gid, at + len(data), crc)
                self.say(["PUSH", str(gid), str(size), str(at), "%08x" % crc, frames.pack_data(data)])
                return

    def say(self, words):
        """Send the hub a notice (sealed): a push, or NEW."""
        self._count += 1
        self._write(frames.NOTICE, self._count, words)

    def _settle(self, gid, upto, crc):
        # The hub has the first ``upto`` bytes of game ``gid``, CRC-32
        # ``crc`` (HAVE, ACK): the next push starts there, if those are the
        # board's bytes; else the game is not pushed again this session.
        push = self._pending
        mine = None
        if push is not None and push[0] == gid:
            self._pending = None
            if push[1] == upto:
                mine = push[2]
        self._last = None  # look again: more to push, or another game
        start = self._offsets.get(gid)
        if start is not None and start[0] == upto:
            mine = start[1]
        if mine is None:
            mine = self.journal.digest(gid, upto) if upto else 0
        if mine != crc:
            self._offsets[gid] = None
            raise FrameError("value", "not the board's bytes")
        self._offsets[gid] = (upto, crc)

    # ----- frames: the seal -------------------------------------------------

    def decode(self, line):
        """``(rid, words)`` of a request: before the proofs only HELLO,
        AUTH and PROVE; after them, sealed (the seal taken off) and HELLO
        in order too."""
        rid, words = frames.decode(line, frames.REQUEST)
        seal = self.seal
        if seal is None:
            if words[0] not in ("HELLO", "AUTH", "PROVE"):
                raise FrameError("auth", "prove the key first", rid)
            return rid, words
        if len(words) < 2 or not same(words[-1], seal.mac(text_of(line))):
            raise FrameError("auth", "the seal does not match", rid)
        words.pop()
        if words[0] == "HELLO" and rid <= self.last_id:
            raise FrameError("order", "request id %d is not above %d" % (rid, self.last_id), rid)
        return rid, words

    def send(self, rid, words):
        """The answer to request ``rid``, sealed once the session is."""
        self._write(frames.RESPONSE, rid, words)

    def _write(self, mark, rid, words):
        seal = self.seal
        if seal is not None:
            text = "%s%d %s" % (chr(mark), rid, " ".join(words))
            words = words + [seal.mac(text.encode())]
        self.stream.write(frames.encode(mark, rid, words))

    def _find(self, verb):
        handler = self.VERBS.get(verb)
        if handler is None:
            if self.seal is None:
                from tallyboard.handshake import VERBS  # AUTH, PROVE

                return VERBS.get(verb)
            # The hub's full sync (a catch-up) asks what the USB link
            # answers: its handlers, loaded until the next HAVE or HELLO.
            from tallyboard.link import Link

            handler = Link.SYNC_VERBS.get(verb)
        return handler

    def _forget(self):
        # A catch-up is over (HAVE, HELLO): the sync's handlers go, unless
        # the PC's link over USB has them.
        if _MICROPYTHON and "tallyboard.link" in modules and getattr(self.usb, "link", None) is None:
            unload("tallyboard.link")

    # ----- requests ------------------------------------------------------------

    def _hello(self, words):
        self._forget()
        return Server._hello(self, words)

    def _have(self, words):
        # HAVE game upto crc: the hub dealt with the game's first ``upto``
        # bytes (a push's answer; the end of a catch-up).
        self._forget()
        gid, upto = self._game_upto(words, 1)
        self._settle(gid, upto, self._digest(words[3]))
        return ["OK", str(gid), str(upto)]

    def _ack(self, words):
        # ACK game upto crc: HAVE, and committed (tallyboard.server). The
        # journal's sync layer it took goes at once: a game does not keep it.
        gid, upto = self._game_upto(words, 1)
        self._settle(gid, upto, self._digest(words[3]))
        out = Server._ack(self, words)
        self.journal.rest()
        return out

    def _seat(self, words):
        # SEAT ROUND TABLE SEAT: shown once no game is being played.
        self._args(words, 3)
        seat = (frames.parse_int(words[1], 1, 999, "round"), frames.parse_int(words[2], 1, 999, "table"),
                frames.parse_int(words[3], 1, 99, "seat"))
        if seat != self.seat:
            self.seat = seat
            self._due = True
        return ["OK", words[1], words[2], words[3]]

    VERBS = Server.VERBS.copy()
    VERBS.update({"HELLO": _hello, "HAVE": _have, "ACK": _ack, "SEAT": _seat})


def start(app, club, device_id, firmware_version, usb, sockets=None, up=None, watch=None, random_bytes=None,
          ticks_ms=None, backoff=None):
    """The ClubLink of ``app`` for enrollment ``club``
    (tallyboard.enrollment.load), beside ``usb``. ``sockets``, ``up``,
    ``watch``: the stream's (tallyboard.tcpstream); ``random_bytes(n)``
    (default os.urandom) makes the session's nonces; ``ticks_ms`` the
    stream's clock (default the app's); ``backoff`` its first wait after
    a failure (ms)."""
    from tallyboard.tcpstream import TcpStream

    if random_bytes is None:
        from os import urandom as random_bytes
    stream = TcpStream(club["host"], club["port"], ticks_ms or app.clock.ticks_ms, sockets, up, watch,
                       backoff=backoff or 1000)
    return ClubLink(app, usb, stream, club["key"], device_id, firmware_version, random_bytes)
