# SPDX-License-Identifier: MIT
"""`tricktally ratings [--game G] [--since DATE] [--json]`: the league table of skill ratings."""


import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktally_host.db import db_option, exit_if_damaged
from tricktally_host.league import game_option, season_or_exit, since_option, until_option
from tricktally_host.safe_text import json_text, safe


def _trend(value):
    if value > 0.05:
        return Text("▲ %+.1f" % value, style="green")
    if value < -0.05:
        return Text("▼ %+.1f" % value, style="red")
    return Text("= 0.0")


def league_tables(rows_by_game):
    """One rich table per game: place, player, rating ± uncertainty, games, trend."""
    out = []
    for name, rows in rows_by_game.items():
        table = Table(title=name.capitalize(), caption="ordered by rating − 3 × uncertainty")
        for column in ("#", "player", "rating", "±", "games", "trend"):
            table.add_column(column, justify="left" if column == "player" else "right")
        for place, r in enumerate(rows, 1):
            table.add_row(
                str(place),
                safe(r["player"]),
                "%.1f" % r["rating"],
                "%.1f" % r["uncertainty"],
                str(r["games"]),
                _trend(r["trend"]),
            )
        out.append(table)
    return out


@click.command("ratings")
@game_option
@since_option
@until_option
@click.option("--json", "as_json", is_flag=True, help="Print the league tables as JSON.")
@db_option
def command(game_name, since, until, as_json, db_path):
    """Skill rating of every player in each game over the finished stored games
    (openskill): rating, its uncertainty (±), games rated and the trend over the
    last 5 games. Spades partnerships are rated as teams; tied totals share a place."""
    from tricktally_host.ratings import rate, table

    games, damaged = season_or_exit(db_path, game_name, since, until)
    rows = table(rate(games))
    if as_json:
        click.echo(json_text(rows, indent=2))
    elif rows:
        console = Console()
        for t in league_tables(rows):
            console.print(t)
    elif not damaged:
        click.echo("No finished games to rate: `tricktally sync` copies them from the board.")
    exit_if_damaged(damaged)
