# SPDX-License-Identifier: MIT
"""Plays games through the board UI as a person would: button events in,
screens out. Runs unchanged on CPython and on the MicroPython VM (tests and
bench/ui_bench.py), so the two can be compared frame by frame.

``Session`` wraps an App on a simulated SSD1306 and an in-memory flash;
``start_game`` fills in the new-game form; ``play_hand`` enters one record
hand (``{"bids": [...], "tricks": [...]}`` etc.) with the fewest presses the
screens allow, and returns how many it took.
"""

import binascii

from tallyboard.app import App
from tallyboard.display import Display
from tallyfakes.fake_clock import FakeClock

# The simulated panel's class (tallyfakes.simbus.SimI2C), imported by the
# first Session that needs it: a payload that brings its own bus (app_game's
# NullI2C) does not hold it in its heap. A payload may set its own.
SimI2C = None

PRESS = 1
LONG = 2
SUIT_KEY = {"S": "up", "H": "right", "D": "down", "C": "left", "none": "ok"}


class ScriptError(Exception):
    """The UI did not do what the script expected."""


def where(app):
    """One line naming the app's screen (tallyfakes.describe, imported when
    asked: a payload's heap holds it only then)."""
    from tallyfakes.describe import describe

    return describe(app)


class NullI2C:
    """An I2C bus that only counts bytes (the board's C driver allocates
    nothing; SimI2C decodes in Python and would skew heap figures)."""

    def __init__(self):
        self.bytes_sent = 0
        self.gddram = bytearray(1024)

    def writeto(self, addr, buf):
        self.bytes_sent += len(buf)


