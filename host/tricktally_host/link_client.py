# SPDX-License-Identifier: MIT
"""The PC side of the serial link (docs/PROTOCOL.md), over pyserial.

``LinkClient`` sends one request at a time and waits for the answer with the
same id. A corrupted answer (bad CRC), an answer that never comes, or the
board's ``ERR crc`` (it got a corrupted request) make it send the request
again under a new id, up to ``retries`` times; every request is idempotent,
so sending one twice is harmless. Lines that are not frames (a REPL banner,
debug output) are skipped.

``timeout`` is the whole wait for one answer, resends included: a board that
says nothing makes a request fail after ``timeout`` seconds, not
``retries + 1`` times that. Answers are checked strictly (numbers written
plainly, a LIST that pages forward), so a board that lies cannot make the PC
loop or wait forever.
"""

import re
import sys
import time

import serial
import serial.tools.list_ports

from tallyboard import frames, frames_more
from tallyboard.frames import FrameError
from tricktally_host import sim_port

# USB ids of boards running MicroPython: the Raspberry Pi Pico family (and
# MicroPython's own id), and the USB-serial chips of common ESP32 boards.
BOARD_USB_IDS = (
    (0x2E8A, 0x0005, "Raspberry Pi Pico (MicroPython)"),
    (0x2E8A, 0x000A, "Raspberry Pi Pico (USB CDC)"),
    (0x2E8A, 0x000F, "Raspberry Pi Pico 2"),
    (0xF055, 0x9802, "MicroPython board"),
    (0x303A, 0x1001, "ESP32-S3/C3 native USB"),
    (0x303A, 0x4001, "ESP32-S2/S3 MicroPython"),
    (0x10C4, 0xEA60, "ESP32 with CP210x USB-serial"),
    (0x1A86, 0x7523, "ESP32 with CH340 USB-serial"),
    (0x1A86, 0x55D4, "ESP32 with CH9102 USB-serial"),
    (0x0403, 0x6001, "ESP32 with FTDI USB-serial"),
    (0x0403, 0x6010, "ESP32 with FTDI dual USB-serial"),
)


# Board error codes that mean "your frame arrived damaged".
DAMAGE_CODES = ("crc", "syntax", "long")


class LinkError(Exception):
    """The board could not be reached or refused a request; str() is one line.
    ``code`` is the board's error code (docs/PROTOCOL.md) or ``timeout``,
    ``corrupt`` or ``port``."""

    def __init__(self, code, message):
        Exception.__init__(self, message)
        self.code = code
        # request_many: the good answers that came before the failure.
        self.partial = []


def find_board_ports(ports=None):
    """Serial ports whose USB VID:PID is one of BOARD_USB_IDS, as a list of
    ``(device path, description)``; ``ports`` defaults to the system's."""
    if ports is None:
        ports = serial.tools.list_ports.comports()
    found = []
    for p in ports:
        for vid, pid, what in BOARD_USB_IDS:
            if p.vid == vid and p.pid == pid:
                found.append((p.device, "%s %04X:%04X" % (what, vid, pid)))
    return found


def pick_port(port=None, ports=None, simulator=sim_port.FLASH):
    """``port`` if given, else the one board found by USB id, else the
    running simulator whose flash folder is ``simulator`` (None: never; said
    on stderr); LinkError ``port`` when there is none or more than one."""
    if port:
        return port
    found = find_board_ports(ports)
    if not found:
        sim, stale = sim_port.find(simulator) if simulator else (None, None)
        if sim:
            sys.stderr.write("no board on USB: using the simulator's port %s (%s)\n" % (sim_port.link_path(simulator), sim))
            return sim
        raise LinkError("port", "no TrickTally board found on USB (is it plugged in?) nor a running simulator%s; give --port" % ("; " + stale if stale else ""))
    if len(found) > 1:
        names = ", ".join("%s (%s)" % f for f in found)
        raise LinkError("port", "several boards found: %s; choose one with --port" % names)
    return found[0][0]


