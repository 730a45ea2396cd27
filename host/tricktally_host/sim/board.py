# SPDX-License-Identifier: MIT
"""The simulated board: the real firmware App on a simulated SSD1306 bus,
a flash folder on the PC and a pseudo-terminal for the serial link."""

import binascii
import os
import random

from tallyboard.app import App, FIRMWARE_VERSION
from tallyboard.display import Display
from tallyboard.fs import OsFS
from tallyfakes.simbus import SimI2C
from tricktally_host import sim_port
from tricktally_host.sim.power import PanelView, SimClock, SimPower
from tricktally_host.sim.screen_text import ScreenText

PRESS = 1
LONG = 2


DEVICE_ID_FILE = "device-id.txt"


def sim_device_id(flash):
    """The id of the simulated board whose files are in folder ``flash``.

    Made once (``sim-`` and 8 random hex digits) and kept in the folder, as
    a real board's id is fixed in its chip: two simulators with two flash
    folders are two boards to the PC, and one folder stays one board."""
    path = os.path.join(flash, DEVICE_ID_FILE)
    try:
        with open(path, encoding="ascii") as f:
            kept = f.read().strip()
        if kept.startswith("sim-") and kept[4:].isalnum():
            return kept
    except (OSError, UnicodeDecodeError):
        pass
    made = "sim-" + binascii.hexlify(os.urandom(4)).decode()
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="ascii") as f:
        f.write(made + "\n")
    os.replace(tmp, path)
    return made


class SimBoard:
    """Everything a board has, on the PC. ``flash`` is the folder holding the
    board's files (created if missing); ``serial`` makes a pty for the link."""

    def __init__(self, flash, serial=True, seed=None, device_id=None, battery=None, clock=None, read_text=False):
        os.makedirs(flash, exist_ok=True)
        self.bus = SimI2C()
        self.display = Display(self.bus)
        # With ``read_text``, the words drawn are read from the first frame
        # on (``text.lines()``: the headless simulator's text lines).
        self.text = ScreenText(self.display).start() if read_text else None
        self.fs = OsFS(flash)
        # Real time that headless `wait` lines can jump (the idle steps), and
        # the supply the gauge reads (--battery VOLTS; None: no gauge).
        self.clock = clock or SimClock()
        self.power = SimPower(battery, usb=serial)
        self.bus = PanelView(self.bus)  # what the renderers see: dark when off
        rng = random.Random(seed)
        self.flash = flash
        self.serial_path = None
        self.serial_link = None  # flash/serial: the port's name that stays
        self._fds = ()
        link = None
        self.device_id = device_id or sim_device_id(flash)
        if serial:
            link = self._link_factory()
        self._link = link
        self._rng = lambda n: rng.randrange(n)
        self.app = self._boot()

    def _boot(self):
        return App(self.display, None, self.fs, self.clock, link=self._link, device_id=self.device_id, rng=self._rng, power=self.power)

    def _link_factory(self):
        try:
            from tallyboard.link import Link
            from tricktally_host.ptystream import PtyStream, open_pty
        except ImportError:
            return None
        master, slave, path = open_pty()
        self._fds = (master, slave)
        self.serial_path = path
        self.serial_link = sim_port.publish(self.flash, slave, path)

        def make(app):
            return Link(PtyStream(master), app.journal, app.config, app.clock, self.device_id, FIRMWARE_VERSION)

        return make

    def press(self, name, kind=PRESS):
        """One button event, as the board's button driver would report it.
        On a board in its deepest sleep the key boots it (and does no more),
        which resumes the open game from the flash."""
        if self.power.deep_asleep:
            self.power.deep_asleep = False
            self.display.init_display()
            self.app = self._boot()
            return 0
        return self.app.handle(name, kind)

    def tick(self):
        """Serve the serial link once and take the idle steps that are due
        (buttons come through ``press``); a board in deep sleep does nothing."""
        if self.power.deep_asleep:
            return
        self.app.work()

    def wait(self, ms):
        """Let ``ms`` milliseconds pass at once, taking each idle step when
        it comes (as the board would, woken by its timer)."""
        left = ms
        while left > 0 and not self.power.deep_asleep:
            step = self.app.keeper.idle.wait_ms(self.clock.ticks_ms())
            if step is None or step > left:
                step = left
            self.clock.advance(step)
            left -= step
            self.tick()
        if left > 0:
            self.clock.advance(left)

    def state(self):
        """The idle state for reports: awake, dim, off or deep."""
        from tallyboard.power import NAMES, DEEP

        return NAMES[DEEP] if self.power.deep_asleep else NAMES[self.app.keeper.idle.state]

    def screen_key(self):
        """What identifies the screen shown (for 'new screen' detection)."""
        s = self.app.screen
        g = self.app.game
        return (id(s), getattr(s, "kind", None), getattr(s, "seat", None), g.hand_number if g is not None else None, getattr(s, "title", None))

    def close(self):
        """Release the pty (and remove its link) and the drawing calls the
        text reader hooked."""
        if self.serial_link:
            sim_port.withdraw(self.flash, self.serial_path)
            self.serial_link = None
        if self.text is not None:
            self.text.stop()
        for fd in self._fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self._fds = ()

