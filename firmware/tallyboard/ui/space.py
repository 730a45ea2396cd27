# SPDX-License-Identifier: MIT
"""Flash running low, checked before a new game starts.

The board may delete the oldest games the PC already has on its own; a game
the PC does not have is deleted only when the players say so (DESIGN.md:
nothing confirmed is ever lost without asking).
"""

from tallyboard.i18n import t
from tallyboard.ui.menu import Menu
from tallyboard.ui.message import Message


def free_synced(app):
    """Delete the oldest synced games while flash is low.

    Returns ``(still_low, deleted)``.
    """
    journal = app.journal
    deleted = 0
    low = journal.space()[1]
    while low:
        gid = journal.oldest_synced()
        if gid is None:
            break
        journal.delete(gid)
        app.forget(gid)
        deleted += 1
        low = journal.space()[1]
    return low, deleted


def oldest_unsynced(app):
    """The oldest game that is not being played (finished ones first), or None."""
    fallback = None
    for gid in app.journal.ids():
        if gid == app.game_id:
            continue
        if app.journal.finished(gid):
            return gid
        if fallback is None:
            fallback = gid
    return fallback


def before_new_game(app, go_on, back):
    """Make room for a new game, then call ``go_on(app)``.

    Synced games are deleted without asking (the screen says how many); when
    flash is still low, the players choose: sync first (back home), delete
    the oldest game the PC does not have, or start anyway.
    """
    low, deleted = free_synced(app)
    if not low:
        if deleted:
            said = t("space_deleted_one") if deleted == 1 else t("space_deleted") % deleted
            app.go(Message(t("space_low"), said, go_on))
        else:
            go_on(app)
        return
    victim = oldest_unsynced(app)
    items = [t("space_sync"), t("space_anyway")]
    if victim is not None:
        items.append(t("space_delete"))

    def pick(app, i):
        if i == 0:
            app.go_home()
        elif i == 1:
            go_on(app)
        else:
            app.journal.delete(victim, force=True)
            app.forget(victim)
            before_new_game(app, go_on, back)

    app.go(Menu(t("space_low"), items, pick, lambda app: app.go(back)))
