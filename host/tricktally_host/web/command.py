# SPDX-License-Identifier: MIT
"""`tricktally sim --web`: build the board's static folder, then serve it."""

import click

from tricktally_host.web.build import DEFAULT_OUT, BuildError, build
from tricktally_host.web.serve import WebError, make_server, serve_forever


def serve_board(port, open_browser=False, out=None):
    """Build the folder into ``out`` (default DEFAULT_OUT) and serve it on
    127.0.0.1:``port`` until Ctrl-C; returns the exit status
    (click.ClickException: one line)."""
    try:
        folder = build(out or DEFAULT_OUT)
        server = make_server(folder, port)
    except (BuildError, WebError, OSError) as e:
        raise click.ClickException(str(e))
    click.echo("built %s (the firmware as `tricktally deploy` compiles it, on MicroPython's WebAssembly port)" % folder)
    serve_forever(server, echo=lambda line: click.echo(line), open_browser=open_browser)
    return 0
