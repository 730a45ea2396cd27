# SPDX-License-Identifier: MIT
"""The app's moves off the game loop: start-up, the games list, starting
a game, and the rarer moves of a game (undo, amend, a failed write, the
language). Functions taking the app first, each offered by ``App``
(tallyboard.app) as a method of the same name that loads this module: a
game in play keeps only the loop in RAM, as this module is forgotten with
the menus' screens when a game screen opens (``App.work``).
"""

import sys

import tricktally
import tallyboard
from tallyboard import i18n, text
from tallyboard.journal.files import LOW_SPACE, Stored
from tallyboard.ui import widgets


def start(app, link):
    """``App.__init__``: the boot, the link, the first screen."""
    notes = boot(app)  # the journal, the language, damage found
    app.link = link(app) if callable(link) and not hasattr(link, "poll") else link
    show_boot(app, notes)
    app.redraw()
    if app.keeper is not None:
        app.keeper.start()  # the battery gauge, its mark, a first warning


def boot(app):
    """Start-up: settings, language and contrast, the power hooks, the
    journal's boot; returns what damage it found, worded for the screen
    (or None)."""
    from tallyboard.config import Config
    from tallyboard.journal.journal import Journal

    config = app.config = Config(app.fs)
    i18n.use(config.language)
    app.display.contrast(config.contrast)
    if app.power is not None:
        from tallyboard.keeper import Keeper

        app.keeper = Keeper(app, app.power)
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
    ref = app.unfinished()
    if ref is not None:
        open_game(app, ref)
    else:
        app.go_home()
    if notes:
        from tallyboard.ui.message import Message

        then = app.screen
        app.go(Message(i18n.t("damage"), notes, lambda app: app.go(then)))


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
        app.refuse(failure(app, e), back)
        return
    free = None if room_made else app.fs.free()  # (not the journal's space: games.py is not loaded)
    if free is not None and free < LOW_SPACE:
        # Loaded only when needed: the board's RAM is short too.
        from tallyboard.ui.space import before_new_game

        before_new_game(app, lambda app: app.start_game(name, players, first_dealer, settings, back, True), back)
        return
    created = app.clock.time()
    try:
        gid = app.journal.begin(g, created)
    except (OSError, ValueError) as e:
        app.refuse(failure(app, e), back)
        return
    # Listed as boot lists an unfinished game (finish lists it anew).
    live = Stored(app.journal, gid)
    live._game = g
    live.created = created  # the time the journal's start record holds
    live.name = g.NAME
    live.players = g.players
    live.finished = False
    app._stored.append(live)
    use_game(app, gid, g)
    app.next_screen()


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
        # A live game (``s.game`` would replay a finished one from the
        # flash, loading its rules again).
        g = s._game
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
        app.refuse(failure(app, e), back)
        return
    try:
        app.journal.amend(app.game_id, index, data)
    except (OSError, ValueError) as e:
        g.undo()
        app.refuse(failure(app, e), back)
        return
    app._order_hand = None
    app.show_table(index)


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
        # The core's game code, on a board with no game yet (ui.home.go_home).
        from tricktally import game  # noqa: F401

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
