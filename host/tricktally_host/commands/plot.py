# SPDX-License-Identifier: MIT
"""`tricktally plot GAME -o FILE.png`: chart of the running totals of one game."""

import re

import click

from tricktally_host.db import database_file, db_option, fail, load_or_exit
from tricktally_host.outfiles import OutputError, check_target
from tricktally_host.safe_text import one_line

# Kept here, not imported from tricktally_host.plot: matplotlib takes most of
# a second to import, and every `tricktally` command would pay for it.
DEFAULT_SIZE = (900, 540)


def _size(ctx, param, value):
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", value)
    if not m or not (100 <= int(m.group(1)) <= 8000 and 100 <= int(m.group(2)) <= 8000):
        raise click.BadParameter("give WIDTHxHEIGHT in pixels, each 100 to 8000 (e.g. 900x540), not %r" % value)
    return int(m.group(1)), int(m.group(2))


@click.command("plot")
@click.argument("game_ref", metavar="GAME")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True, help="PNG file to write.")
@click.option(
    "--size",
    default="%dx%d" % DEFAULT_SIZE,
    show_default=True,
    callback=_size,
    help="Image size in pixels, WIDTHxHEIGHT.",
)
@click.option("--force", is_flag=True, help="Replace FILE if it exists (default: refuse, write nothing).")
@db_option
def command(game_ref, out, size, force, db_path):
    """Plot the running total of each side, hand by hand (round by round in
    Wizard), of GAME (a ref from `tricktally games`). An existing file is
    never replaced without --force, the database never."""
    try:
        check_target(out, database_file(db_path), force)
    except OutputError as e:
        fail(e)
    info, _record, game = load_or_exit(db_path, game_ref)
    from tricktally_host.plot import draw

    try:
        draw(game, out, info, size)
    except (OSError, ValueError) as e:
        fail("cannot write %s: %s" % (out, getattr(e, "strerror", None) or e))
    click.echo(one_line(out))
