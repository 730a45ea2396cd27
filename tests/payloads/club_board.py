# SPDX-License-Identifier: MIT
# needs: tests/payloads/board_io.py
"""Payload: the real firmware in a club (docs/CLUB.md), over a real socket
(the unix port has them): the app with the real buttons over fake pins
and a fake millisecond clock, the journal on a folder of the flash, and
the club's link (tallyboard.club, as firmware/main.py makes it for an
enrolled board) to a hub on the PC. No USB link: the hub is the only PC.

The players press keys at a steady pace; between two presses the board's
loop runs (``App.work``, a millisecond's sleep between passes) for
``pace_ms`` of real time. The stream's timers run on the real tick.

Input (tt_data.json)::

    {"keys": "ooddrO...",   # one letter a press (tests/board_keys.py)
     "flash": "tt_flash",   # the journal's folder
     "host": "127.0.0.1", "port": 8765,   # the hub
     "device": "clubboard1", "key": "64 hex digits",
     "pace_ms": 30,         # the loop's real time after each press
     "backoff": 200,        # the stream's first wait after a failure (ms)
     "settle_s": 30,        # after the keys: the most to wait for the hub
     "until": "acked",      # wait until the hub acknowledged every game,
                            # "file NAME": serve until NAME appears, "keys": stop
     "sndbuf": null}        # the socket's send buffer (bytes), to fill it soon

Output, JSON lines: ``{"entry": n, "t": epoch s, "game": id, "size":
bytes}`` each time the journal grew (after a press or a loop pass: the
record's time and the journal's size then); ``{"end": {...}}`` with the
games (id -> [size, bytes the hub acknowledged]), whether every game was
acknowledged, the screen (its class and title), the seat the hub sent,
the board's clock, the sessions the stream made, the frames it dropped,
the bytes waiting to be sent,
the link's refusals, and why the last connection ended.
"""

import json
import socket
import time
from binascii import unhexlify

from board_io import fake_buttons, hold
from tallyboard import club as clubs
from tallyboard.app import App
from tallyboard.buttons import NAMES
from tallyboard.display import Display
from tallyboard.fs import OsFS

KEYS = "udlrob"


class NullBus:
    """An I2C bus with no panel."""

    def writeto(self, addr, buf):
        pass


class ClubBoard:
    """The app wired as on an enrolled board."""

    def __init__(self, data):
        self.held, self.clock, self.buttons = fake_buttons()
        club = {"host": data["host"], "port": data["port"], "ssid": "club", "password": "",
                "key": unhexlify(data["key"])}
        device = data["device"]
        backoff = data.get("backoff", 200)
        sndbuf = data.get("sndbuf")

        def watch(sock, on):
            if on and sndbuf:
                sock.setsockopt(1, 7, sndbuf)  # SOL_SOCKET, SO_SNDBUF (Linux)

        def make_link(app):
            return clubs.start(app, club, device, "0.1.0", None, sockets=socket, ticks_ms=time.ticks_ms,
                               backoff=backoff, watch=watch)

        self.app = App(Display(NullBus()), self.buttons, OsFS(data.get("flash", "tt_flash")), self.clock,
                       link=make_link, rng=lambda n: 0, device_id=device)
        self.written = self.app.journal.written
        self.entries = 0
        self.slowest = 0  # the slowest press, in microseconds

    def press(self, key):
        name = NAMES[KEYS.index(key.lower())]
        start = time.ticks_us()
        hold(self.app, self.held, self.clock, name, key != key.lower())
        self.slowest = max(self.slowest, time.ticks_diff(time.ticks_us(), start))
        self.note()

    def note(self):
        """Print an entry line when the journal grew since last looked."""
        journal = self.app.journal
        if journal.written != self.written:
            self.written = journal.written
            self.entries += 1
            gid = journal.ids()[-1]
            print(json.dumps({"entry": self.entries, "t": time.time(), "game": gid, "size": journal.size(gid),
                              "finished": self.app.game is None or self.app.game.finished}))

    def run(self, ms):
        """The board's loop for ``ms`` of real time."""
        end = time.ticks_add(time.ticks_ms(), ms)
        while time.ticks_diff(end, time.ticks_ms()) > 0:
            self.app.work()
            self.note()
            time.sleep_ms(1)

    def games(self):
        journal = self.app.journal
        out = {}
        for gid in journal.ids():
            out[str(gid)] = [journal.size(gid), journal.synced(gid)]
        return out

    def acked(self):
        for size, synced in self.games().values():
            if size != synced:
                return False
        return True


def exists(name):
    try:
        open(name).close()
        return True
    except OSError:
        return False


def main():
    with open("tt_data.json") as f:
        data = json.loads(f.read())
    board = ClubBoard(data)
    board.run(50)
    pace = data.get("pace_ms", 30)
    for key in data.get("keys", ""):
        board.press(key)
        board.run(pace)
    until = data.get("until", "acked")
    end = time.ticks_add(time.ticks_ms(), int(data.get("settle_s", 30) * 1000))
    while until != "keys" and time.ticks_diff(end, time.ticks_ms()) > 0:
        if until == "acked" and board.acked():
            break
        if until.startswith("file ") and exists(until[5:]):
            break
        board.run(20)
    app = board.app
    link = app.link
    screen = app.screen
    print(json.dumps({"end": {
        "games": board.games(), "acked": board.acked(), "entries": board.entries, "press_us_max": board.slowest,
        "screen": [screen.__class__.__name__, getattr(screen, "title", None), getattr(screen, "lines", None)],
        "seat": list(link.seat) if link.seat else None, "time": app.clock.time(),
        "sessions": link.stream.session, "dropped": link.stream.dropped, "backlog": link.stream.backlog(),
        "errors": link.errors, "proved": link.seal is not None,
        "why": link.stream.why}}))


if __name__ == "__main__":
    main()
