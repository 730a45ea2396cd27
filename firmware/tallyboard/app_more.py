# SPDX-License-Identifier: MIT
"""The app's moves off the game loop: start-up, the games list, starting
a game, and the rarer moves of a game (undo, amend, a failed write, the
game menu). The way home (go_home, unfinished, a game closed) is
tallyboard.ui.home's: the moves of those names here hand on.

They are ``App`` methods taking the app first: ``app.start_game(...)``
finds ``start_game(app, ...)`` here through ``App.__getattr__``, so every
public callable of this module is such a move (the names it uses from
other modules are reached through those modules). The module is loaded on
first use and forgotten, like the menus' screens, when a game screen opens
(``App.next_screen``; the app's loop unloads them right after that press):
a game in play keeps only the loop in tallyboard.app in RAM.
"""

import sys

import tricktally
import tallyboard
from tallyboard import i18n, text
from tallyboard.ui import widgets


class _Live:
    """A game started since boot, listed like the journal's Stored
    (``game_id``, ``game``, ``created``, ``damage``, ``name``, ``players``,
    ``finished``). No methods: an instance in the app's list must not keep
    this module in RAM during the game."""


def start(app, display, buttons, fs, clock, link, device_id, rng, smart, power):
    """``App.__init__``: the app's state, the boot, the first screen."""
    app.display = display
    app.fb = display.fb
    app.buttons = buttons
    app.fs = fs
    app.clock = clock
    app.device_id = device_id
    app.rng = rng
    app.smart = smart
    app.power = power
    app.keeper = None
    notes = boot(app, power)  # the journal, the language, damage found
    app.link = link(app) if callable(link) and not hasattr(link, "poll") else link
    app.game = None
    app.game_id = None
    app.names = []
    app.side_names = []
    app.order = []
    app._order_hand = None
    app._ready = None  # the private bid shown: hand * 64 + seat
    app._revealed = None
    app._trump_asked = None
    app.screen = None
    app.pickers = {}  # screen class -> the one screen reused: each picker, the score table
    app.last_bytes = 0
    app.presses = 0
    app.toast = None  # what an undo took back, shown until the next press
    app.toast_lines = None
    app._no_auto = None  # (hand, kind, seat) not to fill in again after an undo
    # What a press left for the app's loop right after it (finish): a
    # closed game (game id, game), or () for the core's game code.
    app._pending = None
    app._forget = None  # the press that opened a game screen: the menus go after it (App.work)
    app.played = {}  # game id -> epoch seconds of its last entry since boot
    app.initials = None  # names cut to the entry rows' columns (ui.entry makes them)
    show_boot(app, notes)
    app.redraw()
    if app.keeper is not None:
        app.keeper.start()  # the battery gauge, its mark, a first warning


def boot(app, power):
    """Start-up: settings, language and contrast, the power hooks, the
    journal's boot; returns what damage it found, worded for the screen
    (or None)."""
    from tallyboard.journal import Journal

    config = app.config
    i18n.use(config.language)
    app.display.contrast(config.contrast)
    if power is not None:
        from tallyboard.keeper import Keeper

        app.keeper = Keeper(app, power)
    app.journal = Journal(app.fs, app.clock)
    app._stored = app.journal.boot()
    notes = None
    if app.journal.notices or config.problem_kind or [s for s in app._stored if s.note]:
        # The English notes stay for the PC; the screen's come from the
        # language table (tallyboard.notes, loaded for this only).
        from tallyboard import notes as words

        notes = words.boot_text(app._stored, app.journal.notices, config.problem_kind)
        tallyboard.unload("tallyboard.notes")
    return notes


def show_boot(app, notes):
    """The first screen: the unfinished game, else home; any damage the
    journal found at boot is said first."""
    ref = unfinished(app)
    if ref is not None:
        open_game(app, ref)
    else:
        go_home(app)
    if notes:
        from tallyboard.ui.message import Message

        then = app.screen
        app.go(Message(i18n.t("damage"), notes, lambda app: app.go(then)))


def serve(app):
    """One pass of ``run``'s loop (without its guard): ``work``, then
    ``sleep``. Returns the ms slept (None: until woken; 0: no sleep)."""
    return app.keeper.sleep(app.work())


def sleep(app):
    """Sleep until a button, the PC or the next idle step (needs power
    hardware); returns the ms slept (None: until woken)."""
    return app.keeper.sleep()


def crashed(app, e):
    """``run`` caught ``e``: say so in words (every entry is kept; how to
    go on) and go home. The error itself is the PC's business, not the
    players'."""
    from tallyboard.ui.home import home

    app.refuse(i18n.t("internal_error"), home(app))
    app.redraw()


# ----- games on the board ----------------------------------------------------


def stored_games(app):
    """Stored games, newest first (the current game's state included)."""
    out = list(app._stored)
    out.sort(key=lambda s: -s.game_id)
    return out


