# SPDX-License-Identifier: MIT
"""The board application: boots the journal, resumes the unfinished game and
turns button events into confirmed entries and screens.

Navigation lives in the screens (tallyboard.ui); the rules live in the core:
``enter`` asks the core first (a refused entry shows the core's reason and
changes nothing), then journals the entry. Every event ends with one
``display.show()``, which sends only what changed.
"""

import sys

from tricktally import new_game, RuleError
from tallyboard import GAME_MODULES, MENU_MODULES, i18n, text, unload
from tallyboard.config import Config
from tallyboard.i18n import explain, t
from tallyboard.journal import Journal
from tallyboard.ui import widgets

FIRMWARE_VERSION = "0.1.0"

# Screen modules are imported when their screen first opens (RAM on the
# board: the home menu needs none of the entry screens), kept here while a
# game is on, forgotten on the home menu.
_screens = {}


def _entry_screens():
    m = _screens.get("entry")
    if m is None:
        from tallyboard.ui import entry as m

        _screens["entry"] = m
    return m


def _table_screen():
    m = _screens.get("table")
    if m is None:
        from tallyboard.ui import table as m

        _screens["table"] = m
    return m


def _undo_screens():
    # Loaded on the first undo only (it is a game module: forgotten at home).
    from tallyboard.ui import undo as m

    return m


def _message(title, text, on_ok):
    """A message screen (tallyboard.ui.message, loaded on first use)."""
    from tallyboard.ui.message import Message as M

    return M(title, text, on_ok)


