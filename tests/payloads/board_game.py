# SPDX-License-Identifier: MIT
# needs: tests/payloads/board_io.py tests/payloads/fake_hub.py
"""Payload: a whole scripted game through injected button events, one key
press at a time, with the journal on a folder of the flash and the serial
link on; what a board sees, press by press.

The app is the real one (``tallyboard.app.App``) with the real
``tallyboard.buttons.Buttons`` over six fake pins and a fake millisecond
clock: a press holds a pin past the debounce time (held past the long-press
time for a long press), lets the app's loop (``App.tick``) poll, then
releases it. Between two presses the players pause (``pause``: the
fake clock passes PAUSE_MS and the app's loop runs once, ``App.work``, as a
board's loop wakes for the journal's idle fold). The journal is the real
one on ``OsFS(flash)``. The display is
the real driver on a bus that counts bytes: the board's own I2C when
``i2c`` is true (on a board), else a bus with no panel. At the end the link
(loaded on demand, as firmware/main.py does) answers the PC's sync as
tricktally_host.sync asks it, burst by burst: HELLO, TIME, LIST, FETCH of
every game in windows of pieces, SUM, ACK (tests/payloads/board_io.py).

Input (tt_data.json)::

    {"keys": "ooddrO...",   # one letter a press: u d l r o b (tests/board_keys.py);
                            # upper case: held as a long press
     "flash": "tt_flash",   # folder for the journal (under the current one)
     "link": true,          # the serial link on (polled every tick)
     "i2c": false,          # the board's real I2C bus and panel
     "calibrate": 0,        # times to run the Pico estimate's calibration loop
     "memfs": false,        # the journal in RAM instead of the flash folder
     "per_step": false,     # print the free heap after every step
     "pause_ms": 1500,      # the quiet time between two presses (PAUSE_MS)
     "wifi": null,          # enrolled in a club: the hub's link too, to a
                            # hub in this process (tests/payloads/fake_hub.py)
                            # "live", "deaf" or "blackhole"
     "blackhole_port": null}  # "blackhole" over a real socket (the unix
                            # port) to 127.0.0.1 at this port, a listener
                            # whose queue is full (tests/club.py)

Output, JSON lines: ``{"press": i, "us": time of the press in
microseconds, "display": bytes sent to the panel, "transfers": I2C writes,
"writes": file writes,
"written": bytes written}`` per press; ``{"link": {"status": [...],
"games": {id: [bytes, crc32]}}}``; ``{"end": {"screen", "hands",
"finished", "totals", "modules"}}`` (the app's modules loaded at the
middle press: the app and one game, in play; with ``wifi``, ``hub``: the
fake hub's connections, notices heard, acknowledgement bursts, bytes read
and journal bytes had per game); when run as a script
(``main``, on a board or the unix port), ``{"heap": {"lowest_free",
"highest_alloc", "boot_alloc", "empty_alloc", "slowest_collect_us",
"total"}}``
from a timed ``gc.collect()`` after every step, and with ``"calibrate": n``
in the data ``{"calibration_us": [...]}``: the time of the calibration loop
of the Pico estimate (bench/pico_est.py), n times before, once after every
step, n times after, and ``{"collect_us": t}`` after every step. With
``"per_step"``: ``{"step": label, "free": bytes}`` after every step's
collection (bench/mp_bench.py finds the lowest while a game is in play).

``steps(data)`` is a generator, one step a press: the WebAssembly port's
runner (tests/wasm32.py) drives it from the top level, where that port
collects. Runs on CPython too (the tests compare the end states).
"""

import gc
import json

try:
    from board_io import Stream, app_modules, fake_buttons, hold, sync_steps, ticks_diff, ticks_us
except ImportError:  # CPython, imported as tests.payloads.*
    from tests.payloads.board_io import Stream, app_modules, fake_buttons, hold, sync_steps, ticks_diff, ticks_us


KEYS = "udlrob"  # a letter for each of NAMES, in order
# The players' quiet time between two presses, in ms: past the journal's
# _IDLE_MS, so the app's loop folds a full enough tail between presses as a
# board's does. Real pauses inside one entry (a picker's up/down) are
# shorter; the journal needs one pause in about a dozen entries
# (docs/PICO_BUDGET.md).
PAUSE_MS = 1500


class CountingBus:
    """An I2C bus that counts the bytes the display sends; ``bus`` (the
    board's machine.I2C) receives them when given."""

    def __init__(self, bus=None):
        self.bus = bus
        self.bytes_sent = 0
        self.transfers = 0

    def writeto(self, addr, buf):
        self.bytes_sent += len(buf)
        self.transfers += 1
        if self.bus is not None:
            self.bus.writeto(addr, buf)


def counting_fs(root):
    """OsFS on folder ``root`` that counts the writes that reach the flash
    and their bytes (``writes``, ``written``)."""
    from tallyboard.fs import OsFS

    class CountingFS(OsFS):
        writes = 0
        written = 0

        def append(self, name, data):
            self.writes += 1
            self.written += len(data)
            OsFS.append(self, name, data)

        def _put(self, name, data):
            self.writes += 1
            self.written += len(data)
            OsFS._put(self, name, data)

    return CountingFS(root)


