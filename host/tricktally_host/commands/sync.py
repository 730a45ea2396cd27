# SPDX-License-Identifier: MIT
"""`tricktally sync [--port P] [--db F]`: copy the board's games into the database."""

import sys

import click
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from tricktally_host.db import Database, DatabaseError, db_option, fail
from tricktally_host.link_client import LinkClient, LinkError, pick_port
from tricktally_host.safe_text import markup, one_line
from tricktally_host.sync import SyncError, spool_dir_of, sync_board


@click.command("sync")
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@db_option
@click.option(
    "--timeout",
    type=click.FloatRange(0.1, 600),
    default=2.0,
    show_default=True,
    help="Seconds to wait for each answer, resends included: a silent board ends the sync after this long.",
)
def command(port, db_path, timeout):
    """Copy every new or changed game from the board into the database.

    Syncing again adds nothing; an interrupted sync resumes where it stopped.
    A version that does not extend the stored game is kept beside it as a
    conflict and reported (exit status 1), never acknowledged."""
    console = Console(stderr=True)
    try:
        db = Database(db_path)
    except DatabaseError as e:
        fail(e)
    try:
        port = pick_port(port)
        client = LinkClient(port, timeout=timeout)
    except LinkError as e:
        db.close()
        fail(e)
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
            report = sync_board(client, db, spool=spool_dir_of(db), progress=on_bytes)
    except LinkError as e:
        fail("%s (on %s). What arrived is stored: run sync again to resume." % (e, port), 1)
    except DatabaseError as e:
        fail("%s. What was stored before stays stored: run sync again to resume." % e)
    except SyncError as e:
        fail(e, 1)
    out = Console()
    out.print(
        "board [bold]%s[/bold] (firmware %s): %d game%s, [green]%d new[/green], %d changed, %d already stored"
        % (
            markup(report.device),
            markup(report.firmware),
            report.games_on_board,
            "" if report.games_on_board == 1 else "s",
            report.count("new"),
            report.count("changed"),
            report.skipped + report.acked_only + report.count("same"),
        )
    )
    for note in report.notes:
        console.print("note: %s" % markup(one_line(note)))
    for problem in report.problems:
        out.print("[yellow]warning:[/yellow] %s" % markup(one_line(problem)))
    if report.problems:
        sys.exit(1)
