# SPDX-License-Identifier: MIT
"""New game: game, number of players, a name per seat (from the roster or
P1..Pn), every setting of RULES.md with the board's default preselected, the
first dealer (a seat, or drawn at random), and a Start row last.

LEFT/RIGHT change the row under the cursor; OK on a row opens the list of
its values (a seat's list is the roster, then a new name); after a choice
from a list the cursor waits on Start. Only OK on Start starts the game."""

from tricktally import settings as rules
from tallyboard.i18n import t
from tallyboard.ui.menu import Form, Row
from tallyboard.ui.rule_rows import GAME_KEYS, GAMES, setting_rows

RANDOM = -1


def _seat_name(i):
    return "P%d" % (i + 1)


def _seat_names(i, roster):
    # The roster first (names are what players pick), then P1..Pn.
    names = list(roster)
    names.append(_seat_name(i))
    return names


def _rows(app, game, keep):
    # The player count and the settings start at the board's defaults for
    # ``game``, asked for once (each asking checks every setting).
    defaults = app.config.defaults(game)
    players = defaults["players"]
    counts = sorted(rules.PLAYERS[game])
    rows = [
        Row("game", t("game"), list(GAMES), [t(k) for k in GAME_KEYS], GAMES.index(game)),
        Row("players", t("players"), counts, [str(c) for c in counts], counts.index(players)),
    ]
    roster = app.config.roster
    seat = t("seat")  # once for every seat row
    for i in range(players):
        names = _seat_names(i, roster)
        index = keep.get("seat%d" % i, i if i < len(roster) else len(roster))
        rows.append(Row("seat%d" % i, "%s %d" % (seat, i + 1), names, names, index))
    for row in setting_rows(game, defaults):
        rows.append(row)
    rows.append(_dealer_row(rows))
    rows.append(StartRow())
    return rows


class StartRow:
    """The last row: OK here (and only here) starts the game."""

    key = "start"

    def __init__(self):
        self.label = "\u25b6 " + t("start")
        self.value = None

    def change(self, step):
        pass

    def draw_value(self, fb, right, y, color):
        pass


def _dealer_row(rows, index=0):
    # The first dealer: at random, or a seat named by the name chosen in
    # its row (the seat rows among ``rows``), as the players know it.
    names = [t("random")]
    for r in rows:
        if r.key.startswith("seat"):
            names.append(r.value)
    return Row("dealer", t("first_dealer"), [RANDOM] + list(range(len(names) - 1)), names, index)


def new_game_form(app, game=None):
    """The new-game form, preset from the board's default rules."""
    game = game or "spades"
    form = Form(t("new_game"), _rows(app, game, {}), _ok, lambda app: app.go_home(), _changed)
    form.loads = "tallyboard.ui.entry"  # what starting needs: loaded while the players choose (App.work)
    return form


def _ok(app, form):
    row = form.rows[form.cursor]
    if row.key == "start":
        _start(app, form)
    elif isinstance(row, Row):
        # Loaded only when a row is opened (RAM on the board).
        from tallyboard.ui.choose import row_list

        app.go(row_list(app, form, row, _changed))


def _changed(app, form, row):
    if row.key == "game":
        game = row.value
        keep = {}
        for r in form.rows:
            if r.key.startswith("seat"):
                keep[r.key] = r.index
        form.rows = _rows(app, game, keep)
    elif row.key == "players":
        # Only the seat rows and the dealer row follow the player count:
        # add or drop seats in place (every rebuild allocates on the board).
        players = row.value
        seats = [r for r in form.rows if r.key.startswith("seat")]
        at = form.rows.index(seats[0])
        roster = app.config.roster
        seat = t("seat")
        while len(seats) > players:
            form.rows.remove(seats.pop())
        while len(seats) < players:
            i = len(seats)
            names = _seat_names(i, roster)
            new = Row("seat%d" % i, "%s %d" % (seat, i + 1), names, names, i if i < len(roster) else len(roster))
            form.rows.insert(at + i, new)
            seats.append(new)
        form.rows[-2] = _dealer_row(form.rows)
    elif row.key.startswith("seat"):
        # The dealer row names the seats by their players.
        dealer = form.rows[-2]
        form.rows[-2] = _dealer_row(form.rows, dealer.index)


def _start(app, form):
    game = form.row("game").value
    players = form.row("players").value
    names = []
    for i in range(players):
        name = form.row("seat%d" % i).value
        if name in names:
            app.refuse(t("same_name") % name, form)
            return
        names.append(name)
    chosen = {}
    for name, values, open_ in rules.table(game):
        chosen[name] = form.row(name).value
    dealer = form.row("dealer").value
    if dealer == RANDOM:
        dealer = app.rng(players) if app.rng else 0
    app.start_game(game, names, dealer, chosen, form)
