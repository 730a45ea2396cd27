# SPDX-License-Identifier: MIT
"""Time for the board: a millisecond tick for buttons and a wall clock.

The board has no battery-backed clock: ``time()`` is None until the PC sets
it over the serial link (``set_time``); after that it counts on from the
tick. ``FakeClock`` is advanced by hand in tests and the simulator.
"""

import time as _time

# MicroPython's tick wraps and must be compared with ticks_diff; CPython
# has neither (a monotonic stand-in is used, and plain subtraction). Looked
# up once here rather than in helper functions: on the board each function
# is a few heap blocks kept for as long as the module is loaded.
_TICKS_DIFF = getattr(_time, "ticks_diff", None)


class Clock:
    """Milliseconds since start (``ticks_ms()``) and epoch seconds once set.

    ``ticks_ms`` and ``time`` may be injected (callables); ``time`` returning
    None means the wall clock is unknown. ``ticks_ms`` is that callable
    itself (no method between: the buttons call it on every poll).
    """

    def __init__(self, ticks_ms=None, time=None):
        self.ticks_ms = ticks_ms or getattr(_time, "ticks_ms", None) or (lambda: int(_time.monotonic() * 1000))
        self._time = time
        self._base = None
        self._base_tick = 0

    def time(self):
        """Epoch seconds, or None until the time has been set."""
        if self._base is not None:
            now = self.ticks_ms()
            since = _TICKS_DIFF(now, self._base_tick) if _TICKS_DIFF else now - self._base_tick
            return self._base + since // 1000
        if self._time is not None:
            return self._time()
        return None

    def set_time(self, epoch):
        """Set the wall clock to ``epoch`` seconds (from the PC)."""
        if not isinstance(epoch, int) or isinstance(epoch, bool) or epoch < 0:
            raise ValueError("time must be whole epoch seconds >= 0, not %r" % (epoch,))
        self._base = epoch
        self._base_tick = self.ticks_ms()


def FakeClock(start_ms=0, epoch=None):
    """A Clock that only moves when told: ``advance(ms)``, or set ``now``
    (its tick, in ms). A function, not a subclass: a class costs the board
    RAM, and tests and the simulator are its only users."""
    clock = Clock(ticks_ms=lambda: clock.now)
    clock.now = start_ms

    def advance(ms):
        clock.now += ms

    clock.advance = advance
    if epoch is not None:
        clock.set_time(epoch)
    return clock
