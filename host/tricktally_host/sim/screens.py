# SPDX-License-Identifier: MIT
"""Screenshots of the board's screens for the README, and a contact sheet
of every screen per language.

    .venv/bin/python -m tricktally_host.sim.screens docs/screens

Plays a short scripted session on the simulated board (in-memory flash) and
saves one PNG per main screen, named after it (English, the README's
players Ana, Ben, Cy and Dee), and one of the terminal simulator in an
80x24 terminal (terminal-80x24.png); then plays it again in every language
with real names up to the longest a name may be (10 letters) and saves one
sheet per language, ``sheet-XX.png``: every screen of the session, named.
"""

import argparse
import os
import sys

from tallyboard.app import App
from tallyboard.display import Display
from tallyboard import i18n
from tallyboard.i18n import t
from tallyboard.lang_file import LANGUAGES
from tallyfakes.describe import describe
from tallyfakes.fake_clock import FakeClock
from tallyfakes.memfs import MemFS
from tallyfakes.simbus import SimI2C
from tricktally_host.sim import picture, render, terminal_png
from tricktally_host.sim.status import status_line

# The port the README's terminal picture names (a pty's number varies).
README_PORT = "sim-flash/serial (/dev/pts/3)"


# The players of the README's screens, and of the sheets: real names of up
# to 10 letters (config.MAX_NAME), with an accented capital.
README_NAMES = ["Ana", "Ben", "Cy", "Dee"]
SHEET_NAMES = ["Benedetta", "Émile", "Kristoffer", "Zoë"]
SHEET_COLUMNS = 4


class _Shots:
    """The simulated board the tour plays; ``save(name)`` keeps the screen
    (a PNG in ``folder`` when it is given)."""

    def __init__(self, folder, scale, lang="en", names=README_NAMES):
        self.bus = SimI2C()
        self.clock = FakeClock(epoch=1700000000)
        self.app = App(Display(self.bus), None, MemFS(capacity=512 * 1024), self.clock, rng=lambda n: 0)
        self.app.config.set_roster(list(names))
        self.app.set_language(lang)
        self.app.go_home()
        self.app.redraw()
        self.folder = folder
        self.scale = scale
        self.saved = []
        self.frames = []  # (name, the panel's bytes)

    def keys(self, *names):
        for name in names:
            kind = 2 if name.startswith("long ") else 1
            self.app.handle(name.split()[-1], kind)

    def save(self, name):
        self.frames.append((name, bytes(self.bus.gddram)))
        if self.folder:
            path = os.path.join(self.folder, name + ".png")
            render.png(self.bus.gddram, path, self.scale)
            self.saved.append(path)

    def save_terminal(self, name, columns, lines):
        """Save the screen as `make sim` shows it in a ``columns`` x
        ``lines`` terminal: the frame, the key help, the status line (the
        README's session only: not on a language's sheet)."""
        if not self.folder:
            return
        _, rows = picture.layout(self.bus.gddram, columns, lines, status_line(self.app, README_PORT))
        self.saved.append(terminal_png.save(rows, columns, lines, os.path.join(self.folder, name + ".png")))

    def tour(self, *steps):
        """Each step: press its keys, then save the screen (when named)."""
        for keys, name in steps:
            self.keys(*keys)
            if name:
                self.save(name)

    def pick(self, label):
        """Move a menu's cursor to ``label`` and press OK."""
        menu = self.app.screen
        self._until(lambda: menu.items[menu.cursor] == label, "down", label)
        self.keys("ok")

    def _until(self, done, key, what):
        # Press ``key`` until ``done()``; a script gone wrong stops with a
        # clear error rather than pressing for ever.
        for _ in range(200):
            if done():
                return
            self.keys(key)
        raise RuntimeError("screens: could not reach %s (at %s)" % (what, describe(self.app)))

    def row(self, form, key):
        """Move the form's cursor to row ``key``."""
        row = form.row(key)
        self._until(lambda: self.app.screen is form and form.rows[form.cursor] is row, "down", key)
        return row

    def value(self, v):
        """Set the number picker to ``v`` (not entered)."""
        picker = self.app.screen
        self._until(lambda: picker.value >= v, "up", v)
        self._until(lambda: picker.value <= v, "down", v)

    def bid(self, v):
        """Enter ``v`` with the number picker."""
        self.value(v)
        self.keys("ok")

    def new_game(self, values, shoot=None):
        """From home: New game, set form rows (key -> value), Start."""
        self.pick(t("new_game"))
        form = self.app.screen
        for key in ("game", "players", "bidding", "even_bids", "target", "dealer"):
            if key not in values:
                continue
            row = self.row(form, key)
            want = values[key]
            # Numbers step towards the value; lists go round to the right.
            down = isinstance(want, int) and not isinstance(want, bool) and isinstance(row.value, int) and row.value > want
            self._until(lambda: form.row(key).value == want, "left" if down else "right", "%s %s" % (key, want))
        if shoot:
            shoot(form)
        self.row(form, "start")
        self.keys("ok")

    def home(self):
        """Back to home through the game menu."""
        if self.app.screen.__class__.__name__ == "FinalScreen":
            self.keys("ok")
            return
        self.keys("back")
        self.pick(t("home"))