class App:
    """The board app over injected hardware (DESIGN.md): ``display``
    (tallyboard.display.Display), ``buttons`` (``poll()`` -> (name, kind) or
    None; may be None when events come through ``handle``), ``fs``
    (tallyboard.fs), ``clock`` (tallyboard.clock), ``link`` (``poll()``, or a
    callable ``link(app)`` returning one once the journal exists), ``rng``
    (``rng(n)`` -> 0..n-1, for a random first dealer). ``smart=False`` turns
    off the smart defaults and fill-in (the benchmark's baseline).
    ``power`` (tallyboard.hardware.BoardPower, or a fake) lets ``run`` sleep
    between events, take the idle steps and read the battery
    (tallyboard.keeper, loaded only then)."""

    def __init__(self, display, buttons, fs, clock, link=None, device_id="sim", rng=None, smart=True, power=None):
        self.display = display
        self.fb = display.fb
        self.buttons = buttons
        self.fs = fs
        self.clock = clock
        self.device_id = device_id
        self.rng = rng
        self.smart = smart
        self.config = Config(fs)
        i18n.use(self.config.language)
        display.contrast(self.config.contrast)
        self.power = power
        self.keeper = None
        if power is not None:
            from tallyboard.keeper import Keeper

            self.keeper = Keeper(self, power)
        self.journal = Journal(fs, clock)
        self._stored = self.journal.boot()
        self.link = link(self) if callable(link) and not hasattr(link, "poll") else link
        self.game = None
        self.game_id = None
        self.names = []
        self.side_names = []
        self.order = []
        self._order_hand = None
        self._ready = None
        self._revealed = None
        self._trump_asked = None
        self.screen = None
        self._table = None
        self.pickers = {}  # screen class -> the one picker reused for every entry
        self.last_bytes = 0
        self.presses = 0
        self.toast = None  # what an undo took back, shown until the next press
        self.toast_lines = None
        self._no_auto = None  # (hand, kind, seat) not to fill in again after an undo
        self.played = {}  # game id -> epoch seconds of its last entry since boot
        self.initials = None  # names cut to the entry rows' columns (ui.entry makes them)
        notes = None
        if self.journal.notices or self.config.problem_kind or [s for s in self._stored if s.note]:
            # The English notes stay for the PC; the screen's come from the
            # language table (tallyboard.notes, loaded for this only).
            from tallyboard import notes as words

            notes = words.boot_text(self._stored, self.journal.notices, self.config.problem_kind)
            unload("tallyboard.notes")
        ref = self.unfinished()
        if ref is not None:
            self.open_game(ref)
        else:
            self.go_home()
        if notes:
            then = self.screen
            self.go(_message(t("damage"), notes, lambda app: app.go(then)))
        self.redraw()
        if self.keeper is not None:
            self.keeper.start()  # the battery gauge, its mark, a first warning

    # ----- events -----------------------------------------------------------

    def go(self, screen):
        """Make ``screen`` the current screen (drawn at the end of the event)."""
        self.screen = screen

    def handle(self, name, kind):
        """Process one button event and update the display once (an event
        that turns a dark display back on only does that)."""
        if self.keeper is not None and not self.keeper.wakes_for(name, kind):
            return 0
        self.presses += 1
        self.toast = None
        self.screen.key(self, name, kind)
        return self.redraw()

    def redraw(self):
        """Draw the current screen into the framebuffer and send what changed."""
        widgets.paint(self)  # the whole screen, or only the pages that changed
        if self.toast is not None:
            # What the last undo took back, over the title bar (and the line
            # under it when it needs two), until the next press.
            lines = self.toast_lines
            self.fb.fill_rect(0, 0, widgets.W, 8 * len(lines), 1)
            for i in range(len(lines)):
                text.draw(self.fb, lines[i], 1, 8 * i - 2, text.SMALL, 0)
        self.last_bytes = self.display.show()
        return self.last_bytes

    def tick(self):
        """Handle every waiting button event and serve the serial link once;
        never blocks."""
        if self.buttons is not None:
            ev = self.buttons.poll()
            while ev is not None:
                self.handle(ev[0], ev[1])
                ev = self.buttons.poll()
        if self.link is not None:
            self.link.poll()

    def run(self):
        """The board's main loop (returns only on an exception, such as the
        KeyboardInterrupt of mpremote; every confirmed entry is already on
        flash by then). It never polls on a timer: between events it sleeps
        until a button interrupt, a byte from the PC or the next idle step."""
        if self.power is None:
            raise ValueError("App.run needs the board's power object (tallyboard.hardware.BoardPower)")
        while True:
            try:
                self.work()
            except KeyboardInterrupt:
                raise
            except Exception as e:  # noqa: BLE001 - the board must keep going
                # A bug must not stop the score keeper: say so and go home;
                # every confirmed entry is already in the journal.
                # The screen names the error's type only ("IndexError",
                # "ENOSPC"): the sentence is the language's, not Python's.
                from tallyboard.notes import errno_name
                from tallyboard.ui.home import home

                self.refuse(t("internal_error") % errno_name(e), home(self))
                unload("tallyboard.notes")
                self.redraw()
            self.sleep()

    def serve(self):
        """One pass of ``run``'s loop (without its guard): ``work``, then
        ``sleep``. Returns the ms slept (None: until woken; 0: no sleep)."""
        self.work()
        return self.sleep()

    def work(self):
        """Everything due now: button events, the link, and with power
        hardware the idle steps and the battery."""
        self.tick()
        if self.keeper is not None:
            self.keeper.work()

    def sleep(self):
        """Sleep until a button, the PC or the next idle step (needs power
        hardware); returns the ms slept (None: until woken)."""
        return self.keeper.sleep()

    # ----- games on the board -----------------------------------------------

    def stored_games(self):
        """Stored games, newest first (the current game's state included)."""
        out = list(self._stored)
        out.sort(key=lambda s: -s.game_id)
        return out

    def unfinished(self):
        """The newest game that has not finished, or None."""
        best = None
        for s in self._stored:
            if not s.finished and s.game is not None and not s.game.finished:
                if best is None or s.game_id > best.game_id:
                    best = s
        return best

    def open_game(self, stored):
        """Make ``stored`` (a journal Stored) the current game and go to
        the screen where it stood."""
        self._use(stored.game_id, stored.game)
        self.next_screen()

    def _use(self, game_id, g):
        self.game = g
        self.game_id = game_id
        self.names = [widgets.clip(p, 60) for p in g.players]
        # The header bar leaves 7 characters for the dealer.
        self.short_names = [widgets.clip(p, 42) for p in g.players]
        self.initials = None
        self.side_names = []
        room = _entry_screens().name_width(g)
        for side in g.sides:
            self.side_names.append(widgets.clip("+".join([g.players[s] for s in side]), room))
        self._order_hand = None
        self._ready = None
        self._revealed = None
        self._trump_asked = None

    def forget(self, game_id):
        """Drop a deleted game from the games the board lists."""
        self._stored = [s for s in self._stored if s.game_id != game_id]

    def view_finished(self, stored):
        """Show the final table of a finished game (OK back to the list)."""
        g = stored.game
        if g is None:
            from tallyboard import notes

            text = notes.journal_note(stored.note) if stored.note else "?"
            unload("tallyboard.notes")
            self.go(_message(t("damage"), text, lambda app: app.go_home()))
            return
        self._use(None, g)
        from tallyboard.ui.final import FinalScreen

        self.go(FinalScreen(self, lambda app: app.go_home(), undo=False))

    def start_game(self, name, players, first_dealer, settings, back=None, room_made=False):
        """Create a game with the core and journal its start (after making
        room on the flash when it runs low)."""
        if self.keeper is not None and self.keeper.refuses_new_game():
            # Power hook: flat cells must not start a game they cannot finish.
            self.refuse(t("battery_critical"), back)
            return
        try:
            g = new_game(name, players, first_dealer, settings)
        except RuleError as e:
            self.refuse(explain(e, self.names), back)
            return
        if not room_made and self.journal.space()[1]:
            # Loaded only when needed: the board's RAM is short too.
            from tallyboard.ui.space import before_new_game

            before_new_game(self, lambda app: app.start_game(name, players, first_dealer, settings, back, True), back)
            return
        try:
            gid = self.journal.new_game(g, self.clock.time())
        except (OSError, ValueError) as e:
            self.refuse(self.failure(e), back)
            return
        self._stored.append(_Live(gid, g, self.clock.time()))
        self._use(gid, g)
        self.next_screen()

    # ----- where a game stands ------------------------------------------------

    def next_screen(self, preset=None):
        """Go to the screen for what the game expects next."""
        g = self.game
        if g is None:
            self.go_home()
            return
        if "tallyboard.ui.menu" in sys.modules:
            # A game is on screen: the menus' code can go until BACK.
            for name in MENU_MODULES:
                unload(name)
        if g.finished:
            self.show_table(_close_game, None)
            return
        hand = g.hand_number
        if self._order_hand != hand:
            # Refilled in place: a new list every hand is garbage.
            if len(self.order) != g.n:
                self.order = [0] * g.n
            g.bid_order(g.dealer, self.order)
            self._order_hand = hand
        if g.NAME == "wizard":
            if self.trump_due():
                self.go(self.keep(_entry_screens().TrumpEntry))
                return
            if g.settings["bidding"] != "open":
                if g.kind == "bid":
                    if self._ready != (hand, g.seat):
                        from tallyboard.ui.private import PassScreen

                        self.go(PassScreen(g.seat))
                        return
                    preset = None  # never show an undone private bid
                elif g.kind == "tricks" and g.current.count("tricks") == 0 and self._revealed != hand:
                    from tallyboard.ui.private import RevealScreen

                    self.go(self.keep(RevealScreen))
                    return
        self.go(_entry_screens().for_step(self, preset))

    def trump_due(self):
        """Wizard: True while the round in play still needs its trump asked
        (not the last round, which has none; nothing entered yet)."""
        g = self.game
        return (
            g.NAME == "wizard"
            and not g.finished
            and g.current.index < g.hand_count() - 1
            and g.current.get("trump") is None
            and g.entries() == 0
            and self._trump_asked != g.hand_number
        )

    def first_bid_picker(self):
        """The app's one number picker, set to the bid the game expects
        (the score table shows it on its last lines and passes it keys)."""
        screens = _entry_screens()
        return screens._reuse(screens.NumberEntry, self, self.game, None)

    def keep(self, cls):
        """The one screen of class ``cls`` (no state of its own) kept for
        the app's life: a new one every hand is garbage."""
        screen = self.pickers.get(cls)
        if screen is None:
            screen = self.pickers[cls] = cls()
        return screen

    def game_menu(self):
        """The menu BACK opens during a game."""
        from tallyboard.ui.home import game_menu

        self.go(game_menu(self))

    def go_home(self):
        """The home menu (the game screens' code can go meanwhile)."""
        if _screens:
            _screens.clear()
            self._table = None
            self.pickers = {}
            for name in GAME_MODULES:
                unload(name)
        from tallyboard.ui.home import home

        self.go(home(self))

    def failure(self, e):
        """Why a write or a setting failed (``e``: an OSError, a RuleError,
        a config.ConfigError, a JournalError) in the board's language; the
        exception's English text is for the PC, never the screen."""
        from tallyboard import notes

        text = notes.refusal(e, self.names)
        unload("tallyboard.notes")
        return text

    def refuse(self, message, back=None):
        """Show why something was refused; OK returns to ``back`` (default:
        the current screen, as it was: nothing entered is lost)."""
        back = back or self.screen
        self.go(_message(t("refused"), message, lambda app: app.go(back)))

    # ----- changes: core first, then the journal ------------------------------

    def enter(self, kind, seat, value):
        """Enter one confirmed value; returns True when it was accepted."""
        g = self.game
        try:
            done = g.enter(kind, seat, value)
        except RuleError as e:
            self.refuse(explain(e, self.names))
            return False
        try:
            self.journal.entry(self.game_id, kind, seat, value)
        except (OSError, ValueError) as e:
            g.undo()
            self.refuse(self.failure(e))
            return False
        if done:
            # When it was last played, for the Resume screen (per hand: the
            # time is a big integer, an allocation on the board).
            self.played[self.game_id] = self.clock.time()
            # The table after a hand also asks the next one's first question
            # (Wizard: the trump; Spades: the first bid).
            self.show_table(_close_game if g.finished else _next, None if g.finished else _menu, None, True, not g.finished)
        else:
            self._next_or_fill()
        return True

    def _next_or_fill(self):
        # With smart defaults on, a tricks or hearts value that can only be
        # one number (the last seat's, or 0 once nothing is left) is entered
        # at once: asking for it would be a press that decides nothing.
        g = self.game
        value = _entry_screens().defaults.forced(g) if self.smart else None
        if value is not None and not self._shown_again(g):
            self.enter(g.kind, g.seat, value)
        else:
            self.next_screen()

    def _shown_again(self, g):
        # True for the step an undo has just reopened: the players check it
        # themselves rather than have it filled in behind their back.
        keep = self._no_auto
        return keep is not None and keep[0] == g.hand_number and keep[1] == g.kind and keep[2] == g.seat

    def show_table(self, on_ok, on_back, index=None, undo=True, ask=False):
        """The score table (one screen object reused for every hand); once
        the game is over, the final standings first. ``ask``: the table
        also asks the next hand's first question (see TableScreen)."""
        if self.game.finished and index is None:
            from tallyboard.ui.final import FinalScreen

            self.go(FinalScreen(self, on_ok, undo))
            return
        if self._table is None:
            self._table = _table_screen().TableScreen(self, on_ok, on_back, index, undo, ask)
        else:
            self._table.reset(self, on_ok, on_back, index, undo, ask)
        self.go(self._table)

    def set_trump(self, suit):
        """Wizard: record the trump of the round ("none" for no trump)."""
        self._trump_asked = self.game.hand_number
        if self.game.current.get("trump") == suit:
            self.next_screen()
            return
        if self.enter("trump", None, suit):
            self._trump_asked = self.game.hand_number

    def private_ready(self, seat):
        """The player ``seat`` holds the board: show their private bid."""
        self._ready = (self.game.hand_number, seat)
        self.next_screen()

    def revealed(self):
        """The bids of this round have been shown together."""
        self._revealed = self.game.hand_number
        self.next_screen()

    def undo(self, confirmed=False):
        """Take back the last entry (core, then journal) and go back to it;
        the title bar then says what was taken back. Taking back the entry
        that completed a hand reopens that hand: the players are asked first
        (``confirmed`` is their yes)."""
        g = self.game
        if g is None or self.game_id is None or not g.can_undo():
            self.refuse(t("nothing_undo"))
            return
        guess = g.last_entry()
        undo_screens = _undo_screens()
        if not confirmed and undo_screens.reopens(g, guess):
            undo_screens.ask_reopen(self, guess)
            return
        trump_before = g.current.get("trump") if g.current is not None and g.NAME == "wizard" else None
        # The journal first: the core cannot redo, but an undo it allows
        # always succeeds. A failed write leaves both as they were.
        try:
            self.journal.undo(self.game_id)
        except (OSError, ValueError) as e:
            self.refuse(self.failure(e))
            return
        g.undo()
        self._ready = None
        self._revealed = None
        if g.NAME == "wizard" and g.current is not None and g.current.get("trump") != trump_before:
            self._trump_asked = None
        preset = None
        if guess is not None and g.kind == guess[0] and g.seat == guess[1] and g.value(g.kind, g.seat) is None:
            preset = guess[2]
            # Shown again to be checked: not filled in again behind their back.
            self._no_auto = (g.hand_number, g.kind, g.seat)
        self.next_screen(preset)
        self.say(undo_screens.undone(self, g, guess))

    def say(self, line):
        """Show ``line`` over the title bar (two lines at most) until the next press."""
        self.toast = line
        self.toast_lines = None
        if line:
            room = widgets.W - 2
            if text.width(line) <= room:
                self.toast_lines = [line]
            else:
                # "Undone:" on the title bar, what it took back under it.
                cut = line.find(" ")
                self.toast_lines = [line[:cut], widgets.clip(line[cut + 1:], room)]

    def amend(self, index, data, back=None):
        """Replace complete hand ``index`` with ``data`` (core, then journal)."""
        g = self.game
        try:
            g.amend(index, data)
        except RuleError as e:
            self.refuse(explain(e, self.names), back)
            return
        try:
            self.journal.amend(self.game_id, index, data)
        except (OSError, ValueError) as e:
            g.undo()
            self.refuse(self.failure(e), back)
            return
        self._order_hand = None
        self.show_table(_next, _menu, index)

    def set_language(self, code):
        """Switch every screen to language ``code`` and keep it."""
        self.config.set_language(code)
        i18n.use(code)

    def describe(self):
        """One line naming the screen and its state (simulator, tests)."""
        s = self.screen
        name = s.__class__.__name__
        g = self.game
        parts = [name]
        if g is not None and name in ("NumberEntry", "SeatEntry", "ChoiceEntry", "TrumpEntry", "PassScreen", "TableScreen", "RevealScreen", "FirstCardScreen", "FinalScreen"):
            # The game's own word for a deal, and seats counted from 1 as
            # players count them.
            parts.append("%s %s=%d" % (g.NAME, "round" if g.NAME == "wizard" else "hand", g.hand_number))
            if hasattr(s, "kind"):
                parts.append("kind=%s" % s.kind)
            if getattr(s, "seat", None) is not None:
                parts.append("seat=%d" % (s.seat + 1))
            if hasattr(s, "value"):
                parts.append("value=%d" % s.value)
            if name == "SeatEntry":
                parts.append("seat=%d" % (s.cursor + 1))
            elif hasattr(s, "cursor"):
                parts.append("cursor=%d" % s.cursor)
        elif hasattr(s, "title"):
            parts.append(str(s.title))
        if self.toast:
            parts.append("[%s]" % self.toast)
        return " ".join(parts)


class _Live:
    """A game started since boot, listed like the journal's Stored."""

    def __init__(self, game_id, game, created=None):
        self.game_id = game_id
        self.game = game
        self.created = created
        self.damage = None
        self.name = game.NAME
        self.players = game.players

    @property
    def finished(self):
        return self.game.finished


def _next(app):
    app.next_screen()


def _menu(app):
    app.game_menu()


def _close_game(app):
    # Game over, seen: the end record closes the journal (no undo after it).
    gid = app.game_id
    if gid is not None:
        try:
            app.journal.end(gid)
        except (OSError, ValueError):
            pass
        # From now on the game is listed from the journal (replayed when
        # opened), so its Game object, every hand, does not stay in RAM.
        app._stored = [app.journal.stored(gid, app.game) if s.game_id == gid else s for s in app._stored]
    app.game_id = None
    app.go_home()
