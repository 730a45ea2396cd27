# SPDX-License-Identifier: MIT
"""`tricktally games [--json]`: list the synced games."""

import json
import sys

import click
from rich.console import Console
from rich.table import Table

from tricktally_host.db import Database, DatabaseError, db_option


def _date(info):
    return info["date"][:16].replace("T", " ") if info["date"] else "—"


def games_table(infos):
    """A rich Table of game infos (as Database.games gives them)."""
    table = Table(title="%d game%s" % (len(infos), "" if len(infos) == 1 else "s"))
    table.add_column("ref", style="bold", no_wrap=True)
    table.add_column("date", no_wrap=True)
    table.add_column("game")
    table.add_column("players")
    table.add_column("hands", justify="right")
    table.add_column("winner")
    for info in infos:
        if info["finished"]:
            winner = ", ".join(info["winners"])
        elif info["ended"]:
            winner = "[dim]ended unfinished[/dim]"
        else:
            winner = "[dim]in progress[/dim]"
        table.add_row(
            info["ref"], _date(info), info["game"], ", ".join(info["players"]), str(info["hands"]), winner
        )
    return table


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@db_option
def command(as_json, db_path):
    """List the games in the database (oldest first); refs name them for show, plot, export."""
    try:
        with Database(db_path, create=False) as db:
            infos = db.games()
    except DatabaseError as e:
        click.echo("error: %s" % e, err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(infos, ensure_ascii=False, indent=2))
        return
    if not infos:
        click.echo("No games yet: `tricktally sync` copies them from the board.")
        return
    Console().print(games_table(infos))
