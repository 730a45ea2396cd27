# SPDX-License-Identifier: MIT
"""Helpers for the hub's web tests (tests/host/test_club_web.py,
test_club_web_chromium.py): a hub app over a test database, the
director's login, a night with boards at its tables, a table's game
played through the rules core and stored as a board's sync stores it, and
a real uvicorn server in a thread."""

import contextlib
import random
import re
import threading
import time

import uvicorn

from tests.core.play import random_entries
from tricktally import new_game
from tricktally.record import to_record
from tricktally_host.club import night as model
from tricktally_host.club.web.app import make_app
from tricktally_host.club.web.security import Password
from tricktally_host.db import Database

PASSWORD = "director-pass-1"
# Names that need care in HTML (each a name a board takes: 1..10 characters).
NAMES = ["Ana", "Ben<b>", "Cy & Co", "Dée", "Eva\"x'", "Fé", "<i>Gus", "Hal"]


def hub_app(db_target, listener=None, poll=0.05):
    """The hub's app over ``db_target``, director's password PASSWORD."""
    return make_app(lambda: Database(db_target), Password(PASSWORD), listener=listener, poll=poll)


def token(html):
    """The CSRF token of the first form in ``html``."""
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no CSRF token in the page"
    return found.group(1)


def login(client):
    """Log ``client`` in as the director; the session's CSRF token."""
    page = client.get("/director")
    assert page.status_code == 200
    answer = client.post("/director/login", data={"csrf": token(page.text), "password": PASSWORD},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text
    page = client.get("/director")
    assert "/director/logout" in page.text
    return token(page.text)


def new_night(db_target, tables=2, game="wizard", rounds=3, boards=True):
    """A night of ``tables`` tables of 4 NAMES-players, progressive; boards
    B1.. at the tables. Its id."""
    with Database(db_target) as db:
        night_id = model.create_night(db, "Friday <night>", game, NAMES[:4 * tables], tables, 4, "progressive",
                                      rounds, PASSWORD)
        if boards:
            for t in range(1, tables + 1):
                model.assign_board(db, night_id, t, "B%d" % t)
    return night_id


def play_table(db_target, night_id, round_no, table, hands, game_id=None, seed=1):
    """Table ``table``'s game of the round, ``hands`` complete hands played
    at random through the core, stored as board B<table>'s game (as its
    sync would). The core's game."""
    with Database(db_target) as db:
        night = model.night(db, night_id)
        players = model.seatings(db, night_id, round_no)[table - 1]
        game = new_game(night["game"], players, 0, night["settings"])
        rnd = random.Random(seed)
        while len(game.hands) < hands and not game.finished:
            random_entries(rnd, game, max_entries=1)
        record = to_record(game)
        record["created"] = time.time()
        gid = game_id if game_id is not None else round_no * 10 + table
        db.store_game("B%d" % table, gid, record, 100 + len(game.hands), "%08x" % len(game.hands),
                      synced_at=time.time())
    return game


@contextlib.contextmanager
def running_hub(app):
    """``app`` served by uvicorn on 127.0.0.1 (a free port) in a thread;
    yields its base URL; stopped (and its lifespan ended) on exit."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the hub did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield "http://127.0.0.1:%d" % port
    finally:
        server.should_exit = True
        thread.join(20)
        assert not thread.is_alive(), "the hub did not stop"
