# SPDX-License-Identifier: MIT
"""Text drawing on a Pico, estimated (bench/pico_est.py's method: the
unix port's time as a ratio to the calibration loop, times 45.9 ms).

- ``text.screen_ms``: a typical screen of text (docs/PICO_BUDGET.md): a
  title bar in colour 0, seven lines of a name and a signed score, one of
  them highlighted, accents included, on the display's own framebuffer;
- ``text.big_ms``: a two-digit number in the BIG font (the entry screen's
  value);
- ``text.masked_ms``: the seven names again under a MASK of one page (a
  key press's partial redraw: all but one skipped).

All to watch: the best of many runs, interleaved with the calibration
loop, so a loaded machine moves them less. The time per key press is
bench/pico_bench.py's.
"""

from tests.mpvm import run_micropython

RUNS = 40

CODE = r'''
import time
from tallyboard import text
from tallyboard.display import Display

class Bus:
    def writeto(self, addr, buf):
        pass

fb = Display(Bus()).fb
NAMES = ("Ana", "\u00c9va", "Jos\u00e9", "Martina", "Lu\u00eds", "Fran\u00e7ois", "Bob")
SCORES = (120, -30, 45, 7, 210, -5, 0)

def screen():
    fb.fill_rect(0, 0, 128, 8, 1)
    text.draw(fb, "Round 7 of 13", 1, -2, text.SMALL, 0)
    for i in range(7):
        c = 1
        if i == 2:
            fb.fill_rect(0, 8 * i + 8, 128, 8, 1)
            c = 0
        text.draw(fb, NAMES[i], 2, 8 * i + 6, text.SMALL, c)
        text.draw(fb, SCORES[i], 100, 8 * i + 6, text.SMALL, c, True)

def big():
    text.draw(fb, 42, 40, 24, text.BIG)

def masked():
    text.MASK = 1 << 3
    for i in range(7):
        text.draw(fb, NAMES[i], 2, 8 * i + 6)
    text.MASK = 255

def calibration():
    x = 0
    for i in range(10000):
        x += i
    return x

def once(f, n):
    start = time.ticks_us()
    for _ in range(n):
        f()
    return time.ticks_diff(time.ticks_us(), start) / n

best = {}
for _ in range(%d):
    for name, f, n in (("cal", calibration, 1), ("screen", screen, 5), ("big", big, 20), ("masked", masked, 10)):
        t = once(f, n)
        if name not in best or t < best[name]:
            best[name] = t
for name in ("screen", "big", "masked"):
    print(name, best[name] / best["cal"] * 45.9)
''' % RUNS


def measure():
    out = {}
    for line in run_micropython(CODE).splitlines():
        name, ms = line.split()
        out["text.%s_ms" % name] = round(float(ms), 2)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=2))
