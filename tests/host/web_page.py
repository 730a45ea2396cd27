# SPDX-License-Identifier: MIT
"""The board in a browser, driven as a person would: the folder that
`tricktally sim --web` builds, served on 127.0.0.1 by the command's own
server, open in Debian's headless chromium (tests/host/chromium.py), keys
sent as the keyboard sends them. Used by tests/host/test_web_board.py and
bench/web_bench.py.

Run as a script to take the README's screenshot of the page:
``python -m tests.host.web_page docs/screens/web-board.png``.
"""

import pathlib
import string
import sys
import tempfile
import time

from tests.host.chromium import Browser
from tricktally_host.web.build import build
from tricktally_host.web.serve import Background

# The button driver's debounce (tallyboard.buttons): a press that comes
# sooner after the last release is bounce, on the page as on a board.
DEBOUNCE_S = 0.05

# What the keyboard sends for each key the page knows (its KeyboardEvent
# key, code, text and Windows key code; shifted keys with Shift held).
_NAMED = {
    "Enter": ("Enter", "Enter", "\r", 13),
    " ": (" ", "Space", " ", 32),
    "Backspace": ("Backspace", "Backspace", None, 8),
    "Escape": ("Escape", "Escape", None, 27),
    "ArrowUp": ("ArrowUp", "ArrowUp", None, 38),
    "ArrowDown": ("ArrowDown", "ArrowDown", None, 40),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", None, 37),
    "ArrowRight": ("ArrowRight", "ArrowRight", None, 39),
}


def key_event(name):
    """Browser.key's arguments for key ``name`` ("Enter", "Shift+ArrowUp", "O", "w")."""
    shift = name.startswith("Shift+")
    base = name[len("Shift+"):] if shift else name
    if base in _NAMED:
        key, code, text, vk = _NAMED[base]
    elif len(base) == 1 and base in string.ascii_letters:
        key, code, text, vk = base, "Key" + base.upper(), base, ord(base.upper())
        shift = base.isupper()
    else:
        raise ValueError("no such key: %r" % name)
    return {"key": key, "code": code, "text": text, "vk": vk, "shift": shift}


class PageBoard:
    """The page at ``url`` in ``browser``: ``open``, ``press`` keys, read the
    panel's RAM (``frame``) and the button events the firmware got."""

    def __init__(self, browser, url):
        self.browser = browser
        self.url = url

    def open(self, reload=False, timeout=60):
        """Load (or reload) the page and wait for the board's first frame.
        RuntimeError with the page's words when the board stopped."""
        if reload:
            self.browser.reload(timeout)
        else:
            self.browser.goto(self.url, timeout)
        self.browser.wait_until("window.tricktally && (tricktally.ready || tricktally.error !== null)", timeout)
        error = self.browser.evaluate("tricktally.error")
        if error is not None:
            raise RuntimeError("the board stopped: %s" % error)

    def events(self):
        """Every button event the firmware got since the page loaded, as
        (name, kind) pairs."""
        return [(e.split()[0], int(e.split()[1])) for e in self.browser.evaluate("tricktally.events")]

    def press(self, name, hold=0.0, timeout=10):
        """Press key ``name`` (held ``hold`` seconds) and wait until the
        firmware has handled it to the end (its events taken, no button
        held or waiting). Returns the events the key gave."""
        time.sleep(DEBOUNCE_S + 0.01)
        count = self.browser.evaluate("tricktally.events.length")
        self.browser.key(hold=hold, **key_event(name))
        self.browser.wait_until("tricktally.events.length > %d && tricktally.settled()" % count, timeout)
        return self.events()[count:]

    def button(self, name, hold=0.0, touch=False, timeout=10):
        """Press the page's button ``name`` ("ok", "up"...) with the mouse
        (or a finger), held ``hold`` seconds; as ``press``."""
        box = self.browser.evaluate("(() => { const r = document.querySelector('[data-button=%s]')"
                                    ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()" % name)
        time.sleep(DEBOUNCE_S + 0.01)
        count = self.browser.evaluate("tricktally.events.length")
        (self.browser.touch if touch else self.browser.mouse)(box[0], box[1], hold)
        self.browser.wait_until("tricktally.events.length > %d && tricktally.settled()" % count, timeout)
        return self.events()[count:]

    def frame(self):
        """The panel's RAM (1024 bytes, the SSD1306's page layout)."""
        return bytes.fromhex(self.browser.evaluate("tricktally.frame()"))

    def figures(self):
        """{"firstFrame": ms from navigation to the first frame, "pressToFrame": [ms, ...]}."""
        return self.browser.evaluate("({firstFrame: tricktally.firstFrame, pressToFrame: tricktally.pressToFrame})")


def screenshot(out, keys=("Enter", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowDown", "Enter", "Enter", "ArrowUp", "Enter")):
    """Build the page, play ``keys`` from a fresh board and save a PNG of
    the board (display and buttons) to ``out``."""
    with tempfile.TemporaryDirectory(prefix="tricktally-web-shot-") as tmp:
        folder = build(pathlib.Path(tmp) / "web")
        with Background(folder) as url, Browser(width=900, height=700) as browser:
            page = PageBoard(browser, url)
            page.open()
            for name in keys:
                page.press(name)
            box = browser.evaluate("(() => { const r = document.querySelector('.board').getBoundingClientRect();"
                                   " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()")
            browser.screenshot(out, clip=box)
            errors, requests = browser.problems(own=[url])
            if errors or requests:
                raise RuntimeError("the page reported %s, requested %s" % (errors, requests))


if __name__ == "__main__":
    screenshot(sys.argv[1])
