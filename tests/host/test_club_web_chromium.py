# SPDX-License-Identifier: MIT
"""The hub's live standings in a real browser (Debian's headless
chromium, tests/host/chromium.py): the page, served by a real uvicorn
over a database of each backend, shows the standings the night's model
computes from the stored records, goes live (Server-Sent Events, the
hub's own live.js), and shows the new standings once a table's game is
stored, without a reload; nothing is fetched from anywhere but the hub,
and the page reports no error."""

import json
import time

from tests.host.chromium import Browser
from tests.host.hub_helpers import hub_app, new_night, play_table, running_hub
from tricktally_host.club import night as model
from tricktally_host.db import Database

# The standings as the page shows them, read from its DOM.
READ = """Array.from(document.querySelectorAll('#standings tr')).slice(1).map(
  tr => Array.from(tr.children).map(td => td.textContent))"""


def expected(db_target, night_id):
    with Database(db_target) as db:
        return [[str(r["place"]), r["player"], str(r["total"]), str(r["games"]), str(r["wins"])]
                for r in model.standings(db, night_id)]


def test_the_standings_page_in_chromium_equals_the_model_and_updates_live(db_target):
    night_id = new_night(db_target)
    with Database(db_target) as db:
        model.start_round(db, night_id)
    play_table(db_target, night_id, 1, 1, 4)
    with running_hub(hub_app(db_target, poll=0.5)) as url, Browser(width=900, height=900) as browser:
        browser.goto("%s/night/%d?lang=it" % (url, night_id))
        assert browser.evaluate("document.documentElement.lang") == "it"
        assert browser.evaluate(READ) == expected(db_target, night_id)
        browser.wait_until("document.getElementById('live-state').className === 'live'", timeout=20)
        assert "In diretta" in browser.evaluate("document.getElementById('live-state').textContent")
        before = browser.evaluate(READ)
        stored = time.monotonic()
        play_table(db_target, night_id, 1, 2, 6)  # table 2's board is synced
        want = expected(db_target, night_id)
        assert want != before
        browser.wait_until("JSON.stringify(%s) === %s" % (READ, json.dumps(json.dumps(want, ensure_ascii=False, separators=(",", ":")))),
                           timeout=20, every=0.05)
        print("chromium shows the new standings %.2f s after the game was stored" % (time.monotonic() - stored))
        assert int(browser.evaluate("document.querySelector('main').dataset.updates")) >= 1
        assert browser.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
        errors, requests = browser.problems(own=(url,))
    assert errors == [] and requests == [], (errors, requests)
