# SPDX-License-Identifier: MIT
"""The board's idle steps: dim, display off, deepest sleep, and the pixel
shift that keeps a static screen from burning into the OLED.

Pure logic over millisecond ticks passed in by the caller (the app's clock),
so tests and the simulator drive it with a fake clock. Nothing here touches
hardware: ``step(now)`` says what is due, the app does it
(tallyboard.keeper), and ``wait_ms(now)`` says how long the board may sleep before anything is
due, so the main loop never wakes for nothing.

Steps, counted from the last button press (0 turns a step off):

- ``DIM`` after ``dim_ms`` (default 1 min): contrast down, the press that
  follows acts as usual;
- ``OFF`` after ``off_ms`` (default 5 min): display off; the press that
  follows only wakes the board (``press`` returns False);
- ``DEEP`` after ``deep_ms`` (default 30 min): the deepest sleep the port
  offers; a press boots the board, which resumes the open game.

The app moves the picture by one pixel when the screen dims, and again at
each ``SHIFT``, due every ``shift_ms`` while the screen stays on unpressed
(tallyboard.keeper.shift_frame).
"""

from tallyboard.buttons import ticks_diff

AWAKE = 0
DIM = 1
OFF = 2
DEEP = 3
SHIFT = 4

NAMES = ("awake", "dim", "off", "deep", "shift")

MINUTE_MS = 60000
DIM_MS = MINUTE_MS
OFF_MS = 5 * MINUTE_MS
DEEP_MS = 30 * MINUTE_MS
SHIFT_MS = 2 * MINUTE_MS


class Idle:
    """Idle state machine from ``now`` (ms ticks): ``press``, ``step``,
    ``wait_ms``. ``state`` is AWAKE, DIM, OFF or DEEP."""

    def __init__(self, now, dim_ms=DIM_MS, off_ms=OFF_MS, deep_ms=DEEP_MS, shift_ms=SHIFT_MS):
        self.configure(dim_ms, off_ms, deep_ms, shift_ms)
        self.state = AWAKE
        self.last = now
        self._shifted = now  # time of the last pixel shift (or press)
        self.allow_deep = True

    def configure(self, dim_ms, off_ms, deep_ms, shift_ms=SHIFT_MS):
        """Set the delays in ms after the last press (0: never)."""
        for label, v in (("dim", dim_ms), ("off", off_ms), ("deep", deep_ms), ("shift", shift_ms)):
            if not isinstance(v, int) or v < 0:
                raise ValueError("%s delay must be whole ms >= 0, not %r" % (label, v))
        self._after = (0, dim_ms, off_ms, deep_ms)
        self.shift_ms = shift_ms

    def press(self, now):
        """A button was pressed at ``now``: back to AWAKE. Returns True when
        the press should act, False when it only wakes the display."""
        acts = self.state < OFF
        self.state = AWAKE
        self.last = now
        self._shifted = now
        return acts

    def _target(self, idle):
        # The deepest step whose delay has passed (a step set to 0 never comes).
        target = AWAKE
        after = self._after
        for s in (DIM, OFF, DEEP):
            if after[s] and idle >= after[s] and (s != DEEP or self.allow_deep):
                target = s
        return target

    def step(self, now):
        """The one thing due at ``now`` (DIM, OFF, DEEP or SHIFT), already
        counted as done, or None. Call until it returns None."""
        idle = ticks_diff(now, self.last)
        target = self._target(idle)
        if target > self.state:
            self.state = target
            # DIM also moves the picture (the app does both): the shift
            # timer starts from there.
            self._shifted = now
            return target
        if self.state < OFF and self.shift_ms and ticks_diff(now, self._shifted) >= self.shift_ms:
            self._shifted = now
            return SHIFT
        return None

    def wait_ms(self, now):
        """Milliseconds until the next step is due (0: now), or None when
        nothing will come until a button or the serial link wakes the board."""
        idle = ticks_diff(now, self.last)
        best = None
        after = self._after
        for s in (DIM, OFF, DEEP):
            if s > self.state and after[s] and (s != DEEP or self.allow_deep):
                left = after[s] - idle
                if best is None or left < best:
                    best = left
        if self.state < OFF and self.shift_ms:
            left = self.shift_ms - ticks_diff(now, self._shifted)
            if best is None or left < best:
                best = left
        if best is not None and best < 0:
            best = 0
        return best


def dim_contrast(contrast):
    """The contrast of a dimmed screen: an eighth of the chosen one."""
    return contrast // 8 if contrast >= 8 else contrast
