# SPDX-License-Identifier: MIT
"""The `tricktally` command: one click group, one module per command in commands/."""

import importlib
import sys

import click

# Each module in tricktally_host.commands defines a click command (or group)
# called `command`; listing them here is the only place commands are wired.
COMMANDS = (
    "score",
    "games",
    "show",
    "export",
    "plot",
    "stats",
    "sync",
    "players",
    "deploy",
    "sim",
    "smoke",
    "ratings",
    "rescore",
    "report",
    "db",
    "club",
)


class OneLineGroup(click.Group):
    """Usage mistakes (an unknown option, a missing argument) get one line,
    ``error: ...``, and exit status 2, like every other bad input."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            rv = super().main(*args, **kwargs)
        except click.exceptions.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        except click.ClickException as e:
            from tricktally_host.safe_text import one_line

            click.echo("error: %s" % one_line(e.format_message()), err=True)
            sys.exit(e.exit_code)
        if isinstance(rv, int):
            sys.exit(rv)
        return rv


@click.group(cls=OneLineGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tricktally")
def main():
    """TrickTally: score keeper for Joker Spades, Wizard and Hearts."""


for _name in COMMANDS:
    main.add_command(importlib.import_module("tricktally_host.commands." + _name).command)
