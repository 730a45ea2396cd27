# SPDX-License-Identifier: MIT
"""Power measures (issue 15, DESIGN.md "Measures that matter").

The board's real main loop (App.sleep / App.work) runs on a fake clock with
scripted button interrupts (tests/firmware/power_fakes.py): the board sleeps
until each press, wakes, works and sleeps again, exactly as its loop does.

- power.awake_share_in_game (percent): estimated board work time over
  elapsed time, in a scripted 4-player Spades game of the seeded corpus
  with 3 s between presses. Each press is the Pico estimate of
  bench/pico_est.py (unix-port work against the calibration loop times
  45.9 ms, display bytes at 400 kHz, 9 bits a byte, littlefs programs and
  erases at datasheet times); every other wake of the loop (a look at a
  held button, an idle step) adds the unix port's time of ``App.work``
  doing nothing, scaled the same way.
- power.wakeups_per_idle_minute: wakes with nothing to do per minute while
  the display is off (from the display-off step to the deep-sleep step).
- power.wake_latency_ms: a press on a sleeping board to its redraw done,
  timed on the unix port (display off: it only wakes, plus a clock-switch
  allowance; dimmed: it acts, plus its display bytes); the worse of the two.
  The bench fails if the waking press does not act exactly as designed.
- power.battery_days: the model of docs/POWER.md (measured duty cycles times
  datasheet currents): days of two 2-hour games a week on two AA cells of
  2,000 mAh.
"""

from tallyboard.buttons import LONG, PRESS
from tallyboard.power import DIM, OFF
from tests.firmware.power_fakes import LoopSession
from tests.firmware.ui_corpus import corpus

GOALS = {
    "power.awake_share_in_game": ("<=", 5),
    "power.wakeups_per_idle_minute": ("<=", 1),
    "power.wake_latency_ms": ("<=", 100),
    "power.battery_days": (">=", 120),
}

MIN = 60000
GAP_MS = 3000

# Switching the RP2040 back to its working clock after a slowed wait (PLL
# relock and clock switch): an allowance, not a measured figure.
CLOCK_SWITCH_MS = 1.0

# ---- the model's datasheet inputs (docs/POWER.md cites each) -----------------
VBUS_V = 5.0
# Raspberry Pi Pico datasheet, 3.1 Power consumption (VBUS current at 5 V, 25 C):
PICO_BOOTSEL_IDLE_MA = 8.7  # Table 3: RP2040 at 48 MHz, USB idle (our slowed wait)
PICO_BOOTSEL_ACTIVE_MA = 9.9  # Table 3: 48 MHz, USB active
PICO_DORMANT_MA = 0.8  # Table 4: DORMANT
# RP2040 datasheet 5.7 (Table 635 in uA/MHz, Figure 172): DVDD scales with
# the system clock; the working clock is 125 MHz and long waits run at the
# board file's IDLE_FREQ, against BOOTSEL's 48 MHz. What DORMANT still draws
# (Table 4) does not scale.
RUN_MHZ = 125
BOOTSEL_MHZ = 48
# SSD1306 datasheet Rev 1.5, 8.8 and Figure 8-15: ISEG = contrast/256 x IREF
# x 8, with IREF 12.5 uA giving 100 uA per lit segment at contrast 255.
ISEG_MAX_UA = 100.0
MUX = 64  # rows driven one at a time: a lit pixel draws ISEG 1/64 of the time
VCC_V = 7.5  # panel supply from the SSD1306's charge pump (datasheet 2, VCC 7-15 V)
PUMP_EFFICIENCY = 0.8  # assumption: the charge pump's efficiency
OLED_OFF_MA = 0.01  # SSD1306 sleep current, Table 11-1 (<= 10 uA; see POWER.md)
# Two AA cells: 2,000 mAh at an average of 1.2 V each under a light load.
CELLS = 2
CELL_MAH = 2000
CELL_V = 1.2
# Play: two 2-hour games a week; after each, the board is left on until the
# deep-sleep step and then sleeps for NIGHT_H before the switch goes off.
GAMES_PER_WEEK = 2
GAME_H = 2.0
NIGHT_H = 8.0


