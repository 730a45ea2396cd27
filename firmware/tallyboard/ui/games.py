# SPDX-License-Identifier: MIT
"""The games on the board: their list (with the room left),
which game "Resume" opens (game, players, hand
number, when last played; LEFT/RIGHT pick among several unfinished ones),
and deleting a game. A game the PC already has goes at once; one it does
not have asks twice and says so (DESIGN.md: nothing confirmed is lost
without asking). After a delete the board says how much room is left.
Loaded only when one of these screens opens."""

from tallyboard import text
from tallyboard.buttons import LEFT, RIGHT, UP, DOWN, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.journal import LOW_SPACE
from tallyboard.ui import widgets
from tallyboard.ui.menu import Menu
from tallyboard.ui.message import Message

GAME_KEYS = {"spades": "g_spades", "wizard": "g_wizard", "hearts": "g_hearts"}
GAME_BYTES = 6000  # a typical game's journal, until the board holds some
MANY = 99


def _word(name):
    return t("round") if name == "wizard" else t("hand")


def ago(app, then):
    """ "1 min ago", "3 h ago", "2 days ago", or None when the board has no
    time (the PC sets it on sync) or no start time was kept."""
    now = app.clock.time()
    if now is None or then is None:
        return None
    s = now - then
    if s < 7200:
        return t("ago_min").format(max(1, s // 60))
    if s < 2 * 86400:
        return t("ago_h").format(s // 3600)
    return t("ago_days").format(s // 86400)


def summary(app, stored):
    """Lines about one game: "Wizard · round 3/15", the players (wrapped),
    and when it was last played (or started)."""
    g = stored.game
    line = "%s \u00b7 %s %d" % (t(GAME_KEYS.get(stored.name, "g_spades")), _word(stored.name), g.hand_number)
    if g.hand_count():
        line += "/%d" % g.hand_count()
    lines = [widgets.clip(line, widgets.W - 2)]
    lines.extend(widgets.wrap(", ".join(stored.players), widgets.W - 2))
    played = app.played.get(stored.game_id)
    when = ago(app, played) if played is not None else None
    if when is not None:
        lines.append(t("played_ago").format(when))
    else:
        when = ago(app, stored.created if hasattr(stored, "created") else None)
        if when is not None:
            lines.append(t("started_ago").format(when))
    return lines


def unfinished(app):
    """Every unfinished game, newest first."""
    out = []
    for s in app.stored_games():
        if not s.finished and s.game is not None and not s.game.finished:
            out.append(s)
    return out


class ResumeScreen:
    """Which game OK resumes, told in full; LEFT/RIGHT go through the
    unfinished games when there are several; BACK goes home."""

    def __init__(self, app):
        self.games = unfinished(app)
        # Every game's lines made once: paging allocates nothing.
        self.lines = [summary(app, s) for s in self.games]
        self.index = 0

    def key(self, app, name, kind):
        count = len(self.games)
        if name == OK and kind != LONG:
            if count:
                app.open_game(self.games[self.index])
        elif name == BACK:
            app.go_home()
        elif count and (name == LEFT or name == UP):
            self.index = (self.index - 1) % count
        elif count and (name == RIGHT or name == DOWN):
            self.index = (self.index + 1) % count

    def draw(self, app):
        fb = app.fb
        x = widgets.title(fb, t("resume"))
        count = len(self.games)
        if count > 1:
            right = widgets.W - 2
            x = widgets.draw_int_right(fb, count, right, -2, None, 0)
            w = widgets.int_width(count) + text.width("/") + widgets.int_width(self.index + 1)
            x = widgets.draw_int(fb, self.index + 1, right - w, -2, None, 0)
            text.draw(fb, "/", x, -2, text.SMALL, 0)
        if not count:
            text.draw(fb, t("no_games"), 1, widgets.line(1))
            return
        lines = self.lines[self.index]
        for i in range(min(len(lines), 5)):
            text.draw(fb, lines[i], 1, widgets.line(1 + i))
        widgets.draw_center(fb, t("resume_help_many") if count > 1 else t("resume_help"), widgets.line(7))


def room_left(app):
    """How many more games fit, from the free flash and the size of the
    games already kept (None when the flash cannot tell)."""
    journal = app.journal
    free = journal.space()[0]
    if free is None:
        return None
    sizes = 0
    finished = 0
    for gid in journal.ids():
        if journal.finished(gid):
            sizes += journal.size(gid)
            finished += 1
    per_game = sizes // finished if finished and sizes // finished > 1000 else GAME_BYTES
    usable = free - LOW_SPACE
    return usable // per_game if usable > 0 else 0


def room_text(app):
    """ "Room for about 40 more games" (number grammar in each language)."""
    n = room_left(app)
    if n is None:
        return ""
    if n == 1:
        return t("room_one")
    return t("room_n").format("%d+" % MANY if n > MANY else n)


def games_menu(app, cursor=0):
    """Every game on the board, newest first ("*" marks unfinished ones),
    and the room left in the title; OK on one opens it or deletes it."""
    stored = app.stored_games()
    items = []
    for s in stored:
        # A game resumed at boot may have finished since: ask its live game.
        finished = s.finished or (s.game is not None and s.game.finished)
        mark = " " if finished else "*"
        items.append(widgets.clip("%s%d %s %s" % (mark, s.game_id, t(GAME_KEYS[s.name]), ",".join(s.players)), widgets.W - 4))
    if not items:
        items.append(t("no_games"))
    title = t("games")
    room = room_left(app)
    if room is not None:
        title = widgets.clip("%s  %s" % (title, t("room_short").format("%d+" % MANY if room > MANY else room)), widgets.W - 2)

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

    return Menu(widgets.clip("%s %d" % (t("game"), stored.game_id), widgets.W - 2), items, pick, back)


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
        app.go(Message(t("refused"), str(e), back))
        return
    app.forget(game_id)
    if app.game_id == game_id:
        app.game = None
        app.game_id = None
    app.go(Message(t("deleted"), room_text(app), back))
