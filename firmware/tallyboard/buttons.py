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
        # Every event made once: button i's kind k is _events[3 * i + k - 1].
        self._events = [(n, k) for n in order for k in (PRESS, LONG, REPEAT)]
        # Per button, bit 1: it gives LONG, bit 2: it gives REPEAT.
        self._gives = bytearray((n in long_names) | (n in repeat_names) << 1 for n in order)
        now = clock_ms() & _PERIOD_MASK
        # A button already held at start-up counts as held, not as a press:
        # it fires only after it is released and pressed again.
        # _held: 0 up, 1 held, 2 held and its LONG given (or at start-up).
        self._held = bytearray(2 if s() else 0 for s in self._src)
        # The time of the last accepted edge: while held, when it was pressed.
        self._changed = [(now - debounce_ms) & _PERIOD_MASK] * count
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
        for i in range(len(self._held)):
            if self._held[i] or self._latched[i]:
                return True
        return False

    def pressed(self, name):
        """True while ``name`` is held (debounced state)."""
        return self._held[self.names.index(name)] > 0

    def poll(self):
        """Sample every button; return one pending event or None."""
        now = self._clock() & _PERIOD_MASK
        held = self._held
        changed = self._changed
        latched = self._latched
        queue = self._queue
        for i in range(len(self._src)):
            raw = bool(self._src[i]())
            if latched[i]:
                latched[i] = 0
                raw = True
            event = 0  # the kind found for this button, if any
            since = ((now - changed[i] + _HALF) & _PERIOD_MASK) - _HALF  # ticks_diff, inline: per button per poll
            if raw != (held[i] > 0) and since >= self.debounce_ms:
                changed[i] = now
                held[i] = raw
                if raw:
                    self._next_repeat[i] = (now + self.repeat_delay_ms) & _PERIOD_MASK
                    event = PRESS
            elif held[i]:
                gives = self._gives[i]
                if gives & 1 and held[i] == 1 and since >= self.long_ms:
                    held[i] = 2
                    event = LONG
                elif gives & 2 and ticks_diff(now, self._next_repeat[i]) >= 0:
                    nxt = (self._next_repeat[i] + self.repeat_ms) & _PERIOD_MASK
                    if ticks_diff(nxt, now) <= 0:
                        nxt = (now + self.repeat_ms) & _PERIOD_MASK
                    self._next_repeat[i] = nxt
                    event = REPEAT
            if event and self._len < _QUEUE:
                queue[(self._head + self._len) % _QUEUE] = self._events[3 * i + event - 1]
                self._len += 1
        if not self._len:
            return None
        ev = queue[self._head]
        queue[self._head] = None
        self._head = (self._head + 1) % _QUEUE
        self._len -= 1
        return ev
