# SPDX-License-Identifier: MIT
"""`tricktally stats [--json]`: per player games, wins, bid accuracy, average score."""

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktally_host.db import Database, DatabaseError, db_option, exit_if_damaged, fail
from tricktally_host.headtohead import head_to_head, head_to_head_tables
from tricktally_host.records import RecordError
from tricktally_host.safe_text import json_text, safe
from tricktally_host.stats import player_stats


def _pct(value):
    return "—" if value is None else "%.0f%%" % (100 * value)


def _avg(value):
    return "—" if value is None else "%.1f" % value


# What a bid made means, said under the tables that count them (docs/RECORD.md).
MADE_NOTE = {
    "spades": "made: a bid of 1 or more counts as made when the player's side made its contract"
              " (partners: the side's tricks against the side's bids); a nil when the player took no trick",
    "wizard": "made: the player took exactly the bid",
}
MISS_NOTE = "mean miss: how far each player's own tricks were from their own bid (a nil counts as 0), per bid"


def tables(stats):
    """Rich tables: one overall, then one per game name."""
    out = []
    table = Table(title="All games")
    for name, justify in (("player", "left"), ("games", "right"), ("finished", "right"), ("wins", "right"), ("win %", "right")):
        table.add_column(name, justify=justify)
    for r in stats["players"]:
        table.add_row(safe(r["player"]), str(r["games"]), str(r["finished"]), str(r["wins"]), _pct(r["win_rate"]))
    out.append(table)
    for game in sorted({r["game"] for r in stats["by_game"]}):
        rows = [r for r in stats["by_game"] if r["game"] == game]
        unit = "round" if game == "wizard" else "hand"
        table = Table(title=safe(game.capitalize()))
        columns = ["player", "games", "wins", unit + "s", "avg score/" + unit]
        if game != "hearts":
            columns.append("bids made" if game == "spades" else "bids exact")
        for name in columns:
            table.add_column(name, justify="left" if name == "player" else "right")
        for r in rows:
            cells = [safe(r["player"]), str(r["games"]), str(r["wins"]), str(r["hands"]), _avg(r["avg_score"])]
            if game != "hearts":
                cells.append("%d/%d %s" % (r["bids_made"], r["bids"], _pct(r["bid_accuracy"])))
            table.add_row(*cells)
        out.append(table)
    return out


@click.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@db_option
def command(as_json, db_path):
    """Per player: games, wins, bid accuracy and average score per hand (definitions: docs/RECORD.md)."""
    try:
        with Database(db_path, create=False) as db:
            games = [game for _info, _record, game in db.load_all()]
            damaged = db.damaged
        stats = player_stats(games)
        stats["head_to_head"] = head_to_head(games)
    except (DatabaseError, RecordError) as e:
        fail(e)
    if as_json:
        click.echo(json_text(stats, indent=2))
    elif stats["players"]:
        console = Console()
        for table in tables(stats) + bidding_tables(stats) + head_to_head_tables(stats["head_to_head"]):
            console.print(table)
        for line in notes(stats):
            console.print(Text(line, style="dim"))
    elif not damaged:
        click.echo("No games yet: `tricktally sync` copies them from the board.")
    exit_if_damaged(damaged)


def notes(stats):
    """Lines saying what the bid columns count, for the games in ``stats``."""
    games = sorted({r["game"] for r in stats["by_game"] if r["bids"]})
    out = ["Spades " + MADE_NOTE["spades"] if "spades" in games else None,
           "Wizard " + MADE_NOTE["wizard"] if "wizard" in games else None]
    out = [line for line in out if line]
    return out + [MISS_NOTE[0].upper() + MISS_NOTE[1:]] if out else out


def bidding_tables(stats):
    """Bid accuracy per player, one table per game with bids: bids made, and
    how far off the bids were on average (tricks taken against own bid);
    ``notes`` says what each counts (a Spades bid is made by the side)."""
    out = []
    for game in sorted({r["game"] for r in stats["by_game"] if r["bids"]}):
        table = Table(title="%s bidding" % game.capitalize())
        for name in ("player", "bids", "made", "mean miss (tricks)"):
            table.add_column(name, justify="left" if name == "player" else "right")
        for r in stats["by_game"]:
            if r["game"] == game and r["bids"]:
                table.add_row(safe(r["player"]), str(r["bids"]), _pct(r["bid_accuracy"]), _avg(r["bid_error"]))
        out.append(table)
    return out
