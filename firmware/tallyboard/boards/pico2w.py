# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico 2 W (RP2350 and the CYW43439 radio): the Pico 2's
header, wiring and clocks, with the Pico W's radio and the power wiring
it changes (tallyboard.boards.picow: USB sensed on WL_GPIO2, the battery
read on GP26 through a divider of its own)."""

from tallyboard.boards.pico2 import (  # noqa: F401
    I2C_ID, SDA, SCL, I2C_FREQ, OLED_ADDR, BUTTON_PINS, ADC_VREF, BATTERY_EMPTY_V, BATTERY_FULL_V, BATTERY_LOW_V,
    BATTERY_CRITICAL_V, RUN_FREQ, IDLE_FREQ, WAKE_PINS, DORMANT_WAKE_INTE,
)
from tallyboard.boards.picow import BATTERY_ADC_PIN, BATTERY_DIVIDER, VBUS_PIN, WIFI  # noqa: F401

NAME = "pico2w"
