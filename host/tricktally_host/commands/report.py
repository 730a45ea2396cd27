# SPDX-License-Identifier: MIT
"""`tricktally report -o season.html [--since DATE] [--until DATE] [--lang XX]`:
the season as one self-contained web page."""

import sys

import click

from tricktally_host.db import db_option
from tricktally_host.league import game_option, season_or_exit, since_option, until_option

# The report's languages (tricktally_host.report_i18n.LANGUAGES), listed here
# so that `tricktally --help` does not import the report.
LANGUAGES = ("en", "es", "pt", "it", "fr")


@click.command("report")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True, help="HTML file to write.")
@since_option
@until_option
@game_option
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="Language of the report.")
@db_option
def command(out, since, until, game_name, lang, db_path):
    """Write the season report: league table, ratings over time, bid accuracy,
    and every game's sheet and score progression, as one HTML file that needs
    no network to view."""
    from tricktally_host.report import build

    games = season_or_exit(db_path, game_name, since, until)
    html = build(games, lang, since, until)
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(html)
    except OSError as e:
        click.echo("error: cannot write %s: %s" % (out, e.strerror or e), err=True)
        sys.exit(2)
    click.echo(out)
