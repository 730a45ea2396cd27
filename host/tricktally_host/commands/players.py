# SPDX-License-Identifier: MIT
"""`tricktally players push NAMES...`: send the player roster to the board."""

import click

from tricktally_host.link_client import LinkClient, LinkError, pick_port


@click.group("players")
def command():
    """The board's roster of player names."""


@command.command("push")
@click.argument("names", nargs=-1, required=True)
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@click.option("--timeout", type=click.FloatRange(0.1, 600), default=2.0, show_default=True,
              help="Seconds to wait for each answer, resends included.")
def push(names, port, timeout):
    """Send NAMES (1 to 12, each 1 to 10 characters, accents welcome) as the roster."""
    for name in names:
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            from tricktally_host.db import fail

            fail("player name %s is not valid UTF-8 text" % ascii(name))
    try:
        port = pick_port(port)
        with LinkClient(port, timeout=timeout) as client:
            info = client.hello()
            count = client.roster(list(names))
    except LinkError as e:
        from tricktally_host.db import fail

        fail(e, 1 if e.code in ("timeout", "corrupt", "port", "protocol") else 2)
    from tricktally_host.safe_text import one_line

    click.echo(one_line("board %s: roster of %d player%s: %s" % (info["device"], count, "" if count == 1 else "s", ", ".join(names))))
