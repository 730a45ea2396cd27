# SPDX-License-Identifier: MIT
"""`tricktally export --format json|csv [-o DIR] [GAME...]`: write stored games to files."""

import click

from tricktally_host.db import Database, DatabaseError, UnknownGame, db_option, exit_if_damaged, fail
from tricktally_host.export import ExportError, export_csv, export_json
from tricktally_host.records import RecordError
from tricktally_host.safe_text import one_line


@click.command("export")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "csv"]),
    required=True,
    help="json: one tricktally/1 record file per game; csv: one row per player per hand.",
)
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Folder to write into (created if missing).",
)
@click.option("--force", is_flag=True, help="Replace files that already exist (default: refuse, write nothing).")
@click.argument("game_refs", metavar="[GAME]...", nargs=-1)
@db_option
def command(fmt, out_dir, force, game_refs, db_path):
    """Export GAMEs (refs from `tricktally games`; default: every game).

    An existing file is never replaced without --force."""
    try:
        with Database(db_path, create=False) as db:
            loaded = db.load_all(list(game_refs))
            damaged = db.damaged
            db_file = db.path
        loaded = _once_each(loaded)
    except (DatabaseError, UnknownGame, RecordError) as e:
        fail(e)
    if not loaded:
        if not damaged:
            click.echo("No games to export.", err=True)
        exit_if_damaged(damaged)
        return
    try:
        paths = (export_json if fmt == "json" else export_csv)(loaded, out_dir, force=force, db_path=db_file)
    except ExportError as e:
        fail(e)
    except OSError as e:
        fail("cannot write to %s: %s" % (out_dir, e.strerror or e))
    for path in paths:
        click.echo(one_line(str(path)))
    if not damaged:
        click.echo("%d game%s exported as %s" % (len(loaded), "" if len(loaded) == 1 else "s", fmt), err=True)
    exit_if_damaged(damaged)


def _once_each(loaded):
    """``loaded`` without repeats: a game named twice is exported once."""
    seen = set()
    out = []
    for item in loaded:
        key = (item[0]["device_id"], item[0]["folder"], item[0]["game_id"])
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
