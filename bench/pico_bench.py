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
"""

from bench import pico_est
from tests.board_keys import longest_game

GOALS = {
    "pico_est.press_ms.p95": ("<=", 50),
    "pico_est.press_ms.max": ("<=", 100),
}


def measure():
    keys, _ = longest_game()
    presses = pico_est.estimate(keys)
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
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
