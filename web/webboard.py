# SPDX-License-Identifier: MIT
"""The board in a browser: the page's parts wired to the firmware's App.

This runs on MicroPython's WebAssembly port inside the page
(web/board.mjs), as firmware/main.py and tallyboard.hardware run on a
board: it hands the unchanged app the parts of this board. It is the
browser's board wiring, so it lives beside the page and never in
firmware/, which holds only what a board runs.

- the display: the firmware's SSD1306 driver (tallyboard.display) over
  ``PanelBus``, an I2C bus whose transfers the page takes and decodes as
  the panel's controller does (web/panel.mjs);
- the buttons: the firmware's driver (tallyboard.buttons) reading six
  levels the page sets, its press latched as a pin interrupt latches it,
  so debounce, long press and repeat are the board's own;
- a clock (the port's ticks, the browser's wall time), the flash (a folder
  of the port's file system that the page keeps in the browser's storage,
  web/flash.mjs), a random source (the page's crypto.getRandomValues) and
  power hooks without a battery.

The page makes one ``Board`` (the boot), then calls ``Board.step()``
whenever something may be due (a button went down or up, or the time the
last ``step`` asked for passed): one pass of App.run's loop, which never
blocks here. After each call it takes what the bus carried and the events
the app got; ``games`` and ``record`` serve its list of games and their
downloads (docs/RECORD.md).
"""

import binascii
import json
import time

from tallyboard.app import App
from tallyboard.buttons import NAMES, PRESS, Buttons
from tallyboard.clock import Clock
from tallyboard.display import Display
from tallyboard.fs import OsFS

FLASH = "/flash"
OLED_ADDR = 0x3C
# What the page's flash reports it holds: about a Pico's littlefs, and well
# inside what a browser keeps for one site (web/flash.mjs stores it in base64).
FLASH_BYTES = 1024 * 1024
DEVICE_ID_FILE = "device-id.txt"


class PanelBus:
    """The I2C bus to the page's panel: every transfer is kept, as hex, until
    the page takes them (``take``). Only the panel's address answers."""

    def __init__(self):
        self._sent = []

    def writeto(self, addr, buf):
        if addr != OLED_ADDR:
            raise OSError(19)  # ENODEV, as machine.I2C says
        self._sent.append(binascii.hexlify(buf))
        return len(buf)

    def take(self):
        """The transfers since the last call, one hex line each ("" when none)."""
        if not self._sent:
            return ""
        out = b"\n".join(self._sent).decode()
        self._sent = []
        return out


class PageButtons(Buttons):
    """The firmware's button driver over six levels the page sets (``down``,
    ``up``). A ``long`` press is held until the driver has reported what a
    held button gives (LONG; REPEAT for up and down), then let go: the
    keyboard's shifted keys. Every event the app gets is kept for the page
    (``take``)."""

    def __init__(self, clock_ms):
        self.levels = bytearray(len(NAMES))
        self._long = bytearray(len(NAMES))
        self._log = []
        sources = {}
        for i in range(len(NAMES)):
            sources[NAMES[i]] = self._level(i)
        Buttons.__init__(self, sources, clock_ms)

    def _level(self, i):
        levels = self.levels
        return lambda: levels[i] == 1

    def down(self, i, long=False):
        """Button ``i`` (of NAMES) goes down: its level, and the latch its
        pin interrupt would set."""
        self.levels[i] = 1
        self._long[i] = 1 if long else 0
        self.handler(NAMES[i])()

    def up(self, i):
        """Button ``i`` is let go (a long press lets go by itself)."""
        if not self._long[i]:
            self.levels[i] = 0

    def poll(self):
        ev = Buttons.poll(self)
        if ev is not None:
            i = self.names.index(ev[0])
            if self._long[i] and ev[1] != PRESS:
                self._long[i] = 0
                self.levels[i] = 0
            self._log.append("%s %d" % ev)
        return ev

    def take(self):
        """The events since the last call, as "name kind" joined by ";"."""
        out = ";".join(self._log)
        self._log = []
        return out


