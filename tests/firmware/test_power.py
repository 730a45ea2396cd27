# SPDX-License-Identifier: MIT
"""Issue 15: the idle steps, the battery gauge, button interrupts and the
sleeping main loop, on a fake clock and fake power hardware."""

import pytest

from tallyboard import power
from tallyboard.battery import CRITICAL, LOW, NONE, Gauge
from tallyboard.buttons import LONG, PRESS, Buttons
from tallyboard.power import AWAKE, DEEP, DIM, OFF, SHIFT, Idle
from tallyboard.ui import battery_mark
from tallyfakes.describe import describe
from tests.firmware.power_fakes import LoopSession

MIN = 60000


# -- the idle state machine ----------------------------------------------------


def test_idle_steps_come_in_order_at_their_times():
    idle = Idle(0)
    assert idle.wait_ms(0) == MIN
    assert idle.step(MIN - 1) is None
    assert idle.step(MIN) == DIM and idle.state == DIM
    assert idle.step(MIN) is None
    # dimmed and still: the picture moves every 2 minutes until it goes off
    assert idle.wait_ms(MIN) == 2 * MIN
    assert idle.step(3 * MIN) == SHIFT
    assert idle.wait_ms(3 * MIN) == 2 * MIN  # off at 5 min comes first
    assert idle.step(5 * MIN) == OFF and idle.state == OFF
    # display off: nothing at all until the deep sleep at 30 minutes
    assert idle.wait_ms(5 * MIN) == 25 * MIN
    assert idle.step(29 * MIN) is None
    assert idle.step(30 * MIN) == DEEP
    assert idle.wait_ms(30 * MIN) is None


def test_a_press_acts_unless_the_display_was_off():
    idle = Idle(0)
    assert idle.press(1000) is True
    idle.step(1000 + MIN)
    assert idle.state == DIM
    assert idle.press(1000 + MIN + 5) is True and idle.state == AWAKE
    idle.step(10 * MIN)
    assert idle.state == OFF
    assert idle.press(10 * MIN) is False  # only wakes
    assert idle.state == AWAKE and idle.wait_ms(10 * MIN) == MIN


def test_a_long_sleep_jumps_to_the_deepest_step_due():
    idle = Idle(0)
    assert idle.step(40 * MIN) == DEEP


def test_zero_turns_a_step_off_and_no_deep_sleep_on_usb():
    idle = Idle(0, dim_ms=0, off_ms=0, deep_ms=0, shift_ms=0)
    assert idle.wait_ms(0) is None and idle.step(10 ** 8) is None
    idle = Idle(0)
    idle.allow_deep = False
    idle.step(6 * MIN)
    assert idle.state == OFF and idle.wait_ms(6 * MIN) is None
    assert idle.step(10 ** 7) is None


def test_idle_survives_the_tick_counter_wrapping():
    start = 0x3FFFFFFF - 1000  # MicroPython's ticks_ms wraps at 2**30
    idle = Idle(start)
    assert idle.wait_ms(start) == MIN
    assert idle.step((start + MIN) & 0x3FFFFFFF) == DIM


@pytest.mark.parametrize("bad", [-1, 1.5, None])
def test_idle_refuses_bad_delays(bad):
    with pytest.raises(ValueError, match="delay"):
        Idle(0, dim_ms=bad)


# -- the battery gauge -----------------------------------------------------------


def test_gauge_levels_and_alarms_come_once():
    g = Gauge()
    assert g.level() is None
    assert g.update(3.0) == NONE and g.level() == 4
    assert g.update(None) == NONE
    alarms = [g.update(2.25) for _ in range(12)]  # smoothed: falls over a few readings
    assert alarms.count(LOW) == 1 and CRITICAL not in alarms
    alarms = [g.update(2.0) for _ in range(12)]
    assert alarms.count(CRITICAL) == 1 and g.critical and g.level() == 0
    # a reading back near the threshold does not warn again
    assert [g.update(2.15) for _ in range(5)].count(CRITICAL) == 0
    # fresh cells clear the alarms
    for _ in range(20):
        g.update(3.1)
    assert g.alarm == NONE and not g.critical and g.level() == 4


def test_gauge_refuses_thresholds_out_of_order():
    with pytest.raises(ValueError, match="thresholds"):
        Gauge(empty_v=2.0, full_v=3.0, low_v=2.1, critical_v=2.3)


# -- button interrupts -------------------------------------------------------------


def _buttons(levels, now):
    return Buttons(dict((n, (lambda n=n: levels.get(n, False))) for n in ("ok", "back")), lambda: now[0])