def unfinished(app):
    """The newest game that has not finished, or None (ui.home's)."""
    from tallyboard.ui.home import unfinished

    return unfinished(app)


def open_game(app, stored):
    """Make ``stored`` (a journal Stored) the current game and go to the
    screen where it stood."""
    use_game(app, stored.game_id, stored.game)
    app.next_screen()


def use_game(app, game_id, g):
    """Make ``g`` the app's game: the names as the screens show them."""
    app.game = g
    app.game_id = game_id
    # Whole names (a name is 10 characters at most, 60 px): each screen
    # cuts one only where its line cannot hold it (widgets.clip).
    app.names = [widgets.clip(p, 60) for p in g.players]
    app.initials = None
    app.side_names = []
    for side in g.sides:
        # A side of one is its player's name, not a new string.
        app.side_names.append(g.players[side[0]] if len(side) == 1 else "+".join([g.players[s] for s in side]))
    app._order_hand = None
    app._ready = None
    app._revealed = None
    app._trump_asked = None


def forget(app, game_id):
    """Drop a deleted game from the games the board lists."""
    app._stored = [s for s in app._stored if s.game_id != game_id]


def view_finished(app, stored):
    """Show the final table of a finished game (OK back to the list)."""
    g = stored.game
    if g is None:
        from tallyboard import notes

        note = notes.journal_note(stored.note) if stored.note else "?"
        tallyboard.unload("tallyboard.notes")
        from tallyboard.ui.message import Message

        app.go(Message(i18n.t("damage"), note, lambda app: app.go_home()))
        return
    use_game(app, None, g)
    from tallyboard.ui.final import FinalScreen

    app.go(FinalScreen(app, lambda app: app.go_home(), undo=False))


def start_game(app, name, players, first_dealer, settings, back=None, room_made=False):
    """Create a game with the core and journal its start (after making
    room on the flash when it runs low)."""
    if app.keeper is not None and app.keeper.refuses_new_game():
        # Power hook: flat cells must not start a game they cannot finish.
        app.refuse(i18n.t("battery_critical"), back)
        return
    forget_rules(app)  # the rules of games over go before the new game's come
    try:
        g = tricktally.new_game(name, players, first_dealer, settings)
    except tricktally.RuleError as e:
        app.refuse(i18n.explain(e, app.names), back)
        return
    free = None if room_made else app.fs.free()  # journal_ops.space, not loaded for this press
    if free is not None and free < sys.modules["tallyboard.journal"].LOW_SPACE:
        # Loaded only when needed: the board's RAM is short too.
        from tallyboard.ui.space import before_new_game

        before_new_game(app, lambda app: app.start_game(name, players, first_dealer, settings, back, True), back)
        return
    created = app.clock.time()
    # The id Journal.new_game will give the game; its start record right
    # after this press (Journal.__getattr__ writes it; idle asks), so the
    # press loads none of the journal's rarer code. (The search is
    # journal_ops.new_game's: a method of Journal, which a game keeps in
    # RAM, cost the in-game heap share its margin.)
    j = app.journal
    try:
        if j._pending is not None:
            j.ids()  # a game begun before: any journal call writes its start
        gid = j._next
        while app.fs.exists("g%04d.tj" % gid):  # journal_ops.game_file
            gid += 1
        j._next = gid
        j._pending = (gid, g, created)
    except (OSError, ValueError) as e:
        app.refuse(failure(app, e), back)
        return
    live = _Live()
    live.game_id = gid
    live.game = g
    live.created = created  # the time the journal's start record holds
    live.damage = None
    live.name = g.NAME
    live.players = g.players
    live.finished = False  # until close_game lists it from the journal
    app._stored.append(live)
    use_game(app, gid, g)
    app.next_screen()


def game_menu(app):
    """The menu BACK opens during a game."""
    from tallyboard.ui.home import game_menu

    app.go(game_menu(app))


def go_home(app):
    """The home menu (ui.home's go_home: the way home is there)."""
    from tallyboard.ui.home import go_home

    go_home(app)


def forget_rules(app):
    """Forget the rules module (tricktally.spades, ...) of every kind of
    game that no Game object on the board holds any more: a board that
    played Spades then Wizard needs no Spades rules in the Wizard game.
    A kind with a live game (the app's, a paused one) keeps its module: a
    Game keeps its class, and so its module's code, whatever sys.modules
    says, and importing it again would load a second copy."""
    live = []
    if app.game is not None:
        live.append(app.game.NAME)
    for s in app._stored:
        # _Live.game, or the journal's Stored._game (its ``game`` would
        # replay a finished game from the flash, loading its rules again).
        g = s._game if hasattr(s, "_journal") else s.game
        if g is not None:
            live.append(g.NAME)
    for name in tricktally.GAME_NAMES:
        if name not in live:
            name = "tricktally." + name
            if name in sys.modules:  # most are not (a new game's press)
                tallyboard.unload(name)


