# SPDX-License-Identifier: MIT
"""The hub's board listener: boards on Wi-Fi connect here, prove their
key, and have every entry stored as it is made (docs/CLUB.md, "The board
link").

A TCP server with a thread per board (the sync below it blocks, as on
USB). For each connection: HELLO names the board; its key is read from
the database (``Database.board_key``; none: refused); AUTH and PROVE prove
the key both ways (tallyboard.seal), and from then on every frame is
sealed (club.port). The hub sets the board's clock; then the board pushes
each game's new journal bytes as they are written, and the hub stores them
with the USB sync's store and promises (club.pushes): only what extends
the stored journal is stored, only what was committed is acknowledged, a
dropout or a reboot resumes from what the database has. What a push
cannot settle (a conflict, damaged pieces the board kept) goes through
the USB sync's own code (tricktally_host.sync.sync_board) over the
socket. A quiet board hears HELLO every ``keepalive`` seconds (it drops a
hub it has not heard from in 45 s).

For the hub's other parts (the web side runs this in its own process, and
two hub processes over one database can each run one):

- ``on_event(event)`` is called, from the board's thread, with a dict:
  ``{"event": KIND, "device": ID, "time": epoch seconds, ...}``, KIND one of
  ``connected`` (``address``), ``refused`` (``reason``: not enrolled, wrong
  key, ...), ``stored`` (``game_id``, ``folder``, ``status`` new|changed,
  ``size`` journal bytes, ``record`` the tricktally/1 record), ``seat``
  (``round``, ``table``, ``seat``: the board has it), ``roster``
  (``names``: the board took them), ``problem``
  (``message``: a sync warning, e.g. a conflict) and ``disconnected``
  (``reason``);
- ``status()``: per board heard since start, connected or not, its address,
  when it connected and when it was last heard from;
- ``send_seat(device, round, table, seat)``: where the board's players go
  next, shown on the board between games; sent now if the board is
  connected here, else when it connects. ``seats(device)``, if given,
  is asked at every connection and sync for the seat a board should show
  (a hub process whose boards connect to another process's listener);
- ``send_roster(device, names)``: the names of the board's next game in
  seat order (ROSTER), the same way; ``rosters(device)`` likewise.

Keys never appear in events, status or logs.
"""

import contextlib
import logging
import secrets
import shutil
import socket
import tempfile
import threading
import time

from tallyboard.config_store import MAX_NAMES as MAX_ROSTER
from tallyboard.config_store import ConfigError, check_name
from tallyboard.handshake import NONCE_LEN, proof, session_key
from tallyboard.seal import Seal, same
from tricktally_host.club.port import SocketPort
from tricktally_host.club.pushes import CATCH_UP, PushError, Pushes, parse_push
from tricktally_host.link_client import LinkClient, LinkError
from tricktally_host.sync import SyncError, SyncReport, sync_board

DEFAULT_PORT = 8765
KEEPALIVE = 10.0
TIMEOUT = 5.0
# An unfinished game is acknowledged at most this often (and at each
# connection): an acknowledgement folds the board's journal tail into the
# game file, a flash erase, too dear for every entry. A finished game is
# acknowledged at once.
ACK_EVERY = 300.0
# Connections at once: a club's tables and some to spare; more are closed
# at once (someone else's program knocking).
MAX_CONNECTIONS = 256
_HEX = frozenset("0123456789abcdef")

log = logging.getLogger("tricktally.club")


class _Stored:
    """The database as the sync sees it, keeping what each store_game was
    given (for the ``stored`` events)."""

    def __init__(self, db):
        self._db = db
        self.stored = []

    def __getattr__(self, name):
        return getattr(self._db, name)

    def store_game(self, device_id, game_id, record, journal_size, checksum, **kwargs):
        status = self._db.store_game(device_id, game_id, record, journal_size, checksum, **kwargs)
        self.stored.append((game_id, kwargs.get("folder", ""), status, journal_size, record))
        return status


class _Board:
    """What the listener knows of one board."""

    def __init__(self, device):
        self.device = device
        self.port = None  # the SocketPort of its proved connection
        self.address = None
        self.connected_at = None
        self.heard = None
        self.seat = None  # (round, table, seat) wanted
        self.roster = None  # the names wanted on the board's roster
        self.wake = threading.Event()


