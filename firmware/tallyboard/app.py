# SPDX-License-Identifier: MIT
"""The board application: boots the journal, resumes the unfinished game and
turns button events into confirmed entries and screens.

Navigation lives in the screens (tallyboard.ui); the rules live in the core:
``enter`` asks the core first (a refused entry shows the core's reason and
changes nothing), then journals the entry. Every event ends with one
``display.show()``, which sends only what changed.

This module is the game loop, kept in RAM for the app's life. The moves
off that loop (start-up, the menus, starting a game, undo, amend) are in
tallyboard.app_more, loaded when first used and forgotten while a game is
on screen; ``App.__getattr__`` finds them there, so callers still write
``app.start_game(...)``.

``LinkOnDemand`` (below) is the serial link the loop serves, loaded when
the PC first speaks: here rather than in a module of its own, which would
cost the board RAM for as long as it runs (every module is about 800 bytes
of heap before its first line).
"""

import sys

from tricktally import RuleError
from tallyboard import CORE_MODULES, MENU_MODULES, text, unload_all
from tallyboard.i18n import t
from tallyboard.ui import widgets

FIRMWARE_VERSION = "0.1.0"

def _screens_of(name):
    """The screen module ``name`` (tallyboard.ui.entry or
    tallyboard.ui.table), imported now if it is not loaded: a screen's
    module is loaded when it first opens (the home menu needs none of
    them) and forgotten on the home menu (ui.home.go_home)."""
    m = sys.modules.get(name)
    if m is None:
        __import__(name)
        m = sys.modules[name]
    return m


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

    def __init__(self, display, buttons, fs, clock, link=None, device_id=None, rng=None, smart=True, power=None):
        from tallyboard import app_more

        app_more.start(self, display, buttons, fs, clock, link, device_id, rng, smart, power)

    def __getattr__(self, name):
        # Called only for a name the app does not have: the settings (read
        # from the flash when first asked for), or a move off the game loop
        # (a public function of tallyboard.app_more, loaded now).
        if name == "config":
            from tallyboard.config import Config

            self.config = Config(self.fs)
            return self.config
        from tallyboard import app_more

        move = getattr(app_more, name, None) if name[0] != "_" else None
        if not callable(move):
            raise AttributeError(name)
        return lambda *args, **kw: move(self, *args, **kw)

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
            if len(lines) > 1 and hasattr(self.screen, "over_toast"):
                # Line 2's accents fall in line 1's page, now the undo's.
                self.screen.over_toast(self)
        self.last_bytes = self.display.show()
        # The string table this drawing's misses kept open (i18n: about
        # 1.1 KB of the board's heap while open) is closed with the screen
        # sent. (Closed by App.work instead, right after the press, the
        # in-game heap share of mp_bench's replay fell from 0.540 to 0.533:
        # the collector, conservative, then kept a module of about 4 KB
        # through the Hearts game; it depends on the stack's layout.)
        sys.modules["tallyboard.i18n"].rest()
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
            wait = None
            try:
                wait = self.work()
            except KeyboardInterrupt:
                raise
            except Exception as e:  # noqa: BLE001 - the board must keep going
                # A bug must not stop the score keeper: say so and go home;
                # every confirmed entry is already in the journal.
                self.crashed(e)
            self.keeper.sleep(wait)

    def work(self):
        """Everything due now: button events, the link, what the last
        press left for right after it (a closed game's end record, a new
        game's start record: docs/JOURNAL.md; the code a screen's OK will
        need, named by its ``loads``; in a game, the score table's), the
        journal's idle fold once the keys are quiet (its flash erase then
        falls between presses), and with power hardware the idle steps and
        the battery. Returns the ms until the journal wants to be called
        again (None: no wish)."""
        self.tick()
        if self._forget == self.presses:
            # No press since a game screen opened (next_screen): the menus'
            # code goes before the game's is loaded below.
            self._forget = None
            _forget_menus()
        loads = getattr(self.screen, "loads", None)
        if loads is None and self.game is not None and "tallyboard.ui.entry" in sys.modules:
            # A game's screens are up (the home menu forgets them, a paused
            # game included) and every hand ends on the score table: its
            # code is loaded during the first hand, not by the press that
            # ends it (about 16 ms on a Pico; it stays for the game anyway).
            loads = "tallyboard.ui.table"
        if loads is not None and loads not in sys.modules:
            # A screen that names the code its OK will need (the new-game
            # form: the entry screens every game opens with; the home menu:
            # that form's) has it loaded here, while the players choose, not
            # by that press (about 30 ms on a Pico; the form then holds their
            # ~6 KB, docs/PICO_BUDGET.md).
            _screens_of(loads)
        if self._pending is not None:
            # Left by the event just handled, its screen already sent: a
            # closed game's end record (app_more.finish, ui.home.close_game).
            self.finish()
        wait = self.journal.idle(self.presses, self.clock.ticks_ms())
        if self.keeper is not None:
            self.keeper.work()
        return wait

    # ----- where a game stands ------------------------------------------------

    def next_screen(self, preset=None):
        """Go to the screen for what the game expects next."""
        g = self.game
        if g is None:
            self.go_home()
            return
        if "tallyboard.app_more" in sys.modules or "tallyboard.ui.menu" in sys.modules:
            # A game is on screen: the menus' code can go until BACK, and
            # the core's that they (or an undo) loaded: by the app's loop
            # right after this press (work), not in it (some 5 Pico ms).
            self._forget = self.presses
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
                self.go(self.keep(_screens_of("tallyboard.ui.entry").TrumpEntry))
                return
            if g.settings["bidding"] != "open":
                if g.kind == "bid":
                    if self._ready != hand * 64 + g.seat:
                        from tallyboard.ui.private import PassScreen

                        self.go(PassScreen(g.seat))
                        return
                    preset = None  # never show an undone private bid
                elif g.kind == "tricks" and g.current.count("tricks") == 0 and self._revealed != hand:
                    from tallyboard.ui.private import RevealScreen

                    self.go(self.keep(RevealScreen))
                    return
        self.go(_screens_of("tallyboard.ui.entry").for_step(self, preset))

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
        screens = _screens_of("tallyboard.ui.entry")
        return screens._reuse(screens.NumberEntry, self, self.game, None)

    def keep(self, cls):
        """The one screen of class ``cls`` (no state of its own) kept for
        the app's life: a new one every hand is garbage."""
        screen = self.pickers.get(cls)
        if screen is None:
            screen = self.pickers[cls] = cls()
        return screen

    def refuse(self, message, back=None):
        """Show why something was refused; OK returns to ``back`` (default:
        the current screen, as it was: nothing entered is lost)."""
        from tallyboard.ui.message import Message

        back = back or self.screen
        self.go(Message(t("refused"), message, lambda app: app.go(back)))

    # ----- changes: core first, then the journal ------------------------------

    def enter(self, kind, seat, value):
        """Enter one confirmed value; returns True when it was accepted."""
        g = self.game
        while True:
            try:
                done = g.enter(kind, seat, value)
            except RuleError as e:
                # The rule in the players' language (rare in a game: the words
                # are loaded for it, app_more.failure).
                self.refuse(self.failure(e))
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
                self.show_table(_close_game if g.finished else App.next_screen, None if g.finished else _menu, None, True, not g.finished)
                return True
            # With smart defaults on, a tricks or hearts value that can only be
            # one number (the last seat's, or 0 once nothing is left) is entered
            # at once: asking for it would be a press that decides nothing. Not
            # the step an undo has just reopened: the players check it
            # themselves rather than have it filled in behind their back.
            # (Entered by this loop, not a call of enter: on the board a call
            # of a function this big gets its frame from the heap.)
            value = _screens_of("tallyboard.ui.entry").defaults.forced(g) if self.smart else None
            kind = g.kind
            seat = g.seat
            keep = self._no_auto
            if value is None or (keep is not None and keep[0] == g.hand_number and keep[1] == kind and keep[2] == seat):
                self.next_screen()
                return True

    def show_table(self, on_ok, on_back, index=None, undo=True, ask=False):
        """The score table (one screen object reused for every hand, kept
        with the pickers); once
        the game is over, the final standings first. ``ask``: the table
        also asks the next hand's first question (see TableScreen)."""
        if self.game.finished and index is None:
            from tallyboard.ui.final import FinalScreen

            self.go(FinalScreen(self, on_ok, undo))
            return
        cls = _screens_of("tallyboard.ui.table").TableScreen
        table = self.pickers.get(cls)
        if table is None:
            table = self.pickers[cls] = cls(self, on_ok, on_back, index, undo, ask)
        else:
            table.reset(self, on_ok, on_back, index, undo, ask)
        self.go(table)

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
        # The hand and seat as one number (hand * 64 + seat): comparing it
        # on every press then makes no tuple.
        self._ready = self.game.hand_number * 64 + seat
        self.next_screen()

    def revealed(self):
        """The bids of this round have been shown together."""
        self._revealed = self.game.hand_number
        self.next_screen()


