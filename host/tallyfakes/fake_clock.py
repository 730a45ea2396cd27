# SPDX-License-Identifier: MIT
"""A clock that moves only when told, for tests, the simulator and the
smoke command (a board has its real one: tallyboard.clock)."""

from tallyboard.clock import Clock


def FakeClock(start_ms=0, epoch=None):
    """A tallyboard.clock.Clock whose tick moves only by ``advance(ms)`` or
    by setting ``now`` (its tick, in ms); ``epoch`` sets its wall clock."""
    clock = Clock(ticks_ms=lambda: clock.now)
    clock.now = start_ms

    def advance(ms):
        clock.now += ms

    clock.advance = advance
    if epoch is not None:
        clock.set_time(epoch)
    return clock
