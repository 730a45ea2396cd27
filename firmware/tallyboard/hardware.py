# SPDX-License-Identifier: MIT
"""Wire a real board: the only module that imports ``machine``.

    from tallyboard import hardware
    display, buttons = hardware.setup('pico')   # or a board module
    power = hardware.BoardPower('pico', buttons)  # sleep, wake, clock, gauge

Each button pin gets a falling-edge interrupt that latches its press
(tallyboard.buttons), so the app can sleep between events (issue 15).
"""

from tallyboard.boards import REQUIRED, load
from tallyboard.buttons import NAMES, Buttons
from tallyboard.display import Display


def _active_low(pin):
    # Buttons pull the pin to ground: pressed reads 0.
    value = pin.value
    return lambda: value() == 0


def check_board(board):
    """Raise ValueError naming what a board module lacks."""
    missing = [k for k in REQUIRED if not hasattr(board, k)]
    if missing:
        raise ValueError("board %r lacks %s" % (getattr(board, "NAME", board), ", ".join(missing)))
    absent = [n for n in NAMES if n not in board.BUTTON_PINS]
    if absent:
        raise ValueError("board %s has no pin for button(s) %s" % (board.NAME, ", ".join(absent)))


def setup(board, clock_ms=None):
    """Open the board's I2C bus, OLED and buttons: ``(display, buttons)``.

    ``board`` is a board module or its name (tallyboard.boards.BOARDS);
    ``clock_ms`` defaults to ``time.ticks_ms``.
    """
    import machine

    board = _board(board)
    if clock_ms is None:
        import time

        clock_ms = time.ticks_ms
    display = Display(i2c_bus(board), board.OLED_ADDR)
    sources = {}
    pins = {}
    for name in NAMES:
        pin = machine.Pin(board.BUTTON_PINS[name], machine.Pin.IN, machine.Pin.PULL_UP)
        sources[name] = _active_low(pin)
        pins[name] = pin
    buttons = Buttons(sources, clock_ms)
    for name in NAMES:
        pin = pins[name]
        if hasattr(pin, "irq"):
            pin.irq(trigger=machine.Pin.IRQ_FALLING, handler=buttons.handler(name))
    return display, buttons


def _board(board):
    if isinstance(board, str):
        board = load(board)
    check_board(board)
    return board


def i2c_bus(board):
    """The board's I2C bus to the OLED (``machine.I2C``), from a board module
    or its name. The device tests on a board wrap it to count bytes."""
    import machine

    board = _board(board)
    return machine.I2C(board.I2C_ID, sda=machine.Pin(board.SDA), scl=machine.Pin(board.SCL), freq=board.I2C_FREQ)


# A wait at least this long runs at the board's IDLE_FREQ (the clock change
# costs a PLL relock, not worth it for the short looks at a held button).
SLOW_WAIT_MS = 1000

try:
    from io import IOBase as _Stream
except ImportError:  # pragma: no cover - a port without io.IOBase
    _Stream = object


class _Latches(_Stream):
    """A pollable object that is ready while a button interrupt has latched a
    press: ``select.poll`` then ends its wait on a press as it would on a
    byte from the PC."""

    def __init__(self, buttons):
        self._buttons = buttons

    def readable(self):
        return True

    def ioctl(self, req, arg):
        # MP_STREAM_POLL (3): report POLLIN while a latch is pending.
        if req == 3 and self._buttons.latched():
            return arg & 1
        return 0


