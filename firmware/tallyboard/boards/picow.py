# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico W (RP2040 and the CYW43439 radio): the Pico's header
and wiring, and Wi-Fi, so an enrolled board joins a club's hub
(docs/CLUB.md).

The radio takes four of the RP2040's pins, which changes two things of the
Pico's power wiring: USB power is sensed on the radio's WL_GPIO2, not
GPIO24; and GPIO29, the ADC pin behind the Pico's VSYS/3 divider, is the
radio's SPI clock while the radio runs, so VSYS cannot be read there. The
battery build adds its own divider, two 100 kOhm resistors from VSYS to
GND with the middle on GP26 (ADC0), as on the ESP32 (hardware/README.md).
"""

from tallyboard.boards.pico import I2C_ID, SDA, SCL, I2C_FREQ, OLED_ADDR, BUTTON_PINS  # noqa: F401
from tallyboard.boards.pico import (  # noqa: F401
    ADC_VREF, BATTERY_EMPTY_V, BATTERY_FULL_V, BATTERY_LOW_V, BATTERY_CRITICAL_V, RUN_FREQ, IDLE_FREQ, WAKE_PINS,
    DORMANT_WAKE_INTE,
)

NAME = "picow"
WIFI = True
BATTERY_ADC_PIN = 26
BATTERY_DIVIDER = 2.0
VBUS_PIN = "WL_GPIO2"
