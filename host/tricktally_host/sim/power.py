# SPDX-License-Identifier: MIT
"""The simulator's clock and supply (issue 15): a clock that runs in real
time but can jump ahead (headless ``wait`` lines), and a fake supply voltage
and sleep hardware for the board's power hooks (tallyboard.app)."""

import time

from tallyboard.boards import pico
from tallyboard.clock import Clock


class SimClock(Clock):
    """The PC's monotonic milliseconds plus what ``advance`` added; the wall
    clock is the PC's."""

    def __init__(self):
        self._start = time.monotonic()
        self.offset = 0
        Clock.__init__(self, ticks_ms=self._ticks, time=lambda: int(time.time()))

    def _ticks(self):
        return int((time.monotonic() - self._start) * 1000) + self.offset

    def advance(self, ms):
        """Jump ``ms`` milliseconds ahead."""
        self.offset += ms


class SimPower:
    """Supply and sleep of the simulated board. ``supply`` is the voltage the
    gauge reads (None: a board without a gauge); ``usb`` says the PC is
    attached (the simulator's serial link is open). The loops of the simulator
    do the waiting, so ``wait`` only counts; ``deep`` sets ``deep_asleep``
    and the SimBoard turns the board off until a key boots it."""

    def __init__(self, volts=None, usb=False):
        self.supply = volts
        self.usb = usb
        self.deep_asleep = False
        self.slowed = False
        self.waits = 0

    def volts(self):
        return self.supply

    def thresholds(self):
        return (pico.BATTERY_EMPTY_V, pico.BATTERY_FULL_V, pico.BATTERY_LOW_V, pico.BATTERY_CRITICAL_V)

    def on_usb(self):
        # A board whose serial link is open is on USB: it never goes into
        # its deepest sleep, so the PC can always sync.
        return self.usb

    def can_deep(self):
        return True

    def wait(self, ms):
        self.waits += 1

    def slow(self):
        self.slowed = True

    def fast(self):
        self.slowed = False

    def deep(self):
        self.deep_asleep = True


class PanelView:
    """The simulated panel as a person sees it: its RAM while the display is
    on, dark while the board has turned it off (every other attribute is
    the bus's own)."""

    def __init__(self, bus):
        self._bus = bus
        self._dark = bytearray(len(bus.gddram))

    @property
    def gddram(self):
        return self._bus.gddram if self._bus.on else self._dark

    def __getattr__(self, name):
        return getattr(self._bus, name)


def power_line(board, line):
    """Handle a headless line ``wait SECONDS`` or ``battery VOLTS``; returns
    True when it was one (ValueError names a bad number)."""
    words = line.strip().lower().split()
    if len(words) != 2 or words[0] not in ("wait", "battery"):
        return False
    try:
        value = float(words[1])
    except ValueError:
        raise ValueError("%s needs a number, not %r" % (words[0], words[1]))
    if value < 0 or (words[0] == "battery" and value > 6):
        raise ValueError("%s %s is out of range" % (words[0], words[1]))
    if words[0] == "wait":
        board.wait(int(value * 1000))
    else:
        board.power.supply = value
    return True
