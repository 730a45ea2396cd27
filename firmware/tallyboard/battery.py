# SPDX-License-Identifier: MIT
"""Battery gauge: supply volts in, a level for the header mark and the two
alarms (low: warn once; critical: no new games) out.

The board file gives the thresholds of its battery build (two AA cells by
default, see hardware/README.md). Readings are smoothed, because the OLED
and the CPU pull the cells down while they work, and each alarm clears only
once the supply is clearly back above it (fresh cells), so a reading that
hovers at a threshold does not warn again and again.
"""

NONE = 0
LOW = 1
CRITICAL = 2

LEVELS = 4  # bars in the header mark: 0..LEVELS
_CLEAR_V = 0.15  # an alarm clears this far above its threshold
_SMOOTH = 4  # each reading moves the estimate 1/_SMOOTH of the way

# Two alkaline or NiMH AA cells on the Pico's VSYS (through the power
# switch, see hardware/README.md).
EMPTY_V = 2.0
FULL_V = 3.0
LOW_V = 2.3
CRITICAL_V = 2.1


class Gauge:
    """Smoothed supply voltage and alarms. ``update(volts)`` returns LOW or
    CRITICAL the first time the supply falls below that threshold (so the
    app warns once), else NONE."""

    def __init__(self, empty_v=EMPTY_V, full_v=FULL_V, low_v=LOW_V, critical_v=CRITICAL_V):
        if not empty_v <= critical_v <= low_v < full_v:
            raise ValueError("battery thresholds must rise: empty %r <= critical %r <= low %r < full %r"
                             % (empty_v, critical_v, low_v, full_v))
        self.empty_v = empty_v
        self.full_v = full_v
        self.low_v = low_v
        self.critical_v = critical_v
        self.volts = None
        self.alarm = NONE

    def update(self, volts):
        """Add one reading (volts); returns the alarm newly reached or NONE."""
        if volts is None:
            return NONE
        if self.volts is None:
            self.volts = volts
        else:
            self.volts += (volts - self.volts) / _SMOOTH
        v = self.volts
        before = self.alarm
        if v < self.critical_v:
            self.alarm = CRITICAL
        elif v < self.low_v:
            if self.alarm == NONE:
                self.alarm = LOW
            elif self.alarm == CRITICAL and v >= self.critical_v + _CLEAR_V:
                self.alarm = LOW
        elif v >= self.low_v + _CLEAR_V:
            self.alarm = NONE
        elif self.alarm == CRITICAL and v >= self.critical_v + _CLEAR_V:
            self.alarm = LOW
        return self.alarm if self.alarm > before else NONE

    def level(self):
        """Bars to show, 0..LEVELS, or None before the first reading."""
        if self.volts is None:
            return None
        span = self.full_v - self.empty_v
        bars = int((self.volts - self.empty_v) * LEVELS / span + 0.5)
        if bars < 0:
            return 0
        return LEVELS if bars > LEVELS else bars

    @property
    def critical(self):
        """True while the cells are too flat to start a game."""
        return self.alarm == CRITICAL
