# SPDX-License-Identifier: MIT
"""`tricktally db copy FROM TO` and `tricktally db check`: the games
database as a whole (moving it between SQLite and PostgreSQL, checking
every stored journal against its digest)."""

import click

from tricktally_host.db import Database, DatabaseError, db_option, fail
from tricktally_host.safe_text import one_line


@click.group("db")
def command():
    """The games database as a whole: copy it, check it."""


@command.command("copy")
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
@click.option("--force", is_flag=True, help="Replace the games TO already holds (default: refuse, copy nothing).")
def copy(source, target, force):
    """Copy every game, conflict and damaged piece of the database FROM into
    TO, each a SQLite file or a PostgreSQL URL (postgresql://user@host/dbname),
    in one transaction that is read back and compared before it counts. FROM
    is only read; a TO that holds games is refused without --force."""
    from tricktally_host.db_copy import CopyError, copy_database

    try:
        report = copy_database(source, target, force)
    except (CopyError, DatabaseError) as e:
        fail(e)
    click.echo(one_line(report.line()))


@command.command("check")
@db_option
def check(db_path):
    """Check every stored journal (and every conflicting version and damaged
    piece kept) against its size and CRC32 digest. Exit status 0 when all
    match; 1, with one line per game that does not, otherwise."""
    from tricktally_host.db_check import check_database

    try:
        with Database(db_path, create=False) as db:
            report = check_database(db)
            name = db.name
    except DatabaseError as e:
        fail(e)
    for line in report.bad:
        click.echo(one_line(line))
    without = " (%d game%s stored before journals were kept: nothing to check)" % (
        report.without, "" if report.without == 1 else "s") if report.without else ""
    if report.bad:
        click.echo("%s: %d of %d stored journals do not match their digest%s"
                   % (one_line(name), len(report.bad), report.checked, without), err=True)
        raise SystemExit(1)
    click.echo("%s: %d stored journal%s, each matches its digest%s"
               % (one_line(name), report.checked, "" if report.checked == 1 else "s", without))