class Board:
    """The app wired as on a board, with fake pins and clock. The app's
    modules are imported here, not when the payload loads, so the heap
    figures before the first step are the payload's own."""

    def __init__(self, data, fs=None):
        from tallyboard.app import App
        from tallyboard.display import Display

        self.held, self.clock, self.buttons = fake_buttons()
        addr = 0x3C
        real = None
        if data.get("i2c"):
            real, addr = _board_i2c()
        self.bus = CountingBus(real)
        # ``fs``: another store (a CPython test's littlefs image); with
        # "memfs" in the data, a store in RAM (the Pico estimate times the
        # interpreter without the host's file system). Writes are then not
        # counted.
        if fs is None and data.get("memfs"):
            from tallyfakes.memfs import MemFS

            fs = MemFS()
        self.fs = fs if fs is not None else counting_fs(data.get("flash", "tt_flash"))
        self.pause_ms = data.get("pause_ms", PAUSE_MS)
        self.stream = Stream()
        self.link = None
        self.usb = data.get("link", True)
        self.wifi = data.get("wifi")
        self.blackhole_port = data.get("blackhole_port")
        self.hub = None
        make_link = self._make_link if self.usb or self.wifi else None
        self.app = App(Display(self.bus, addr), self.buttons, self.fs, self.clock, link=make_link, rng=_first_seat,
                       device_id="testboard")
        # A board's loop (App.run) starts with App.work: what the first
        # screen names for its OK (the home menu: the new game's form) is
        # loaded there, before the first press, as after any press.
        self.app.work()

    def _make_link(self, app):
        # As firmware/main.py: the protocol server is loaded when the PC
        # first speaks.
        try:
            from tallyboard.app import LinkOnDemand
        except ImportError:  # firmware from before it joined the app's module
            from tallyboard.ondemand import LinkOnDemand

        def link(stream):
            from tallyboard.app import FIRMWARE_VERSION
            from tallyboard.link import Link

            return Link(stream, app.journal, app.config, app.clock, "testboard", FIRMWARE_VERSION)

        if self.usb:
            self.link = LinkOnDemand(self.stream, link)
        if not self.wifi:
            return self.link
        return self._club_link(app)

    def _club_link(self, app):
        # As firmware/main.py for a board enrolled in a club: the hub's
        # link beside the USB one, its Wi-Fi on, to a hub in this process.
        import fake_hub
        from tallyboard import club as clubs
        from tallyboard.wifi import Wifi

        key = b"k" * 32
        self.hub = fake_hub.Hub(key, "testboard", self.wifi, self._game_over)
        wifi = Wifi("club", "", self.clock.ticks_ms, fake_hub.network())
        club = {"host": "10.0.0.1", "port": 8765, "key": key}
        sockets = fake_hub.sockets(self.hub)
        if self.blackhole_port:
            import socket as sockets

            club = {"host": "127.0.0.1", "port": self.blackhole_port, "key": key}
        return clubs.start(app, club, "testboard", "0.1.0", self.link, sockets=sockets, up=wifi.up,
                           random_bytes=_nonce)

    def _game_over(self):
        # The fake hub's stand-in for the listener's replay: is the game
        # the board pushes finished?
        g = self.app.game
        return g is None or g.finished

    def press(self, key):
        """Inject one key press (a letter of KEYS, upper case for long);
        returns its figures as a dict."""
        from tallyboard.buttons import NAMES

        name = NAMES[KEYS.index(key.lower())]
        app = self.app
        want = app.presses + 1
        sent = self.bus.bytes_sent
        transfers = self.bus.transfers
        writes = getattr(self.fs, "writes", 0)
        written = getattr(self.fs, "written", 0)
        start = ticks_us()
        hold(app, self.held, self.clock, name, key != key.lower())
        took = ticks_diff(ticks_us(), start)
        if app.presses != want:
            from tallyfakes.describe import describe

            raise ValueError("the press of %s was not seen by the app (at %s)" % (name, describe(app)))
        return {"us": took, "display": self.bus.bytes_sent - sent, "transfers": self.bus.transfers - transfers,
                "writes": getattr(self.fs, "writes", 0) - writes, "written": getattr(self.fs, "written", 0) - written}


    def pause(self):
        """The players' quiet time after a press: the app's loop as a board
        runs it (``App.work``: the events, the link, the journal's idle
        fold; then a sleep of at most what ``work`` asked) until
        ``pause_ms`` have passed on the clock. Not part of any press's
        figures."""
        for _ in self.pause_steps():
            pass

    def pause_steps(self):
        """``pause``, yielding after each pass of the loop in which the
        club hub's link answered a request (the hub's sync, one request a
        pass: the heap is measured in its midst too)."""
        left = self.pause_ms
        answered = self._answered()
        wait = self.app.work()
        again = 0  # passes asked for at once (a club hub's requests waiting)
        while again < 400:
            if self._answered() != answered:
                answered = self._answered()
                yield "hub"
            if self.hub is not None and self.hub.out:
                wait = 0  # the hub's bytes wake the board (tallyboard.hardware: BoardPower.watch)
            if wait is None or wait > left:
                break
            if wait:
                self.clock.advance(wait)
                left -= wait
            else:
                again += 1
            wait = self.app.work()
        self.clock.advance(left)

    def _answered(self):
        # Requests the club hub's link has answered (0 without one).
        hub = self.app.link if self.wifi else None
        hub = getattr(hub, "hub", hub)  # firmware before the pushes kept the hub's link there
        return hub.requests + hub.errors if hub is not None else 0