def make_screens(folder, scale=4, sheets=True):
    """Save every screen the README shows as PNG files in ``folder``, and
    (with ``sheets``) a contact sheet of them per language; returns the
    paths."""
    os.makedirs(folder, exist_ok=True)
    s = _Shots(folder, scale)
    _tour(s)
    saved = list(s.saved)
    if sheets:
        for lang in LANGUAGES:
            saved.append(make_sheet(os.path.join(folder, "sheet-%s.png" % lang), lang))
    return saved


def _tour(s):
    # The session: each screen the README shows, saved by name.
    s.save("home")
    s.keys("ok")
    form = s.app.screen
    s.keys("right")  # wizard
    s.save("new-game")
    s.row(form, "seat1")
    s.keys("ok")
    s.save("new-game-names")
    menu = s.app.screen
    menu.cursor = len(menu.items) - 1
    s.keys("ok", "up", "right", "up", "up")
    s.save("name-editor")
    s.keys("back")
    even = s.row(form, "even_bids")
    s._until(lambda: even.value == "never", "right", "even_bids never")
    s.row(form, "start")
    s.save("new-game-start")
    s.keys("ok")
    s.save("wizard-trump")
    s.keys("right")  # hearts are trump
    s.save("wizard-bid")
    s.save_terminal("terminal-80x24", 80, 24)
    s.bid(0)
    s.bid(0)
    s.bid(0)
    s.save("wizard-bid-dealer")
    s.bid(0)
    s.save("wizard-tricks")
    s.bid(1)  # Ben took the card: everyone else 0, entered at once
    s.save("score-table")
    s.keys("up")  # the table asks round 2's trump: spades
    s.bid(0)
    s.bid(1)
    s.value(0)
    s.save("wizard-bid-forbidden-ahead")
    s.keys("ok")
    s.value(1)
    s.save("wizard-bid-forbidden")
    s.keys("ok")
    s.save("refused")
    s.keys("ok", "back")
    s.save("game-menu")
    s.keys("back")
    s.bid(0)  # the dealer bids 0
    s.bid(1)
    s.bid(1)  # the last two are 0: entered at once
    s.keys("long back")
    s.save("undo-reopen")
    s.keys("ok")
    s.save("undone")
    s.keys("ok")
    s.home()
    # Hearts: the moon hint, "who shot the moon?", hearts per seat, the queen.
    s.new_game({"game": "hearts", "dealer": 0})
    s.save("hearts-hearts")
    s.keys("back", "ok")
    s.save("hearts-moon")
    s.keys("down", "ok")
    s.save("hearts-table")
    s.keys("ok")
    s.bid(4)
    s.bid(3)
    s.bid(3)  # the last 3 follow
    s.save("hearts-queen")
    s.keys("ok")
    s.home()
    # Spades: the table after a hand asks the next hand's first bid.
    s.new_game({"game": "spades", "dealer": 0})
    for v in (4, 3, 2, 3):
        s.bid(v)
    for v in (4, 3, 3):
        s.bid(v)  # the last 3 follow
    s.save("spades-table")
    s.keys("ok")  # the first bid of hand 2, as shown
    s.home()
    # Hidden Wizard bidding: pass the board, bid alone, reveal together.
    s.new_game({"game": "wizard", "bidding": "hidden", "dealer": 0})
    s.keys("ok")  # no trump
    s.save("wizard-hidden-pass")
    s.keys("up")
    s.save("wizard-hidden-bid")
    s.keys("ok", "ok", "ok", "ok")
    s.save("wizard-reveal")
    s.home()
    # A short game to its end: the final standings.
    s.new_game({"game": "hearts", "players": 3, "target": 10, "dealer": 0})
    s.bid(5)
    s.bid(3)  # the last 5 follow
    s.keys("ok")  # the queen
    s.save("final-standings")
    s.keys("ok")
    s.clock.advance(25 * 60 * 1000)
    s.pick(t("resume"))
    s.save("resume")
    s.keys("back")
    s.pick(t("games"))
    s.save("games")
    s.tour((("down", "ok"), "game-actions"), (("down", "ok"), "delete-not-on-pc"), (("ok", "back"), None))
    s.pick(t("settings"))
    s.save("settings")
    s.keys("ok", "right")
    s.save("language")


