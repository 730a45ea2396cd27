# SPDX-License-Identifier: MIT
"""Serving the hub: the web app under uvicorn, the board listener beside
it in the same process (``tricktally club serve``)."""

import logging
import secrets

from tricktally_host.club.web.security import Password, read_password_file


class ServeError(Exception):
    """The hub cannot start; str() is one line."""


def director_password(password_file):
    """``(Password, shown)``: the director's password from ``password_file``
    (its first line), or a fresh one when None (``shown`` is then the
    password, to print once; else None). ServeError when the file will not do."""
    if password_file is None:
        made = secrets.token_urlsafe(12)
        return Password(made), made
    try:
        return Password(read_password_file(password_file)), None
    except ValueError as e:
        raise ServeError(str(e))


def serve(db_url, host, port, board_port, password, echo=print, listener=True):
    """Run the hub until Ctrl-C (or SIGTERM): the web app on
    ``host:port``, the board listener on ``host:board_port`` (none when
    ``listener`` is False). ServeError when the database or a port cannot
    be had."""
    import uvicorn

    from tricktally_host.club.listener import BoardListener
    from tricktally_host.club.web.app import make_app
    from tricktally_host.db import Database, DatabaseError

    try:
        Database(db_url).close()  # made or brought up to date once, before any thread opens it
    except DatabaseError as e:
        raise ServeError(str(e))
    boards = BoardListener(lambda: Database(db_url), host=host, port=board_port) if listener else None
    app = make_app(lambda: Database(db_url), password, listener=boards)
    logging.getLogger("tricktally.club").setLevel(logging.INFO)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            lifespan="on", timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    echo("the hub is at http://%s:%d/ (boards on port %s; Ctrl-C stops it)" % (
        host if host not in ("0.0.0.0", "") else "THIS-PC", port, board_port if listener else "none"))
    server.run()
    if not server.started:
        raise ServeError("the hub could not start on %s:%d (is the port taken?)" % (host, port))
