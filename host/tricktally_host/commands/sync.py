# SPDX-License-Identifier: MIT
"""`tricktally sync [--port P] [--db F]`: copy the board's games into the database."""

import sys

import click
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from tricktally_host.db import Database, DatabaseError, db_option
from tricktally_host.link_client import LinkClient, LinkError, pick_port
from tricktally_host.sync import SyncError, spool_dir_for, sync_board


@click.command("sync")
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@db_option
@click.option("--timeout", type=float, default=2.0, show_default=True, help="Seconds to wait for each answer.")
def command(port, db_path, timeout):
    """Copy every new or changed game from the board into the database.

    Syncing again adds nothing; an interrupted sync resumes where it stopped."""
    console = Console(stderr=True)
    try:
        port = pick_port(port)
        client = LinkClient(port, timeout=timeout)
    except LinkError as e:
        click.echo("error: %s" % e, err=True)
        sys.exit(2)
    try:
        db = Database(db_path)
    except DatabaseError as e:
        client.close()
        click.echo("error: %s" % e, err=True)
        sys.exit(2)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    task = progress.add_task("sync", total=None)

    def on_bytes(done, total, game_id):
        desc = "game %d" % game_id if game_id is not None else "sync"
        progress.update(task, completed=done, total=total or None, description=desc)

    try:
        with db, client, progress:
            report = sync_board(client, db, spool=spool_dir_for(db.path), progress=on_bytes)
    except LinkError as e:
        click.echo("error: %s (on %s). What arrived is stored: run sync again to resume." % (e, port), err=True)
        sys.exit(1)
    except SyncError as e:
        click.echo("error: %s" % e, err=True)
        sys.exit(1)
    out = Console()
    out.print(
        "board [bold]%s[/bold] (firmware %s): %d game%s, [green]%d new[/green], %d changed, %d already stored"
        % (
            report.device,
            report.firmware,
            report.games_on_board,
            "" if report.games_on_board == 1 else "s",
            report.count("new"),
            report.count("changed"),
            report.skipped + report.acked_only + report.count("same"),
        )
    )
    for problem in report.problems:
        out.print("[yellow]warning:[/yellow] %s" % problem)
    if report.problems:
        sys.exit(1)
