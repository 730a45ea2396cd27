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

Events found in the same poll are returned one per call, in button order,
before the buttons are sampled again (a held button's LONG or REPEAT is
then found a poll later). Nothing is allocated per poll: event tuples are
made once.

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

try:
    from micropython import const
except ImportError:  # CPython: the same values, not folded in
    const = int

# Millisecond counters may wrap (MicroPython's ticks_ms wraps at 2**30):
# differences are taken modulo 2**30, valid for spans under ~6 days.
# (const: folded into the code by the compiler, no global, no name kept.)
_PERIOD_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def ticks_diff(a, b):
    """a - b for millisecond counters that may wrap at 2**30."""
    return ((a - b + _HALF) & _PERIOD_MASK) - _HALF


class Buttons:
    """Debounced buttons; ``poll()`` -> ``(name, kind)`` or None. Up and
    down repeat while held; the others give LONG."""

    def __init__(self, sources, clock_ms, debounce_ms=50, long_ms=700, repeat_delay_ms=400, repeat_ms=120):
        if not sources:
            raise ValueError("Buttons needs at least one source")
        for name in sources:
            if not callable(sources[name]):
                raise ValueError("button source %r is not callable" % (name,))
        if min(debounce_ms, long_ms, repeat_delay_ms, repeat_ms - 1) < 0:
            raise ValueError("button times (debounce_ms, long_ms, repeat_delay_ms, repeat_ms) must be >= 0,"
                             " repeat_ms > 0, not %r" % ((debounce_ms, long_ms, repeat_delay_ms, repeat_ms),))
        # A fixed order (dict order differs on MicroPython): the six known
        # names first, then any others sorted.
        order = [n for n in NAMES if n in sources]
        order += sorted(n for n in sources if n not in NAMES)
        self.names = tuple(order)
        # The callables in that order (a list, no longer the dict given).
        self.sources = [sources[n] for n in order]
        self.clock_ms = clock_ms
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        count = len(order)
        # Every event made once: button i's kind k is _events[3 * i + k - 1].
        self._events = [(n, k) for n in order for k in (PRESS, LONG, REPEAT)]
        now = clock_ms() & _PERIOD_MASK
        # A button already held at start-up counts as held, not as a press:
        # it fires only after it is released and pressed again.
        # _held: 0 up, 1 held, 2 held and its LONG given (or at start-up).
        self._held = bytearray(2 if s() else 0 for s in self.sources)
        # The time of the last accepted edge: while held, when it was pressed.
        self._changed = [(now - debounce_ms) & _PERIOD_MASK] * count
        self._next_repeat = [now] * count
        self._due = bytearray(count)  # per button, the kind of an event found and not yet returned
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
        return any(self._latched)

    def busy(self):
        """True while an event waits, a latch is pending or a button is
        held: the app must poll again soon (held buttons give LONG/REPEAT)."""
        return any(self._due) or any(self._latched) or any(self._held)

    def pressed(self, name):
        """True while ``name`` is held (debounced state)."""
        return self._held[self.names.index(name)] > 0

    def poll(self):
        """Sample every button (unless events found before still wait);
        return one event or None."""
        due = self._due
        if not any(due):
            now = self.clock_ms() & _PERIOD_MASK
            held = self._held
            changed = self._changed
            latched = self._latched
            found = False
            i = -1
            # Most polls find every button up and nothing latched: that
            # case costs a call and two lookups per button.
            for source in self.sources:
                i += 1
                raw = source()
                if latched[i]:
                    latched[i] = 0
                    raw = True
                h = held[i]
                if raw:
                    edge = not h
                elif h:
                    edge = True
                else:
                    continue
                since = ((now - changed[i] + _HALF) & _PERIOD_MASK) - _HALF  # ticks_diff, inline
                if edge and since >= self.debounce_ms:
                    changed[i] = now
                    if raw:
                        held[i] = 1
                        self._next_repeat[i] = (now + self.repeat_delay_ms) & _PERIOD_MASK
                        due[i] = PRESS
                        found = True
                    else:
                        held[i] = 0
                elif h:
                    if self.names[i] != UP and self.names[i] != DOWN:
                        if h == 1 and since >= self.long_ms:
                            held[i] = 2
                            due[i] = LONG
                            found = True
                    elif ticks_diff(now, self._next_repeat[i]) >= 0:
                        nxt = (self._next_repeat[i] + self.repeat_ms) & _PERIOD_MASK
                        if ticks_diff(nxt, now) <= 0:
                            nxt = (now + self.repeat_ms) & _PERIOD_MASK
                        self._next_repeat[i] = nxt
                        due[i] = REPEAT
                        found = True
            if not found:
                return None
        for i in range(len(due)):
            if due[i]:
                kind = due[i]
                due[i] = 0
                return self._events[3 * i + kind - 1]
        return None
