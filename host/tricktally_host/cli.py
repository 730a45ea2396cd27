# SPDX-License-Identifier: MIT
"""The `tricktally` command: one click group, one module per command in commands/."""

import importlib

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
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tricktally")
def main():
    """TrickTally: score keeper for Joker Spades, Wizard and Hearts."""


for _name in COMMANDS:
    main.add_command(importlib.import_module("tricktally_host.commands." + _name).command)
