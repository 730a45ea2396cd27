# SPDX-License-Identifier: MIT
"""`tricktally show GAME`: the score sheet of one stored game, as on paper."""


import click
from rich.console import Console

from tricktally_host.db import db_option, load_or_exit
from tricktally_host.safe_text import safe
from tricktally_host.sheet import outcome_line, score_table


def sheet_title(info, game):
    """The title over a stored game's sheet: game, ref, date."""
    date = info["date"][:16].replace("T", " ") if info["date"] else "date unknown"
    return safe("%s %s — %s" % (game.NAME.capitalize(), info["ref"], date))


# A ref like "-1" is a (bad) ref, not an option: it gets the ref's message.
@click.command("show", context_settings={"ignore_unknown_options": True})
@click.argument("game_ref", metavar="GAME")
@db_option
def command(game_ref, db_path):
    """Print the score sheet of GAME (a ref from `tricktally games`)."""
    info, _record, game = load_or_exit(db_path, game_ref)
    console = Console()
    console.print(score_table(game, title=sheet_title(info, game), width=console.width))
    console.print(outcome_line(game, info["ended"]), style="bold")
