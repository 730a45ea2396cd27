# SPDX-License-Identifier: MIT
"""Home (new game, resume, games on the board, players, settings) and the
game menu opened with BACK during a game (the list of stored games is in
games.py).

The way home is here too (``go_home``, ``close_game``, ``unfinished``: the
app's methods of those names call them): the press that ends a game loads
this module for the home menu anyway, and then loads no tallyboard.moves
(the loop loads it after the press, moves.finish)."""

import sys

import tallyboard
from tallyboard.i18n import t
from tallyboard.ui.menu import Menu

# The game's screens, forgotten on the home menu (go_home): names under
# tallyboard, one string.
GAME_MODULES = "ui.hand ui.entry ui.table ui.defaults ui.final ui.undo ui.moon ui.private ui.first_card ui.seats ui.bid_line ui.trump"


# The home menu made last while it asks for the form (link_up stops it).
_asking = None


def go_home(app):
    """The home menu (the game screens' code can go meanwhile)."""
    if app.pickers or "tallyboard.ui.entry" in sys.modules:
        # Coming back from a game: its screens (and the ones the app keeps) go.
        app.pickers = {}
        tallyboard.unload_all(GAME_MODULES)
    if app.game_id is None:
        # A game over (closed, or a finished one viewed): nothing needs it
        # now, and it would keep its rules module's code in RAM.
        app.game = None
    if app._pending is None:
        # The rules no game holds go. (A game this press closed: the loop
        # has moves.finish forget them right after it, so that the press
        # loads no tallyboard.moves.)
        app.forget_rules()
    # A game's end, a deletion or the PC's sync used the journal's rarer
    # operations: the menus and the next game's form need none of them.
    app.journal.rest()
    app.go(home(app))
    if app._pending is None and "tricktally.game" not in sys.modules:
        # A board with no game yet (a fresh flash: boot replayed none):
        # the core's game code is loaded by the loop after this press, not
        # by the press that starts a game (about 15 ms on a Pico). It stays,
        # as it does once a game was played or replayed at boot.
        app._pending = ()


def close_game(app):
    """Game over, seen (the final table's OK, tallyboard.app._close_game):
    home at once; the end record (no undo after it) follows in the app's
    loop after the press (moves.finish)."""
    if app._pending is not None:
        app.finish()  # an earlier one the loop has not ended yet
    if app.game_id is not None:
        app._pending = (app.game_id, app.game)
    app.game_id = None
    go_home(app)


def link_up():
    """The PC has spoken (app.LinkOnDemand, once a boot, with this module
    loaded): the link and its frames (about 12 KB) take the room of the
    new game's form and its rules table, which the home menu has the loop
    load (home); the press that opens the form loads them again.
    Not while the settings' code holds them: that would be a second copy.
    (Here, not in tallyboard.app, which a game keeps in RAM.)"""
    global _asking
    if _asking is not None:
        _asking.loads = None
        _asking = None
    if "tallyboard.ui.settings" not in sys.modules and "tallyboard.config_store" not in sys.modules:
        tallyboard.unload("tallyboard.ui.setup")
        tallyboard.unload("tricktally.settings")


def unfinished(app):
    """The newest game that has not finished, or None."""
    best = None
    for s in app._stored:
        if not s.finished and s.game is not None and not s.game.finished:
            if best is None or s.game_id > best.game_id:
                best = s
    return best


def home(app):
    """The home menu; "resume" shows only when a game is unfinished."""
    global _asking
    actions = []
    items = []
    if unfinished(app) is not None:
        items.append(t("resume"))
        actions.append(_resume)
    items.append(t("new_game"))
    actions.append(_new_game)
    items.append(t("games"))
    actions.append(_games)
    items.append(t("players"))
    actions.append(_players)
    items.append(t("settings"))
    actions.append(_settings)

    def pick(app, i):
        actions[i](app)

    menu = Menu(t("title"), items, pick)
    if "tallyboard.link" not in sys.modules:
        # The new game's form, loaded by the app's loop while the players
        # choose (App.work), not by the press that opens it (about 17 ms
        # on a Pico): the home menu has the heap to spare, and the form
        # holds it anyway. Not with the PC's link loaded: its ~12 KB take
        # that room (link_up).
        menu.loads = "tallyboard.ui.setup"
        _asking = menu
    return menu


def _resume(app):
    from tallyboard.ui.resume import ResumeScreen

    app.go(ResumeScreen(app))


def _new_game(app):
    from tallyboard.ui import setup

    app.go(setup.new_game_form(app))
    # This module's code can go while the form is up (BACK loads it again):
    # room for the entry screens, which the loop loads meanwhile.
    tallyboard.unload(__name__)


def _players(app):
    from tallyboard.ui import roster

    app.go(roster.roster_menu(app))


def _settings(app):
    from tallyboard.ui import settings

    app.go(settings.settings_menu(app))


def _games(app):
    from tallyboard.ui.games import games_menu

    app.go(games_menu(app))


def game_menu(app):
    """BACK during a game: scores, undo, amend, trump (Wizard), home."""
    g = app.game
    items = []
    actions = []
    if g.kind == "hearts" and not g.current.total("hearts"):
        # First, before any hearts are in: a moon hand in three presses.
        items.append(t("moon"))
        actions.append(_moon)
    items.extend((t("scores"), t("undo"), t("amend_round") if g.NAME == "wizard" else t("amend")))
    actions.extend((_scores, _undo, _amend))
    if g.NAME == "wizard" and g.current is not None and g.current.index < g.hand_count() - 1:
        items.append(t("trump"))
        actions.append(_trump)
    items.append(t("home"))
    actions.append(go_home)

    def pick(app, i):
        actions[i](app)

    return Menu(t("menu"), items, pick, lambda app: app.next_screen(), 0, _undo)


def _moon(app):
    from tallyboard.ui.moon import moon_picker

    app.go(moon_picker(app))


def _scores(app):
    from tallyboard.ui.table import TableScreen

    if not app.game.hands:
        app.next_screen()
        return
    app.go(TableScreen(app, lambda app: app.next_screen(), lambda app: app.game_menu()))


def _undo(app):
    app.undo()


def _amend(app):
    from tallyboard.ui import amend

    app.go(amend.hand_menu(app))


def _trump(app):
    from tallyboard.ui.trump import TrumpEntry

    app.go(TrumpEntry())
