# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico 2 (RP2350): same header as the Pico, same wiring.

Buttons pull to ground with the internal pull-ups, which the RP2350 input
erratum (E9, latching with pull-downs) does not affect.
"""

from tallyboard.boards.pico import I2C_ID, SDA, SCL, I2C_FREQ, OLED_ADDR, BUTTON_PINS  # noqa: F401

NAME = "pico2"