# The loop's own wakes on the unix port (App.work with nothing to do, a
# press on a dark display, a press on a dimmed one), each against the
# calibration loop of bench/pico_est.py.
WAKES_VM = r'''
import json, time
from tallyboard.app import App
from tallyboard.buttons import Buttons, NAMES
from tallyfakes.fake_clock import FakeClock
from tallyboard.display import Display
from tallyfakes.memfs import MemFS

class Bus:
    def __init__(self):
        self.bytes = 0
        self.transfers = 0
    def writeto(self, addr, buf):
        self.bytes += len(buf)
        self.transfers += 1

class Power:
    def volts(self):
        return None
    def on_usb(self):
        return False
    def can_deep(self):
        return True
    def slow(self):
        pass
    def fast(self):
        pass
    def deep(self):
        pass
    def wait(self, ms):
        pass

def calibration():
    x = 0
    for i in range(10000):
        x += i
    return x

def timed(f, n=1):
    t = time.ticks_us()
    for _ in range(n):
        f()
    return time.ticks_diff(time.ticks_us(), t) / n

clock = FakeClock(epoch=1700000000)
buttons = Buttons(dict([(n, lambda: False) for n in NAMES]), clock.ticks_ms)
bus = Bus()
app = App(Display(bus), buttons, MemFS(), clock, rng=lambda n: 0, power=Power())
app.handle("ok", 1)
out = {"calibration_us": min([timed(calibration) for _ in range(15)])}
out["idle_us"] = min([timed(app.work, 50) for _ in range(5)])
lat = {}
for name, idle_ms in (("off", 5 * 60000 + 1), ("dim", 60000 + 1)):
    best = None
    for _ in range(5):
        app.handle("back", 1)
        app.handle("ok", 1)  # fresh activity on the form
        clock.advance(idle_ms)
        app.work()
        state = app.keeper.idle.state
        before_bytes, before_transfers, before_presses = bus.bytes, bus.transfers, app.presses
        buttons.handler("down")(None)
        us = timed(app.work)
        clock.advance(100)
        app.work()  # the release
        if best is None or us < best[0]:
            best = (us, bus.bytes - before_bytes, bus.transfers - before_transfers, app.presses - before_presses, state)
    lat[name] = best
out["latency"] = lat
print(json.dumps(out))
'''


def _vm_wakes():
    """Unix-port timings of the loop's own wakes (see WAKES_VM)."""
    import json

    from tests import mpvm

    runs = [json.loads(mpvm.run_micropython(WAKES_VM).strip().splitlines()[-1]) for _ in range(3)]
    best = min(runs, key=lambda r: r["idle_us"] / r["calibration_us"])
    return best, runs


def _scale(us, calibration_us):
    from bench.pico_est import CALIBRATION_MS

    return us / calibration_us * CALIBRATION_MS


def _game(idle_ms):
    """The scripted game: Pico estimate of each press (bench/pico_est.py),
    and the loop's wakes and lit pixels replayed on the fake clock."""
    from bench import pico_est
    from tests.board_keys import NAMES, keys_for

    hands = corpus("spades", games=1)[0]
    keys, _ = keys_for("spades", 4, {}, hands)
    presses = pico_est.estimate(keys, runs=3)
    s = LoopSession(gap_ms=GAP_MS)
    start = s.clock.now
    for key in keys:
        s.press(NAMES["udlrob".index(key.lower())], LONG if key.isupper() else PRESS)
    elapsed = s.clock.now - start
    wakes = s.power.wakes
    lit = 0.0
    for i in range(len(wakes) - 1):
        lit += (wakes[i].lit or 0) * (wakes[i + 1].at_ms - wakes[i].at_ms)
    by_press = sum(1 for w in wakes if w.reason == "press")
    other = len(wakes) - by_press
    # each press follows a long wait at the lower clock: add the switch back
    work = sum(p["ms"] for p in presses) + len(presses) * CLOCK_SWITCH_MS + other * idle_ms
    # the journal's idle folds between presses: flash time in no press
    work += sum(p["idle_flash_ms"] for p in presses)
    return {
        "elapsed_ms": elapsed,
        "work_ms": work,
        "presses": len(keys),
        "wakes": len(wakes),
        "other_wakes": other,
        "press_ms": [p["ms"] for p in presses],
        "lit": lit / (wakes[-1].at_ms - wakes[0].at_ms),
        "contrast": s.app.config.contrast,
    }


