# SPDX-License-Identifier: MIT
"""`tricktally score FILE [--json]`: score a game record file."""

import json

import click
from rich.console import Console

from tricktally.record import summary
from tricktally_host.db import fail
from tricktally_host.records import RecordError, load_record
from tricktally_host.sheet import print_sheet


@click.command("score")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the scored game as JSON (docs/RECORD.md).")
def command(file, as_json):
    """Score the game record FILE (format tricktally/1) and print the sheet."""
    try:
        _record, game = load_record(file)
    except RecordError as e:
        fail(e)
    if as_json:
        click.echo(json.dumps(summary(game)))
        return
    print_sheet(Console(), game, "%s — %s" % (game.NAME, ", ".join(game.players)))
