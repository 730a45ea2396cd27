# SPDX-License-Identifier: MIT
"""The board's link to a club hub over Wi-Fi (docs/CLUB.md, "The board
link"): the serial link's own server (tallyboard.link.Link) over the hub's
stream (tallyboard.tcpstream), so the hub stores with the USB sync's code
and promises, plus what a link over a shared network needs:

- **Proofs.** Until the hub has proved it holds this board's key, the
  board answers only HELLO, AUTH and PROVE; the rest gets ``ERR auth`` and
  changes nothing. ``AUTH HUB_NONCE`` is answered with a fresh board nonce
  and the board's proof; ``PROVE HUB_PROOF`` with OK when the hub's proof
  is right (tallyboard.seal), and with ``ERR auth`` and a closed
  connection when it is not (one try per AUTH).
- **Seals.** From the answer to PROVE on, every frame both ways carries a
  last word, the seal of its text under the session's key: a frame
  without the right one gets ``ERR auth``; request ids must keep rising,
  HELLO's too, so no frame of this session or an earlier one can be
  played again.
- **USB only:** STOP and ENROLL do not exist here.
- **SEAT ROUND TABLE SEAT**: where the players go next; shown
  (tallyboard.ui.seat) as soon as no game is being played.
- **Notices.** When the journal has new records, the board tells the hub
  at once with ``!N NEW`` (sealed; once nothing else waits to be sent),
  and the hub syncs.
- **One request a pass** of the app's loop, so a press waits for at most
  one answer; ``idle`` asks the loop to come straight back while more wait.

A new connection is a new session: nothing of the last one carries over.
"""

from binascii import hexlify

from tallyboard import frames
from tallyboard.frames import FrameError
from tallyboard.link import Link
from tallyboard.seal import NONCE_LEN, Seal, proof, same, session_key, text_of


class HubLink(Link):
    """The hub's link for ``app`` over ``stream``, with this board's
    ``key`` (bytes), ``device_id``, ``firmware_version`` and
    ``random_bytes(n)`` for its nonces."""

    def __init__(self, app, stream, key, device_id, firmware_version, random_bytes):
        Link.__init__(self, stream, app.journal, app.config, app.clock, device_id, firmware_version)
        self.app = app
        self._key = key
        self._random = random_bytes
        self._session = stream.session
        self._nonces = None
        self.seal = None  # the session's Seal once the hub proved the key
        self._drop = False
        self._written = 0
        self.seat = None  # (round, table, seat) the hub asked the board to show
        self._seat_due = False
        self.max_answers = 1
        h = self._handlers
        del h["STOP"]
        del h["ENROLL"]
        h["AUTH"] = self._auth
        h["PROVE"] = self._prove
        h["SEAT"] = self._seat

    def poll(self):
        """Keep the connection, answer at most one request; never blocks."""
        stream = self.stream
        stream.step()
        if stream.session != self._session:
            self._session = stream.session
            self.last_id = None
            self._nonces = None
            self.seal = None
            self.reader.clear()
        if not stream.connected():
            return False
        got = Link.poll(self)
        if self._drop:
            self._drop = False
            stream.pump()
            stream.close("wrong proof")
        return got

    def idle(self, wait):
        """After the loop's work: tell the hub of new records, show a seat
        the hub sent once no game is being played; returns the ms the loop
        may sleep (0 while requests wait)."""
        if self.seal is not None and not self.stream.backlog():
            written = self.journal.written
            if written != self._written:
                self._written = written
                self._frame(frames.NOTICE, written, ["NEW"])
        if self._seat_due:
            g = self.app.game
            # Between games: none, or over, or paused at the home menu
            # (which lets the game's screens go: no pickers).
            if g is None or g.finished or not self.app.pickers:
                self._seat_due = False
                from tallyboard.ui.seat import show

                show(self.app, self.seat)
        return 0 if self.more else wait

    # ----- frames: the seal -------------------------------------------------

    def _decode(self, line):
        rid, words = frames.decode(line, frames.REQUEST)
        seal = self.seal
        if seal is None:
            if words[0] not in ("HELLO", "AUTH", "PROVE"):
                raise FrameError("auth", "prove the key first (AUTH, PROVE)", rid)
            return rid, words
        if len(words) < 2 or not same(words[-1], seal.mac(text_of(line))):
            raise FrameError("auth", "the seal does not match", rid)
        words.pop()
        if words[0] == "HELLO" and rid <= self.last_id:
            raise FrameError("order", "request id %d is not above %d" % (rid, self.last_id), rid)
        return rid, words

    def _send(self, rid, words):
        self._frame(frames.RESPONSE, rid, words)

    def _frame(self, mark, rid, words):
        seal = self.seal
        if seal is not None:
            text = "%s%d %s" % (chr(mark), rid, " ".join(words))
            words = words + [seal.mac(text.encode())]
        self.stream.write(frames.encode(mark, rid, words))

    # ----- requests ------------------------------------------------------------

    def _auth(self, words):
        # AUTH HUB_NONCE: a fresh board nonce and the board's proof.
        self._args(words, 1)
        hub = words[1]
        if len(hub) != NONCE_LEN or hub.strip(frames._HEX):
            raise FrameError("args", "the nonce is %d lower-case hex digits" % NONCE_LEN)
        if self.seal is not None:
            raise FrameError("auth", "this session is proved already")
        board = hexlify(self._random(NONCE_LEN // 2)).decode()
        self._nonces = (hub, board)
        return ["OK", board, proof(self._key, "board", self.device_id, hub, board)]

    def _prove(self, words):
        # PROVE HUB_PROOF: right, and the session is sealed from the answer
        # on; wrong, and the connection goes.
        self._args(words, 1)
        nonces = self._nonces
        self._nonces = None
        if nonces is None:
            raise FrameError("auth", "send AUTH first")
        if not same(words[1], proof(self._key, "hub", self.device_id, nonces[0], nonces[1])):
            self._drop = True
            raise FrameError("auth", "wrong proof: this hub does not hold the board's key")
        self.seal = Seal(session_key(self._key, nonces[0], nonces[1]))
        self._written = self.journal.written
        self.stream.settled()
        return ["OK"]

    def _seat(self, words):
        # SEAT ROUND TABLE SEAT: shown once no game is being played.
        self._args(words, 3)
        seat = (frames.parse_int(words[1], 1, 999, "round"), frames.parse_int(words[2], 1, 999, "table"),
                frames.parse_int(words[3], 1, 99, "seat"))
        if seat != self.seat:
            self.seat = seat
            self._seat_due = True
        return ["OK", words[1], words[2], words[3]]
