# SPDX-License-Identifier: MIT
"""The board in a browser (`tricktally sim --web`) in Debian's headless
chromium: how long the page takes to show the board, and a key press to
show its new frame. Figures to watch, no goal (times on a shared machine).

- web_first_frame_ms: from the navigation's start to the board's first
  frame painted (the port fetched and compiled, the firmware's modules put
  in its file system, the app booted from an empty flash); the median of
  LOADS loads, each in a fresh browser profile (nothing cached);
  web_reload_first_frame_ms: the same after a reload (the files revalidated
  from the browser's cache, the games restored from its storage);
- web_press_to_frame_ms: from the key's event to the frame it changed
  painted on the canvas (the firmware's press on the WebAssembly port, the
  panel's decoding, the painting, the flash saved), the median of PRESSES
  key presses through a Spades game (p95 and max beside it).

Run alone: ``python -m bench web_bench``.
"""

import itertools
import pathlib
import statistics
import tempfile

from tests.host.chromium import Browser
from tests.host.web_page import PageBoard
from tricktally_host.web.build import build
from tricktally_host.web.serve import Background

LOADS = 5
PRESSES = 100
# A new Spades game with a seat as first dealer, from the home menu.
START = ("Enter", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowDown", "Enter")
# Then bids, tricks and score tables: values changed and entered.
PLAY = ("Enter", "ArrowUp", "Enter", "ArrowDown", "Enter", "d")
GOALS = {}


def _percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure():
    with tempfile.TemporaryDirectory(prefix="tricktally-web-bench-") as tmp:
        folder = build(pathlib.Path(tmp) / "web")
        with Background(folder) as url:
            loads, reloads = [], []
            for _ in range(LOADS):
                with Browser() as browser:
                    page = PageBoard(browser, url)
                    page.open()
                    loads.append(page.figures()["firstFrame"])
                    page.open(reload=True)
                    reloads.append(page.figures()["firstFrame"])
            with Browser() as browser:
                page = PageBoard(browser, url)
                page.open()
                for key in START:
                    page.press(key)
                before = len(page.figures()["pressToFrame"])
                keys = itertools.cycle(PLAY)
                # Only presses that change the frame have a time: go on
                # until PRESSES of them have.
                while len(page.figures()["pressToFrame"]) < before + PRESSES:
                    page.press(next(keys))
                times = page.figures()["pressToFrame"][before:before + PRESSES]
                errors, requests = browser.problems(own=[url])
                if errors or requests:
                    raise RuntimeError("the page reported %s, requested %s" % (errors, requests))
    return {
        "web_first_frame_ms": round(float(statistics.median(loads)), 1),
        "web_reload_first_frame_ms": round(float(statistics.median(reloads)), 1),
        "web_press_to_frame_ms": round(float(statistics.median(times)), 1),
        "web_press_to_frame_p95_ms": round(float(_percentile(times, 0.95)), 1),
        "web_press_to_frame_max_ms": round(float(max(times)), 1),
    }
