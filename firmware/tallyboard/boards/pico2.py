# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico 2 (RP2350): same header as the Pico, same wiring.

Buttons pull to ground with the internal pull-ups, which the RP2350 input
erratum (E9, latching with pull-downs) does not affect.

Power: the same VSYS/3 divider on GPIO29 and VBUS sense on GPIO24. The
RP2350's IO_BANK0 registers sit elsewhere than the RP2040's, so this file
names no dormant-wake register: the board waits with the display off and
the CPU slowed instead of going DORMANT (the idle steps still dim and turn
the display off).
"""

from tallyboard.boards.pico import I2C_ID, SDA, SCL, I2C_FREQ, OLED_ADDR, BUTTON_PINS, WIFI  # noqa: F401
from tallyboard.boards.pico import (  # noqa: F401
    BATTERY_ADC_PIN, BATTERY_DIVIDER, ADC_VREF, BATTERY_EMPTY_V, BATTERY_FULL_V, BATTERY_LOW_V,
    BATTERY_CRITICAL_V, VBUS_PIN, IDLE_FREQ, WAKE_PINS,
)

NAME = "pico2"
RUN_FREQ = 150_000_000
DORMANT_WAKE_INTE = None