def test_a_tap_while_asleep_gives_exactly_one_press():
    levels, now = {}, [1000]
    b = _buttons(levels, now)
    b.handler("ok")(None)  # the pin interrupt; the tap is over before the board looks
    assert b.latched() and b.busy()
    assert b.poll() == ("ok", PRESS)
    assert not b.latched()
    now[0] += 60
    assert b.poll() is None  # released
    assert not b.busy()
    now[0] += 60
    assert b.poll() is None  # nothing twice


def test_a_press_still_held_when_the_board_wakes_is_not_doubled():
    levels, now = {"ok": True}, [0]
    b = _buttons({}, now)
    b.sources[0] = lambda: levels["ok"]
    now[0] = 1000
    b.handler("ok")(None)
    assert b.poll() == ("ok", PRESS)
    b.handler("ok")(None)  # bounce on release raises the interrupt again
    now[0] += 5
    levels["ok"] = False
    assert b.poll() is None
    now[0] += 100
    assert b.poll() is None and not b.busy()


def test_the_interrupt_handler_is_made_once():
    b = _buttons({}, [0])
    assert b.handler("ok") is b.handler("ok")


# -- the main loop on fake power ----------------------------------------------------


def test_the_loop_sleeps_until_each_press_and_handles_it_once():
    s = LoopSession(gap_ms=3000)
    s.press("ok")  # New game
    assert s.screen() == "Form"
    s.press("down")
    assert s.app.screen.cursor == 1
    waits = s.power.waits
    # every sleep was long (until the press or the dim step), none a poll
    assert all(w is None or w >= 20 for w in waits)
    wakes = s.power.wakes
    assert [w.reason for w in wakes].count("press") == 2
    # the only other wake-ups are the looks at a held button (release after
    # the debounce time), right after each press
    last_press = None
    for w in wakes:
        if w.reason == "press":
            last_press = w.at_ms
        else:
            assert w.at_ms - last_press <= 100, (w.at_ms, last_press)
    assert s.app.presses == 2


def test_dim_then_a_press_acts_and_restores_the_contrast():
    s = LoopSession()
    s.idle(61000)
    assert s.app.keeper.idle.state == DIM and s.bus.contrast == s.app.config.contrast // 8
    assert s.app.keeper.shift == 1  # the picture moved when it dimmed
    s.press("ok")
    assert s.screen() == "Form" and s.bus.contrast == s.app.config.contrast


def test_display_off_then_the_first_press_only_wakes():
    s = LoopSession()
    s.idle(5 * MIN + 1)
    assert s.app.keeper.idle.state == OFF and not s.bus.on and s.power.slowed
    # no wake-up until the deep sleep is due
    assert s.app.keeper.idle.wait_ms(s.clock.now) == 25 * MIN - 1
    frame = bytes(s.bus.gddram)
    s.press("ok")
    assert s.bus.on and not s.power.slowed and s.screen() == "Menu"
    assert bytes(s.bus.gddram) == frame  # nothing acted
    s.press("ok")
    assert s.screen() == "Form"


def test_long_press_of_the_waking_button_is_swallowed_too():
    s = LoopSession()
    s.idle(5 * MIN + 1)
    s.press("back")
    assert s.app.keeper.swallow == "back"
    assert s.app.handle("back", LONG) == 0
    s.press("ok")
    assert s.screen() == "Form"


def test_deep_sleep_after_30_minutes_unless_on_usb():
    s = LoopSession()
    s.idle(31 * MIN)
    assert s.power.deep_calls == 1 and not s.bus.on
    s = LoopSession(usb=True)
    s.idle(31 * MIN)
    assert s.power.deep_calls == 0 and s.app.keeper.idle.state == OFF


def test_no_wakeups_with_the_display_off():
    s = LoopSession(usb=True)  # on USB: no deep sleep, the board waits for good
    s.idle(5 * MIN + 1)
    with pytest.raises(StopIteration):
        s.app.serve()
    assert s.power.waits[-1] is None


def test_deep_sleep_then_boot_resumes_the_open_game():
    from tallyboard.app import App
    from tallyboard.display import Display
    from tallyfakes.simbus import SimI2C

    s = LoopSession()
    s.start_game("spades", 4)
    s.press("ok")
    where = describe(s.app)
    s.idle(31 * MIN)
    assert s.power.deep_calls == 1
    board = App(Display(SimI2C()), None, s.fs, s.clock, rng=lambda n: 0)  # the reset
    assert describe(board) == where


