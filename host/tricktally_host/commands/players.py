# SPDX-License-Identifier: MIT
"""`tricktally players push NAMES...`: send the player roster to the board."""

import click

from tricktally_host.db import fail
from tricktally_host.link_client import LinkClient, LinkError, pick_port
from tricktally_host.safe_text import one_line


@click.group("players")
def command():
    """The board's roster of player names."""


def roster_problem(names):
    """Why the board would refuse ``names`` as its roster (its own rules:
    1 to 12 distinct names of 1 to 10 printable characters), in one line;
    None when it takes them. Checked on the PC, before the port is opened."""
    from tallyboard.config_store import MAX_NAME, MAX_NAMES
    from tallyboard.config_store import ConfigError, check_name

    if not 1 <= len(names) <= MAX_NAMES:
        return "the roster holds 1 to %d names, not %d" % (MAX_NAMES, len(names))
    seen = set()
    for name in names:
        shown = repr(one_line(name[:20]) + ("..." if len(name) > 20 else ""))
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            return "player name %s is not valid UTF-8 text" % shown
        if len(name) > MAX_NAME:
            return "player name %s is %d characters long: a name is 1 to %d characters" % (shown, len(name), MAX_NAME)
        try:
            check_name(name)
        except ConfigError as e:
            return one_line(str(e))
        if name in seen:
            return "player name %s is in the roster twice" % shown
        seen.add(name)
    return None


@command.command("push")
@click.argument("names", nargs=-1, required=True)
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@click.option("--timeout", type=click.FloatRange(0.1, 600), default=2.0, show_default=True,
              help="Seconds to wait for each answer, resends included.")
def push(names, port, timeout):
    """Send NAMES (1 to 12, each 1 to 10 characters, accents welcome) as the roster."""
    problem = roster_problem(list(names))
    if problem is not None:
        fail(problem)
    try:
        port = pick_port(port)
        with LinkClient(port, timeout=timeout) as client:
            info = client.hello()
            count = client.roster(list(names))
    except LinkError as e:
        # A board that stopped answering: run it again (exit 1, as sync).
        fail(e, 1 if e.code in ("timeout", "corrupt") else 2)
    click.echo(one_line("board %s: roster of %d player%s: %s" % (info["device"], count, "" if count == 1 else "s", ", ".join(names))))
