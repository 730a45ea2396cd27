# SPDX-License-Identifier: MIT
"""The app's power hooks (issue 15): the idle steps, waking, the battery.

Loaded only when the app is given power hardware (a board, the simulator):
``App`` makes one ``Keeper`` and calls it at the few places that matter
(an event, the loop's work and sleep, starting a game). The idle logic
itself is tallyboard.power (pure, over the app's clock); the hardware is
the ``power`` object (tallyboard.hardware.BoardPower or a fake): ``wait``,
``slow``, ``fast``, ``deep``, ``can_deep``, ``on_usb``, ``volts``,
``thresholds``.
"""

from tallyboard.buttons import PRESS, ticks_diff
from tallyboard.i18n import t
from tallyboard.power import AWAKE, DEEP, DIM, OFF, SHIFT, Idle, dim_contrast
from tallyboard.ui import battery_mark

# While a button is held the loop looks again this soon (release, LONG and
# REPEAT need the time); otherwise it sleeps until something happens.
HELD_POLL_MS = 20
# The supply is read at most this often while the board is in use.
BATTERY_EVERY_MS = 60000
# Pixel shift positions (dx, dy), visited in turn: each pixel's load is
# spread over four neighbours (OLED burn-in).
SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))


def shift_frame(display, shift):
    """Move what was drawn on ``display``'s frame to position ``shift`` of
    SHIFTS, clearing the row and column it leaves (screens always draw at
    offset 0)."""
    dx, dy = SHIFTS[shift]
    if not (dx or dy):
        return
    fb = display.fb
    fb.scroll(dx, dy)
    if dx:
        fb.fill_rect(0, 0, dx, display.height, 0)
    if dy:
        fb.fill_rect(0, 0, display.width, dy, 0)


class Keeper:
    """Power hooks of ``app`` over ``power`` hardware."""

    def __init__(self, app, power):
        self.app = app
        self.power = power
        self.idle = Idle(app.clock.ticks_ms())
        self.apply_settings()
        self.swallow = None  # the button whose press only woke the display
        self.gauge = None
        self.level = None  # bars of the battery mark, None: no mark
        self.shift = 0  # the picture's position in SHIFTS
        self._battery_at = 0
        app.display.overlay = self._overlay

    def start(self):
        """After the first screen: the gauge, its mark and a first warning."""
        power = self.power
        if power.volts() is None:
            return
        from tallyboard.battery import Gauge

        self.gauge = Gauge(*power.thresholds())
        self.check_battery()
        self.app.redraw()

    def apply_settings(self):
        """Use the idle delays of the settings (seconds) from now on."""
        c = self.app.config
        self.idle.configure(c.dim_s * 1000, c.off_s * 1000, c.sleep_s * 1000)

    def title_right(self):
        """Where the title bar's text must end (the mark takes the rest)."""
        return battery_mark.left(self.level)

    def _overlay(self, display):
        # On every frame before it is sent: the mark, then the pixel shift.
        battery_mark.draw(display, self.level)
        if self.shift:
            shift_frame(display, self.shift)

    # -- the main loop ------------------------------------------------------

    def work(self):
        """The idle steps that are due, and the battery now and then."""
        self.steps()
        if self.gauge is not None and self.idle.state == AWAKE:
            app = self.app
            if ticks_diff(app.clock.ticks_ms(), self._battery_at) >= BATTERY_EVERY_MS:
                self.check_battery()
                app.redraw()

    def sleep(self, most=None):
        """Sleep until something can happen (tallyboard.power.Idle.wait_ms;
        a held button needs another look within HELD_POLL_MS; ``most``: the
        app's own next wish, in ms, such as the journal's idle fold).
        Returns the ms slept (None: until woken; 0: no sleep)."""
        app = self.app
        ms = self.idle.wait_ms(app.clock.ticks_ms())
        if most is not None and (ms is None or ms > most):
            ms = most
        if app.buttons is not None and app.buttons.busy():
            if ms is None or ms > HELD_POLL_MS:
                ms = HELD_POLL_MS
        if ms == 0:
            return 0
        self.power.wait(ms)
        return ms

    def steps(self):
        """Do what the idle state machine says is due: dim, shift, display
        off, deepest sleep."""
        app = self.app
        display = app.display
        power = self.power
        idle = self.idle
        idle.allow_deep = power.can_deep() and not power.on_usb()
        now = app.clock.ticks_ms()
        step = idle.step(now)
        while step is not None:
            if step == DIM or step == SHIFT:
                if step == DIM:
                    display.contrast(dim_contrast(app.config.contrast))
                self.shift = (self.shift + 1) % len(SHIFTS)
                app.redraw()
            elif step == OFF:
                display.power(False)
                power.slow()
            elif step == DEEP:
                if display.on:
                    display.power(False)
                power.deep()  # a board resets on the waking press; a fake returns
                return
            step = idle.step(now)

    # -- events ---------------------------------------------------------------

    def wakes_for(self, name, kind):
        """Count a button event as activity; False when it must do nothing
        else: the one that turns a dark display back on, and the LONG and
        REPEAT of that same hold."""
        if kind == PRESS:
            self.swallow = None
        elif name == self.swallow:
            return False
        app = self.app
        idle = self.idle
        was = idle.state
        acts = idle.press(app.clock.ticks_ms())
        if was != AWAKE:
            display = app.display
            if was >= OFF:
                self.power.fast()
                display.power(True)
            display.contrast(app.config.contrast)
            if was >= OFF:
                self.check_battery()
                app.redraw()
        if not acts:
            self.swallow = name
        return acts

    # -- the battery ------------------------------------------------------------

    def check_battery(self):
        """Read the supply (boards with a gauge): update the header mark,
        and warn once when it gets low and once when it gets critical."""
        if self.gauge is None:
            return
        from tallyboard.battery import CRITICAL

        app = self.app
        self._battery_at = app.clock.ticks_ms()
        alarm = self.gauge.update(self.power.volts())
        self.level = self.gauge.level()
        if alarm:
            from tallyboard.ui.message import Message

            back = app.screen
            key = "battery_critical" if alarm == CRITICAL else "battery_low"
            app.go(Message(t("battery"), t(key), lambda app: app.go(back)))

    def refuses_new_game(self):
        """True while the cells are too flat to start a game."""
        return self.gauge is not None and self.gauge.critical