class BoardListener:
    """Listens on ``host``:``port`` (0: a free port; ``address`` after
    ``start``). ``database`` is a callable returning a new Database (each
    board's thread opens its own) or a path given to Database. ``spool``
    is the resume folder of partial downloads (default: a temporary one,
    removed by ``stop``). ``timeout`` bounds each answer; ``keepalive`` is
    the longest time between two syncs of a connected board; an unfinished
    game is acknowledged at most every ``ack_every`` seconds (a finished one
    at once)."""

    def __init__(self, database, host="0.0.0.0", port=DEFAULT_PORT, spool=None, on_event=None, seats=None,
                 keepalive=KEEPALIVE, timeout=TIMEOUT, clock=time.time, ack_every=ACK_EVERY, rosters=None):
        if not callable(database):
            from tricktally_host.db import Database

            path = database
            database = lambda: Database(path)  # noqa: E731
        self.database = database
        self.host = host
        self.port = port
        self.spool = spool
        self.on_event = on_event
        self.seats = seats
        self.rosters = rosters
        self.keepalive = keepalive
        self.timeout = timeout
        self.ack_every = ack_every
        self.clock = clock
        self.address = None
        self._own_spool = None
        self._server = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._boards = {}
        self._threads = set()
        self._open = set()

    # ----- the hub's side ----------------------------------------------------------

    def start(self):
        """Bind, listen and accept in a thread of its own; returns
        ``(host, port)``. OSError when the port cannot be had."""
        if self.spool is None:
            self._own_spool = self.spool = tempfile.mkdtemp(prefix="tricktally-hub-")
        server = socket.create_server((self.host, self.port), reuse_port=False, backlog=64)
        self._server = server
        self.address = server.getsockname()[:2]
        self._spawn(self._accept)
        log.info("board listener on %s:%d", *self.address)
        return self.address

    def stop(self):
        """Close the server and every board's connection, wait for their
        threads; what was stored stays stored."""
        self._stopping.set()
        if self._server is not None:
            with contextlib.suppress(OSError):
                self._server.close()
        with self._lock:
            for port in list(self._open):
                port.close()
            boards = list(self._boards.values())
            threads = list(self._threads)
        for board in boards:
            board.wake.set()
        for thread in threads:
            thread.join(10)
        if self._own_spool is not None:
            shutil.rmtree(self._own_spool, ignore_errors=True)
            self.spool = self._own_spool = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def send_seat(self, device, round_, table, seat):
        """Have board ``device`` show "Table TABLE, seat SEAT" for round
        ``round_`` between games (1..999, 1..999, 1..99). True when the
        board is connected here (it gets it at once), else it gets it when
        it connects. ValueError for numbers out of range."""
        want = (int(round_), int(table), int(seat))
        if not (1 <= want[0] <= 999 and 1 <= want[1] <= 999 and 1 <= want[2] <= 99):
            raise ValueError("a seat is round 1..999, table 1..999, seat 1..99, not %r" % (want,))
        board = self._board(device)
        board.seat = want
        board.wake.set()
        return board.port is not None

    def send_roster(self, device, names):
        """Have board ``device``'s roster be ``names`` (in seat order: the
        next round's players at its table), as ``send_seat`` does: True
        when the board is connected here (it gets them at once), else it
        gets them when it connects. ValueError for names a board does not
        take (1 to 12 distinct names of 1 to 10 printable characters)."""
        names = list(names)
        if not 1 <= len(names) <= MAX_ROSTER or len(set(names)) != len(names):
            raise ValueError("a roster is 1 to %d distinct names, not %d" % (MAX_ROSTER, len(names)))
        for name in names:
            try:
                check_name(name)
            except ConfigError as e:
                raise ValueError(str(e)) from None
        board = self._board(device)
        board.roster = tuple(names)
        board.wake.set()
        return board.port is not None

    def status(self):
        """``{device: {"connected", "address", "connected_at",
        "last_heard"}}`` for every board heard since start (times in epoch
        seconds, None when never)."""
        out = {}
        with self._lock:
            boards = list(self._boards.values())
        for b in boards:
            port = b.port
            heard = port.last_heard if port is not None and port.last_heard else b.heard
            out[b.device] = {"connected": port is not None, "address": b.address, "connected_at": b.connected_at,
                             "last_heard": heard}
        return out

    # ----- the boards' side ---------------------------------------------------------

    def _board(self, device):
        with self._lock:
            board = self._boards.get(device)
            if board is None:
                board = self._boards[device] = _Board(device)
            return board

    def _spawn(self, target, *args):
        def run():
            try:
                target(*args)
            finally:
                with self._lock:
                    self._threads.discard(threading.current_thread())

        thread = threading.Thread(target=run, daemon=True, name="tricktally-club")
        with self._lock:
            self._threads.add(thread)
        thread.start()

    def _accept(self):
        # A timeout, so that stop() is seen: closing a socket does not end
        # an accept() waiting on it.
        self._server.settimeout(0.2)
        while not self._stopping.is_set():
            try:
                sock, peer = self._server.accept()
            except socket.timeout:
                continue
            except OSError:
                return  # closed by stop()
            sock.settimeout(None)
            with self._lock:
                full = len(self._open) >= MAX_CONNECTIONS
            if full or self._stopping.is_set():
                sock.close()
                continue
            self._spawn(self._serve, sock, "%s:%d" % peer[:2])

    def _emit(self, kind, device, **data):
        event = {"event": kind, "device": device, "time": self.clock()}
        event.update(data)
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:  # noqa: BLE001 - the hub's own code must not stop a board's sync
                log.exception("on_event failed for %s", kind)

    def _serve(self, sock, address):
        port = SocketPort(sock, self.clock, self.timeout)
        with self._lock:
            self._open.add(port)
        device = None
        board = None
        db = None
        reason = "closed"
        try:
            client = LinkClient(port, timeout=self.timeout, retries=1)
            device = client.hello()["device"]
            db = self.database()
            key = db.board_key(device)
            if key is None:
                self._refuse(device, address, "not enrolled in this club's database")
                return
            refused = self._prove(client, port, device, bytes.fromhex(key))
            if refused:
                self._refuse(device, address, refused)
                return
            board = self._board(device)
            with self._lock:
                old = board.port
                board.port = port
                board.address = address
                board.connected_at = self.clock()
            if old is not None:
                old.close()  # the board came back: its old connection is dead
            log.info("board %s connected from %s", device, address)
            self._emit("connected", device, address=address)
            self._session(client, port, db, board)
        except (LinkError, SyncError, OSError) as e:
            reason = str(e)
        except Exception as e:  # noqa: BLE001 - one board's trouble must not stop the listener
            log.exception("board %s: the session failed", device)
            reason = "%s: %s" % (type(e).__name__, e)
        finally:
            port.close()
            if db is not None:
                with contextlib.suppress(Exception):
                    db.close()
            with self._lock:
                self._open.discard(port)
                mine = board is not None and board.port is port
                if mine:
                    board.port = None
                    board.heard = port.last_heard
            if mine:
                log.info("board %s disconnected: %s", device, reason)
                self._emit("disconnected", device, reason=reason)

    def _refuse(self, device, address, reason):
        log.warning("board %s from %s refused: %s", device, address, reason)
        self._emit("refused", device, address=address, reason=reason)

    def _prove(self, client, port, device, key):
        """AUTH and PROVE: None once both sides proved the key (the port
        seals from then on), else why the board is refused."""
        hub_nonce = secrets.token_hex(NONCE_LEN // 2)
        try:
            words = client.request("AUTH", hub_nonce)
        except LinkError as e:
            return "no proof: %s" % e
        if len(words) != 2 or len(words[0]) != NONCE_LEN or not set(words[0]) <= _HEX:
            return "a malformed AUTH answer"
        board_nonce = words[0]
        if not same(words[1], proof(key, "board", device, hub_nonce, board_nonce)):
            return "wrong key (its proof does not match the key enrolled)"
        seal = Seal(session_key(key, hub_nonce, board_nonce))
        port.seal_in = seal  # the answer to PROVE is the first sealed frame
        client.request("PROVE", proof(key, "hub", device, hub_nonce, board_nonce))
        port.seal_out = seal
        return None

    def _session(self, client, port, db, board):
        """Set the board's clock, then store what it pushes, run the full
        sync when a push needs it or the board asks, deliver the seat and the
        roster, say HELLO when all is quiet; until the connection ends or the
        listener stops."""
        acked = {}  # game id -> when this connection last acknowledged it

        def ack_due(game_id, finished):
            now = time.monotonic()
            if finished is not False or now - acked.get(game_id, now - self.ack_every) >= self.ack_every:
                acked[game_id] = now
                return True
            return False

        folder = client.hello().get("folder", "")
        try:
            client.set_time(int(self.clock()))
        except LinkError as e:
            if e.code in ("timeout", "port", "corrupt"):
                raise
            self._emit("problem", board.device, message="the board refused the time: %s" % e)
        pushes = Pushes(_Stored(db), board.device, folder, ack_due, self.clock)
        shown = self._seat(client, board, None)
        listed = self._roster(client, board, None)
        end = time.monotonic() + self.keepalive
        while not self._stopping.is_set():
            words = port.next_notice(min(0.2, max(0.0, end - time.monotonic())))
            if words is not None:
                self._notice(client, pushes, board, words)
            elif time.monotonic() >= end:
                # All quiet: the board hears from the hub (it drops one
                # silent for 45 s), and a new journal folder is learnt.
                pushes.folder = client.hello().get("folder", "")
            elif not board.wake.is_set():
                continue
            board.wake.clear()
            shown = self._seat(client, board, shown)
            listed = self._roster(client, board, listed)
            end = time.monotonic() + self.keepalive

    def _notice(self, client, pushes, board, words):
        """Answer one notice of the board: a push (stored when it extends
        what the hub holds), or NEW GAME (the full sync)."""
        if words[0] == "NEW":
            gid = int(words[1]) if len(words) == 2 and words[1].isdigit() else None
            self._catch_up(client, pushes, board, gid)
            return
        try:
            gid, size, offset, crc, data = parse_push(words)
        except PushError as e:
            self._emit("problem", board.device, message=str(e))
            return
        if not pushes.folder:
            pushes.folder = client.hello().get("folder", "")  # its first game gave it one
        report = SyncReport()
        pushes.db.stored = []
        answer = pushes.take(gid, size, offset, crc, data, report)
        self._report(board, pushes.db, report)
        if answer == CATCH_UP:
            # Dealt with up to the push's end: the board goes on from there.
            self._catch_up(client, pushes, board, gid, (offset + len(data), "%08x" % crc))
            return
        try:
            client.request(*((answer[0], gid) + answer[1:]))
        except LinkError as e:
            if e.code in ("timeout", "port", "corrupt"):
                raise
            # The board's bytes are not what the hub holds: the full sync
            # keeps them apart as a conflict, as on USB.
            self._catch_up(client, pushes, board, gid)

    def _catch_up(self, client, pushes, board, gid=None, dealt=None):
        """The USB sync's own code over the connection, then ``HAVE`` for
        game ``gid`` (the board lets the sync's handlers go): ``dealt``
        (upto, crc) when answering a push, else what the database holds."""
        stored = pushes.db
        stored.stored = []
        report = sync_board(client, stored, spool=self.spool, set_time=False, ack_due=pushes.ack_due)
        self._report(board, stored, report)
        pushes.folder = report.folder
        pushes.forget()
        if gid is None:
            return
        if dealt is None:
            size, crc = stored.synced_upto(board.device, report.folder).get(gid, (0, "00000000"))
            dealt = (size, str(crc))
        try:
            client.request("HAVE", gid, dealt[0], dealt[1])
        except LinkError as e:
            if e.code in ("timeout", "port", "corrupt"):
                raise
            # Refused: the board does not push this game again this session.

    def _report(self, board, stored, report):
        # What a store did, as events: games stored, problems.
        for game_id, folder, status, size, record in stored.stored:
            if status in ("new", "changed"):
                self._emit("stored", board.device, game_id=game_id, folder=folder, status=status, size=size,
                           record=record)
        stored.stored = []
        for message in report.problems:
            self._emit("problem", board.device, message=message)

    def _seat(self, client, board, shown):
        # The seat the board should show, sent when it is not the one it has.
        return self._deliver(board, shown, "seat", board.seat, self.seats, lambda want: client.request("SEAT", *want),
                             lambda want: dict(round=want[0], table=want[1], seat=want[2]))

    def _roster(self, client, board, listed):
        # The roster the board should have, sent when it is not the one it
        # was sent on this connection (ROSTER writes the board's flash).
        return self._deliver(board, listed, "roster", board.roster, self.rosters,
                             lambda want: client.roster(list(want)), lambda want: dict(names=list(want)))

    def _deliver(self, board, sent, kind, wanted, ask, send, event):
        """Send ``wanted`` (else what ``ask(device)`` says) with ``send``
        unless it is ``sent``; the ``kind`` event (``event(want)`` its
        data) once the board took it. Returns what the board now has."""
        want = wanted
        if want is None and ask is not None:
            try:
                want = ask(board.device)
            except Exception:  # noqa: BLE001 - the hub's own code must not stop a board's sync
                log.exception("%ss(%s) failed", kind, board.device)
        if want is None or tuple(want) == sent:
            return sent
        try:
            send(want)
        except LinkError as e:
            if e.code in ("timeout", "port", "corrupt"):
                raise
            self._emit("problem", board.device, message="the board refused the %s: %s" % (kind, e))
            return tuple(want)
        self._emit(kind, board.device, **event(want))
        return tuple(want)