def _idle_tail():
    """States and wake-ups after the last press until the deep sleep."""
    s = LoopSession()
    s.press("ok")
    t0 = s.clock.now
    first = len(s.power.wakes)
    times = {}
    for _ in range(200):
        before = s.app.keeper.idle.state
        wait = s.app.keeper.idle.wait_ms(s.clock.now)
        if s.power.deep_calls or wait is None:
            break
        s.app.sleep()
        s.app.work()
        if s.app.keeper.idle.state != before:
            times[s.app.keeper.idle.state] = s.clock.now - t0
    deep_at = s.clock.now - t0
    off_at = times[OFF]
    idle_wakes = [w for w in s.power.wakes[first:] if w.reason == "timeout" and off_at < w.at_ms - t0 < deep_at]
    return {
        "dim_at": times[DIM],
        "off_at": off_at,
        "deep_at": deep_at,
        "deep_called": s.power.deep_calls,
        "wakeups_off": len(idle_wakes),
        "off_minutes": (deep_at - off_at) / MIN,
    }


def _usb_idle():
    """Display off with the PC attached (no deep sleep): wake-ups in an hour."""
    s = LoopSession(usb=True)
    s.press("ok")
    s.idle(5 * MIN + 1)
    first = len(s.power.wakes)
    try:
        s.app.sleep()
    except StopIteration:
        pass  # the board would sleep until a button or the PC wakes it
    return len(s.power.wakes) - first, s.power.waits[-1]


def _latency(vm, name):
    """Estimated ms from a press on a board in state ``name`` (off, dim) to
    its redraw done, and the presses it handled."""
    from bench import pico_est

    us, sent, transfers, acted, state = vm["latency"][name]
    ms = _scale(us, vm["calibration_us"]) + pico_est.display_ms(sent, transfers)
    ms += CLOCK_SWITCH_MS  # both waits were long: the clock was lowered
    return ms, acted, state


def battery_model(awake_share, lit, contrast, tail):
    """Days of play on the cells, from the measured duty cycles and the
    datasheet currents (docs/POWER.md). Returns (days, inputs)."""
    from tallyboard.boards import pico

    dormant_mw = PICO_DORMANT_MA * VBUS_V
    awake_mw = PICO_BOOTSEL_ACTIVE_MA * VBUS_V * RUN_MHZ / BOOTSEL_MHZ
    idle_mhz = pico.IDLE_FREQ / 1e6
    wait_mw = dormant_mw + (PICO_BOOTSEL_IDLE_MA * VBUS_V - dormant_mw) * idle_mhz / BOOTSEL_MHZ

    def oled_mw(c):
        iseg_ma = c / 256.0 * ISEG_MAX_UA / 1000.0
        panel_ma = lit * 128 * 64 / MUX * iseg_ma
        return panel_ma * VCC_V / PUMP_EFFICIENCY

    game_mw = awake_share * awake_mw + (1 - awake_share) * wait_mw + oled_mw(contrast)
    dim_contrast = contrast // 8
    # after the game: awake until dim, dimmed until off, off until deep
    tail_mwh = (tail["dim_at"] / 3.6e6) * (wait_mw + oled_mw(contrast))
    tail_mwh += ((tail["off_at"] - tail["dim_at"]) / 3.6e6) * (wait_mw + oled_mw(dim_contrast))
    tail_mwh += ((tail["deep_at"] - tail["off_at"]) / 3.6e6) * (wait_mw + OLED_OFF_MA * 3.3)
    night_mwh = NIGHT_H * (dormant_mw + OLED_OFF_MA * 3.3)
    week_mwh = GAMES_PER_WEEK * (GAME_H * game_mw + tail_mwh + night_mwh)
    store_mwh = CELLS * CELL_MAH * CELL_V
    days = store_mwh / week_mwh * 7
    left_on_mwh = GAMES_PER_WEEK * (GAME_H * game_mw + tail_mwh) + (168 - GAMES_PER_WEEK * (GAME_H + tail["deep_at"] / 3.6e6)) * (dormant_mw + OLED_OFF_MA * 3.3)
    inputs = {
        "awake_mw": awake_mw,
        "wait_mw": wait_mw,
        "dormant_mw": dormant_mw,
        "oled_mw": oled_mw(contrast),
        "oled_full_contrast_mw": oled_mw(255),
        "game_mw": game_mw,
        "tail_mwh": tail_mwh,
        "night_mwh": night_mwh,
        "week_mwh": week_mwh,
        "store_mwh": store_mwh,
        "days_switch_left_on": store_mwh / left_on_mwh * 7,
    }
    return days, inputs


