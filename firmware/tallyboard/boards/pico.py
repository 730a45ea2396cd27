# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico (RP2040): the reference board.

OLED on I2C0 at GP4 (SDA, pin 6) / GP5 (SCL, pin 7). Buttons on GP10..GP15
(pins 14-17, 19-20), each to ground, internal pull-ups.
"""

NAME = "pico"
I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
BUTTON_PINS = {
    "up": 10,
    "down": 11,
    "left": 12,
    "right": 13,
    "ok": 14,
    "back": 15,
}