class Session:
    """An App on a simulated panel; ``press`` sends one event and keeps a
    CRC of the panel after it (``frames``), the bytes sent (``sent``)."""

    def __init__(self, fs=None, smart=True, rng=None, record=True, bus=None):
        global SimI2C
        if bus is None:
            if SimI2C is None:
                from tallyfakes.simbus import SimI2C
            bus = SimI2C()
        self.bus = bus
        self.display = Display(self.bus)
        if fs is None:
            # Imported here: the payloads that bring their own store (a
            # flash folder) do not load the test-only MemFS.
            from tallyfakes.memfs import MemFS

            fs = MemFS()
        self.fs = fs
        self.clock = FakeClock(epoch=1700000000)
        self.app = App(self.display, None, self.fs, self.clock, rng=rng or (lambda n: 0), smart=smart)
        self.frames = []
        self.sent = []
        self.record = record
        self.presses = 0
        self.hand_sent = []  # bytes sent by each press made inside play_hand

    def press(self, name, kind=PRESS):
        """One button event; returns the bytes sent to the panel."""
        self.presses += 1
        n = self.app.handle(name, kind)
        # The board's loop after the event (App.work): what the press left
        # for it, such as a closed game's end record (moves.finish) or a
        # new game's start record (moves.start_game).
        # The clock stands still: no idle fold.
        self.app.work()
        if self.record:
            self.frames.append(binascii.crc32(self.bus.gddram))
            self.sent.append(n)
        return n

    def screen(self):
        """Class name of the current screen."""
        return self.app.screen.__class__.__name__

    def home(self):
        """Back to the home menu (through BACK presses)."""
        for _ in range(6):
            if self.screen() == "Menu" and self.app.screen.title == _t("title"):
                return
            name = self.screen()
            if name == "FinalScreen":
                self.press("ok")
            elif name in ("NumberEntry", "SeatEntry", "ChoiceEntry", "TrumpEntry", "PassScreen", "TableScreen", "RevealScreen", "FirstCardScreen"):
                self.press("back")
                self._pick(_t("home"))
            else:
                self.press("back")
        raise ScriptError("could not reach home, at %s" % where(self.app))

    def _pick(self, label):
        menu = self.app.screen
        if label not in menu.items:
            raise ScriptError("%r not in menu %r" % (label, menu.items))
        while menu.items[menu.cursor] != label:
            self.press("down")
        self.press("ok")

    def start_game(self, game, players, settings=None, dealer=0):
        """From home: New game, set the form, OK. ``dealer`` is a seat or -1
        (random)."""
        self._pick(_t("new_game"))
        form = self.app.screen
        self._set(form, "game", game)
        self._set(form, "players", players)
        settings = settings or {}
        for name in sorted(settings):
            self._set(form, name, settings[name])
        self._set(form, "dealer", dealer)
        self._go_row(form, "start")
        self.press("ok")
        if self.app.game is None or self.screen() in ("Form", "Message"):
            raise ScriptError("game did not start: %s" % where(self.app))

    def _go_row(self, form, key):
        row = form.row(key)
        if row is None:
            raise ScriptError("no row %s" % key)
        i = form.rows.index(row)
        while form.cursor != i:
            self.press("down" if form.cursor < i else "up")

    def _set(self, form, key, value):
        self._go_row(form, key)
        for _ in range(400):
            row = form.rows[form.cursor]
            if row.value == value and isinstance(row.value, bool) == isinstance(value, bool):
                return
            if hasattr(row, "step") and isinstance(value, int) and not isinstance(value, bool):
                self.press("right" if row.value < value else "left")
            else:
                self.press("right")
        raise ScriptError("could not set %s to %r" % (key, value))

    def play_hand(self, hand):
        """Enter record hand ``hand``; returns the presses it took (the score
        table's OK included; a Wizard table that asks the next round's trump
        is left for the next hand, which counts the press that answers it)."""
        app = self.app
        g = app.game
        start = self.presses
        first = len(self.sent)
        count = len(g.hands)
        if self.screen() == "TableScreen" and app.screen.trump:
            # The last hand's table asks this round's trump: one press.
            self.press(SUIT_KEY[hand.get("trump") or "none"])
        while self.screen() == "TableScreen" and app.screen.picker is not None:
            # It asks this hand's first bid, as the number picker does.
            s = app.screen.picker
            self._number(s, _target(g, hand, "bid", s.seat))
        for _ in range(800):
            s = app.screen
            name = s.__class__.__name__
            if name == "TableScreen" or name == "FinalScreen":
                if len(g.hands) == count:
                    raise ScriptError("score table before the hand was complete")
                if name == "TableScreen" and (s.trump or s.picker is not None):
                    # Left for the next hand, whose trump or first bid it asks.
                    self.hand_sent.extend(self.sent[first:])
                    return self.presses - start
                self.press("ok")
                self.hand_sent.extend(self.sent[first:])
                return self.presses - start
            if name == "Message":
                raise ScriptError("refused: %s" % " ".join(s.lines))
            if name == "TrumpEntry":
                self.press(SUIT_KEY[hand.get("trump") or "none"])
            elif name == "PassScreen":
                # The private bid's start is shown: OK, LEFT/RIGHT bid at once.
                want = _target(g, hand, "bid", s.seat)
                shown = s.shown  # what the screen shows
                if want == shown:
                    self.press("ok")
                elif self.app.smart and want == shown - 1:
                    self.press("left")
                elif self.app.smart and want == shown + 1:
                    self.press("right")
                else:
                    self.press("up" if want > shown else "down")
            elif name in ("RevealScreen", "FirstCardScreen"):
                self.press("ok")
            elif name == "NumberEntry" and s.kind == "hearts" and self.app.smart and _moon(hand) is not None:
                # "Shot the moon": the game menu's first line, then the shooter.
                self.press("back")
                self._pick(_t("moon"))
                menu = app.screen
                shooter = _moon(hand)
                n = len(menu.names)
                while menu.cursor != shooter and (shooter - menu.cursor) % n not in (1, n - 1):
                    self.press("down" if (shooter - menu.cursor) % n <= n // 2 else "up")
                if menu.cursor == shooter:
                    self.press("ok")
                else:
                    # the player above or below: LEFT/RIGHT picks at once
                    self.press("right" if (shooter - menu.cursor) % n == 1 else "left")
            elif name == "NumberEntry":
                self._number(s, _target(g, hand, s.kind, s.seat))
            elif name == "SeatEntry":
                self._seat(s, hand[s.kind], g.n)
            elif name == "ChoiceEntry":
                want = hand["moon"]
                if s.choices[s.cursor] == want:
                    self.press("ok")
                else:
                    self.press("down")
            else:
                raise ScriptError("unexpected screen %s" % where(app))
            g = app.game
        raise ScriptError("hand not finished: %s" % where(app))

    def _number(self, s, target):
        if s.value == target:
            self.press("ok")
        elif self.app.smart and s.neighbour(-1) == target:
            self.press("left")
        elif self.app.smart and s.neighbour(1) == target:
            self.press("right")
        elif target > s.value:
            self.press("up")
        else:
            self.press("down")

    def _seat(self, s, target, n):
        if s.cursor == target:
            self.press("ok")
        elif (target - s.cursor) % n <= n // 2:
            self.press("down")
        else:
            self.press("up")


def _t(key):
    from tallyboard.i18n import t

    return t(key)


def _moon(hand):
    # The seat that shot the moon in record hand ``hand`` (13 hearts and
    # the queen), or None.
    hearts = hand.get("hearts")
    if not hearts:
        return None
    for s in range(len(hearts)):
        if hearts[s] == 13 and hand.get("queen") == s:
            return s
    return None


def _target(g, hand, kind, seat):
    if kind == "bid":
        blind = hand.get("blind")
        if blind and blind[seat]:
            return -1
        return hand["bids"][seat]
    return hand[kind][seat]


def play_games(session, game, players, games, settings=None):
    """Play each list of hands in ``games`` as one game from home; a game
    that ends early skips its remaining hands. Returns presses per hand."""
    counts = []
    for hands in games:
        counts.extend(play_game(session, game, players, settings, hands)["counts"])
        session.home()
    return counts


def play_game(s, game, players, settings, hands):
    """One game of a plan on Session ``s``: what play_plan reports for it."""
    s.start_game(game, players, settings)
    g = s.app.game  # the app lets it go on the home menu once it is over
    counts = []
    for h in hands:
        if g.finished:
            break
        counts.append(s.play_hand(h))
    return {"frames": s.frames, "sent": s.sent, "counts": counts, "totals": g.totals}


def play_plan(plan):
    """Play ``[game, players, settings, hands]`` games, then the screen tour;
    return what each showed (frame CRCs, bytes sent, presses per hand,
    totals), for comparing CPython with MicroPython."""
    out = []
    for game, players, settings, hands in plan:
        out.append(play_game(Session(), game, players, settings, hands))
    s = Session()
    tour(s)
    out.append({"frames": s.frames, "sent": s.sent, "screen": where(s.app)})
    return out


def _free_100k():
    return 100000


def tour(s):
    """Visit the screens a game does not: settings, roster and its name
    editor, game menu, amend, undo, hidden bidding, the moon and the jack.
    Works in any language; used to compare CPython and MicroPython."""
    s._pick(_t("settings"))
    for i in range(5):
        s.app.screen.cursor = i
        s.press("ok")
        s.press("down")
        s.press("right")
        s.press("back")
    s.press("back")
    s._pick(_t("players"))
    s.press("ok")  # add a player
    for k in ("up", "right", "up", "up", "right", "down", "left", "ok"):
        s.press(k)
    s.press("ok")  # the new name's menu
    s.press("ok")  # edit
    s.press("right")
    s.press("ok")
    s.press("back")
    s.start_game("hearts", 4, {"omnibus": True, "moon": "choice"})
    s.play_hand({"hearts": [13, 0, 0, 0], "queen": 0, "jack": 2, "moon": "self_minus"})
    s.play_hand({"hearts": [3, 4, 5, 1], "queen": 1, "jack": 3})
    s.press("back")
    s._pick(_t("amend"))
    s.press("down")
    s.press("ok")
    for _ in range(3):
        s.press("down")
    s.press("right")
    s.press("left")
    s.press("ok")
    s.press("ok")
    s.press("up")
    s.press("ok")
    s.press("back", LONG)  # undo the first hearts entry of hand 3
    s.press("back", LONG)  # and reopen hand 2
    s.home()
    s.start_game("wizard", 3, {"bidding": "hidden", "even_bids": "never"})
    s.play_hand({"bids": [0, 0, 0], "tricks": [1, 0, 0], "trump": "C"})
    s.press("down")  # trump: diamonds
    s.press("ok")  # the first bidder bids the start shown (1 of 2 cards)
    s.press("ok")  # so does the second
    s.press("down")  # the dealer opens the private picker, at 0
    s.press("ok")  # the dealer's forbidden bid (never: 1 + 1 + 0 = 2): refused
    s.press("ok")
    s.home()
    # The games list says how much room is left: the same free flash on
    # both sides (the VM's folder and CPython's memory report differently).
    s.app.journal.fs.free = _free_100k
    s._pick(_t("games"))
    s.press("down")
    s.press("ok")
