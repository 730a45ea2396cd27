# SPDX-License-Identifier: MIT
"""A club night end to end (issue 27, "Done when"): the hub (`tricktally
club serve`) on PostgreSQL, 8 Wi-Fi boards (the real firmware on the
MicroPython unix port) and 4 boards synced over USB (`tricktally sync
--db URL` against simulated serial boards) play a progressive Wizard
night of 3 rounds at 12 tables of 4 (tests/club_night.py).

The director sets the night up, assigns the boards and starts and ends
each round at the hub's pages (tests/club_serve.py); the hub sends each
Wi-Fi board its table's names and the seat of its table's last winner;
the boards show the seat, take the names, and their players play a
whole game by the buttons; the USB boards are synced at a PC.

Checked each round: every table's game is the hub's table game, with the
seated players; the boards had the names and showed the seat the
movement gives; the seats follow the progressive movement from the
scores of the boards' own games. At the end: the standings page, read
in chromium, equals the standings computed from the records the boards
hold.

Two hubs over the one database (the way a club grows past one PC):
boards on each, the director on either, a round started once when both
directors start it at once, both hubs' pages the same; a board on the
hub whose director did not start the round gets its table's names from
its own hub (which reads them from the database).
"""

import threading

import pytest

from tests.club_fleet import board_key
from tests.club_night import NamedBoard, Night, UsbBoard, WifiBoard
from tests.club_serve import Director, ServedHub
from tests.host.chromium import Browser
from tricktally_host.club import night as nights
from tricktally_host.db import Database

PASSWORD = "the director's secret"
# The standings as the page shows them, read from its DOM.
READ = """Array.from(document.querySelectorAll('#standings tr')).slice(1).map(
  tr => Array.from(tr.children).map(td => td.textContent))"""


@pytest.fixture
def club_url(pg_server):
    name = pg_server.new_database()
    yield pg_server.url(name)
    pg_server.drop_database(name, reached=True)


@pytest.fixture
def password_file(tmp_path):
    path = tmp_path / "director.txt"
    path.write_text(PASSWORD + "\n")
    return path


def page_standings(browser, web, night_id):
    browser.goto("%s/night/%d" % (web, night_id))
    return browser.evaluate(READ)


def test_a_progressive_wizard_night_of_three_rounds(club_url, password_file, tmp_path):
    hub = ServedHub(club_url, password_file).start()
    usb = []
    try:
        wifi = [WifiBoard("wifi%02d" % t, board_key(t), t, tmp_path, hub.board_port) for t in range(1, 9)]
        usb = [UsbBoard("usb%02d" % t, t) for t in range(9, 13)]
        night = Night(club_url, Director(hub.web, PASSWORD), wifi, usb, rounds=3)
        for r in (1, 2, 3):
            night.play_round(r)
        with Browser(width=900, height=1400) as browser:
            shown = page_standings(browser, hub.web, night.id)
            errors, requests = browser.problems(own=(hub.web,))
    finally:
        hub.stop()
        for u in usb:
            u.close()
    assert shown == night.standings()
    assert len(shown) == 48 and all(row[3] == "3" for row in shown)
    assert errors == [] and requests == [], (errors, requests)
    with Database(club_url) as db:
        assert nights.night(db, night.id)["state"] == "done"


def test_two_hubs_over_one_database_serve_the_same_night(club_url, password_file, tmp_path):
    one = ServedHub(club_url, password_file).start()
    two = ServedHub(club_url, password_file)
    named = []
    try:
        two.start()
        # Tables 1 and 2 joined the first hub's PC, 3 and 4 the second's
        # (their players pick their names on the board).
        wifi = [WifiBoard("wifi%02d" % t, board_key(t), t, tmp_path, one.board_port) for t in (1, 2)]
        named = [NamedBoard(t + 20, t, two.board_port) for t in (3, 4)]
        directors = [Director(one.web, PASSWORD), Director(two.web, PASSWORD)]
        night = Night(club_url, directors[0], wifi, [], rounds=3, named=named)
        directors[1].login()
        night.play_round(1, ender=directors[1])  # started at the first hub, ended at the second
        night.play_round(2, ender=directors[1])
        # Both directors start round 3 at once: one round starts, once.
        answers = []

        def start(d):
            try:
                answers.append(d.act(night.id, "start")[0])
            except Exception as e:  # noqa: BLE001 - the refusal is the point
                answers.append(e)

        threads = [threading.Thread(target=start, args=(d,)) for d in directors]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(answers) == 2 and sum(isinstance(a, str) for a in answers) == 1, answers
        refused = [a for a in answers if not isinstance(a, str)][0]
        assert getattr(refused, "code", None) == 400, refused
        with Database(club_url) as db:
            assert [r["round"] for r in nights.rounds(db, night.id)] == [1, 2, 3]
        with Browser(width=900, height=900) as browser:
            pages = [page_standings(browser, hub.web, night.id) for hub in (one, two)]
    finally:
        one.stop()
        two.stop()
        for b in named:
            b.close()
    assert pages[0] == pages[1] == night.standings()
    assert len(pages[0]) == 16 and all(row[3] == "2" for row in pages[0])


def test_a_board_on_the_other_hub_gets_its_tables_names(club_url, password_file, tmp_path):
    one = ServedHub(club_url, password_file).start()
    two = ServedHub(club_url, password_file)
    try:
        two.start()
        board = WifiBoard("wifi01", board_key(1), 1, tmp_path, two.board_port)
        director = Director(one.web, PASSWORD)
        director.login()
        night_id = director.create_night("Two PCs", "wizard", ["Ana", "Ben", "Cy", "Dee"], 1, 4, "progressive", 1)
        with Database(club_url) as db:
            db.set_board_key(board.device, board.key.hex())
        director.act(night_id, "assign", table=1, device=board.device)
        director.act(night_id, "start")
        board.play_round(1, two.board_port, ["Ana", "Ben", "Cy", "Dee"], board.keys(1), wait_s=20)
    finally:
        one.stop()
        two.stop()
    assert board.error is None, board.error
    assert board.ends[1]["roster"] == ["Ana", "Ben", "Cy", "Dee"]
