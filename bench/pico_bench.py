# SPDX-License-Identifier: MIT
"""Pico time budget: the estimated time of every key press of the longest
game (tests/board_keys.py LONGEST) on a Raspberry Pi Pico, from
bench/pico_est.py (docs/PICO_BUDGET.md says how, and where it can be wrong).

- ``pico_est.press_ms.p50`` / ``.p95`` / ``.max``: interpreter work + display
  bytes on the I2C bus + flash programs and erases, per press;
- ``pico_est.work_ms.p95``, ``pico_est.display_ms.p95``,
  ``pico_est.flash_ms.p95``: the three parts on their own (watch);
- ``pico_est.erases_per_write``: sector erases inside presses, per press
  that programs the flash (a journal entry), on the littlefs image (watch:
  each costs 45 ms typical, 400 ms worst);
- ``pico_est.idle_erases``: sector erases done while the board is idle
  over the whole game (the journal's idle folds between presses: in no
  press's time, but flash wear and battery; watch);
- ``pico_est.slow_presses``: presses that erase at least one sector
  (watch: p95 needs at most 5% of the presses slow);
- ``pico_est.presses_over_50``: presses estimated over 50 ms (watch: the
  p95 goal allows at most 5% of them, 8 of the longest game's 162);
- ``pico_est.scaling_error``: a check of the method, with the second
  figure measured on the Pico: the calibration loop at module level (global
  variables) over the loop in a function, on the unix port, against the
  same ratio on the Pico, less 1 (watch: 0 when one ratio scales both);
- ``pico_est.collect_ms``: the slowest gc.collect() between presses, scaled
  the same way as the work (watch: a board collects when its heap is full,
  inside some press).
- ``pico_est.wifi_live.press_ms.p95`` / ``.max``: the same game on a board
  in a club, its hub storing every push (tests/payloads/fake_hub.py,
  in the payload's process); ``pico_est.wifi_unreachable.press_ms.*``: a
  connect that never completes (a real socket to a listener whose queue
  is full); ``pico_est.wifi_deaf.press_ms.*``: a hub that proved the key,
  then stopped reading (docs/CLUB.md: sending never blocks a press). The
  same goals; RUNS_WIFI runs each (the flash work is the plain game's).
"""

from bench import pico_est
from tests.board_keys import longest_game

GOALS = {
    "pico_est.press_ms.p95": ("<=", 50),
    "pico_est.press_ms.max": ("<=", 100),
    "pico_est.wifi_live.press_ms.p95": ("<=", 50),
    "pico_est.wifi_live.press_ms.max": ("<=", 100),
    "pico_est.wifi_unreachable.press_ms.p95": ("<=", 50),
    "pico_est.wifi_unreachable.press_ms.max": ("<=", 100),
    "pico_est.wifi_deaf.press_ms.p95": ("<=", 50),
    "pico_est.wifi_deaf.press_ms.max": ("<=", 100),
}
# Runs of each club case: fewer than the plain game's, as each costs as
# much (each press keeps its fastest run).
RUNS_WIFI = 8


def measure():
    keys, _ = longest_game()
    flash = pico_est.flash_ops(keys)
    presses = pico_est.estimate(keys, flash=flash)
    s = pico_est.summary(presses)
    writes = sum(1 for p in presses if p["pages"])
    out = {
        "pico_est.press_ms.p50": round(s["p50"], 1),
        "pico_est.press_ms.p95": round(s["p95"], 1),
        "pico_est.press_ms.max": round(s["max"], 1),
        "pico_est.collect_ms": round(presses[0]["collect_ms"], 1),
        "pico_est.erases_per_write": round(sum(p["erases"] for p in presses) / max(1, writes), 2),
        "pico_est.idle_erases": sum(p["idle_erases"] for p in presses),
        "pico_est.slow_presses": sum(1 for p in presses if p["erases"]),
        "pico_est.presses_over_50": sum(1 for p in presses if p["ms"] > 50),
    }
    out["pico_est.scaling_error"] = round(pico_est.cross_check(), 3)
    for part in ("work_ms", "display_ms", "flash_ms"):
        out["pico_est.%s.p95" % part] = round(pico_est.percentile([p[part] for p in presses], 0.95), 1)
    for name, case in (("live", "live"), ("unreachable", "blackhole"), ("deaf", "deaf")):
        s = pico_est.summary(pico_est.estimate(keys, RUNS_WIFI, case, flash))
        out["pico_est.wifi_%s.press_ms.p95" % name] = round(s["p95"], 1)
        out["pico_est.wifi_%s.press_ms.max" % name] = round(s["max"], 1)
        out["pico_est.wifi_%s.slowest_press" % name] = s["slowest"]["index"]
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