def make_sheet(path, lang, scale=2):
    """Play the session in ``lang`` with SHEET_NAMES and save every screen
    of it as one PNG at ``path``, each screen named under it; returns the
    path."""
    from PIL import Image, ImageDraw

    s = _Shots(None, scale, lang, SHEET_NAMES)
    try:
        _tour(s)
    finally:
        i18n.use("en")  # (the module's language is the process's)
    w, h = 128 * scale, 64 * scale
    pad, caption = 6, 14
    rows = (len(s.frames) + SHEET_COLUMNS - 1) // SHEET_COLUMNS
    sheet = Image.new("RGB", (SHEET_COLUMNS * (w + 2 * pad), rows * (h + 2 * pad + caption)), (32, 32, 40))
    draw = ImageDraw.Draw(sheet)
    on, off = (230, 240, 255), (8, 10, 20)
    for i, (name, frame) in enumerate(s.frames):
        img = Image.new("RGB", (128, 64), off)
        px = img.load()
        for y, row in enumerate(render.pixel_rows(frame)):
            for x in range(128):
                if row[x]:
                    px[x, y] = on
        col, row = i % SHEET_COLUMNS, i // SHEET_COLUMNS
        x0, y0 = col * (w + 2 * pad) + pad, row * (h + 2 * pad + caption) + pad
        sheet.paste(img.resize((w, h), Image.NEAREST), (x0, y0))
        draw.text((x0, y0 + h + 2), name, fill=(200, 200, 210))
    sheet.save(path)
    return path


def main(argv=None):
    """Parse the command line (``--help`` prints usage) and save the screens."""
    parser = argparse.ArgumentParser(
        prog="python -m tricktally_host.sim.screens",
        description="Save the board's main screens as PNG files, played on the simulator, and a sheet of them per language.",
    )
    parser.add_argument("folder", nargs="?", default="docs/screens", help="where the PNG files go (default: docs/screens)")
    parser.add_argument("--scale", type=int, default=4, choices=range(1, 17), metavar="1..16", help="pixels per OLED pixel (default: 4)")
    parser.add_argument("--no-sheets", action="store_true", help="only the README's screens, not a sheet of every screen per language")
    args = parser.parse_args(argv)
    for path in make_screens(args.folder, args.scale, not args.no_sheets):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
