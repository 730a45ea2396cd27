# SPDX-License-Identifier: MIT
"""The games on the board: their list (with the room left), and deleting a
game. A game the PC already has goes at once; one it does not have asks
twice and says so (DESIGN.md: nothing confirmed is lost without asking).
After a delete the board says how much room is left. Loaded only when the
list opens (which game "Resume" opens is in resume.py)."""

from tallyboard.i18n import t
from tallyboard.journal.files import LOW_SPACE
from tallyboard.ui import widgets
from tallyboard.ui.menu import Menu
from tallyboard.ui.message import Message

GAME_KEYS = {"spades": "g_spades", "wizard": "g_wizard", "hearts": "g_hearts"}
GAME_BYTES = 6000  # a typical game's journal, until the board holds some
MANY = 99


def room_left(app):
    """How many more games fit, from the free flash and the size of the
    games already kept (None when the flash cannot tell)."""
    journal = app.journal
    free = journal.space()[0]
    if free is None:
        return None
    # The average journal on the board (the sizes are kept: no replay).
    sizes = 0
    count = 0
    for gid in journal.ids():
        sizes += journal.size(gid)
        count += 1
    per_game = sizes // count if count and sizes // count > 1000 else GAME_BYTES
    usable = free - LOW_SPACE
    return usable // per_game if usable > 0 else 0


def room_text(app):
    """ "Room for about 40 more games", "Room for 1 more game", "No room
    for another game" (number grammar in each language)."""
    n = room_left(app)
    if n is None:
        return ""
    if n == 0:
        return t("room_none")
    if n == 1:
        return t("room_one")
    return t("room_n").format("%d+" % MANY if n > MANY else n)


def _room_short(n):
    # The room left as the games list's title says it: "room 40", "no room".
    if n == 0:
        return t("room_short_none")
    if n == 1:
        return t("room_short_one")
    return t("room_short").format("%d+" % MANY if n > MANY else n)


def games_menu(app, cursor=0):
    """Every game on the board, newest first ("*" marks unfinished ones),
    and the room left in the title; OK on one opens it or deletes it."""
    stored = app.stored_games()
    items = []
    for s in stored:
        # A game resumed at boot may have finished since: ask its live game.
        finished = s.finished or (s.game is not None and s.game.finished)
        mark = " " if finished else "*"
        head = "%s%d %s " % (mark, s.game_id, t(GAME_KEYS[s.name]))
        # The players as many as the line holds: the names are cut, never
        # the game (the one rule, widgets.clip).
        items.append(head + widgets.clip(",".join(s.players), widgets.W - 2 - len(head) * 6))
    if not items:
        items.append(t("no_games"))
    title = t("games")
    room = room_left(app)
    if room is not None:
        title = "%s  %s" % (title, _room_short(room))

    def pick(app, i):
        if not stored:
            return
        app.go(game_actions(app, stored[i], lambda app: app.go(games_menu(app, i))))

    return Menu(title, items, pick, lambda app: app.go_home(), cursor)


def game_actions(app, stored, back):
    """OK on a game in the list: open it (resume, or its final standings)
    or delete it."""
    finished = stored.finished or (stored.game is not None and stored.game.finished)
    items = [t("final") if finished else t("resume"), t("delete")]

    def pick(app, i):
        if i == 0:
            if finished:
                app.view_finished(stored)
            else:
                app.open_game(stored)
        else:
            delete(app, stored.game_id, back)

    return Menu(t("game_n").format(stored.game_id), items, pick, back)


def delete(app, game_id, back):
    """Delete ``game_id``: at once when the PC has it all, else after two
    questions that say it is not on a PC yet."""
    journal = app.journal
    if journal.synced(game_id) >= journal.size(game_id):
        _gone(app, game_id, False, back)
        return

    def second(app, i):
        if i == 1:
            _gone(app, game_id, True, back)
        else:
            back(app)

    def first(app, i):
        if i == 1:
            app.go(Menu(t("delete_sure"), [t("keep_it"), t("delete_yes")], second, back))
        else:
            back(app)

    app.go(Menu(t("not_on_pc"), [t("keep_it"), t("delete_anyway")], first, back))


def _gone(app, game_id, force, back):
    try:
        app.journal.delete(game_id, force)
    except (OSError, ValueError) as e:
        text = app.failure(e)
        app.go(Message(t("refused"), text, back))
        return
    app.forget(game_id)
    if app.game_id == game_id:
        app.game = None
        app.game_id = None
    app.go(Message(t("deleted"), room_text(app), back))
