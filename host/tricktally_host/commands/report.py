# SPDX-License-Identifier: MIT
"""`tricktally report -o season.html [--since DATE] [--until DATE] [--lang XX]`:
the season as one self-contained web page."""

import click

from tricktally_host.db import database_file, db_option, exit_if_damaged, fail
from tricktally_host.outfiles import OutputError, check_target, write_atomic
from tricktally_host.safe_text import one_line
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
@click.option("--force", is_flag=True, help="Replace FILE if it exists (default: refuse, write nothing).")
@db_option
def command(out, since, until, game_name, lang, force, db_path):
    """Write the season report: league table, ratings over time, bid accuracy,
    and every game's sheet and score progression, as one HTML file that needs
    no network to view. An existing file is never replaced without --force,
    the database never."""
    try:
        check_target(out, database_file(db_path), force)
    except OutputError as e:
        fail(e)
    from tricktally_host.report import build

    games, damaged = season_or_exit(db_path, game_name, since, until)
    html = build(games, lang, since, until)
    try:
        write_atomic(out, html.encode("utf-8"))
    except OSError as e:
        fail("cannot write %s: %s" % (out, e.strerror or e))
    click.echo(one_line(out))
    exit_if_damaged(damaged)
