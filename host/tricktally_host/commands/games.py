# SPDX-License-Identifier: MIT
"""`tricktally games [--json]`: list the synced games."""

import click
from rich.console import Console
from rich.table import Table

from tricktally_host.db import Database, DatabaseError, db_option, exit_if_damaged, fail
from tricktally_host.safe_text import json_text, markup, safe
from tricktally_host.sheet import hands_text


def _date(info):
    return info["date"] or "—"


def games_table(infos):
    """A rich Table of game infos (as Database.games gives them)."""
    table = Table(title="%d game%s" % (len(infos), "" if len(infos) == 1 else "s"))
    table.add_column("ref", style="bold", no_wrap=True)
    table.add_column("date", no_wrap=True)
    table.add_column("game")
    table.add_column("players")
    table.add_column("played", justify="right")
    table.add_column("winner")
    for info in infos:
        # Every stored text as a Text: names print as typed, never as markup.
        if info["finished"]:
            winner = safe(", ".join(info["winners"]))
        elif info["ended"]:
            winner = safe("ended unfinished", "dim")
        else:
            winner = safe("in progress", "dim")
        table.add_row(
            safe(info["ref"]), _date(info), safe(info["game"]), safe(", ".join(info["players"])),
            hands_text(info["game"], info["hands"]), winner
        )
    return table


def trouble_lines(infos, conflicts, pieces):
    """Lines (rich markup, names escaped) about conflicting versions and
    damaged pieces kept beside the games."""
    refs = {(i["device_id"], i["folder"], i["game_id"]): i["ref"] for i in infos}
    lines = []
    for c in conflicts:
        ref = refs.get((c["device_id"], c["folder"], c["game_id"]), "%s-%s" % (c["device_id"], c["game_id"]))
        # Values of a damaged row are shown as they are, never trusted to be numbers.
        lines.append(
            "[yellow]conflict:[/yellow] %s: the board sent a version (%s bytes, crc %s) that does not extend the stored one;"
            " both are kept, the stored one is shown" % (markup(str(ref)), markup(str(c["journal_size"])), markup(str(c["checksum"])))
        )
    counts = {}
    for p in pieces:
        key = (p["device_id"], p["folder"], p["game_id"])
        counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts, key=str):
        ref = refs.get(key, "%s-%s" % (key[0], key[2]))
        lines.append("[yellow]damaged:[/yellow] %s: %d damaged piece%s kept beside the game"
                     % (markup(str(ref)), counts[key], "" if counts[key] == 1 else "s"))
    return lines


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@db_option
def command(as_json, db_path):
    """List the games in the database (oldest first); refs name them for show, plot, export."""
    try:
        with Database(db_path, create=False) as db:
            infos = db.games()
            damaged = db.damaged
            conflicts = db.conflicts()
            pieces = db.pieces()
    except DatabaseError as e:
        fail(e)
    if as_json:
        for info in infos:
            key = (info["device_id"], info["folder"], info["game_id"])
            info["conflicts"] = sum(1 for c in conflicts if (c["device_id"], c["folder"], c["game_id"]) == key)
            info["damaged_pieces"] = sum(1 for p in pieces if (p["device_id"], p["folder"], p["game_id"]) == key)
        click.echo(json_text(infos, indent=2))
    elif not infos and not conflicts and not pieces and not damaged:
        click.echo("No games yet: `tricktally sync` copies them from the board.")
    else:
        console = Console()
        console.print(games_table(infos))
        for line in trouble_lines(infos, conflicts, pieces):
            console.print(line)
    exit_if_damaged(damaged)
