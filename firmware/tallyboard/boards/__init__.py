# SPDX-License-Identifier: MIT
"""Board files: the only place that knows pin numbers.

Each board module defines ``NAME``, ``I2C_ID``, ``SDA``, ``SCL``,
``I2C_FREQ``, ``OLED_ADDR`` and ``BUTTON_PINS`` (button name -> GPIO number,
buttons wired to ground, read with the internal pull-up), and ``WIFI``:
True when the board has a radio, so it can join a club's hub
(docs/CLUB.md; the Pico W, the Pico 2 W, the ESP32).
"""

BOARDS = ("pico", "pico2", "picow", "pico2w", "esp32")
REQUIRED = ("NAME", "I2C_ID", "SDA", "SCL", "I2C_FREQ", "OLED_ADDR", "BUTTON_PINS")
# Power (issue 15): battery gauge, wake pins, clocks. A board file without
# them runs on USB power with the idle steps but no gauge.
POWER = ("BATTERY_ADC_PIN", "BATTERY_DIVIDER", "ADC_VREF", "WAKE_PINS", "RUN_FREQ", "IDLE_FREQ")


def load(name):
    """The board module called ``name`` (one of BOARDS)."""
    if name not in BOARDS:
        raise ValueError("unknown board %r: choose one of %s" % (name, ", ".join(BOARDS)))
    module = __import__("tallyboard.boards." + name, None, None, [name])
    return module


def detect():
    """Best guess of the board we run on, from the platform: a name from
    BOARDS, or None (e.g. on a PC)."""
    import sys

    if sys.platform == "esp32":
        return "esp32"
    if sys.platform == "rp2":
        try:
            import os

            machine = os.uname().machine
        except (AttributeError, ImportError):
            machine = ""
        # "Raspberry Pi Pico W with RP2040", "Raspberry Pi Pico 2 W with RP2350"
        name = "pico2" if "RP2350" in machine else "pico"
        return name + "w" if " W " in machine else name
    return None


def configured(path="board.txt"):
    """The board to set up: the name in ``path`` on the flash when the maker
    wrote one there, else the platform's guess, else the Pico."""
    try:
        with open(path) as f:
            name = f.read().strip()
        if name:
            return name
    except OSError:
        pass
    return detect() or "pico"