def test_idle_settings_apply_at_once_and_are_kept(tmp_path):
    s = LoopSession()
    s.app.config.set_idle(30, 0, 0)
    s.app.keeper.apply_settings()
    s.idle(31000)
    assert s.app.keeper.idle.state == DIM
    s.idle(60 * MIN)
    assert s.app.keeper.idle.state == DIM and s.power.deep_calls == 0
    from tallyboard.config import Config

    again = Config(s.fs)
    assert (again.dim_s, again.off_s, again.sleep_s) == (30, 0, 0)
    for bad in (-1, 1.5, True, 10 ** 6):
        with pytest.raises(ValueError, match="idle delay"):
            s.app.config.set_idle(30, bad, 0)


def test_the_power_form_in_settings():
    s = LoopSession(gap_ms=100)
    s._pick("Settings")
    s._pick("Power saving")
    form = s.app.screen
    assert [r.names[r.index] for r in form.rows] == ["1 min", "5 min", "30 min"]
    s.press("right")  # dim after 2 min
    s.press("ok")
    assert s.app.config.dim_s == 120 and s.app.keeper.idle._after[DIM] == 120000


# -- the battery in the app ----------------------------------------------------------


def _mark_pixels(s):
    # Dark pixels inside the lit title bar where the mark sits, on the panel
    # (the display draws its overlay on a copy of the frame).
    return sum(1 for x in range(battery_mark._X, 128) for y in range(1, 7) if not s.bus.pixel(x, y))


def test_battery_mark_shows_the_level_and_no_gauge_draws_nothing():
    s = LoopSession(volts=3.0)
    full = _mark_pixels(s)
    assert s.app.keeper.level == 4 and full > 0
    s.power.supply = 2.3
    for _ in range(12):
        s.app.keeper.check_battery()
    s.app.go_home()
    s.app.redraw()
    assert s.app.keeper.level == 1 and 0 < _mark_pixels(s) < full
    plain = LoopSession()
    assert plain.app.keeper.level is None and _mark_pixels(plain) == 0


def test_battery_mark_only_where_the_title_bar_is_free():
    s = LoopSession(volts=3.0)
    s.start_game("spades", 4)
    # the hand header: the dealer's name moves left to make room
    assert s.screen() == "NumberEntry" and _mark_pixels(s) > 0
    s.app.show_table()
    s.app.redraw()
    # the score table's column heads fill the right end of its bar: no mark
    body = [s.bus.pixel(x, 1) for x in range(battery_mark._X, battery_mark._X + 14)]
    assert body != [0] * 14


def test_low_battery_warns_once_and_critical_refuses_new_games_but_keeps_the_open_one():
    s = LoopSession(volts=2.9)
    s.start_game("spades", 4)
    s.press("ok")
    s.power.supply = 2.25
    messages = 0
    for _ in range(10):
        s.app.keeper.check_battery()
        if s.screen() == "Message":
            messages += 1
            s.press("ok")
    assert messages == 1
    s.power.supply = 1.9
    for _ in range(10):
        s.app.keeper.check_battery()
    assert s.screen() == "Message" and "flat" in " ".join(s.app.screen.lines)
    s.press("ok")
    # the open game goes on: entries are still journaled
    g = s.app.game
    entries = g.entries()
    s.press("ok")
    assert s.app.game is g and (g.entries() > entries or g.hand_number > 1)
    # but a new game is refused
    s.home()
    s._pick("New game")
    s._go_row(s.app.screen, "start")
    s.press("ok")
    assert s.screen() == "Message" and s.app.game is g


# -- display care --------------------------------------------------------------------


def test_pixel_shift_moves_the_picture_and_clears_the_edge():
    from tallyboard.display import Display
    from tallyboard.keeper import SHIFTS, shift_frame
    from tallyfakes.simbus import SimI2C

    d = Display(SimI2C())
    d.fb.fill(0)
    d.fb.fill_rect(0, 0, 4, 4, 1)
    shift_frame(d, 0)  # position 0: nothing moves
    assert d.fb.pixel(0, 0) == 1
    shift_frame(d, 1)
    assert d.fb.pixel(0, 0) == 0 and d.fb.pixel(4, 0) == 1 and d.fb.pixel(5, 0) == 0
    d.fb.fill(0)
    d.fb.fill_rect(0, 0, 4, 4, 1)
    shift_frame(d, 2)
    assert d.fb.pixel(1, 0) == 0 and d.fb.pixel(1, 1) == 1 and d.fb.pixel(4, 4) == 1
    assert len(SHIFTS) == 4 and len(set(SHIFTS)) == 4


def test_the_shift_goes_round_while_the_screen_stays_still():
    s = LoopSession()
    s.idle(MIN + 1)
    assert s.app.keeper.shift == 1
    s.app.config.set_idle(300, 900, 0)
    s.app.keeper.apply_settings()
    s.idle(3 * 2 * MIN)  # still dim: a shift every 2 minutes
    assert s.app.keeper.shift == 0  # 1 -> 2 -> 3 -> 0


