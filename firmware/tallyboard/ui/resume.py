# SPDX-License-Identifier: MIT
"""Which game "Resume" opens, told in full: the game, the players, the hand
(round) number and when it was last played; LEFT/RIGHT go through the
unfinished games when there are several. Loaded only when opened."""

from tallyboard import text
from tallyboard.buttons import LEFT, RIGHT, UP, DOWN, OK, BACK, LONG
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.message import wrap

GAME_KEYS = {"spades": "g_spades", "wizard": "g_wizard", "hearts": "g_hearts"}


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


def summary(app, stored, rows=5):
    """At most ``rows`` lines about one game: "Wizard · Round 3/15" (the
    game and the hand on two lines where one does not hold them), the
    players (wrapped at names; "…" ends them where the lines run out) and
    when it was last played (or started)."""
    g = stored.game
    game = t(GAME_KEYS.get(stored.name, "g_spades"))
    hand = "%s %d" % (_word(stored.name), g.hand_number)
    if g.hand_count():
        hand += "/%d" % g.hand_count()
    line = "%s \u00b7 %s" % (game, hand)
    lines = [line] if text.width(line) <= widgets.W - 2 else [game, hand]
    played = app.played.get(stored.game_id)
    when = ago(app, played) if played is not None else None
    if when is not None:
        when = t("played_ago").format(when)
    else:
        when = ago(app, stored.created if hasattr(stored, "created") else None)
        if when is not None:
            when = t("started_ago").format(when)
    room = rows - len(lines) - (when is not None)
    players = wrap(", ".join(stored.players), widgets.W - 2)
    if len(players) > room:
        players = players[:room]
        last = players[-1]
        while last and text.width(last + " \u2026") > widgets.W - 2:
            last = last[:last.rfind(",")] if "," in last else ""
        players[-1] = last + " \u2026"
    lines.extend(players)
    if when is not None:
        lines.append(when)
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
        # Every game's lines made once: paging allocates nothing. Lines 1
        # to 6 hold them, 1 to 5 when the keys take two lines (several
        # games: OK, then LEFT/RIGHT).
        rows = 5 if len(self.games) > 1 else 6
        self.lines = [summary(app, s, rows) for s in self.games]
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
        count = len(self.games)
        word = t("resume")
        fb.fill_rect(0, 0, widgets.W, 8, 1)  # the title bar
        if count > 1:
            # "2/8" flush right; the title before it where the bar holds
            # both (a count of 10 or more may take its room).
            right = widgets.W - 2
            widgets.draw_int_right(fb, count, right, -2, None, 0)
            w = text.width(count) + text.width("/") + text.width(self.index + 1)
            x = text.draw(fb, self.index + 1, right - w, -2, None, 0)
            text.draw(fb, "/", x, -2, text.SMALL, 0)
            if 1 + text.width(word) + 4 > right - w:
                word = None
        if word is not None:
            text.draw(fb, word, 1, -2, None, 0)
        if not count:
            text.draw(fb, t("no_games"), 1, widgets.line(1))
            return
        lines = self.lines[self.index]
        for i in range(len(lines)):
            text.draw(fb, lines[i], 1, widgets.line(1 + i))
        if count > 1:
            widgets.draw_center(fb, t("resume_help"), widgets.line(6))
            widgets.draw_center(fb, t("other_help"), widgets.line(7))
        else:
            widgets.draw_center(fb, t("resume_help"), widgets.line(7))
