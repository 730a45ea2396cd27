# SPDX-License-Identifier: MIT
"""Home (new game, resume, games on the board, players, settings) and the
game menu opened with BACK during a game (the list of stored games is in
games.py)."""

from tallyboard.i18n import t
from tallyboard.ui.menu import Menu


def home(app):
    """The home menu; "resume" shows only when a game is unfinished."""
    actions = []
    items = []
    if app.unfinished() is not None:
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

    return Menu(t("title"), items, pick)


def _resume(app):
    from tallyboard.ui.resume import ResumeScreen

    app.go(ResumeScreen(app))


def _new_game(app):
    from tallyboard.ui import setup

    app.go(setup.new_game_form(app))


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
    actions.append(lambda app: app.go_home())

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