def _first_seat(n):
    return 0


def _nonce(n):
    # The board's nonces (a board draws them from os.urandom).
    return b"n" * n


def _board_i2c():
    # The board's own I2C bus and its OLED's address (board files).
    from tallyboard import boards, hardware

    board = boards.load(boards.configured())
    return hardware.i2c_bus(board), board.OLED_ADDR


def steps(data):
    """Boot the board, then one step per key press, then the PC's sync, one
    step per burst of requests. Yields a label per step ("boot", the press
    number, "link hello", "link time", "link list", "link fetch" per burst,
    "link ack"). With ``wifi``: first "hub" (the payload's own hub
    imported: its code is not the board's), then after a press, "hub" after
    each pass of the loop that answered the club hub."""
    if data.get("wifi"):
        import fake_hub  # noqa: F401

        yield "hub"
    board = Board(data)
    yield "boot"
    if board.hub is not None:
        # The board joins the hub (its first sync) before the players'
        # first press, as its loop does while they sit down.
        for label in board.pause_steps():
            yield label
    keys = data["keys"]
    middle = None
    # The last game's hands, finished and totals. Not the game itself: the
    # app lets a finished game go on the home menu, and a reference kept
    # here would count its hands and rules module against the app's heap
    # through the next game's new-game form.
    last = (0, None, [])
    for i in range(len(keys)):
        figures = board.press(keys[i])
        g = board.app.game
        if g is not None:
            last = (len(g.hands), g.finished, list(g.totals))
        g = None
        if i == len(keys) // 2:
            middle = app_modules()  # in the thick of the game
        print('{"press": %d, "us": %d, "display": %d, "transfers": %d, "writes": %d, "written": %d}'
              % (i, figures["us"], figures["display"], figures["transfers"], figures["writes"], figures["written"]))
        for label in board.pause_steps():
            yield label
        yield i
    if board.link is not None:
        link = {}
        for step in sync_steps(board, link):
            yield "link " + step
        print(json.dumps({"link": link}))
    app = board.app
    end = {"screen": app.screen.__class__.__name__, "hands": last[0], "finished": last[1], "totals": last[2],
           "modules": middle}
    hub = board.hub
    if hub is not None:
        end["hub"] = {"connections": hub.connections, "notices": hub.notices, "acks": hub.acks, "took": hub.took,
                      "stored": [hub.games[g][0] for g in hub.games], "pushes": hub.synced}
    print(json.dumps({"end": end}))


def calibration_loop():
    """The time reference of the Pico estimate (bench/pico_est.py): 10,000
    integer additions in a function."""
    x = 0
    for i in range(10000):
        x += i
    return x


def calibrate(times):
    """Time calibration_loop ``times`` times; returns the microseconds of each."""
    out = []
    for _ in range(times):
        start = ticks_us()
        calibration_loop()
        out.append(ticks_diff(ticks_us(), start))
    return out


def main():
    """Run every step with a collection after each (a board, the unix port)
    and print the heap figures; with ``"calibrate": n`` in the data, time
    the calibration loop n times before the game, once after every step and
    n times after it."""
    gc.collect()
    empty = gc.mem_alloc()
    with open("tt_data.json") as f:
        data = json.loads(f.read())
    times = data.get("calibrate", 0)
    per_step = data.get("per_step", False)
    calibration = calibrate(times)
    low = None
    high = 0
    boot = None
    slowest_collect = 0
    for label in steps(data):
        start = ticks_us()
        gc.collect()
        took = ticks_diff(ticks_us(), start)
        if took > slowest_collect:
            slowest_collect = took
        if times:
            print('{"collect_us": %d}' % took)
        if times:
            # once between every two presses too: the fastest of all is the
            # host's unloaded speed, whatever else ran on it meanwhile
            calibration += calibrate(1)
        used = gc.mem_alloc()
        free = gc.mem_free()
        if per_step:
            print('{"step": "%s", "free": %d}' % (label, free))
        if boot is None:
            boot = used
        if low is None or free < low:
            low = free
        if used > high:
            high = used
    calibration += calibrate(times)
    if times:
        print(json.dumps({"calibration_us": calibration}))
    print(json.dumps({"heap": {"lowest_free": low, "highest_alloc": high, "boot_alloc": boot, "empty_alloc": empty,
                               "slowest_collect_us": slowest_collect, "total": gc.mem_free() + gc.mem_alloc()}}))


if __name__ == "__main__":
    main()
