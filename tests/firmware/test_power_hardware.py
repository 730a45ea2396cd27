# SPDX-License-Identifier: MIT
"""hardware.BoardPower and the button interrupts, on fakes of the
``machine``, ``select`` and ``esp32`` modules (issue 15)."""

import pathlib
import sys
import types

import pytest

from tallyboard import boards, hardware
from tallyboard.buttons import NAMES, PRESS


class Pin:
    IN = 0
    PULL_UP = 1
    IRQ_FALLING = 2
    WAKE_LOW = 4
    levels = {}
    irqs = {}

    def __init__(self, n, mode=None, pull=None, hold=False):
        self.n = n
        self.hold = hold
        Pin.made.append(self)

    def value(self):
        return Pin.levels.get(self.n, 1)

    def irq(self, trigger=None, handler=None, wake=None):
        Pin.irqs[self.n] = (trigger, handler, wake)


class ADC:
    raw = 0

    def __init__(self, pin):
        self.pin = pin.n

    def read_u16(self):
        return ADC.raw


class Mem32(dict):
    def __getitem__(self, addr):
        return self.get(addr, 0)


class Poll:
    def __init__(self):
        self.objs = []
        self.timeouts = []

    def register(self, obj, mask):
        self.objs.append(obj)

    def poll(self, timeout):
        self.timeouts.append(timeout)
        return [o for o in self.objs if hasattr(o, "ioctl") and o.ioctl(3, 1)]


@pytest.fixture
def fakes(monkeypatch):
    Pin.made = []
    Pin.levels = {}
    Pin.irqs = {}
    calls = []
    machine = types.ModuleType("machine")
    machine.Pin = Pin
    machine.ADC = ADC
    machine.SLEEP = 2
    machine.mem32 = Mem32()
    machine.freq = lambda hz: calls.append(("freq", hz))
    machine.lightsleep = lambda *a: calls.append(("lightsleep",) + a)
    machine.deepsleep = lambda *a: calls.append(("deepsleep",) + a)

    class I2C:
        def __init__(self, ident, sda, scl, freq):
            from tallyfakes.simbus import SimI2C

            self.sim = SimI2C()

        def writeto(self, addr, buf):
            return self.sim.writeto(addr, buf)

    machine.I2C = I2C
    select = types.ModuleType("select")
    select.POLLIN = 1
    select.poll = lambda: fakes.poll
    fakes.poll = Poll()
    esp32 = types.ModuleType("esp32")
    esp32.WAKEUP_ALL_LOW = False
    esp32.wake_on_ext0 = lambda pin, level: calls.append(("ext0", pin.n, level, pin.hold))
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "select", select)
    monkeypatch.setitem(sys.modules, "esp32", esp32)
    return types.SimpleNamespace(machine=machine, calls=calls, poll=fakes.poll)


@pytest.mark.parametrize("name", boards.BOARDS)
def test_every_board_file_has_its_power_settings(name):
    board = boards.load(name)
    for key in boards.POWER:
        assert hasattr(board, key), (name, key)
    assert sorted(board.WAKE_PINS) == sorted(board.BUTTON_PINS.values())
    assert board.BATTERY_EMPTY_V <= board.BATTERY_CRITICAL_V < board.BATTERY_LOW_V < board.BATTERY_FULL_V
    # full cells must read below the ADC's reference through the divider
    assert board.BATTERY_FULL_V / board.BATTERY_DIVIDER < board.ADC_VREF


def test_pico_reads_vsys_on_adc3_through_its_third():
    pico = boards.load("pico")
    assert (pico.BATTERY_ADC_PIN, pico.BATTERY_DIVIDER, pico.VBUS_PIN) == (29, 3.0, 24)


@pytest.mark.parametrize("name", boards.BOARDS)
def test_setup_arms_a_falling_edge_interrupt_per_button(fakes, name):
    board = boards.load(name)
    now = [0]
    display, buttons = hardware.setup(name, clock_ms=lambda: now[0])
    assert sorted(Pin.irqs) == sorted(board.BUTTON_PINS.values())
    trigger, handler, wake = Pin.irqs[board.BUTTON_PINS["ok"]]
    assert trigger == Pin.IRQ_FALLING
    handler(None)  # a tap that ended before the board looked
    now[0] = 5
    assert buttons.poll() == ("ok", PRESS)


def test_battery_volts_usb_and_clock(fakes):
    display, buttons = hardware.setup("pico", clock_ms=lambda: 0)
    power = hardware.BoardPower("pico", buttons, stdin=object())
    ADC.raw = 65535  # full scale: 3.3 V at the pin is 9.9 V at VSYS
    assert power.volts() == pytest.approx(9.9)
    ADC.raw = int(2.7 / 3 / 3.3 * 65535)
    assert power.volts() == pytest.approx(2.7, abs=0.001)
    assert power.thresholds() == (2.0, 3.0, 2.3, 2.1)
    Pin.levels[24] = 1
    assert power.on_usb()
    power.slow()  # on USB the clock stays as it is
    assert fakes.calls == []
    Pin.levels[24] = 0
    assert not power.on_usb()
    power.slow()
    power.slow()
    power.fast()
    assert fakes.calls == [("freq", 24_000_000), ("freq", 125_000_000)]


