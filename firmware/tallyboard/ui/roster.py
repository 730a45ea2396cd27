# SPDX-License-Identifier: MIT
"""The roster of player names kept on the board: list, add, edit, delete.

A name is edited one character at a time: UP/DOWN change the character under
the cursor (held, they repeat), RIGHT moves on (adding a character at the
end), LEFT moves back, long LEFT deletes the character, OK saves, BACK
cancels (the screen says each key but BACK). Letters come in the order
names use them most (A, E, N, I...), a capital first and small letters
after it, so most letters are a few presses away in one direction or the
other."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, LONG
from tallyboard.config_store import MAX_NAME, MAX_NAMES
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.menu import Menu
from tallyboard.ui.message import Message

# Letters by how often first names use them; DOWN from the first goes to
# the end of the list (Z, Q...), so rare letters are near too.
BY_USE = "AENIRLOSMTDHUKCBJYGPVFWZXQ"
OTHER = " .-'0123456789" "ÁÉÍÓÚÜÑÇÀÈÌÒÙÂÊÎÔÛÃÕ" "áéíóúüñçàèìòùâêîôûãõëïœæ"
FIRST = BY_USE + BY_USE.lower() + OTHER  # the first letter of a name
REST = BY_USE.lower() + BY_USE + OTHER  # every letter after it


def roster_menu(app, cursor=0):
    """The names on the board, then "add"."""
    names = list(app.config.roster)
    items = names + [t("add")]

    def pick(app, i):
        if i == len(names):
            if len(names) >= MAX_NAMES:
                app.go(Message(t("refused"), t("roster_full"), lambda app: app.go(roster_menu(app, i))))
                return
            app.go(NameEditor("", lambda app, name: _save(app, names + [name], i), lambda app: app.go(roster_menu(app, i))))
        else:
            app.go(_name_menu(app, names, i))

    return Menu(t("players"), items, pick, lambda app: app.go_home(), cursor)


def _name_menu(app, names, i):
    items = [t("edit"), t("delete"), t("move_up")]

    def pick(app, k):
        if k == 0:
            def done(app, name):
                new = list(names)
                new[i] = name
                _save(app, new, i)

            app.go(NameEditor(names[i], done, lambda app: app.go(roster_menu(app, i))))
        elif k == 1:
            new = names[:i] + names[i + 1:]
            if not new:
                app.config.roster = []
                app.config.save()
                app.go(roster_menu(app, 0))
            else:
                _save(app, new, max(0, i - 1))
        elif i > 0:
            new = list(names)
            new[i - 1], new[i] = new[i], new[i - 1]
            _save(app, new, i - 1)
        else:
            app.go(roster_menu(app, i))

    return Menu(names[i], items, pick, lambda app: app.go(roster_menu(app, i)))


def _save(app, names, cursor):
    try:
        app.config.set_roster(names)
    except (OSError, ValueError) as e:  # config.ConfigError, or a full flash
        text = app.failure(e)
        app.go(Message(t("refused"), text, lambda app: app.go(roster_menu(app, cursor))))
        return
    app.go(roster_menu(app, cursor))


class NameEditor:
    """Edit one name; ``done(app, name)`` on OK, ``cancel(app)`` on BACK."""

    def __init__(self, name, done, cancel):
        self.chars = list(name) if name else [FIRST[0]]
        self.pos = 0
        self.done = done
        self.cancel = cancel

    def key(self, app, name, kind):
        c = self.chars
        if name == UP or name == DOWN:
            chars = FIRST if self.pos == 0 else REST
            i = chars.find(c[self.pos])
            i = (i + (1 if name == UP else -1)) % len(chars)
            c[self.pos] = chars[i]
        elif name == LEFT and kind == LONG:
            if len(c) > 1:
                c.pop(self.pos)
                if self.pos >= len(c):
                    self.pos = len(c) - 1
        elif name == LEFT:
            if self.pos > 0:
                self.pos -= 1
        elif name == RIGHT and kind != LONG:
            if self.pos == len(c) - 1 and len(c) < MAX_NAME:
                c.append(REST[0])
            if self.pos < len(c) - 1:
                self.pos += 1
        elif name == OK:
            self.done(app, "".join(c).strip() or FIRST[0])
        elif name == BACK:
            self.cancel(app)

    def draw(self, app):
        # The name on line 2, the cursor under its letter (page 3's top
        # row), then a key a line on lines 4 to 7: OK saves.
        fb = app.fb
        widgets.title(fb, t("name"))
        x = 4
        y = widgets.line(2)
        for i in range(len(self.chars)):
            nx = text.draw(fb, self.chars[i], x, y)
            if i == self.pos:
                fb.hline(x, y + text.SMALL.height, max(nx - x, 4), 1)
            x = nx + 1
        y = 4
        for key in ("name_letter", "name_move", "name_delete", "name_save"):
            text.draw(fb, t(key), 1, widgets.line(y))
            y += 1
