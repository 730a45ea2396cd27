# SPDX-License-Identifier: MIT
"""`tricktally show GAME`: the score sheet of one stored game, as on paper."""

import sys

import click
from rich.console import Console

from tricktally_host.db import Database, DatabaseError, UnknownGame, db_option
from tricktally_host.records import RecordError
from tricktally_host.sheet import outcome_line, score_table


def sheet_title(info, game):
    """The title over a stored game's sheet: game, ref, date."""
    date = info["date"][:16].replace("T", " ") if info["date"] else "date unknown"
    return "%s %s — %s" % (game.NAME.capitalize(), info["ref"], date)


@click.command("show")
@click.argument("game_ref", metavar="GAME")
@db_option
def command(game_ref, db_path):
    """Print the score sheet of GAME (a ref from `tricktally games`)."""
    try:
        with Database(db_path, create=False) as db:
            info, _record, game = db.load(game_ref)
    except (DatabaseError, UnknownGame, RecordError) as e:
        click.echo("error: %s" % e, err=True)
        sys.exit(2)
    console = Console()
    console.print(score_table(game, title=sheet_title(info, game), width=console.width))
    console.print(outcome_line(game, info["ended"]), style="bold")
