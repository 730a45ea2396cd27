# SPDX-License-Identifier: MIT
"""ESP32 dev board (ESP32-WROOM DevKit, 30/38 pins).

OLED on the usual I2C pins GPIO21 (SDA) / GPIO22 (SCL). Buttons on pins
that have internal pull-ups and are not boot-strapping pins (0, 2, 5, 12,
15), flash pins (6-11) or input-only (34-39, no pull-ups).
"""

NAME = "esp32"
I2C_ID = 0
SDA = 21
SCL = 22
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
BUTTON_PINS = {
    "up": 32,
    "down": 33,
    "left": 25,
    "right": 26,
    "ok": 27,
    "back": 13,
}