def test_wait_ends_on_a_latched_press_and_never_polls_on_a_timer(fakes):
    display, buttons = hardware.setup("pico", clock_ms=lambda: 0)
    power = hardware.BoardPower("pico", buttons, stdin=object())
    Pin.levels[24] = 0  # on the cells: no USB power
    power.wait(None)
    power.wait(60000)
    power.wait(20)
    assert fakes.poll.timeouts == [-1, 60000, 20]
    # the long waits ran at the lower clock, the short look did not
    assert fakes.calls == [("freq", 24_000_000), ("freq", 125_000_000)] * 2
    latches = fakes.poll.objs[0]
    assert latches.ioctl(3, 1) == 0
    buttons.handler("up")(None)
    assert latches.ioctl(3, 1) == 1


def test_pico_deep_sleep_arms_dormant_wake_on_every_button(fakes):
    display, buttons = hardware.setup("pico", clock_ms=lambda: 0)
    power = hardware.BoardPower("pico", buttons, stdin=object())
    assert power.can_deep()
    power.deep()
    assert fakes.calls[-1] == ("deepsleep",)
    mem = fakes.machine.mem32
    # GP10..GP15 live in DORMANT_WAKE_INTE1 (GPIO 8-15), EDGE_LOW = bit 2 of each nibble
    expected = 0
    for gpio in range(10, 16):
        expected |= 4 << (4 * (gpio % 8))
    assert mem == {0x40014164: expected}


def test_pico2_has_no_dormant_wake_so_no_deep_sleep(fakes):
    display, buttons = hardware.setup("pico2", clock_ms=lambda: 0)
    assert not hardware.BoardPower("pico2", buttons, stdin=object()).can_deep()


def test_esp32_deep_sleep_wakes_on_ok_and_light_sleep_on_any_button(fakes):
    board = boards.load("esp32")
    display, buttons = hardware.setup("esp32", clock_ms=lambda: 0)
    power = hardware.BoardPower("esp32", buttons, stdin=object())
    power.deep()
    assert fakes.calls[-2:] == [("ext0", board.BUTTON_PINS["ok"], False, True), ("deepsleep",)]
    power.slow()  # display off: light sleep, woken by a low level on any button
    Pin.levels[board.BUTTON_PINS["left"]] = 0  # the press that wakes it
    power.wait(1000)
    assert ("lightsleep", 1000) in fakes.calls
    assert all(Pin.irqs[p][0] == Pin.IRQ_FALLING for p in board.WAKE_PINS)  # edges again after
    assert buttons.poll() == ("left", PRESS)


def test_only_hardware_imports_machine_still():
    from tests.mpvm import REPO

    for path in (REPO / "firmware" / "tallyboard").rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        if path.name != "hardware.py":
            assert "import machine" not in src and "import esp32" not in src, path


def test_the_fake_select_sees_every_button(fakes):
    display, buttons = hardware.setup("pico", clock_ms=lambda: 0)
    hardware.BoardPower("pico", buttons, stdin=object())
    assert len(NAMES) == len(Pin.irqs)


def test_main_sleeps_between_presses_and_a_press_acts_once(fakes, monkeypatch, tmp_path):
    """firmware/main.py on the fake Pico: the loop waits in select.poll, a
    pin interrupt ends the wait, the press acts once, the loop waits again."""
    import importlib.util
    import time

    board = boards.load("pico")
    now = [0]
    # No USB stream here: it would bind the fake `select` for good.
    monkeypatch.setitem(sys.modules, "tallyboard.usbstream", None)
    monkeypatch.setattr(time, "ticks_ms", lambda: now[0], raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    # firmware/main.py under its own name (no `main` left in sys.modules)
    path = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "main.py"
    spec = importlib.util.spec_from_file_location("tt_board_main", path)
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    monkeypatch.setattr(main, "FLASH_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(main.boards, "configured", lambda: "pico")
    apps = []
    real_app = main.App

    def recording_app(*args, **kwargs):
        app = real_app(*args, **kwargs)
        apps.append(app)
        return app

    monkeypatch.setattr(main, "App", recording_app)
    script = []

    def poll(timeout):
        # One wait of the board: time passes, then what the script says.
        fakes.poll.timeouts.append(timeout)
        step = script.pop(0) if script else "stop"
        if step == "stop":
            raise KeyboardInterrupt
        now[0] += 3000 if timeout is None or timeout > 20 else timeout
        if step == "press ok":
            Pin.irqs[board.BUTTON_PINS["ok"]][1](None)  # a tap while asleep
        return []

    fakes.poll.poll = poll
    script.extend(["press ok", "", "", "", "press ok", "", "", ""])
    with pytest.raises(KeyboardInterrupt):
        main.main()
    (app,) = apps
    # two taps: home -> New game form -> (OK on the form starts the game)
    assert app.presses == 2
    # every wait was for an event or an idle step, none a 5 ms poll
    waits = fakes.poll.timeouts
    assert all(t == -1 or t >= 20 for t in waits), waits
    assert waits.count(20) == 6  # the looks at each held button, three a tap