class LinkClient:
    """Requests to a board over ``port`` (a path, or an open serial-like
    object with read/write/in_waiting). ``timeout`` is seconds per attempt,
    ``retries`` the extra attempts after a timeout or corruption."""

    def __init__(self, port, timeout=2.0, retries=3, baudrate=115200):
        if isinstance(port, str):
            try:
                self.serial = serial.Serial(port, baudrate=baudrate, timeout=0.05, write_timeout=timeout)
            except (serial.SerialException, OSError) as e:
                raise LinkError("port", "cannot open %s: %s" % (port, e)) from e
            self._own = True
        else:
            self.serial = port
            self._own = False
        self.timeout = timeout
        self.retries = retries
        self.reader = frames.LineReader()
        self.next_id = 1
        # Counters for tests and the bench: what went wrong and was recovered.
        self.sent = 0
        self.resent = 0
        self.corrupt = 0
        self.timeouts = 0
        self.hello_info = None
        try:
            self.serial.reset_input_buffer()
        except (AttributeError, serial.SerialException, OSError):
            pass
        # End whatever partial line the board may hold (noise, a cut frame).
        self._write(b"\n")

    def close(self):
        """Close the port if this client opened it."""
        if self._own:
            self.serial.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ----- one request -------------------------------------------------------

    def _write(self, data):
        try:
            self.serial.write(data)
            self.serial.flush()
        except (serial.SerialException, OSError) as e:
            raise LinkError("port", "cannot write to the board: %s" % e) from e

    def _read_some(self):
        try:
            waiting = self.serial.in_waiting
            return self.serial.read(waiting or 1)
        except (serial.SerialException, OSError) as e:
            raise LinkError("port", "cannot read from the board: %s" % e) from e

    def request(self, verb, *args):
        """Send ``verb`` with ``args`` (words) and return the answer's words
        after ``OK``. Raises LinkError with the board's code for ERR, or
        ``timeout``/``corrupt`` when no good answer came within ``timeout``
        seconds (resends included)."""
        words = [verb] + [str(a) for a in args]
        deadline = time.monotonic() + self.timeout
        window = self.timeout / (self.retries + 1)
        last = LinkError("timeout", "no answer from the board within %g s" % self.timeout)
        for attempt in range(self.retries + 1):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            rid = self.next_id
            self.next_id += 1
            if attempt:
                self.resent += 1
            self.sent += 1
            self._write(_encode(rid, words))
            wait = left if attempt == self.retries else min(window, left)
            outcome, value = self._await(rid, time.monotonic() + wait)
            if outcome == "ok":
                return value
            if outcome == "err":
                code, message = value
                # This client only sends well-formed frames: if the board saw
                # a bad one, the line damaged it, so send it again.
                if code in DAMAGE_CODES:
                    self.corrupt += 1
                    last = LinkError("corrupt", "the board received damaged frames: %s" % message)
                    continue
                raise LinkError(code, "board refused %s: %s" % (verb, message))
            if value.code != "timeout":
                last = value
        raise last

    def request_many(self, requests, soft=0):
        """Send ``requests`` (a list of ``(verb, args)``) back to back and
        return their answers' words, in order.

        Pipelining saves a round trip per request: the board answers a burst
        in one pass of its loop. Any request whose answer is missing or
        damaged is then sent again alone (``request``, with its retries); an
        ERR answer raises LinkError as ``request`` does, except for the first
        ``soft`` requests, whose refusal comes back as the LinkError in the
        result instead. When nothing at all comes back within ``timeout``
        the board is gone: LinkError ``timeout`` at once.
        """
        if not requests:
            return []
        rids = []
        out = []
        for verb, args in requests:
            rids.append(self.next_id)
            out.append(_encode(self.next_id, [verb] + [str(a) for a in args]))
            self.next_id += 1
        self.sent += len(requests)
        self._write(b"".join(out))
        answers = {}
        failed = {}
        pending = set(rids)
        unknown_errors = 0
        deadline = time.monotonic() + self.timeout
        heard = False
        while len(pending) > unknown_errors:
            line = self.reader.next_line()
            if line is None:
                if time.monotonic() > deadline:
                    self.timeouts += 1
                    if not heard:
                        e = LinkError("timeout", "no answer from the board within %g s" % self.timeout)
                        e.partial = []
                        raise e
                    break
                data = self._read_some()
                if data:
                    self.reader.feed(data)
                continue
            if time.monotonic() > deadline and not heard:
                self.timeouts += 1  # only noise, never an answer: the board is not talking to us
                e = LinkError("timeout", "no answer from the board within %g s" % self.timeout)
                e.partial = []
                raise e
            if time.monotonic() > deadline:
                break
            if line is frames.TOO_LONG or not frames.is_frame(line, frames.RESPONSE):
                continue
            try:
                got, words = frames.decode(line, frames.RESPONSE)
            except FrameError:
                self.corrupt += 1
                unknown_errors += 1  # an answer we cannot attribute
                continue
            if got == 0 and words[0] == "ERR":
                unknown_errors += 1
                continue
            if got not in pending:
                continue
            heard = True
            # The board is alive and answering: give it time for the rest.
            deadline = time.monotonic() + self.timeout
            pending.discard(got)
            if words[0] == "OK":
                answers[got] = words[1:]
            elif words[0] == "ERR" and len(words) > 1 and words[1] not in DAMAGE_CODES:
                failed[got] = (words[1], " ".join(words[2:]))
            else:
                self.corrupt += 1
        result = []
        try:
            for i, (rid, (verb, args)) in enumerate(zip(rids, requests)):
                try:
                    if rid in failed:
                        code, message = failed[rid]
                        raise LinkError(code, "board refused %s: %s" % (verb, message))
                    if rid in answers:
                        result.append(answers[rid])
                    else:
                        self.resent += 1
                        result.append(self.request(verb, *args))
                except LinkError as e:
                    if i >= soft or e.code in ("timeout", "port", "corrupt"):
                        raise
                    result.append(e)
        except LinkError as e:
            # The answers before the failure are good: keep them for the
            # caller (a cut sync saves the chunks that did arrive).
            e.partial = result
            raise
        return result

    def _await(self, rid, deadline):
        while True:
            line = self.reader.next_line()
            if line is None:
                if time.monotonic() > deadline:
                    self.timeouts += 1
                    return "retry", LinkError("timeout", "no answer from the board within %g s" % self.timeout)
                data = self._read_some()
                if data:
                    self.reader.feed(data)
                continue
            if time.monotonic() > deadline:
                # Lines keep coming, but not the answer: a chatty board (a
                # REPL, debug prints, old answers) must not hold us forever.
                self.timeouts += 1
                return "retry", LinkError("timeout", "no answer from the board within %g s" % self.timeout)
            if line is frames.TOO_LONG:
                if self.reader.long_first == frames.RESPONSE:
                    self.corrupt += 1
                    return "retry", LinkError("corrupt", "an answer was too long (damaged)")
                continue
            if not frames.is_frame(line, frames.RESPONSE):
                continue  # noise: REPL banner, prints
            try:
                got, words = frames.decode(line, frames.RESPONSE)
            except FrameError as e:
                # A damaged answer: most likely to this request, so ask again.
                self.corrupt += 1
                return "retry", LinkError("corrupt", "damaged answer from the board (%s)" % e.message)
            if words[0] == "ERR" and (got == rid or got == 0):
                return "err", (words[1] if len(words) > 1 else "?", " ".join(words[2:]))
            if got != rid:
                continue  # a late answer to an earlier attempt
            if words[0] != "OK":
                self.corrupt += 1
                return "retry", LinkError("corrupt", "answer neither OK nor ERR")
            return "ok", words[1:]

    # ----- the requests of the protocol ---------------------------------------

    def hello(self):
        """Start a session: ``{'device', 'firmware', 'protocol', 'max_line',
        'max_chunk', 'folder'}``; ``folder`` is the id of the board's journal
        folder ('' from a board that sends none: older firmware). LinkError
        ``protocol`` if the board speaks another protocol or its answer is
        malformed."""
        w = self.request("HELLO")
        if len(w) < 3:
            raise LinkError("protocol", "HELLO answer too short: %r" % (w,))
        info = {"device": w[0], "firmware": w[1], "protocol": _int(w[2], "protocol")}
        if info["protocol"] != frames.PROTOCOL:
            raise LinkError("protocol", "the board speaks protocol %d, this tricktally %d: update one of them"
                            % (info["protocol"], frames.PROTOCOL))
        info["max_line"] = _int(w[3], "max_line") if len(w) > 3 else frames.MAX_LINE
        info["max_chunk"] = _int(w[4], "max_chunk") if len(w) > 4 else frames.MAX_CHUNK
        if not 1 <= info["max_chunk"]:
            raise LinkError("protocol", "HELLO: max_chunk %d is not a chunk size" % info["max_chunk"])
        info["folder"] = w[5] if len(w) > 5 else ""
        if info["folder"] and not _FOLDER.match(info["folder"]):
            raise LinkError("protocol", "HELLO: folder id %r is not 8 to 32 lower-case hex digits" % info["folder"][:40])
        self.hello_info = info
        return info

    def list_games(self):
        """Every game on the board, ordered by id: dicts ``{'id', 'size',
        'synced', 'finished', 'pieces'}`` (finished is None if the board does
        not say; pieces: damaged pieces it kept). LinkError ``protocol``
        for an answer that does not page forward."""
        games = []
        after = None
        while True:
            w = self.request("LIST") if after is None else self.request("LIST", after)
            if not w or w[0] not in ("more", "end"):
                raise LinkError("protocol", "bad LIST answer")
            for entry in w[1:]:
                parts = entry.split(":")
                if len(parts) not in (4, 5):
                    raise LinkError("protocol", "bad LIST entry %r" % entry[:40])
                g = {
                    "id": _int(parts[0], "game id"),
                    "size": _int(parts[1], "size"),
                    "synced": _int(parts[2], "synced"),
                    "finished": {"1": True, "0": False}.get(parts[3]),
                    "pieces": _int(parts[4], "pieces") if len(parts) == 5 else 0,
                }
                if g["id"] > frames.MAX_ID:
                    raise LinkError("protocol", "LIST entry %r: game id out of range" % entry[:40])
                if (games and g["id"] <= games[-1]["id"]) or (after is not None and g["id"] <= after):
                    raise LinkError("protocol", "LIST answer out of order (game %d)" % g["id"])
                if g["synced"] > g["size"]:
                    raise LinkError("protocol", "LIST entry %r: synced past the size" % entry[:40])
                games.append(g)
            if w[0] == "end":
                return games
            if len(w) == 1:
                raise LinkError("protocol", "LIST answer says more games follow but lists none")
            after = games[-1]["id"]

    def fetch(self, game_id, offset, length):
        """Journal bytes of ``game_id`` from ``offset`` (at most ``length``)."""
        return self.fetch_answer(self.request("FETCH", game_id, offset, length), game_id, offset, length)

    @staticmethod
    def fetch_answer(w, game_id, offset, length):
        """The bytes of a FETCH answer ``w`` (words after OK), checked."""
        try:
            if len(w) != 4 or _int(w[0], "game") != game_id or _int(w[1], "offset") != offset:
                raise LinkError("protocol", "FETCH answer for another chunk")
            data = frames_more.unpack_data(w[3])
        except FrameError as e:
            raise LinkError("protocol", "bad FETCH data: %s" % e.message) from e
        if len(data) != _int(w[2], "length") or not data or len(data) > length:
            raise LinkError("protocol", "FETCH answer length mismatch")
        return data

    @staticmethod
    def sum_answer(w, game_id, upto):
        """The CRC32 (int) of a SUM answer ``w``, checked."""
        if len(w) != 3 or _int(w[0], "game") != game_id or _int(w[1], "upto") != upto:
            raise LinkError("protocol", "SUM answer for another range")
        if not _HEX8.match(w[2]):
            raise LinkError("protocol", "SUM answer is not 8 hex digits")
        return int(w[2], 16)

    def checksum(self, game_id, upto):
        """CRC32 (int) the board computes over bytes 0..upto of ``game_id``."""
        return self.sum_answer(self.request("SUM", game_id, upto), game_id, upto)

    def ack(self, game_id, upto, digest=None):
        """Tell the board the PC has stored ``game_id`` up to byte ``upto``,
        bytes whose CRC32 is ``digest`` (8 hex digits, or an int): the board
        checks it against its file and refuses (LinkError) other bytes.
        Without ``digest`` the board's own SUM is used: only for a caller
        that has just checked those bytes itself."""
        if digest is None:
            digest = self.checksum(game_id, upto)
        if isinstance(digest, int):
            digest = "%08x" % digest
        self.request("ACK", game_id, upto, digest)

    def pieces(self, game_id):
        """The damaged pieces the board kept of ``game_id``: ``[(k, size)]``."""
        w = self.request("PIECES", game_id)
        if not w or _int(w[0], "game") != game_id:
            raise LinkError("protocol", "PIECES answer for another game")
        out = []
        for entry in w[1:]:
            parts = entry.split(":")
            if len(parts) != 2:
                raise LinkError("protocol", "bad PIECES entry %r" % entry[:40])
            out.append((_int(parts[0], "piece"), _int(parts[1], "piece size")))
        return out

    def fetch_piece(self, game_id, k, size, chunk=frames.MAX_CHUNK):
        """All ``size`` bytes of damaged piece ``k`` of ``game_id``."""
        data = b""
        while len(data) < size:
            want = min(chunk, size - len(data))
            w = self.request("PIECE", game_id, k, len(data), want)
            if len(w) != 5 or _int(w[0], "game") != game_id or _int(w[1], "piece") != k or _int(w[2], "offset") != len(data):
                raise LinkError("protocol", "PIECE answer for another chunk")
            try:
                piece = frames_more.unpack_data(w[4])
            except FrameError as e:
                raise LinkError("protocol", "bad PIECE data: %s" % e.message) from e
            if len(piece) != _int(w[3], "length") or not piece or len(piece) > want:
                raise LinkError("protocol", "PIECE answer length mismatch")
            data += piece
        return data

    def stop(self):
        """Ask the board's app to stop (to the REPL), e.g. before a deploy."""
        self.request("STOP")

    def roster(self, names):
        """Send the player roster (names may have accents)."""
        w = self.request("ROSTER", *[frames_more.pack_text(n) for n in names])
        return _int(w[0], "count") if w else 0

    def enroll(self, host, port, ssid, password, key):
        """Enroll the board in a club (docs/CLUB.md): the hub at ``host``
        (a numeric address: the board never looks a name up) and ``port``,
        the Wi-Fi ``ssid`` and ``password`` ('' for an open network), and
        the board's ``key`` (64 hex digits). In use from the board's next
        start. The board's refusal (LinkError ``value``) names what is wrong,
        never the password or the key."""
        self.request("ENROLL", host, port, frames_more.pack_text(ssid), frames_more.pack_text(password), key)

    def unenroll(self):
        """Forget the board's enrollment (from its next start it plays without a hub)."""
        self.request("ENROLL", "-")

    def set_time(self, epoch=None):
        """Set the board's clock to ``epoch`` (default: now)."""
        if epoch is None:
            epoch = int(time.time())
        self.request("TIME", int(epoch))


_NUMBER = re.compile(r"(0|[1-9][0-9]{0,11})\Z")
_HEX8 = re.compile(r"[0-9a-f]{8}\Z")
_FOLDER = re.compile(r"[0-9a-f]{8,32}\Z")


def _encode(rid, words):
    # A request that cannot be a frame (a word that is not printable ASCII,
    # a line over the bound) is refused here, before anything is sent.
    try:
        return frames.encode(frames.REQUEST, rid, words)
    except ValueError as e:
        raise LinkError("value", "%s request cannot be sent: %s" % (words[0], str(e)[:120])) from e


def _int(word, what):
    # A whole number >= 0 written plainly (no sign, no "-0", no "1_0").
    if not _NUMBER.match(word):
        raise LinkError("protocol", "%s %r is not a number" % (what, word[:20]))
    return int(word)
