# SPDX-License-Identifier: MIT
"""The board application: boots the journal, resumes the unfinished game and
turns button events into confirmed entries and screens.

Navigation lives in the screens (tallyboard.ui); the rules live in the core:
``enter`` asks the core first (a refused entry shows the core's reason and
changes nothing), then journals the entry. Every event ends with one
``display.show()``, which sends only what changed.

This module is the game loop, kept in RAM for the app's life. The moves
off that loop (start-up, the menus, starting a game, undo, amend) are in
tallyboard.moves, loaded when first used and forgotten while a game is on
screen; the way home is tallyboard.ui.home's. ``App`` has a method for
each, which loads its module.

``LinkOnDemand`` (below) is the serial link the loop serves, loaded when
the PC first speaks.
"""

import sys

from tricktally import RuleError
from tallyboard import i18n, text, unload_all
from tallyboard.ui import widgets

FIRMWARE_VERSION = "0.1.0"

# The menus' modules (their screens, the message screen their forms
# import, the moves, settings and language code they use), forgotten while
# a game is on screen: names under tallyboard. The game's screens, forgotten
# on the home menu, are tallyboard.ui.home.GAME_MODULES.
MENU_MODULES = ("ui.setup ui.home ui.menu ui.roster ui.settings ui.rule_rows ui.amend ui.space ui.games ui.choose"
                " ui.resume ui.message moves config_store lang_file")
