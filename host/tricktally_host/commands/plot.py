# SPDX-License-Identifier: MIT
"""`tricktally plot GAME -o FILE.png`: chart of the running totals of one game."""

import re
import sys

import click

from tricktally_host.db import db_option, load_or_exit

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
@db_option
def command(game_ref, out, size, db_path):
    """Plot the running total of each side, hand by hand, of GAME (a ref from `tricktally games`)."""
    info, _record, game = load_or_exit(db_path, game_ref)
    from tricktally_host.plot import draw

    try:
        draw(game, out, info, size)
    except OSError as e:
        click.echo("error: cannot write %s: %s" % (out, e.strerror or e), err=True)
        sys.exit(2)
    click.echo(out)