def measure():
    """Every power.* figure (see the module docstring)."""
    vm, _ = _vm_wakes()
    idle_ms = _scale(vm["idle_us"], vm["calibration_us"])
    game = _game(idle_ms)
    share = game["work_ms"] / game["elapsed_ms"]
    tail = _idle_tail()
    usb_wakes, usb_wait = _usb_idle()
    if usb_wait is not None:
        raise RuntimeError("with the display off on USB the board should wait for an event, not %r ms" % usb_wait)
    off_ms, off_acted, off_state = _latency(vm, "off")
    dim_ms, dim_acted, dim_state = _latency(vm, "dim")
    if off_state != OFF or off_acted != 0:
        raise RuntimeError("a press on a dark display must only wake it (state %d, acted %d)" % (off_state, off_acted))
    if dim_state != DIM or dim_acted != 1:
        raise RuntimeError("a press on a dimmed display must act exactly once (state %d, acted %d)" % (dim_state, dim_acted))
    days, model = battery_model(share, game["lit"], game["contrast"], tail)
    ordered = sorted(game["press_ms"])
    out = {
        "power.awake_share_in_game": round(100 * share, 3),
        "power.wakeups_per_idle_minute": round(tail["wakeups_off"] / tail["off_minutes"], 3),
        "power.wake_latency_ms": round(max(off_ms, dim_ms), 2),
        "power.battery_days": round(days, 1),
        # watch: the inputs of the figures above
        "power.game_minutes": round(game["elapsed_ms"] / MIN, 1),
        "power.game_presses": game["presses"],
        "power.game_wakes": game["wakes"],
        "power.press_ms_mean": round(sum(ordered) / len(ordered), 2),
        "power.press_ms_max": round(ordered[-1], 2),
        "power.idle_wake_ms": round(idle_ms, 3),
        "power.lit_share": round(game["lit"], 4),
        "power.contrast": game["contrast"],
        "power.wake_latency_ms.display_off": round(off_ms, 2),
        "power.wake_latency_ms.dimmed": round(dim_ms, 2),
        "power.usb_wakeups_display_off": usb_wakes,
        "power.idle.dim_s": tail["dim_at"] / 1000,
        "power.idle.off_s": tail["off_at"] / 1000,
        "power.idle.deep_s": tail["deep_at"] / 1000,
        "power.battery_days_switch_left_on": round(model["days_switch_left_on"], 1),
    }
    for key in ("awake_mw", "wait_mw", "dormant_mw", "oled_mw", "oled_full_contrast_mw", "game_mw", "tail_mwh", "night_mwh", "week_mwh"):
        out["power.model." + key] = round(model[key], 3)
    return out