class BoardPower:
    """Sleep, wake, CPU clock and battery of a real board (the app's
    ``power``). ``board`` is a board module or its name; ``buttons`` the
    Buttons from ``setup``; ``stdin`` the USB serial stream (default
    sys.stdin)."""

    def __init__(self, board, buttons, stdin=None):
        import machine
        import select
        import sys

        if isinstance(board, str):
            board = load(board)
        self.board = board
        self._machine = machine
        self._buttons = buttons
        self._adc = None
        if getattr(board, "BATTERY_ADC_PIN", None) is not None:
            self._adc = machine.ADC(machine.Pin(board.BATTERY_ADC_PIN))
        self._vbus = None
        if getattr(board, "VBUS_PIN", None) is not None:
            self._vbus = machine.Pin(board.VBUS_PIN, machine.Pin.IN)
        latches = _Latches(buttons)
        self._select = select
        self._poll = select.poll()
        self._poll.register(latches, select.POLLIN)
        self._poll.register(stdin or sys.stdin, select.POLLIN)
        self._slow = False
        self._esp32 = getattr(board, "NAME", "") == "esp32"

    def volts(self):
        """The supply voltage (board divider applied), or None without a gauge."""
        if self._adc is None:
            return None
        b = self.board
        return self._adc.read_u16() * b.ADC_VREF / 65535 * b.BATTERY_DIVIDER

    def thresholds(self):
        """(empty, full, low, critical) volts of this board's battery build."""
        from tallyboard import battery

        b = self.board
        return (getattr(b, "BATTERY_EMPTY_V", battery.EMPTY_V), getattr(b, "BATTERY_FULL_V", battery.FULL_V),
                getattr(b, "BATTERY_LOW_V", battery.LOW_V), getattr(b, "BATTERY_CRITICAL_V", battery.CRITICAL_V))

    def on_usb(self):
        """True while USB power is present (the PC may talk to the board)."""
        return self._vbus is not None and self._vbus.value() == 1

    def wait(self, ms):
        """Sleep until a button interrupt, a byte on the USB link (or from a
        watched socket), or ``ms``
        (None: no time limit). ``select.poll`` waits with the core stopped
        (WFE on rp2) between interrupts, at the lower clock when the wait is
        long; with the display off the ESP32 uses light sleep, woken by any
        button pin (level low)."""
        if self._slow and self._esp32 and not self.on_usb():
            self._esp32_lightsleep(ms)
            return
        slowed_here = not self._slow and (ms is None or ms >= SLOW_WAIT_MS)
        if slowed_here:
            self.slow()
        self._poll.poll(-1 if ms is None else ms)
        if slowed_here:
            self.fast()

    def watch(self, stream, on):
        """Let ``wait`` end on bytes from ``stream`` too (a club hub's
        socket, tallyboard.tcpstream) while ``on``; not once it is closed."""
        if on:
            self._poll.register(stream, self._select.POLLIN)
        else:
            try:
                self._poll.unregister(stream)
            except (KeyError, OSError, ValueError):
                pass

    def _esp32_lightsleep(self, ms):
        machine = self._machine
        pins = [machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP) for p in self.board.WAKE_PINS]
        for pin in pins:
            pin.irq(trigger=machine.Pin.WAKE_LOW, wake=machine.SLEEP)
        if ms is None:
            machine.lightsleep()
        else:
            machine.lightsleep(ms)
        names = NAMES
        for i in range(len(pins)):
            pin = pins[i]
            handler = self._buttons.handler(names[i])
            pin.irq(trigger=machine.Pin.IRQ_FALLING, handler=handler)
            if pin.value() == 0:
                handler(pin)  # the press that woke the board

    def slow(self):
        """Lower the CPU clock for a long wait (display off). Not on USB
        power: the USB device needs the working clock, and the cells are
        not in use then."""
        freq = getattr(self.board, "IDLE_FREQ", None)
        if freq and not self._slow and not self.on_usb():
            self._machine.freq(freq)
            self._slow = True

    def fast(self):
        """Back to the working clock (before any I2C or flash work)."""
        freq = getattr(self.board, "RUN_FREQ", None)
        if freq and self._slow:
            self._machine.freq(freq)
        self._slow = False

    def can_deep(self):
        """True when this board can wake from its deepest sleep by a button."""
        b = self.board
        return getattr(b, "DORMANT_WAKE_INTE", None) is not None or getattr(b, "DEEP_WAKE_PIN", None) is not None

    def deep(self):
        """The deepest sleep: the board resets when a button wakes it, and
        boot resumes the open game from the journal. Never returns."""
        machine = self._machine
        b = self.board
        if getattr(b, "DEEP_WAKE_PIN", None) is not None:
            import esp32

            pin = machine.Pin(b.DEEP_WAKE_PIN, machine.Pin.IN, machine.Pin.PULL_UP, hold=True)
            esp32.wake_on_ext0(pin=pin, level=esp32.WAKEUP_ALL_LOW)
        elif getattr(b, "DORMANT_WAKE_INTE", None) is not None:
            # RP2040 DORMANT_WAKE_INTE0..3: 4 bits per GPIO; bit 2 = EDGE_LOW.
            for gpio in b.WAKE_PINS:
                addr = b.DORMANT_WAKE_INTE + 4 * (gpio // 8)
                machine.mem32[addr] = machine.mem32[addr] | (4 << (4 * (gpio % 8)))
        machine.deepsleep()
