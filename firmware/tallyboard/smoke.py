# SPDX-License-Identifier: MIT
"""Hardware smoke test: the display, each of the six buttons, the flash.

On the board, stop the app (Ctrl-C in ``mpremote``) and type::

    import tallyboard.smoke; tallyboard.smoke.run()

It draws a test pattern, asks for each button in turn, writes, reads and
removes a file, and prints one ``PASS``/``FAIL`` line per check and a
``SMOKE: PASS``/``SMOKE: FAIL`` summary. ``run`` returns ``(ok, results)``
where results are ``(check, ok, detail)`` tuples.

The hardware comes in as plain objects (a Display, a Buttons, a file store
from tallyboard.fs, a clock with ``ticks_ms()``, an output function and a
sleep), so the very same checks run in the simulator and in tests; with no
hardware given, ``run()`` opens the board's own (``main()``).
"""

from tallyboard.buttons import NAMES, PRESS, ticks_diff

# Time the maker has to press each button.
TIMEOUT_MS = 10000
# After the asked-for press, listen this long for other buttons firing too
# (two buttons wired to one pin, or shorted together).
SETTLE_MS = 150
POLL_MS = 5
# The journal calls the flash low below this (tallyboard.journal.files.LOW_SPACE).
MIN_FREE = 32 * 1024
TEST_FILE = "smoke-test.bin"
DISPLAY = "display"
FLASH = "flash"


def _default_sleep():
    import time

    if hasattr(time, "sleep_ms"):
        return time.sleep_ms
    return lambda ms: time.sleep(ms / 1000)


class _Session:
    """One run: collects results and prints them as they come."""

    def __init__(self, display, buttons, fs, clock, out, sleep_ms, timeout_ms):
        self.display = display
        self.buttons = buttons
        self.fs = fs
        self.clock = clock
        self.out = out
        self.sleep_ms = sleep_ms
        self.timeout_ms = timeout_ms
        self.results = []

    def report(self, check, ok, detail):
        self.results.append((check, ok, detail))
        self.out("%s %s: %s" % ("PASS" if ok else "FAIL", check, detail))

    def screen(self, lines):
        """Show ``lines`` on the OLED when it works (the maker may have no
        terminal in view); display errors are the display check's business."""
        if self.display is None or self.display_failed():
            return
        from tallyboard import text

        fb = self.display.fb
        fb.fill(0)
        y = 0
        for line in lines:
            text.draw(fb, line, 0, y)
            y += text.SMALL.height
        try:
            self.display.show()
        except OSError:
            pass

    def display_failed(self):
        for check, ok, _ in self.results:
            if check == DISPLAY:
                return not ok
        return False


def check_display(s, error=None):
    """Draw a test pattern and a message; count the bytes sent."""
    d = s.display
    if d is None:
        s.report(DISPLAY, False, error or "no display given")
        return
    from tallyboard import text

    found = ""
    scan = getattr(d.i2c, "scan", None)
    if scan is not None:
        try:
            addrs = scan()
        except OSError:
            addrs = []
        found = " (I2C devices: %s)" % (", ".join(["0x%02x" % a for a in addrs]) or "none")
        if d.addr not in addrs:
            s.report(DISPLAY, False, "nothing answers at 0x%02x%s: check SDA/SCL, power, and OLED_ADDR in the board file" % (d.addr, found))
            return
    fb = d.fb
    w = d.width
    h = d.height
    try:
        # A frame on the outermost pixels shows a shifted (SH1106) or
        # cropped picture at a glance; the checkerboard shows dead lines.
        fb.fill(0)
        fb.rect(0, 0, w, h, 1)
        fb.line(0, 0, w - 1, h - 1, 1)
        fb.line(0, h - 1, w - 1, 0, 1)
        for y in range(h - 18, h - 2, 4):
            for x in range(2, w - 2, 4):
                if ((x + y) >> 2) & 1:
                    fb.fill_rect(x, y, 4, 4, 1)
        fb.fill_rect(4, 4, w - 8, 22, 0)
        text.draw(fb, "TrickTally", 6, 5)
        text.draw(fb, "smoke test", 6, 15)
        full = d.show()
        # A small change must go as a small update (the partial sends work).
        text.draw(fb, "OK?", w - 24, 15)
        update = d.show()
        d.invert(True)
        s.sleep_ms(300)
        d.invert(False)
        d.contrast(255)
    except OSError as e:
        s.report(DISPLAY, False, "I2C error %s at 0x%02x%s: check wiring and address" % (e, d.addr, found))
        return
    if full <= 0 or update <= 0 or update >= full:
        s.report(DISPLAY, False, "sent %d bytes for the pattern, %d for an update: expected a full frame then a smaller update" % (full, update))
        return
    s.report(DISPLAY, True, "%d bytes for the pattern, %d for an update%s; look: a frame on all four edges, a cross, a checkerboard" % (full, update, found))