def test_power_and_contrast_are_tracked():
    from tallyboard.display import Display
    from tallyfakes.simbus import SimI2C

    bus = SimI2C()
    d = Display(bus)
    d.power(False)
    assert not d.on and not bus.on
    d.power(True)
    d.contrast(11)
    assert d.on and bus.contrast == 11


def test_default_contrast_is_low():
    from tallyboard import config_store

    assert config_store.CONTRAST <= 0x7F
    assert power.NAMES[power.DEEP] == "deep"


# -- the same on MicroPython ---------------------------------------------------------

POWER_VM = r'''
from tallyboard.app import App
from tallyboard.buttons import Buttons, NAMES
from tallyboard.display import Display
from tallyboard.ui import battery_mark
from tallyfakes.describe import describe
from tallyfakes.fake_clock import FakeClock
from tallyfakes.memfs import MemFS
from tallyfakes.simbus import SimI2C

class Power:
    def __init__(self, clock):
        self.clock = clock
        self.supply = 2.25
        self.log = []
    def volts(self):
        return self.supply
    def thresholds(self):
        return (2.0, 3.0, 2.3, 2.1)
    def on_usb(self):
        return False
    def can_deep(self):
        return True
    def slow(self):
        self.log.append("slow")
    def fast(self):
        self.log.append("fast")
    def deep(self):
        self.log.append("deep")
    def wait(self, ms):
        self.log.append(ms)
        self.clock.advance(ms)

clock = FakeClock(epoch=1700000000)
buttons = Buttons(dict([(n, lambda: False) for n in NAMES]), clock.ticks_ms)
bus = SimI2C()
power = Power(clock)
app = App(Display(bus), buttons, MemFS(), clock, rng=lambda n: 0, power=power)
print(describe(app), app.keeper.level)
app.handle("ok", 1)
for i in range(4):
    app.serve()
print(describe(app), app.keeper.idle.state, bus.on, bus.contrast)
buttons.handler("ok")(None)
app.serve()
print(describe(app), bus.on)
for i in range(4):
    app.serve()
print(power.log)
'''


def test_the_sleeping_loop_on_micropython():
    from tests.mpvm import run_micropython

    lines = run_micropython(POWER_VM).strip().split("\n")
    # boot: the battery is low (one warning), the mark shows one bar
    assert lines[0] == "Message Battery 1"
    # OK closed it; 1 min later dim, 5 min off: the board sleeps to each step
    assert lines[1] == "Menu TrickTally 2 False 11"
    # the press that wakes a dark display only wakes it
    assert lines[2] == "Menu TrickTally True"
    # dim at 1 min, a pixel shift at 3, off (slower clock) at 5, then one
    # sleep to the deep-sleep time; the press brings the clock back, three
    # looks at the held button, then the next dim
    assert lines[3] == "[60000, 120000, 120000, 'slow', 1500000, 'fast', 20, 20, 20, 59940, 120000]"


SHIFT_VM = r'''
from binascii import crc32
from tallyboard.display import Display
from tallyboard.keeper import shift_frame
from tallyfakes.simbus import SimI2C
from tallyboard.ui import widgets
from tallyboard import text

d = Display(SimI2C())
out = []
for k in range(4):
    d.fb.fill(0)
    widgets.title(d.fb, "Hand 3/13")
    text.draw(d.fb, "Ana 120", 0, widgets.line(2))
    d.fb.fill_rect(120, 56, 8, 8, 1)
    shift_frame(d, k)
    d.show()
    out.append(crc32(d.i2c.gddram))
print(out)
'''


def test_pixel_shift_gives_the_same_bytes_on_micropython():
    from tests.mpvm import run_micropython

    ns = {}
    exec(compile(SHIFT_VM.replace("print(out)", ""), "shift", "exec"), ns)
    here = ns["out"]
    assert len(set(here)) == 4  # four different positions
    there = run_micropython(SHIFT_VM).strip()
    assert there == str(here)


@pytest.mark.parametrize("lang", ["en", "es", "pt", "it", "fr"])
def test_the_power_form_fits_in_every_language(lang):
    from tallyboard import i18n, text
    from tallyboard.ui.power_form import power_form

    s = LoopSession(gap_ms=100)
    try:
        s.app.set_language(lang)
        form = power_form(s.app, lambda app: None)
        for row in form.rows:
            widest = max(text.width(n) for n in row.names)
            assert 1 + text.width(row.label) + 4 + widest <= 127, (lang, row.label)
        for key in ("battery_low", "battery_critical"):
            assert i18n.t(key) and i18n.t(key) != key
    finally:
        s.app.set_language("en")
