# SPDX-License-Identifier: MIT
"""Six buttons read from plain callables: debounce, long press, auto-repeat.

Each source is a callable returning True while its button is held (on the
board: an active-low pin with pull-up; in tests: a fake). ``poll()``
samples every source once and returns at most one event:

- ``PRESS`` on the first edge: a press acts at once, then changes of that
  button are ignored for ``debounce_ms`` (contact bounce, ~50 ms);
- ``LONG`` once when ok/back/left/right is held ``long_ms`` (the PRESS has
  already been reported: screens use LONG for a second action);
- ``REPEAT`` while up/down is held: first after ``repeat_delay_ms``, then
  every ``repeat_ms`` (never a burst to catch up after a slow poll).

Events found in the same poll wait in a small queue, one per call. Nothing
is allocated per poll: event tuples are made once.

Sleeping boards (issue 15): a pin interrupt calls the button's ``handler``,
which latches a press. The next ``poll`` counts a latched button as held
once, so a tap that began and ended while the board slept still gives
exactly one PRESS, and a press still held when the board wakes is not
counted twice. A latch inside the debounce time (bounce) is dropped.
"""

UP = "up"
DOWN = "down"
LEFT = "left"
RIGHT = "right"
OK = "ok"
BACK = "back"
NAMES = (UP, DOWN, LEFT, RIGHT, OK, BACK)

PRESS = 1
LONG = 2
REPEAT = 3

LONG_NAMES = (OK, BACK, LEFT, RIGHT)
REPEAT_NAMES = (UP, DOWN)

# Millisecond counters may wrap (MicroPython's ticks_ms wraps at 2**30):
# differences are taken modulo 2**30, valid for spans under ~6 days.
_PERIOD_MASK = 0x3FFFFFFF
_HALF = 0x20000000
_QUEUE = 8


def ticks_diff(a, b):
    """a - b for millisecond counters that may wrap at 2**30."""
    return ((a - b + _HALF) & _PERIOD_MASK) - _HALF


class Buttons:
    """Debounced buttons; ``poll()`` -> ``(name, kind)`` or None."""

    def __init__(self, sources, clock_ms, debounce_ms=50, long_ms=700, repeat_delay_ms=400,
                 repeat_ms=120, long_names=LONG_NAMES, repeat_names=REPEAT_NAMES):
        if not sources:
            raise ValueError("Buttons needs at least one source")
        for name in sources:
            if not callable(sources[name]):
                raise ValueError("button source %r is not callable" % (name,))
        for label, v in (("debounce_ms", debounce_ms), ("long_ms", long_ms),
                         ("repeat_delay_ms", repeat_delay_ms), ("repeat_ms", repeat_ms)):
            if v < 0 or (v == 0 and label == "repeat_ms"):
                raise ValueError("%s must be positive, not %r" % (label, v))
        # A fixed order (dict order differs on MicroPython): the six known
        # names first, then any others sorted.
        order = [n for n in NAMES if n in sources]
        order += sorted(n for n in sources if n not in NAMES)
        self.names = tuple(order)
        self._src = [sources[n] for n in order]
        self._clock = clock_ms
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        count = len(order)
        self._press_ev = [(n, PRESS) for n in order]
        self._long_ev = [(n, LONG) for n in order]
        self._repeat_ev = [(n, REPEAT) for n in order]
        self._does_long = [n in long_names for n in order]
        self._does_repeat = [n in repeat_names for n in order]
        now = clock_ms() & _PERIOD_MASK
        # A button already held at start-up counts as held, not as a press:
        # it fires only after it is released and pressed again.
        self._down = [bool(s()) for s in self._src]
        self._changed = [(now - debounce_ms) & _PERIOD_MASK] * count  # time of last accepted edge
        self._pressed_at = [now] * count
        self._long_done = [True] * count
        self._next_repeat = [now] * count
        self._queue = [None] * _QUEUE
        self._head = 0
        self._len = 0
        self._latched = bytearray(count)
        self._handlers = {}

    def handler(self, name):
        """The interrupt handler for button ``name`` (made once, when the
        board arms its pin; called with the pin)."""
        h = self._handlers.get(name)
        if h is None:
            latched = self._latched
            i = self.names.index(name)

            def h(pin=None):
                # Runs in the pin interrupt: one byte store, nothing allocated.
                latched[i] = 1

            self._handlers[name] = h
        return h

    def latched(self):
        """True while an interrupt has latched a press not yet polled."""
        for v in self._latched:
            if v:
                return True
        return False

    def busy(self):
        """True while an event is queued, a latch is pending or a button is
        held: the app must poll again soon (held buttons give LONG/REPEAT)."""
        if self._len:
            return True
        for i in range(len(self._down)):
            if self._down[i] or self._latched[i]:
                return True
        return False

    def _push(self, ev):
        if self._len < _QUEUE:
            self._queue[(self._head + self._len) % _QUEUE] = ev
            self._len += 1

    def pressed(self, name):
        """True while ``name`` is held (debounced state)."""
        return self._down[self.names.index(name)]

    def poll(self):
        """Sample every button; return one pending event or None."""
        now = self._clock() & _PERIOD_MASK
        down = self._down
        changed = self._changed
        for i in range(len(self._src)):
            raw = bool(self._src[i]())
            if self._latched[i]:
                self._latched[i] = 0
                raw = True
            if raw != down[i] and ticks_diff(now, changed[i]) >= self.debounce_ms:
                down[i] = raw
                changed[i] = now
                if raw:
                    self._pressed_at[i] = now
                    self._long_done[i] = False
                    self._next_repeat[i] = (now + self.repeat_delay_ms) & _PERIOD_MASK
                    self._push(self._press_ev[i])
                continue
            if not down[i]:
                continue
            if self._does_long[i] and not self._long_done[i]:
                if ticks_diff(now, self._pressed_at[i]) >= self.long_ms:
                    self._long_done[i] = True
                    self._push(self._long_ev[i])
            if self._does_repeat[i] and ticks_diff(now, self._next_repeat[i]) >= 0:
                nxt = (self._next_repeat[i] + self.repeat_ms) & _PERIOD_MASK
                if ticks_diff(nxt, now) <= 0:
                    nxt = (now + self.repeat_ms) & _PERIOD_MASK
                self._next_repeat[i] = nxt
                self._push(self._repeat_ev[i])
        if not self._len:
            return None
        ev = self._queue[self._head]
        self._queue[self._head] = None
        self._head = (self._head + 1) % _QUEUE
        self._len -= 1
        return ev