def check_buttons(s, names=NAMES, error=None):
    """Ask for each button in turn; PASS for each that reports a press."""
    b = s.buttons
    for name in names:
        check = "button " + name
        if b is None:
            s.report(check, False, error or "no buttons given")
            continue
        if b.pressed(name):
            s.report(check, False, "reads pressed before being touched: pin shorted to ground?")
            continue
        s.out("Press %s (within %d s)" % (name.upper(), s.timeout_ms // 1000))
        s.screen(("Smoke test", "", "Press " + name.upper()))
        start = s.clock.ticks_ms()
        others = []
        got = False
        while ticks_diff(s.clock.ticks_ms(), start) < s.timeout_ms:
            ev = b.poll()
            if ev is None:
                s.sleep_ms(POLL_MS)
                continue
            if ev[1] != PRESS:
                continue
            if ev[0] == name:
                got = True
                break
            if ev[0] not in others:
                others.append(ev[0])
        if not got:
            seen = (" (pressed instead: %s)" % ", ".join(others)) if others else ""
            s.report(check, False, "no press within %d s%s" % (s.timeout_ms // 1000, seen))
            continue
        # Anything else firing right with it is a wiring fault.
        also = []
        settle = s.clock.ticks_ms()
        while ticks_diff(s.clock.ticks_ms(), settle) < SETTLE_MS:
            ev = b.poll()
            if ev is None:
                s.sleep_ms(POLL_MS)
            elif ev[1] == PRESS and ev[0] != name and ev[0] not in also:
                also.append(ev[0])
        if also:
            s.report(check, False, "pressing %s also pressed %s: pins shorted together?" % (name, ", ".join(also)))
        else:
            s.report(check, True, "pressed after %d ms" % ticks_diff(settle, start))


def check_flash(s, error=None):
    """Write, read back, append to and remove a file; report free space."""
    fs = s.fs
    if fs is None:
        s.report(FLASH, False, error or "no file store given")
        return
    data = bytes(range(256)) * 4
    step = "free space"
    try:
        before = fs.free()
        step = "clean up an old test file"
        if fs.exists(TEST_FILE):
            fs.remove(TEST_FILE)
        step = "write"
        fs.write_file(TEST_FILE, data)
        step = "read"
        if fs.read(TEST_FILE) != data:
            s.report(FLASH, False, "read back differs from what was written")
            return
        step = "append"
        fs.append(TEST_FILE, b"tail")
        step = "read"
        if fs.size(TEST_FILE) != len(data) + 4 or fs.read_at(TEST_FILE, len(data), 8) != b"tail":
            s.report(FLASH, False, "an append did not read back")
            return
        step = "remove"
        fs.remove(TEST_FILE)
        if fs.exists(TEST_FILE):
            s.report(FLASH, False, "the test file is still there after remove")
            return
    except OSError as e:
        s.report(FLASH, False, "%s failed: %s" % (step, e))
        return
    if before is None:
        s.report(FLASH, True, "write, read, append, remove work; free space unknown")
    elif before < MIN_FREE:
        s.report(FLASH, False, "works, but only %d KiB free (the journal wants %d KiB)" % (before // 1024, MIN_FREE // 1024))
    else:
        s.report(FLASH, True, "write, read, append, remove work; %d KiB free" % (before // 1024))


def _run(display, buttons, fs, clock, out, sleep_ms, timeout_ms, names=NAMES, hw_error=None, fs_error=None):
    s = _Session(display, buttons, fs, clock, out, sleep_ms or _default_sleep(), timeout_ms)
    out("TrickTally smoke test")
    try:
        check_display(s, hw_error)
        check_buttons(s, names, hw_error)
        check_flash(s, fs_error)
    except KeyboardInterrupt:
        s.report("run", False, "interrupted")
    failed = [c for c, ok, _ in s.results if not ok]
    if failed:
        out("SMOKE: FAIL (%d of %d checks failed: %s)" % (len(failed), len(s.results), ", ".join(failed)))
        s.screen(("Smoke test", "", "FAIL: %d of %d" % (len(failed), len(s.results))))
    else:
        out("SMOKE: PASS (%d checks)" % len(s.results))
        s.screen(("Smoke test", "", "PASS: all %d" % len(s.results)))
    return not failed, s.results


def run(display=None, buttons=None, fs=None, clock=None, out=print, sleep_ms=None, timeout_ms=TIMEOUT_MS, names=NAMES):
    """Run every check; print a PASS/FAIL line each and a summary; return
    ``(ok, [(check, ok, detail), ...])``.

    ``display`` is a tallyboard.display.Display, ``buttons`` a
    tallyboard.buttons.Buttons, ``fs`` a tallyboard.fs store, ``clock`` has
    ``ticks_ms()``, ``out(line)`` prints, ``sleep_ms(ms)`` waits (on a fake
    clock: advances it). A part given as None fails its check. With no
    display, buttons and fs at all, the board's own hardware is opened.
    """
    if display is None and buttons is None and fs is None:
        return main(out=out, timeout_ms=timeout_ms)
    if clock is None:
        from tallyboard.clock import Clock

        clock = Clock()
    return _run(display, buttons, fs, clock, out, sleep_ms, timeout_ms, names)


class Presser:
    """Simulated fingers, for the simulator and tests: ``out`` watches the
    prompts ``run`` prints and, ``after_ms`` after "Press X", holds button X
    for ``hold_ms``. Faults to rehearse: ``dead`` buttons never close,
    ``stuck`` ones are always closed, ``wrong`` maps a button to the one
    that closes instead (crossed wires). Lines go on to ``echo``."""

    def __init__(self, clock, echo=None, after_ms=300, hold_ms=120, dead=(), stuck=(), wrong=None):
        self.clock = clock
        self.echo = echo
        self.after_ms = after_ms
        self.hold_ms = hold_ms
        self.dead = dead
        self.stuck = stuck
        self.wrong = wrong or {}
        self.button = None
        self.at = 0

    def out(self, line):
        """The output function to hand to ``run``."""
        if line.startswith("Press "):
            name = line[6:].split(" ")[0].lower()
            self.button = self.wrong.get(name, name)
            self.at = self.clock.ticks_ms() + self.after_ms
        if self.echo is not None:
            self.echo(line)

    def _source(self, name):
        def held():
            if name in self.stuck:
                return True
            if name in self.dead or name != self.button:
                return False
            return 0 <= ticks_diff(self.clock.ticks_ms(), self.at) < self.hold_ms

        return held

    def sources(self, names=NAMES):
        """Button name -> callable, for tallyboard.buttons.Buttons."""
        out = {}
        for name in names:
            out[name] = self._source(name)
        return out


def main(board=None, out=print, timeout_ms=TIMEOUT_MS, flash_dir="/data"):
    """On the board: open the display, buttons and flash (``flash_dir``, the
    folder the app keeps its games in) and run every check."""
    from tallyboard import boards, hardware
    from tallyboard.clock import Clock
    from tallyboard.fs import OsFS

    name = board or boards.configured()
    out("board: %s" % name)
    clock = Clock()
    display = buttons = fs = None
    hw_error = fs_error = None
    try:
        display, buttons = hardware.setup(name, clock.ticks_ms)
    except OSError as e:
        # The display's init is the first I2C transfer: a missing or
        # mis-addressed OLED fails here, before the buttons are made.
        hw_error = "hardware setup failed (I2C error %s): check the OLED wiring and OLED_ADDR; buttons not tested" % (e,)
    try:
        fs = OsFS(flash_dir)
    except OSError as e:
        fs_error = "cannot open %s: %s" % (flash_dir, e)
    return _run(display, buttons, fs, clock, out, None, timeout_ms, NAMES, hw_error, fs_error)
