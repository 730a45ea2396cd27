# SPDX-License-Identifier: MIT
"""Serving the hub: the web app under uvicorn, the board listener beside
it in the same process (``tricktally club serve``)."""

import logging
import secrets
import socket

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
    be had (both ports are taken before anything is served)."""
    import uvicorn

    from tricktally_host.club.listener import BoardListener
    from tricktally_host.club.web.app import make_app
    from tricktally_host.db import Database, DatabaseError

    try:
        with Database(db_url) as db:  # made or brought up to date once, before any thread opens it
            name = db.name
    except DatabaseError as e:
        raise ServeError(str(e))
    try:
        web = socket.create_server((host, port), backlog=128)
    except OSError as e:
        raise ServeError("the hub could not start: the pages' port %s:%d: %s" % (host, port, e.strerror or e))
    boards = None
    try:
        if listener:
            boards = BoardListener(lambda: Database(db_url), host=host, port=board_port)
            try:
                boards.start()
            except OSError as e:
                raise ServeError("the hub could not start: the boards' port %s:%d: %s" % (
                    host, board_port, e.strerror or e))
        app = make_app(lambda: Database(db_url), password, listener=boards)
        logging.getLogger("tricktally.club").setLevel(logging.INFO)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=3)
        shown = host if host not in ("0.0.0.0", "::", "") else socket.gethostname()
        echo("the hub is at http://%s:%d/ (boards on port %s; Ctrl-C stops it)" % (
            shown, port, board_port if listener else "none"))
        try:
            uvicorn.Server(config).run(sockets=[web])
        except KeyboardInterrupt:
            pass  # uvicorn stopped cleanly, then raised the Ctrl-C it caught again
        echo("the hub has stopped; everything stored stays in %s" % name)
    finally:
        web.close()
        if boards is not None:
            boards.stop()  # again: a no-op when the app's end stopped it
