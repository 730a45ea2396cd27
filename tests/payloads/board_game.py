# SPDX-License-Identifier: MIT
"""Payload: a whole scripted game through injected button events, one key
press at a time, with the journal on a folder of the flash and the serial
link on; what a board sees, press by press.

The app is the real one (``tallyboard.app.App``) with the real
``tallyboard.buttons.Buttons`` over six fake pins and a fake millisecond
clock: a press holds a pin past the debounce time (held past the long-press
time for a long press), lets the app's loop (``App.tick``) poll, then
releases it. The journal is the real one on ``OsFS(flash)``. The display is
the real driver on a bus that counts bytes: the board's own I2C when
``i2c`` is true (on a board), else a bus with no panel. At the end the link
answers HELLO, LIST and a FETCH of every game, as the PC's sync asks.

Input (tt_data.json)::

    {"keys": "ooddrO...",   # one letter a press: u d l r o b (tests/board_keys.py);
                            # upper case: held as a long press
     "flash": "tt_flash",   # folder for the journal (under the current one)
     "link": true,          # the serial link on (polled every tick)
     "i2c": false,          # the board's real I2C bus and panel
     "calibrate": 0,        # times to run the Pico estimate's calibration loop
     "memfs": false}        # the journal in RAM instead of the flash folder

Output, JSON lines: ``{"press": i, "us": time of the press in
microseconds, "display": bytes sent to the panel, "transfers": I2C writes,
"writes": file writes,
"written": bytes written}`` per press; ``{"link": {"status": [...],
"games": {id: [bytes, crc32]}}}``; ``{"end": {"screen", "hands",
"finished", "totals", "modules"}}`` (the app's modules loaded at the
middle press: the app and one game, in play); when run as a script
(``main``, on a board or the unix port), ``{"heap": {"lowest_free",
"highest_alloc", "boot_alloc", "empty_alloc", "slowest_collect_us"}}``
from a timed ``gc.collect()`` after every step, and with ``"calibrate": n``
in the data ``{"calibration_us": [...]}``: the time of the calibration loop
of the Pico estimate (bench/pico_est.py), n times before, once after every
step, n times after.

``steps(data)`` is a generator, one step a press: the WebAssembly port's
runner (tests/wasm32.py) drives it from the top level, where that port
collects. Runs on CPython too (the tests compare the end states).
"""

import gc
import json
from binascii import crc32

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter_ns

    def ticks_us():
        return perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


KEYS = "udlrob"  # a letter for each of NAMES, in order
STEP_MS = 60  # held this long, a press is past the 50 ms debounce
LONG_MS = 700  # and this much longer, it is a long press
EPOCH = 1700000000


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


class Stream:
    """The USB serial stream as the link sees it: ``inbox`` in, ``out`` out."""

    def __init__(self):
        self.inbox = b""
        self.out = []

    def read_available(self):
        data = self.inbox
        self.inbox = b""
        return data

    def write(self, data):
        self.out.append(bytes(data))


