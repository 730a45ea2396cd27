# SPDX-License-Identifier: MIT
"""Raspberry Pi Pico (RP2040): the reference board.

OLED on I2C0 at GP4 (SDA, pin 6) / GP5 (SCL, pin 7). Buttons on GP10..GP15
(pins 14-17, 19-20), each to ground, internal pull-ups.

Power (issue 15): the Pico reads VSYS through its own divider (R5/R6, VSYS/3)
on ADC3 = GPIO29, and VBUS presence on GPIO24; the button pins wake the
RP2040 from DORMANT through the IO_BANK0 dormant-wake registers
(DORMANT_WAKE_INTE0..3 at 0x40014160, 4 bits per GPIO, as the Pico SDK's
gpio_set_dormant_irq_enabled sets them).
"""

NAME = "pico"
I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
OLED_ADDR = 0x3C
WIFI = False  # the Pico W has its own board file (picow)
BUTTON_PINS = {
    "up": 10,
    "down": 11,
    "left": 12,
    "right": 13,
    "ok": 14,
    "back": 15,
}

# Battery gauge: the ADC pin, and the divider between the supply and it.
BATTERY_ADC_PIN = 29
BATTERY_DIVIDER = 3.0
ADC_VREF = 3.3
# Thresholds (volts at VSYS) for two AA cells through the power switch.
BATTERY_EMPTY_V = 2.0
BATTERY_FULL_V = 3.0
BATTERY_LOW_V = 2.3
BATTERY_CRITICAL_V = 2.1
# High while USB power is present (the PC is attached): no deep sleep then.
VBUS_PIN = 24
# CPU clock while working, and during long waits (24 MHz = 1176 MHz VCO / 49,
# a setting the RP2040's PLL can make; USB keeps its own 48 MHz PLL, and no
# I2C or flash work happens at the lower clock).
RUN_FREQ = 125_000_000
IDLE_FREQ = 24_000_000
# Deepest sleep: DORMANT, woken by a falling edge on any button pin.
DORMANT_WAKE_INTE = 0x40014160
WAKE_PINS = tuple(BUTTON_PINS[n] for n in ("up", "down", "left", "right", "ok", "back"))
