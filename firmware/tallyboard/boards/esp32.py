# SPDX-License-Identifier: MIT
"""ESP32 dev board (ESP32-WROOM DevKit, 30/38 pins).

OLED on the usual I2C pins GPIO21 (SDA) / GPIO22 (SCL). Buttons on pins
that have internal pull-ups and are not boot-strapping pins (0, 2, 5, 12,
15), flash pins (6-11) or input-only (34-39, no pull-ups).

Power (issue 15): the DevKit has no supply divider, so the battery build adds
two 100 kOhm resistors from the cells' + to GND with the middle on GPIO35
(ADC1, input-only; ADC2 is unusable with Wi-Fi). Every button pin is an RTC
GPIO: light sleep wakes on any of them (level low); deep sleep wakes on OK
(ext0, level low), then the board boots and resumes the open game.
"""

NAME = "esp32"
I2C_ID = 0
SDA = 21
SCL = 22
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
WIFI = True  # joins a club's hub when enrolled (docs/CLUB.md)
BUTTON_PINS = {
    "up": 32,
    "down": 33,
    "left": 25,
    "right": 26,
    "ok": 27,
    "back": 13,
}

# Battery gauge: ADC1 channel on GPIO35, behind a 100k/100k divider.
BATTERY_ADC_PIN = 35
BATTERY_DIVIDER = 2.0
ADC_VREF = 3.3
# Thresholds (volts at the cell) for one AA-size LiFePO4 cell (14500,
# 3.0-3.6 V) fed to the 3V3 pin: the DevKit's 5V regulator drops too much
# for AA cells (see hardware/README.md).
BATTERY_EMPTY_V = 2.9
BATTERY_FULL_V = 3.4
BATTERY_LOW_V = 3.1
BATTERY_CRITICAL_V = 3.0
VBUS_PIN = None  # the DevKit does not report USB power
RUN_FREQ = 160_000_000
IDLE_FREQ = 80_000_000
WAKE_PINS = tuple(BUTTON_PINS[n] for n in ("up", "down", "left", "right", "ok", "back"))
DEEP_WAKE_PIN = BUTTON_PINS["ok"]