def _forget_menus():
    # (App.work.) A function of its own, not inline: called from the
    # loop's frame, the unloads left a module's address in a stack slot
    # that the collector (conservative) still scanned after the press,
    # keeping a menu module (about 4 KB) through a game (mp_bench replay).
    unload_all(MENU_MODULES)
    unload_all(CORE_MODULES, "tricktally.")


# The score table's callbacks take the app (OK: App.next_screen itself).
def _menu(app):
    app.game_menu()


def _close_game(app):
    # Game over, seen (the final table's OK): ui.home's, which this press
    # loads for the home menu anyway; app.close_game would load app_more
    # too (about 25 ms on a Pico: the loop loads it after the press).
    from tallyboard.ui.home import close_game

    close_game(app)


# ----- the serial link, loaded when the PC first speaks ------------------------
# Most of a board's life has no PC attached: LinkOnDemand polls the stream
# itself and imports the protocol server (tallyboard.link and
# tallyboard.frames, about 12 KB of RAM) only when the first bytes arrive;
# from then on it hands every poll to the link, those first bytes included.


class LinkOnDemand:
    """``poll()`` like tallyboard.link.Link; ``make(stream)`` builds the
    Link on the first bytes read from ``stream`` (read_available/write)."""

    def __init__(self, stream, make):
        self.stream = stream
        self.write = stream.write  # the link writes straight to the stream
        self.make = make
        self._pending = b""
        self.link = None

    def read_available(self):
        """The stream seen by the link: the bytes that woke it, then the rest."""
        if self._pending:
            data = self._pending
            self._pending = b""
            return data
        return self.stream.read_available()

    def poll(self):
        """Answer the PC if it has spoken; never blocks. Returns True if any
        byte was received."""
        if self.link is None:
            data = self.stream.read_available()
            if not data:
                return False
            self._pending = data
            home = sys.modules.get("tallyboard.ui.home")
            if home is not None:
                home.link_up()  # the home menu's preloaded form makes room
            self.link = self.make(self)
        return self.link.poll()