def failure(app, e):
    """Why a write or a setting failed (``e``: an OSError, a RuleError, a
    config_store.ConfigError, a JournalError) in the board's language; the
    exception's English text is for the PC, never the screen."""
    from tallyboard import notes

    line = notes.refusal(e, app.names)
    tallyboard.unload("tallyboard.notes")
    return line


def set_language(app, code):
    """Switch every screen to language ``code`` and keep it."""
    app.config.set_language(code)
    i18n.use(code)


# ----- the rarer moves of a game ---------------------------------------------


def undo(app, confirmed=False):
    """Take back the last entry (core, then journal) and go back to it; the
    title bar then says what was taken back. Taking back the entry that
    completed a hand reopens that hand: the players are asked first
    (``confirmed`` is their yes)."""
    g = app.game
    if g is None or app.game_id is None or not g.can_undo():
        app.refuse(i18n.t("nothing_undo"))
        return
    guess = g.last_entry()
    # Loaded on the first undo only (a game module: forgotten at home).
    from tallyboard.ui import undo as undo_screens

    if not confirmed and undo_screens.reopens(g, guess):
        undo_screens.ask_reopen(app, guess)
        return
    trump_before = g.current.get("trump") if g.current is not None and g.NAME == "wizard" else None
    # The journal first: the core cannot redo, but an undo it allows
    # always succeeds. A failed write leaves both as they were.
    try:
        app.journal.undo(app.game_id)
    except (OSError, ValueError) as e:
        app.refuse(failure(app, e))
        return
    g.undo()
    app._ready = None
    app._revealed = None
    if g.NAME == "wizard" and g.current is not None and g.current.get("trump") != trump_before:
        app._trump_asked = None
    preset = None
    if guess is not None and g.kind == guess[0] and g.seat == guess[1] and g.value(g.kind, g.seat) is None:
        preset = guess[2]
        # Shown again to be checked: not filled in again behind their back.
        app._no_auto = (g.hand_number, g.kind, g.seat)
    app.next_screen(preset)
    say(app, undo_screens.undone(app, g, guess))


def say(app, line):
    """Show ``line`` over the title bar (two lines at most) until the next press."""
    app.toast = line
    app.toast_lines = None
    if line:
        room = widgets.W - 2
        if text.width(line) <= room:
            app.toast_lines = [line]
        else:
            # Broken at the last space the first line holds, never before
            # a French colon or question mark, nor after a suit's sign
            # ("♥ Copas"); a word more goes down when the second line
            # would hold one word alone (the sentences fit two lines: the
            # language test).
            n = room // text.SMALL.advance
            cut = line.rfind(" ", 0, n + 1)
            while cut > 0 and not _breaks(line, cut):
                cut = line.rfind(" ", 0, cut)
            if line.find(" ", cut + 1) < 0:
                before = line.rfind(" ", 0, cut)
                if before > 0 and len(line) - before - 1 <= n and _breaks(line, before):
                    cut = before
            app.toast_lines = [line[:cut], line[cut + 1:]]


def _breaks(line, i):
    # Whether the line may break at its space ``i``: not before a French
    # colon or question mark, not after a suit's sign ("♥ Copas").
    return line[i + 1] not in ":;?!" and line[i - 1] not in "\u2660\u2665\u2666\u2663"


def amend(app, index, data, back=None):
    """Replace complete hand ``index`` with ``data`` (core, then journal)."""
    g = app.game
    try:
        g.amend(index, data)
    except tricktally.RuleError as e:
        app.refuse(i18n.explain(e, app.names), back)
        return
    try:
        app.journal.amend(app.game_id, index, data)
    except (OSError, ValueError) as e:
        g.undo()
        app.refuse(failure(app, e), back)
        return
    app._order_hand = None
    from tallyboard.app import App, _menu

    app.show_table(App.next_screen, _menu, index)


def finish(app):
    """What a press left for ``App.work`` (the board's loop) to do right
    after it, once its screen is sent: the rest of ui.home's
    ``close_game`` (the end record closes the journal and its last fold
    makes the game one file again: a flash erase, not inside the press),
    or the core's game code loaded on a board with no game yet
    (ui.home's ``go_home``)."""
    job = app._pending
    app._pending = None
    if not job:
        __import__("tricktally.game")  # (go_home)
        return
    gid, g = job
    try:
        app.journal.end(gid)
    except (OSError, ValueError):
        pass
    # From now on the game is listed from the journal (replayed when
    # opened), so its Game object, every hand, does not stay in RAM: nor
    # does its rules module, unless another game needs it.
    app._stored = [app.journal.stored(gid, g) if s.game_id == gid else s for s in app._stored]
    forget_rules(app)
    app.journal.rest()


def describe(app):
    """One line naming the screen and its state (simulator, tests): from
    tallyboard.describe, loaded for it (a board never asks)."""
    from tallyboard.describe import describe

    return describe(app)