class PagePower:
    """Power hooks of a board without a battery gauge (tallyboard.keeper):
    the page's timer does the waiting, so ``wait`` only returns; the
    deepest sleep turns the board off until a button boots it again."""

    def __init__(self):
        self.deep_asleep = False

    def volts(self):
        return None

    def thresholds(self):
        from tallyboard.battery import CRITICAL_V, EMPTY_V, FULL_V, LOW_V

        return (EMPTY_V, FULL_V, LOW_V, CRITICAL_V)

    def on_usb(self):
        return False  # no PC on the page: the idle steps go all the way

    def can_deep(self):
        return True

    def wait(self, ms):
        pass

    def slow(self):
        pass

    def fast(self):
        pass

    def deep(self):
        self.deep_asleep = True


class PageFlash(OsFS):
    """The flash: folder FLASH of the port's file system, which the page
    keeps in the browser's storage. Reports FLASH_BYTES of room, not the
    port's memory file system's."""

    def free(self):
        used = 0
        for name in self.listdir():
            used += self.size(name)
        return max(0, FLASH_BYTES - used)


class Board:
    """The parts and the app. ``rng(n)`` -> 0..n-1 (the page's); ``flash``
    the flash's folder; ``clock`` a tallyboard.clock.Clock (default: the
    port's ticks and the browser's time)."""

    def __init__(self, rng, flash=FLASH, clock=None):
        self.rng = rng
        self.bus = PanelBus()
        self.display = Display(self.bus, OLED_ADDR)
        self.clock = clock or Clock(time=_wall_time)
        self.buttons = PageButtons(self.clock.ticks_ms)
        self.power = PagePower()
        self.flash = PageFlash(flash)
        self.device_id = device_id(self.flash, rng)
        self.app = None
        self.boot()

    def boot(self):
        """Start the app, as a board does at power-up: the journal resumes
        the open game."""
        self.power.deep_asleep = False
        self.app = App(self.display, self.buttons, self.flash, self.clock, device_id=self.device_id, rng=self.rng,
                       power=self.power)

    def step(self):
        """One pass of App.run's loop: what is due now (button events, the
        press's after-work, the idle steps); returns the ms until the next
        pass is due, or -1 for "not before a button"."""
        if self.power.deep_asleep:
            return -1
        app = self.app
        wait = None
        try:
            wait = app.work()
        except Exception as e:  # noqa: BLE001 - as App.run: the board keeps going
            app.crashed(e)
        wait = app.keeper.sleep(wait)
        return -1 if wait is None else wait

    def down(self, i, long=False):
        """Button ``i`` goes down (a board in its deepest sleep boots, and
        that press does no more: tallyboard.keeper)."""
        if self.power.deep_asleep:
            self.display.init_display()
            self.boot()
            return
        self.buttons.down(i, long)


def _wall_time():
    # The browser's clock, in whole epoch seconds (a board learns it from the
    # PC; the page has it from the start).
    return int(time.time())


def device_id(flash, rng):
    """The board's id, made once ("web-" and 8 hex digits) and kept on its
    flash, as a chip's id is fixed: one browser's storage is one board."""
    try:
        kept = flash.read_at(DEVICE_ID_FILE, 0, 64).decode().strip()
        if kept[:4] == "web-" and len(kept) == 12:
            return kept
    except (OSError, ValueError):
        pass
    made = "web-" + "".join(["%02x" % rng(256) for _ in range(4)])
    flash.write_file(DEVICE_ID_FILE, made.encode())
    return made


def games(board):
    """The games on the flash, newest first, as JSON: a list of {"id",
    "game", "players", "finished", "open"} (the download list)."""
    app = board.app
    out = []
    for st in app.stored_games():
        name = getattr(st, "name", None)
        if name is None:
            continue  # a file that holds no readable game
        out.append({"id": st.game_id, "game": name, "players": list(st.players), "finished": bool(st.finished),
                    "open": st.game_id == app.game_id})
    return json.dumps(out)


def record(board, game_id):
    """The ``tricktally/1`` record (docs/RECORD.md) of game ``game_id`` as
    JSON text, with the keys a synced game carries (device, game_id,
    created, ended); "" when the flash has no readable game of that id."""
    from tricktally.record import to_record

    for st in board.app.stored_games():
        if st.game_id != game_id:
            continue
        game = st.game
        if game is None:
            return ""
        rec = to_record(game)
        rec["device"] = board.device_id
        rec["game_id"] = game_id
        rec["created"] = st.created
        if getattr(st, "ended", False) and not game.finished:
            rec["ended"] = True
        return json.dumps(rec)
    return ""
