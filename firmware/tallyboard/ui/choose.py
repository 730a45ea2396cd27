# SPDX-License-Identifier: MIT
"""The new-game form's row lists: OK on a row opens the list of its values
(a seat's: the roster, P1..Pn, then a new name typed in the letter editor
and kept in the roster); after a pick the form's cursor waits on Start.
Loaded only when a row is opened."""

from tallyboard.i18n import t
from tallyboard.ui.menu import Menu


def row_list(app, form, row, changed):
    """Row ``row``'s values as a list, the current one preselected; a
    seat's list also offers a new name (typed, then kept in the roster).
    ``changed(app, form, row)`` follows a pick (the form's rows may follow
    the game or the player count)."""
    items = list(row.names)
    if row.key.startswith("seat"):
        items.append(t("new_name"))

    def pick(app, i):
        if i == len(row.names):
            from tallyboard.ui.roster import NameEditor

            app.go(NameEditor("", lambda app, name: _new_name(app, form, row, name, changed), lambda app: app.go(form)))
            return
        row.index = i
        _chosen(app, form, row, changed)

    return Menu(row.label, items, pick, lambda app: app.go(form), row.index)


def _chosen(app, form, row, changed):
    changed(app, form, row)
    # After a choice the next OK starts: the cursor waits on Start.
    form.cursor = len(form.rows) - 1
    form.top = max(0, len(form.rows) - 7)
    app.go(form)


def _new_name(app, form, row, name, changed):
    # Kept in the roster (when it has room) so the next game offers it.
    roster = list(app.config.roster)
    if name not in roster:
        try:
            app.config.set_roster(roster + [name])
        except ValueError:
            pass
    if name not in row.values:
        row.values.append(name)
        if row.names is not row.values:
            row.names.append(name)
    row.index = row.values.index(name)
    _chosen(app, form, row, changed)
