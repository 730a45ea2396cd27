# SPDX-License-Identifier: MIT
"""The hub's pages as pictures for docs/CLUB.md: a night of three Wizard
tables in a temporary SQLite database, half-way through its first round
and with one correction, served by the hub and photographed by headless
chromium (tests/host/chromium.py).

Run: ``python -m tests.host.club_screens docs/screens`` (writes
club-standings.png, club-tables.png, club-sheet.png, club-director.png).
"""

import pathlib
import sys
import tempfile

import httpx2

from tests.host.chromium import Browser
from tests.host.hub_helpers import PASSWORD, hub_app, login, play_table, running_hub
from tricktally.record import to_record
from tricktally_host.club import amended, night as model
from tricktally_host.db import Database

PLAYERS = ["Ana", "Ben", "Carla", "Dani", "Eve", "Fabio", "Gina", "Hugo", "Inês", "João", "Kai", "Léa"]


def make_night(db_target):
    """The night: three tables of four, round 1 under way, one correction. Its id."""
    with Database(db_target) as db:
        night_id = model.create_night(db, "Friday Wizard", "wizard", PLAYERS, 3, 4, "progressive", 3, PASSWORD)
        for table in (1, 2, 3):
            model.assign_board(db, night_id, table, "B%d" % table)
        model.start_round(db, night_id)
    games = {t: play_table(db_target, night_id, 1, t, hands, seed=t) for t, hands in ((1, 6), (2, 5), (3, 3))}
    bidder = games[1].players[1]
    bid = amended.value_of(to_record(games[1]), 2, bidder, "bids")
    with Database(db_target) as db:
        model.amend(db, night_id, "B1", 11, 2, bidder, "bids", str(1 if bid == 0 else bid - 1), "Director",
                    "misheard at the table")
    return night_id


def shoot(folder):
    """Write the four pictures into ``folder``."""
    folder = pathlib.Path(folder)
    with tempfile.TemporaryDirectory(prefix="tricktally-screens-") as tmp:
        db_target = str(pathlib.Path(tmp) / "club.sqlite")
        night_id = make_night(db_target)
        with running_hub(hub_app(db_target)) as url, Browser(width=900, height=760) as browser:
            for name, path in (("standings", "/night/%d" % night_id), ("tables", "/night/%d/tables" % night_id),
                               ("sheet", "/night/%d/table/1" % night_id)):
                browser.goto(url + path + "?lang=en")
                browser.wait_until("!document.getElementById('live-state') || "
                                   "document.getElementById('live-state').className === 'live'")
                browser.screenshot(folder / ("club-%s.png" % name))
            with httpx2.Client(base_url=url) as web:
                login(web)
                cookie = web.cookies["tricktally_director"]
            browser.send("Network.setCookie", {"name": "tricktally_director", "value": cookie, "url": url})
            browser.goto(url + "/director/night/%d?lang=en" % night_id)
            browser.screenshot(folder / "club-director.png")


if __name__ == "__main__":
    shoot(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
