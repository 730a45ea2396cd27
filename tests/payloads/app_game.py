# SPDX-License-Identifier: MIT
# needs: tests/firmware/ui_script.py tests/payloads/board_io.py
"""Payload: whole games played through the board app as on a board.

The real ``tallyboard.buttons.Buttons`` reads six fake pins (callables) and
a fake millisecond clock; each key press holds a pin past the debounce
time, lets the app's loop (``App.tick``) poll, then releases it. The
journal is the real one, on a folder of the flash (``OsFS``). At the end
the serial link (loaded on demand, as firmware/main.py does) lists and
fetches every game.

Input (tt_data.json): a first line of options, then each game: a line
``[game, players, settings, number of hands]`` and one line per hand
(read as it is played, so the input takes little of a board-sized heap)::

    {"flash": "tt_flash",     # folder for the journal (under the current one)
     "measure": false,        # collect around every press: heap and allocation
     "record": false,         # CRC of the panel after every press
     "link_at_boot": false,   # build the link at boot, not when the PC speaks
     "language": null}        # a language to switch to after boot (as Settings does)
    [game, players, settings, count]      # then count lines:
    {"bids": [...], ...}                  # one record hand each
    ...

Output, one JSON line each: ``{"game": ...}`` per game (hands played,
totals, presses, finished, the device modules in memory after its first
hand; with ``measure``, the heap in use after it), ``{"link": ...}`` (the link's answers: status
words, bytes fetched per game and their CRC), then ``{"heap": ...}`` (with
``measure``: heap size, heap in use when play() starts (modules imported,
input read), free heap after boot, lowest free heap after a
collection, bytes allocated per press, time and bytes allocated per press
by hand, the score table's OK left out), and
``{"modules": [...]}``, the device modules in memory at the end.

Runs on CPython too (tests compare the two); the heap figures are then None.
"""

import binascii
import gc
import json

try:
    from board_io import EPOCH, Stream, app_modules, hold, pin, sync, ticks_diff, ticks_us
except ImportError:  # CPython, imported as tests.payloads.*
    from tests.payloads.board_io import EPOCH, Stream, app_modules, hold, pin, sync, ticks_diff, ticks_us
from ui_script import LONG, PRESS, NullI2C, ScriptError, Session
from tallyboard.app import App
from tallyboard.buttons import NAMES, Buttons
from tallyboard.display import Display
from tallyboard.fs import OsFS
from tallyfakes.fake_clock import FakeClock


HEAP = hasattr(gc, "mem_alloc")
HIST = 256


