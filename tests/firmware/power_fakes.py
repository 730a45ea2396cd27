# SPDX-License-Identifier: MIT
"""The board's power hardware faked over a FakeClock, for tests and
bench/power_bench.py: scripted presses arrive as pin interrupts (button
latches) while the app sleeps, and every wait and wake is recorded.

``ScriptedPower`` is the app's ``power``; ``LoopSession`` is a ui_script
Session whose presses go through the real main loop (``App.serve``): the
board sleeps until the press's interrupt, wakes, handles it and sleeps
again, so the tests see what a board would do between presses.
"""

import time

from tallyboard.buttons import NAMES, Buttons, PRESS
from tallyfakes.memfs import MemFS
from tests.firmware.ui_script import Session
from tricktally_host.sim.power import SimPower


class Wake:
    """One wake of the board: why (``press``/``timeout``), when (ms), the
    CPU seconds the app then worked, the bytes it sent to the display, and
    the flash writes (count, bytes) it made before sleeping again."""

    def __init__(self, reason, at_ms):
        self.reason = reason
        self.at_ms = at_ms
        self.cpu_s = 0.0
        self.bus_bytes = 0
        self.flash_writes = 0
        self.flash_bytes = 0
        self.lit = None  # share of the panel's pixels lit when it slept again


class ScriptedPower(SimPower):
    """Sleep and supply of a board, over ``clock`` (a FakeClock). ``wait(ms)``
    moves the clock to the next scripted press (and latches it, as the pin
    interrupt would) or by ``ms``; ``wait(None)`` with nothing scripted ends
    the script (StopIteration)."""

    def __init__(self, clock, buttons, volts=None, usb=False, deep_ok=True, display=None, fs=None):
        SimPower.__init__(self, volts, usb)
        self.clock = clock
        self.buttons = buttons
        self.deep_ok = deep_ok
        self.display = display
        self.fs = fs
        self.script = []  # (at_ms, button name), in time order
        self.wakes = []
        self.waits = []  # the ms asked for each wait
        self.deep_calls = 0
        self.slowed = False
        self.freq_changes = 0
        self._work_start = None
        self._mark = (0, 0, 0)

    # -- the board's power interface (tallyboard.hardware.BoardPower); the
    # supply, its thresholds and USB come from SimPower ------------------------

    def can_deep(self):
        return self.deep_ok

    def slow(self):
        if not self.slowed:
            self.freq_changes += 1
        self.slowed = True

    def fast(self):
        if self.slowed:
            self.freq_changes += 1
        self.slowed = False

    def deep(self):
        self.deep_calls += 1

    def wait(self, ms):
        self._close_work()
        self.waits.append(ms)
        now = self.clock.now
        if self.script and (ms is None or self.script[0][0] <= now + ms):
            at, name = self.script.pop(0)
            if at > now:
                self.clock.now = at
            self.buttons.handler(name)(None)
            self._open_work("press")
            return
        if ms is None:
            raise StopIteration("nothing scripted and nothing due: the board sleeps for good")
        self.clock.advance(ms)
        self._open_work("timeout")

    # -- scripting and records ---------------------------------------------

    def press_at(self, at_ms, name):
        """A tap of ``name`` at ``at_ms`` (its interrupt wakes the board)."""
        self.script.append((at_ms, name))
        self.script.sort(key=lambda e: e[0])

    def _counters(self):
        bus = self.display.bytes_total if self.display is not None else 0
        writes = self.fs.writes if self.fs is not None else 0
        flash = self.fs.bytes_written if self.fs is not None and hasattr(self.fs, "bytes_written") else 0
        return (bus, writes, flash)

    def _open_work(self, reason):
        self.wakes.append(Wake(reason, self.clock.now))
        self._mark = self._counters()
        self._work_start = time.process_time()

    def _close_work(self):
        if self._work_start is None or not self.wakes:
            return
        w = self.wakes[-1]
        w.cpu_s = time.process_time() - self._work_start
        bus, writes, flash = self._counters()
        w.bus_bytes = bus - self._mark[0]
        w.flash_writes = writes - self._mark[1]
        w.flash_bytes = flash - self._mark[2]
        ram = getattr(getattr(self.display, "i2c", None), "gddram", None)
        if ram is not None:
            w.lit = sum(bin(b).count("1") for b in ram) / (8.0 * len(ram))
        self._work_start = None


class CountingFS(MemFS):
    """MemFS that also counts the bytes written (for flash time estimates)."""

    def __init__(self, *args, **kwargs):
        MemFS.__init__(self, *args, **kwargs)
        self.bytes_written = 0

    def _write(self, op, name, data=None):
        self.bytes_written += len(data or b"")
        return MemFS._write(self, op, name, data)


class LoopSession(Session):
    """A Session whose presses are taps ``gap_ms`` apart that wake a sleeping
    board through its main loop. LONG presses (undo) are handed to the app
    directly, as the button driver reports them after a hold."""

    def __init__(self, gap_ms=3000, volts=None, usb=False, deep_ok=True, **kwargs):
        kwargs.setdefault("fs", CountingFS())
        Session.__init__(self, **kwargs)
        self.gap_ms = gap_ms
        self.buttons = Buttons(dict((n, _never) for n in NAMES), self.clock.ticks_ms)
        self.app.buttons = self.buttons
        self.power = ScriptedPower(self.clock, self.buttons, volts, usb, deep_ok, self.display, self.fs)
        # What App.__init__ does when it is given power hardware.
        from tallyboard.keeper import Keeper

        self.app.power = self.power
        self.app.keeper = Keeper(self.app, self.power)
        self.app.keeper.start()

    def press(self, name, kind=PRESS):
        """A tap after ``gap_ms`` of quiet; returns the bytes sent for it."""
        if kind != PRESS:
            return Session.press(self, name, kind)
        self.presses += 1
        before = self.display.bytes_total
        self.power.press_at(self.clock.now + self.gap_ms, name)
        self.run_until_quiet()
        n = self.display.bytes_total - before
        if self.record:
            import binascii

            self.frames.append(binascii.crc32(self.bus.gddram))
            self.sent.append(n)
        return n

    def run_until_quiet(self, limit=1000):
        """Sleep and work until the scripted presses are handled and no
        button is held: the board is then about to sleep with nothing to do
        (that sleep begins with the next press or ``idle``)."""
        for _ in range(limit):
            self.app.sleep()
            self.app.work()
            if not self.power.script and not self.buttons.busy():
                return
        raise AssertionError("the loop did not settle in %d passes" % limit)

    def idle(self, ms):
        """Let ``ms`` pass with nothing pressed: the loop sleeps from one idle
        step to the next, as the board's timer would wake it."""
        end = self.clock.now + ms
        for _ in range(10000):
            wait = self.app.keeper.idle.wait_ms(self.clock.now)
            if self.power.deep_calls or wait is None or self.clock.now + wait > end:
                self.clock.now = max(self.clock.now, end)
                self.app.work()
                return
            self.app.sleep()
            self.app.work()
        raise AssertionError("idle loop did not end")


def _never():
    return False