# The rules core's modules loaded on use (settings for a new game and the
# menus' forms, undo, amend, the record form, the English refusals),
# forgotten with the menus: nothing a game keeps refers to them.
CORE_MODULES = "settings undo amend record messages"


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
        self.display = display
        self.fb = display.fb
        self.buttons = buttons
        self.fs = fs
        self.clock = clock
        self.device_id = device_id
        self.rng = rng
        self.smart = smart
        self.power = power
        self.keeper = None  # tallyboard.keeper.Keeper with power hardware
        self.config = None  # tallyboard.config.Config, read at boot
        self.journal = None  # tallyboard.journal.journal.Journal, booted at start
        self._stored = []  # every game on the board: the journal's Stored
        self.link = None
        self.game = None
        self.game_id = None
        self.names = []
        self.side_names = []
        self.initials = None  # names cut to the entry rows' columns (ui.entry makes them)
        self.order = []
        self._order_hand = None
        self._ready = None  # the private bid shown: (hand, seat)
        self._revealed = None
        self._trump_asked = None
        self.screen = None
        self.pickers = {}  # screen class -> the one screen reused: each picker, the score table
        self.last_bytes = 0
        self.presses = 0
        self.toast = None  # what an undo took back, shown until the next press
        self.toast_lines = None
        self._no_auto = None  # (hand, kind, seat) not to fill in again after an undo
        # What a press left for the app's loop right after it (finish): a
        # closed game (game id, game), or () for the core's game code.
        self._pending = None
        self._forget = None  # the press that opened a game screen: the menus go after it (work)
        self.played = {}  # game id -> epoch seconds of its last entry since boot
        from tallyboard import moves

        moves.start(self, link)

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
        # The string table this drawing's misses kept open (its file state
        # holds heap) is closed once the screen is sent.
        i18n.rest()
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
        falls between presses), with power hardware the idle steps and
        the battery, and a club hub's link (its ``idle``). Returns the ms
        until the journal or the link wants to be called again (None: no
        wish)."""
        self.tick()
        if self._forget == self.presses:
            # No press since a game screen opened (next_screen): the menus'
            # code goes before the game's is loaded below.
            self._forget = None
            unload_all(MENU_MODULES)
            unload_all(CORE_MODULES, "tricktally.")
        loads = getattr(self.screen, "loads", None)
        if loads is None and self.game is not None and "tallyboard.ui.entry" in sys.modules:
            # A game's screens are up (the home menu forgets them, a paused
            # game included) and every hand ends on the score table: its
            # code is loaded during the first hand, not by the press that
            # ends it (it stays for the game anyway).
            loads = "tallyboard.ui.table"
        if loads is not None and loads not in sys.modules:
            # A screen that names the code its OK will need (the new-game
            # form: the entry screens every game opens with; the home menu:
            # that form's) has it loaded here, while the players choose, not
            # by that press (docs/PICO_BUDGET.md).
            __import__(loads)
        if self._pending is not None:
            # Left by the event just handled, its screen already sent: a
            # closed game's end record (moves.finish, ui.home.close_game).
            self.finish()
        wait = self.journal.idle(self.presses, self.clock.ticks_ms())
        if self.keeper is not None:
            self.keeper.work()
        idle = getattr(self.link, "idle", None)
        if idle is not None:
            # A link with times of its own (a club hub's: tallyboard.club)
            # hears of this pass's records and says when to look again.
            wait = idle(wait)
        return wait

    # ----- where a game stands ------------------------------------------------

    def next_screen(self, preset=None):
        """Go to the screen for what the game expects next."""
        g = self.game
        if g is None:
            self.go_home()
            return
        if "tallyboard.moves" in sys.modules or "tallyboard.ui.menu" in sys.modules:
            # A game is on screen: the menus' code can go until BACK, and
            # the core's that they (or an undo) loaded: by the app's loop
            # right after this press (work), not in it.
            self._forget = self.presses
        if g.finished:
            self.show_table()
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
                from tallyboard.ui.trump import TrumpEntry

                self.go(self.keep(TrumpEntry))
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
        from tallyboard.ui.entry import for_step

        self.go(for_step(self, preset))

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
        from tallyboard.ui.entry import NumberEntry

        return self.picker(NumberEntry)

    def keep(self, cls):
        """The one screen of class ``cls`` (no state of its own) kept for
        the app's life: a new one every hand is garbage."""
        screen = self.pickers.get(cls)
        if screen is None:
            screen = self.pickers[cls] = cls()
        return screen

    def picker(self, cls, preset=None):
        """The one picker of class ``cls`` (``cls(app, game, preset)``, with
        ``reset(app, game, preset)``) kept for the app's life, pointed at
        what the game expects now."""
        screen = self.pickers.get(cls)
        if screen is None:
            screen = self.pickers[cls] = cls(self, self.game, preset)
        else:
            screen.reset(self, self.game, preset)
        return screen

    def refuse(self, message, back=None):
        """Show why something was refused; OK returns to ``back`` (default:
        the current screen, as it was: nothing entered is lost)."""
        from tallyboard.ui.message import Message

        back = back or self.screen
        self.go(Message(i18n.t("refused"), message, lambda app: app.go(back)))

    # ----- changes: core first, then the journal ------------------------------

    def enter(self, kind, seat, value):
        """Enter one confirmed value; returns True when it was accepted."""
        g = self.game
        try:
            done = g.enter(kind, seat, value)
        except RuleError as e:
            # The rule in the players' language.
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
            self.show_table(ask=not g.finished)
            return True
        # With smart defaults on, a tricks or hearts value that can only be
        # one number (the last seat's, or 0 once nothing is left) is entered
        # at once: asking for it would be a press that decides nothing. Not
        # the step an undo has just reopened: the players check it
        # themselves rather than have it filled in behind their back.
        from tallyboard.ui.defaults import forced

        value = forced(g) if self.smart else None
        if value is None or self._no_auto == (g.hand_number, g.kind, g.seat):
            self.next_screen()
            return True
        return self.enter(g.kind, g.seat, value)

    def show_table(self, index=None, undo=True, ask=False):
        """The score table of hand ``index`` (default: the last one), one
        screen object reused for every hand, kept with the pickers; OK goes
        on with the game, BACK opens the game menu. Once the game is over,
        the final standings first (OK closes the game). ``ask``: the table
        also asks the next hand's first question (see TableScreen)."""
        if self.game.finished and index is None:
            from tallyboard.ui.final import FinalScreen

            self.go(FinalScreen(self, _close_game, undo))
            return
        from tallyboard.ui.table import TableScreen

        table = self.pickers.get(TableScreen)
        if table is None:
            table = self.pickers[TableScreen] = TableScreen(self, App.next_screen, _menu, index, undo, ask)
        else:
            table.reset(self, App.next_screen, _menu, index, undo, ask)
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
        self._ready = (self.game.hand_number, seat)
        self.next_screen()

    def revealed(self):
        """The bids of this round have been shown together."""
        self._revealed = self.game.hand_number
        self.next_screen()

    # ----- the way home: tallyboard.ui.home ------------------------------------

    def go_home(self):
        """The home menu (ui.home.go_home)."""
        from tallyboard.ui.home import go_home

        go_home(self)

    def game_menu(self):
        """The menu BACK opens during a game (ui.home.game_menu)."""
        from tallyboard.ui.home import game_menu

        self.go(game_menu(self))

    def unfinished(self):
        """The newest game that has not finished, or None (ui.home.unfinished)."""
        from tallyboard.ui.home import unfinished

        return unfinished(self)

    # ----- moves off the loop: tallyboard.moves, loaded when asked for --------

    def start_game(self, name, players, first_dealer, settings, back=None, room_made=False):
        """Create a game with the core and journal its start (moves.start_game)."""
        from tallyboard import moves

        moves.start_game(self, name, players, first_dealer, settings, back, room_made)

    def undo(self, confirmed=False):
        """Take back the last entry (moves.undo)."""
        from tallyboard import moves

        moves.undo(self, confirmed)

    def amend(self, index, data, back=None):
        """Replace complete hand ``index`` with ``data`` (moves.amend)."""
        from tallyboard import moves

        moves.amend(self, index, data, back)

    def failure(self, e):
        """Why a write, a setting or an entry failed, in the board's language
        (moves.failure)."""
        from tallyboard import moves

        return moves.failure(self, e)

    def finish(self):
        """What the last press left for the loop (moves.finish)."""
        from tallyboard import moves

        moves.finish(self)

    def forget_rules(self):
        """Forget the rules modules no game on the board needs (moves.forget_rules)."""
        from tallyboard import moves

        moves.forget_rules(self)

    def stored_games(self):
        """Stored games, newest first (moves.stored_games)."""
        from tallyboard import moves

        return moves.stored_games(self)

    def open_game(self, stored):
        """Make ``stored`` the current game (moves.open_game)."""
        from tallyboard import moves

        moves.open_game(self, stored)

    def view_finished(self, stored):
        """Show the final table of a finished game (moves.view_finished)."""
        from tallyboard import moves

        moves.view_finished(self, stored)

    def forget(self, game_id):
        """Drop a deleted game from the games the board lists."""
        from tallyboard import moves

        moves.forget(self, game_id)

    def set_language(self, code):
        """Switch every screen to language ``code`` and keep it (moves.set_language)."""
        from tallyboard import moves

        moves.set_language(self, code)

    def crashed(self, e):
        """``run`` caught ``e``: say so and go home (moves.crashed)."""
        from tallyboard import moves

        moves.crashed(self, e)

    def serve(self):
        """One pass of ``run``'s loop: ``work``, then sleep (power hardware)."""
        return self.keeper.sleep(self.work())

    def sleep(self):
        """Sleep until a button, the PC or the next idle step (power hardware)."""
        return self.keeper.sleep()


# The score table's callbacks take the app (OK: App.next_screen itself).
def _menu(app):
    app.game_menu()


def _close_game(app):
    # Game over, seen (the final table's OK): home, the game's end after
    # the press (ui.home).
    from tallyboard.ui.home import close_game

    close_game(app)


# ----- the serial link, loaded when the PC first speaks ------------------------
# Most of a board's life has no PC attached: LinkOnDemand polls the stream
# itself and imports the protocol server (tallyboard.link and
# tallyboard.frames) only when the first bytes arrive; from then on it
# hands every poll to the link, those first bytes included.


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
