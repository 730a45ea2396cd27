# SPDX-License-Identifier: MIT
"""`tricktally club ...`: a club's hub and its boards on Wi-Fi (docs/CLUB.md)."""

import click

from tricktally_host.db import Database, DatabaseError, db_option, fail
from tricktally_host.link_client import LinkClient, LinkError, pick_port
from tricktally_host.safe_text import one_line


@click.group("club")
def command():
    """A club night: boards on Wi-Fi send every entry to one hub."""


@command.command("enroll")
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@click.option("--hub", required=True, help="The hub's address on the club's network: HOST[:PORT] (port 8765 if omitted).")
@click.option("--ssid", required=True, help="The club's Wi-Fi name.")
@click.option("--password", prompt="Wi-Fi password (empty for an open network)", hide_input=True, default="",
              show_default=False, help="The club's Wi-Fi password (asked when omitted; empty for an open network).")
@db_option
@click.option("--timeout", type=click.FloatRange(0.1, 600), default=2.0, show_default=True,
              help="Seconds to wait for each answer, resends included.")
def enroll(port, hub, ssid, password, db_path, timeout):
    """Enroll the board on USB in the club of the database: the hub's
    address, the Wi-Fi and a fresh key go to its flash, the key to the
    database. The board joins the hub at its next start; a board without
    Wi-Fi keeps syncing over USB."""
    from tricktally_host.club.enroll import EnrollError, check_wifi, enroll as enroll_board, numeric, parse_hub

    try:
        host, hub_port = parse_hub(hub)
        check_wifi(ssid, password)
        address = numeric(host, hub_port)
    except EnrollError as e:
        fail(e)
    try:
        db = Database(db_path)
    except DatabaseError as e:
        fail(e)
    try:
        with db, LinkClient(pick_port(port), timeout=timeout) as client:
            device = enroll_board(client, db, address, hub_port, ssid, password)
    except LinkError as e:
        fail("%s: the board is not enrolled" % e, 1 if e.code in ("timeout", "corrupt", "port") else 2)
    except (DatabaseError, EnrollError) as e:
        fail("%s: the board is not enrolled" % e)
    if address != host:
        click.echo(one_line("note: %s is %s now: the board keeps that address (enroll it again if the hub's"
                            " address changes)" % (host, address)), err=True)
    click.echo(one_line("board %s enrolled with the hub at %s:%d on Wi-Fi %s: it joins the hub at its next start"
                        % (device, address, hub_port, ssid)))


@command.command("serve")
@db_option
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Address to serve on (0.0.0.0: every network of this PC, so boards and phones reach it).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The web pages' port.")
@click.option("--board-port", type=click.IntRange(1, 65535), default=8765, show_default=True,
              help="The port the boards on Wi-Fi connect to (the one they were enrolled with).")
@click.option("--password-file", type=click.Path(dir_okay=False),
              help="A file whose first line is the director's password (default: a fresh one, printed once).")
def serve(db_path, host, port, board_port, password_file):
    """Run the club's hub: the night's pages (standings, tables, running
    sheets, the director's page) and the board listener, until Ctrl-C."""
    from tricktally_host.club.web.serve import ServeError, director_password, serve as run

    try:
        password, shown = director_password(password_file)
    except ServeError as e:
        fail(e)
    if shown is not None:
        click.echo("the director's password for this run: %s" % shown)
    try:
        run(db_path, host, port, board_port, password, echo=click.echo)
    except ServeError as e:
        fail(e)
