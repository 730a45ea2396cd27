# SPDX-License-Identifier: MIT
"""Time for the board: a millisecond tick for buttons and a wall clock.

The board has no battery-backed clock: ``time()`` is None until the PC sets
it over the serial link (``set_time``); after that it counts on from the
tick. Tests and the simulator inject the host's
tallyfakes.fake_clock.FakeClock, advanced by hand.
"""

import time as _time

# MicroPython's tick wraps and must be compared with ticks_diff; CPython
# has neither (a monotonic stand-in is used, and plain subtraction).


class Clock:
    """Milliseconds since start (``ticks_ms()``) and epoch seconds once set.

    ``ticks_ms`` and ``time`` may be injected (callables); ``time`` returning
    None means the wall clock is unknown. ``ticks_ms`` is that callable
    itself (no method between: the buttons call it on every poll).
    """

    def __init__(self, ticks_ms=None, time=None):
        self.ticks_ms = ticks_ms or getattr(_time, "ticks_ms", None) or (lambda: int(_time.monotonic() * 1000))
        self._time = time
        self._base = None  # (epoch seconds, the tick then) once set

    def time(self):
        """Epoch seconds, or None until the time has been set."""
        if self._base is not None:
            epoch, then = self._base
            now = self.ticks_ms()
            # (once a hand: looked up here, not kept in a global)
            since = _time.ticks_diff(now, then) if hasattr(_time, "ticks_diff") else now - then
            return epoch + since // 1000
        if self._time is not None:
            return self._time()
        return None

    def set_time(self, time):
        """Set the wall clock to ``time``, whole epoch seconds (from the PC)."""
        if not isinstance(time, int) or isinstance(time, bool) or time < 0:
            raise ValueError("time must be whole epoch seconds >= 0, not %r" % (time,))
        self._base = (time, self.ticks_ms())