class ButtonSession(Session):
    """A Session whose presses go through the real Buttons and App.tick."""

    def __init__(self, flash, measure=False, record=False, link_at_boot=False):
        self.link_at_boot = link_at_boot
        self.held = {}
        for name in NAMES:
            self.held[name] = False
        self.clock = FakeClock(epoch=EPOCH)
        self.buttons = Buttons(self._sources(), self.clock.ticks_ms)
        if record:
            from tallyfakes.simbus import SimI2C

            self.bus = SimI2C()
        else:
            self.bus = NullI2C()
        self.display = Display(self.bus)
        self.fs = OsFS(flash)
        self.stream = Stream()
        self.link = None
        self.app = App(self.display, self.buttons, self.fs, self.clock, link=self._make_link,
                       rng=lambda n: 0, device_id="vmboard")
        self.frames = []
        self.sent = []
        self.record = record
        self.presses = 0
        self.hand_sent = []
        self.measure = measure and HEAP
        self.min_free = None
        self.min_free_game = None  # the same, only while a game is in play
        # Running figures, not a list per press: the harness must not grow
        # (and fragment) the heap it measures.
        self.count = 0
        self.alloc_total = 0
        self.alloc_max = 0
        self.time_total = 0  # microseconds
        self.last_alloc = 0
        self.last_time = 0
        self.alloc_hist = [0] * (HIST + 1)  # presses by bytes // 16, the last for HIST * 16 and up

    def _sources(self):
        held = self.held
        out = {}
        for name in NAMES:
            out[name] = pin(held, name)
        return out

    def _make_link(self, app):
        def link(stream):
            from tallyboard.app import FIRMWARE_VERSION
            from tallyboard.link import Link

            return Link(stream, app.journal, app.config, app.clock, "vmboard", FIRMWARE_VERSION)

        if self.link_at_boot:
            # as the firmware did before the link was loaded on demand
            self.link = link(self.stream)
        else:
            # as firmware/main.py does: loaded when the PC first speaks
            try:
                from tallyboard.app import LinkOnDemand
            except ImportError:  # firmware from before it joined the app's module
                from tallyboard.ondemand import LinkOnDemand

            self.link = LinkOnDemand(self.stream, link)
        return self.link

    def collect(self):
        """gc.collect() and keep the lowest free heap seen."""
        if self.measure:
            gc.collect()
            free = gc.mem_free()
            if self.min_free is None or free < self.min_free:
                self.min_free = free
            g = self.app.game
            if g is not None and not g.finished and (self.min_free_game is None or free < self.min_free_game):
                self.min_free_game = free

    def _count(self, allocated, took):
        self.count += 1
        self.alloc_total += allocated
        self.time_total += took
        self.last_alloc = allocated
        self.last_time = took
        if allocated > self.alloc_max:
            self.alloc_max = allocated
        self.alloc_hist[min(allocated // 16, HIST)] += 1

    def alloc_median(self):
        """Median bytes allocated per press (to 16 bytes; at most HIST * 16)."""
        seen = 0
        for i in range(HIST + 1):
            seen += self.alloc_hist[i]
            if seen * 2 > self.count:
                return i * 16
        return None

    def press(self, name, kind=PRESS):
        """Hold the pin of ``name`` (past the long-press time for LONG), let
        the app poll, release it; returns the bytes sent to the panel."""
        self.presses += 1
        app = self.app
        want = app.presses + (2 if kind == LONG else 1)
        if self.measure:
            self.collect()
            before = gc.mem_alloc()
            gc.disable()  # so the figure is what this press allocated
        start = ticks_us()
        hold(app, self.held, self.clock, name, kind == LONG)
        took = ticks_diff(ticks_us(), start)
        if self.measure:
            allocated = gc.mem_alloc() - before
            gc.enable()
            self._count(allocated, took)
        if app.presses != want:
            raise ScriptError("the press of %s was not seen by the app" % name)
        # The board's loop after the event (App.work, not timed): what the
        # press left for it (a closed game's end, a new game's start record).
        app.work()
        n = app.last_bytes
        if self.record:
            self.frames.append(binascii.crc32(self.bus.gddram))
            self.sent.append(n)
        return n


def play(data, games):
    """Play every game of ``games`` (an iterable of [game, players,
    settings, hands]) with the options ``data`` (see the module doc);
    returns the output lines as dicts."""
    gc.collect()
    start = gc.mem_alloc() if HEAP else None
    s = ButtonSession(data.get("flash", "tt_flash"), data.get("measure", False), data.get("record", False),
                      data.get("link_at_boot", False))
    if data.get("language"):
        s.app.set_language(data["language"])
        s.app.go_home()  # the home menu again, in that language
        s.app.redraw()
    s.collect()
    boot_free = s.min_free
    lines = []
    per_hand = []
    alloc_by_hand = []
    for game, players, settings, hands in games:
        s.start_game(game, players, settings)
        counts = []
        g = s.app.game
        gid = s.app.game_id
        in_game = None
        for hand in hands:
            if g.finished:
                break
            count, allocated, took = s.count, s.alloc_total, s.time_total
            counts.append(s.play_hand(hand))
            # The score table's OK is left out: at the last hand it ends
            # the game and goes home, a cost of its own, not growth. A
            # table that asks the next hand's first question (Wizard's
            # trump, Spades' first bid) is left for that hand: then the
            # hand's last press is an entry like the others, and counts.
            table = s.app.screen
            left = 0 if getattr(table, "trump", False) or getattr(table, "picker", None) is not None else 1
            n = s.count - count - left
            if s.measure and n > 0:
                per_hand.append((s.time_total - took - left * s.last_time) // n)
                alloc_by_hand.append((s.alloc_total - allocated - left * s.last_alloc) // n)
            if in_game is None:
                in_game = app_modules()
        line = {"game": game, "id": gid, "hands": len(counts), "finished": g.finished, "totals": list(g.totals),
                "presses": sum(counts), "screen": s.screen(), "modules": in_game}
        if s.record:
            line["frames"] = s.frames
            line["sent"] = s.sent
            s.frames = []
            s.sent = []
        if not g.finished:
            s.home()
        if s.measure:
            s.collect()
            line["heap_used"] = gc.mem_alloc()
        lines.append(line)
        # The app let the finished game go on the home menu; the harness
        # lets it go too, or its hands and its rules module would count
        # against the app's heap through the next game's new-game form.
        g = None
    lines.append({"link": sync(s)})
    s.collect()
    heap = {"heap": None}
    if s.measure:
        heap = {"heap": gc.mem_free() + gc.mem_alloc(), "start_alloc": start, "boot_free": boot_free, "min_free": s.min_free,
                "min_free_game": s.min_free_game,
                "alloc_mean": s.alloc_total // s.count, "alloc_max": s.alloc_max, "press_count": s.count,
                "alloc_median": s.alloc_median(),
                "us_per_press_by_hand": per_hand, "alloc_per_press_by_hand": alloc_by_hand}
    lines.append(heap)
    lines.append({"modules": app_modules()})
    return lines


def read_games(f):
    """The games of the input file ``f``: [game, players, settings, hands],
    each hand read from ``f`` when the game asks for it (the hands a game
    did not need are skipped)."""
    line = f.readline()
    while line:
        if line.strip():
            game, players, settings, count = json.loads(line)
            left = [count]
            yield game, players, settings, _hands(f, left)
            while left[0]:
                f.readline()
                left[0] -= 1
        line = f.readline()


def _hands(f, left):
    # One hand at a time from ``f``; ``left[0]`` counts those not read yet.
    while left[0]:
        left[0] -= 1
        yield json.loads(f.readline())


def main():
    with open("tt_data.json") as f:
        data = json.loads(f.readline())
        lines = play(data, read_games(f))
    for line in lines:
        print(json.dumps(line))


if __name__ == "__main__":
    main()
