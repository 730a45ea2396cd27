# SPDX-License-Identifier: MIT
"""Board files and hardware.setup (with a fake ``machine`` module)."""

import sys
import types

import pytest

from tallyboard import boards, hardware
from tallyboard.buttons import NAMES, PRESS
from tallyfakes.simbus import SimI2C

# Pins the RP2040's I2C0 can route SDA/SCL to, by I2C block.
RP2_I2C = {0: ({0, 4, 8, 12, 16, 20}, {1, 5, 9, 13, 17, 21}), 1: ({2, 6, 10, 14, 18, 26}, {3, 7, 11, 15, 19, 27})}
ESP32_NO_BUTTON = set(range(6, 12)) | {0, 2, 5, 12, 15} | set(range(34, 40))  # flash, strapping, input-only


@pytest.mark.parametrize("name", boards.BOARDS)
def test_board_file_is_complete(name):
    board = boards.load(name)
    assert board.NAME == name
    hardware.check_board(board)
    assert board.I2C_FREQ == 400_000
    assert board.OLED_ADDR == 0x3C
    assert sorted(board.BUTTON_PINS) == sorted(NAMES)
    pins = list(board.BUTTON_PINS.values()) + [board.SDA, board.SCL]
    assert len(set(pins)) == len(pins), "a pin is used twice"


@pytest.mark.parametrize("name", ["pico", "pico2"])
def test_pico_pins_are_valid(name):
    board = boards.load(name)
    sda, scl = RP2_I2C[board.I2C_ID]
    assert board.SDA in sda and board.SCL in scl
    assert all(0 <= p <= 22 or 26 <= p <= 28 for p in board.BUTTON_PINS.values())


def test_esp32_buttons_avoid_pins_without_pullups_or_with_boot_roles():
    board = boards.load("esp32")
    assert not set(board.BUTTON_PINS.values()) & ESP32_NO_BUTTON


def test_unknown_board_is_refused():
    with pytest.raises(ValueError, match="unknown board"):
        boards.load("arduino")


def test_detect_on_a_pc_is_none():
    assert boards.detect() is None


class FakePin:
    IN = 0
    PULL_UP = 1
    levels = {}

    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        FakePin.made.append(self)

    def value(self):
        return FakePin.levels.get(self.n, 1)


class FakeI2C:
    made = []

    def __init__(self, ident, sda, scl, freq):
        self.args = (ident, sda.n, scl.n, freq)
        self.sim = SimI2C()
        FakeI2C.made.append(self)

    def writeto(self, addr, buf):
        return self.sim.writeto(addr, buf)


@pytest.fixture
def fake_machine(monkeypatch):
    FakePin.made = []
    FakePin.levels = {}
    FakeI2C.made = []
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.I2C = FakeI2C
    monkeypatch.setitem(sys.modules, "machine", machine)
    return machine


@pytest.mark.parametrize("name", boards.BOARDS)
def test_setup_wires_the_board(fake_machine, name):
    board = boards.load(name)
    now = [0]
    display, buttons = hardware.setup(name, clock_ms=lambda: now[0])
    (i2c,) = FakeI2C.made
    assert i2c.args == (board.I2C_ID, board.SDA, board.SCL, 400_000)
    assert i2c.sim.on  # the display was initialised on that bus
    inputs = {p.n for p in FakePin.made if p.mode == FakePin.IN and p.pull == FakePin.PULL_UP}
    assert inputs == set(board.BUTTON_PINS.values())
    # Active low: pulling the OK pin to ground is a press.
    assert buttons.poll() is None
    FakePin.levels[board.BUTTON_PINS["ok"]] = 0
    now[0] = 10
    assert buttons.poll() == ("ok", PRESS)


def test_setup_refuses_an_incomplete_board(fake_machine):
    bad = types.SimpleNamespace(NAME="half", I2C_ID=0, SDA=4, SCL=5, I2C_FREQ=400_000, OLED_ADDR=0x3C, BUTTON_PINS={"ok": 3})
    with pytest.raises(ValueError, match="no pin for button"):
        hardware.setup(bad)
    with pytest.raises(ValueError, match="lacks"):
        hardware.setup(types.SimpleNamespace(NAME="empty"))


def test_only_hardware_imports_machine():
    from tests.mpvm import REPO

    importers = []
    for path in sorted((REPO / "firmware").rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        if "import machine" in src or "from machine" in src:
            importers.append(path.relative_to(REPO / "firmware").as_posix())
    # main.py (the entry point) may use machine for the board's own needs.
    assert set(importers) <= {"tallyboard/hardware.py", "main.py"}, importers


SETUP_VM = r'''
import sys
from tallyfakes.simbus import SimI2C

class Pin:
    IN = 0
    PULL_UP = 1
    low = set()
    def __init__(self, n, mode=None, pull=None):
        self.n = n
    def value(self):
        return 0 if self.n in Pin.low else 1

class I2C:
    def __init__(self, ident, sda, scl, freq):
        self.sim = SimI2C()
        self.args = (ident, sda.n, scl.n, freq)
    def writeto(self, addr, buf):
        return self.sim.writeto(addr, buf)

class machine:
    pass
machine.Pin = Pin
machine.I2C = I2C
sys.modules["machine"] = machine

from tallyboard import boards, hardware
for name in boards.BOARDS:
    b = boards.load(name)
    t = [0]
    Pin.low = set()
    display, buttons = hardware.setup(name, lambda: t[0])
    Pin.low = {b.BUTTON_PINS["back"]}
    t[0] = 20
    print(name, b.NAME, display.i2c.args, display.i2c.sim.on, buttons.poll())
'''


def test_setup_on_micropython():
    from tests.mpvm import run_micropython

    lines = run_micropython(SETUP_VM).strip().split("\n")
    assert len(lines) == len(boards.BOARDS)
    for line, name in zip(lines, boards.BOARDS):
        b = boards.load(name)
        assert line == "%s %s %r True ('back', 1)" % (name, name, (b.I2C_ID, b.SDA, b.SCL, 400000))


def test_configured_reads_board_txt_else_guesses(tmp_path):
    path = tmp_path / "board.txt"
    assert boards.configured(str(path)) == "pico"  # no file, no platform guess on a PC
    path.write_text("esp32\n")
    assert boards.configured(str(path)) == "esp32"
    path.write_text("   \n")
    assert boards.configured(str(path)) == "pico"
