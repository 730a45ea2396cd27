# SPDX-License-Identifier: MIT
"""`tricktally show GAME`: the score sheet of one stored game, as on paper."""


import click
from rich.console import Console

from tricktally_host.db import db_option, load_or_exit
from tricktally_host.safe_text import safe
from tricktally_host.sheet import print_sheet


def sheet_title(info, game):
    """The title over a stored game's sheet: game, ref, date."""
    return safe("%s %s — %s" % (game.NAME.capitalize(), info["ref"], info["date"] or "date unknown"))


# A ref like "-1" is a (bad) ref, not an option: it gets the ref's message.
@click.command("show", context_settings={"ignore_unknown_options": True})
@click.argument("game_ref", metavar="GAME")
@db_option
def command(game_ref, db_path):
    """Print the score sheet of GAME (a ref from `tricktally games`)."""
    info, _record, game = load_or_exit(db_path, game_ref)
    print_sheet(Console(), game, sheet_title(info, game), info["ended"])