class Board:
    """The app wired as on a board, with fake pins and clock. The app's
    modules are imported here, not when the payload loads, so the heap
    figures before the first step are the payload's own."""

    def __init__(self, data, fs=None):
        from tallyboard.app import App
        from tallyboard.buttons import NAMES, Buttons
        from tallyboard.clock import FakeClock
        from tallyboard.display import Display

        self.held = {}
        for name in NAMES:
            self.held[name] = False
        self.clock = FakeClock(epoch=EPOCH)
        sources = {}
        for name in NAMES:
            sources[name] = _pin(self.held, name)
        self.buttons = Buttons(sources, self.clock.ticks_ms)
        self.bus = CountingBus(_board_i2c() if data.get("i2c") else None)
        # ``fs``: another store (a CPython test's littlefs image); with
        # "memfs" in the data, a store in RAM (the Pico estimate times the
        # interpreter without the host's file system). Writes are then not
        # counted.
        if fs is None and data.get("memfs"):
            from tallyboard.fs import MemFS

            fs = MemFS()
        self.fs = fs if fs is not None else counting_fs(data.get("flash", "tt_flash"))
        self.stream = Stream()
        self.link = None
        make_link = self._make_link if data.get("link", True) else None
        self.app = App(Display(self.bus), self.buttons, self.fs, self.clock, link=make_link, rng=_first_seat,
                       device_id="testboard")

    def _make_link(self, app):
        from tallyboard.app import FIRMWARE_VERSION
        from tallyboard.link import Link

        self.link = Link(self.stream, app.journal, app.config, app.clock, "testboard", FIRMWARE_VERSION)
        return self.link

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
        self.held[name] = True
        self.clock.advance(STEP_MS)
        app.tick()
        if key != key.lower():
            self.clock.advance(LONG_MS)
            app.tick()
        self.held[name] = False
        self.clock.advance(STEP_MS)
        app.tick()
        took = ticks_diff(ticks_us(), start)
        if app.presses != want:
            raise ValueError("the press of %s was not seen by the app (at %s)" % (name, app.describe()))
        return {"us": took, "display": self.bus.bytes_sent - sent, "transfers": self.bus.transfers - transfers,
                "writes": getattr(self.fs, "writes", 0) - writes, "written": getattr(self.fs, "written", 0) - written}


def _pin(held, name):
    # A fake button: True while held (on the board, an active-low pin read).
    return lambda: held[name]


def _first_seat(n):
    return 0


def _board_i2c():
    from tallyboard import boards, hardware

    return hardware.i2c_bus(boards.configured())


def sync(board):
    """What the PC's sync asks: HELLO, LIST, FETCH of every game in 512-byte
    pieces. Returns the status words and, per game, bytes and CRC."""
    from tallyboard import frames

    status = []
    got = {}
    rid = [0]

    def ask(words):
        rid[0] += 1
        board.stream.inbox = frames.encode(frames.REQUEST, rid[0], words)
        board.stream.out = []
        board.link.poll()
        answer = frames.decode(b"".join(board.stream.out).strip(), frames.RESPONSE)[1]
        status.append(answer[0])
        return answer

    ask(["HELLO"])
    ask(["LIST"])
    journal = board.app.journal
    for gid in journal.ids():
        size = journal.size(gid)
        data = b""
        while len(data) < size:
            answer = ask(["FETCH", str(gid), str(len(data)), "512"])
            data += frames.unpack_data(answer[-1])
        got[str(gid)] = [len(data), crc32(data)]
    return {"status": status, "games": got}


def steps(data):
    """Boot the board, then one step per key press, then the link's sync.
    Yields a label per step ("boot", the press number, "link")."""
    board = Board(data)
    yield "boot"
    keys = data["keys"]
    middle = None
    for i in range(len(keys)):
        figures = board.press(keys[i])
        if i == len(keys) // 2:
            middle = app_modules()  # in the thick of the game
        print('{"press": %d, "us": %d, "display": %d, "transfers": %d, "writes": %d, "written": %d}'
              % (i, figures["us"], figures["display"], figures["transfers"], figures["writes"], figures["written"]))
        yield i
    if board.link is not None:
        print(json.dumps({"link": sync(board)}))
        yield "link"
    app = board.app
    g = app.game
    end = {"screen": app.screen.__class__.__name__, "hands": len(g.hands) if g else 0,
           "finished": g.finished if g else None, "totals": list(g.totals) if g else [],
           "modules": middle}
    print(json.dumps({"end": end}))


def app_modules():
    """The app's modules loaded now (tricktally and tallyboard), sorted."""
    import sys

    out = []
    for name in sys.modules:
        if name.split(".")[0] in ("tricktally", "tallyboard"):
            out.append(name)
    out.sort()
    return out


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
            # once between every two presses too: the fastest of all is the
            # host's unloaded speed, whatever else ran on it meanwhile
            calibration += calibrate(1)
        used = gc.mem_alloc()
        free = gc.mem_free()
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
                               "slowest_collect_us": slowest_collect}}))


if __name__ == "__main__":
    main()
