# SPDX-License-Identifier: MIT
"""The hub's web side (tricktally_host.club.web; docs/CLUB.md, "The hub:
running a night") over a real database of each backend: the night's
pages in the five languages, the director running a night through the
forms alone, the refusals (malformed, oversized and forged requests: one
clear refusal, nothing changed), the live standings by Server-Sent
Events from a real uvicorn, and ``tricktally club serve`` itself. The
standings read in chromium: tests/host/test_club_web_chromium.py."""

import contextlib
import html
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx2
import pytest
from starlette.testclient import TestClient

from tests.host.hub_helpers import NAMES, PASSWORD, hub_app, login, new_night, play_table, running_hub, token
from tests.host.pc_helpers import contents, sql
from tricktally.record import to_record
from tricktally_host.club import amended, movement, night as model, results
from tricktally_host.club.web.words import WORDS, pick
from tricktally_host.db import Database

LANGS = ("en", "es", "pt", "it", "fr")


@pytest.fixture
def client(db_target):
    with TestClient(hub_app(db_target)) as c:
        c.db_target = db_target
        yield c


def standings_of(page):
    """The standings table of a page: (place, name, points, games, wins) per row."""
    part = page.split('<div id="standings">', 1)[1].split("</div>", 1)[0]
    rows = re.findall(r'<tr[^>]*><td>(\d+)</td><td class="name">(.*?)</td><td>(-?\d+)</td><td>(\d+)</td>'
                      r'<td>(\d+)</td></tr>', part)
    return [(int(p), html.unescape(n), int(t), int(g), int(w)) for p, n, t, g, w in rows]


def expected_standings(db_target, night_id):
    with Database(db_target) as db:
        return [(r["place"], r["player"], r["total"], r["games"], r["wins"]) for r in model.standings(db, night_id)]


# ----- pages ------------------------------------------------------------------------------------


def test_every_language_has_every_word_and_a_request_gets_its_own():
    assert set(WORDS) == set(LANGS)
    for lang in LANGS:
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
        assert all(isinstance(v, str) and v.strip() for v in WORDS[lang].values()), lang
    assert pick("fr", "es") == "fr"
    assert pick(None, "de-DE,pt-PT;q=0.9,es;q=0.8") == "pt"
    assert pick(None, "it;q=0.2, fr;q=0.7") == "fr"
    assert pick("xx", "de") == "en" and pick(None, None) == "en"
    assert pick(None, "x" * 10000 + ",es") == "en"  # a header's junk is cut, never a crash


@pytest.mark.parametrize("lang", LANGS)
def test_the_night_pages_speak_the_language_and_escape_every_name(client, lang):
    night_id = new_night(client.db_target)
    w = WORDS[lang]
    csrf = login(client)
    assert client.post("/director/night/%d/start" % night_id, data={"csrf": csrf}).status_code == 200
    play_table(client.db_target, night_id, 1, 1, 3)
    for path, heading in (("/night/%d" % night_id, w["standings"]), ("/night/%d/tables" % night_id, w["tables"]),
                          ("/night/%d/table/1" % night_id, w["sheet"]), ("/", w["nights"])):
        page = client.get(path, params={"lang": lang})
        assert page.status_code == 200, (path, page.text)
        assert '<html lang="%s">' % lang in page.text and html.escape(heading, quote=False) in page.text
        assert not any(name in page.text for name in NAMES if html.escape(name) != name), path
        assert "Friday &lt;night&gt;" in page.text
        assert page.headers["content-security-policy"].startswith("default-src 'self'")
        assert "http://" not in page.text and "https://" not in page.text  # nothing from elsewhere
    by_header = client.get("/night/%d" % night_id, headers={"accept-language": "%s;q=0.9,de" % lang})
    assert '<html lang="%s">' % lang in by_header.text
    standings = client.get("/night/%d" % night_id, params={"lang": lang}).text
    assert standings_of(standings) == expected_standings(client.db_target, night_id)
    assert {name for _p, name, *_ in standings_of(standings)} == set(NAMES)


def test_the_director_runs_a_night_through_the_forms(client):
    db_target = client.db_target
    csrf = login(client)
    answer = client.post("/director/night", data={
        "csrf": csrf, "name": "Club <Friday>", "game": "wizard", "players": "\n".join(NAMES) + "\n",
        "tables": "2", "seats": "4", "movement": "progressive", "rounds": "2"})
    assert answer.status_code == 200 and "Club &lt;Friday&gt;" in answer.text
    night_id = int(re.search(r"/director/night/(\d+)/start", answer.text).group(1))
    for table in (1, 2):
        answer = client.post("/director/night/%d/assign" % night_id,
                             data={"csrf": csrf, "device": "B%d" % table, "table": str(table)})
        assert answer.status_code == 200
    assert client.post("/director/night/%d/start" % night_id, data={"csrf": csrf}).status_code == 200
    with Database(db_target) as db:
        night = model.night(db, night_id)
        assert night["boards"] == {"B1": 1, "B2": 2} and night["round"] == 1
        assert model.seatings(db, night_id, 1) == movement.first_round(NAMES, 4)
    games = {t: play_table(db_target, night_id, 1, t, 40) for t in (1, 2)}
    assert all(g.finished for g in games.values())
    assert standings_of(client.get("/night/%d" % night_id).text) == expected_standings(db_target, night_id)

    # A correction: recorded with who and why; the stored record unchanged.
    with Database(db_target) as db:
        stored = sql(db, "SELECT record FROM games WHERE device_id = 'B1'")
        old = model.running_sheet(db, night_id, 1, 1)["hands"][0]["totals"]
    # The first to bid (left of the dealer, seat 0) is free to bid 0 or 1 in round 1.
    first = games[1].players[1]
    bid = amended.value_of(to_record(games[1]), 1, first, "bids")
    before = expected_standings(db_target, night_id)
    answer = client.post("/director/night/%d/amend" % night_id, data={
        "csrf": csrf, "device": "B1", "game_id": "11", "hand": "1", "player": first, "field": "bids",
        "value": str(1 - bid), "who": "Director <Zoé>", "why": "the bid was 'misheard'"})
    assert answer.status_code == 200, answer.text
    assert "Director &lt;Zoé&gt;" in answer.text and "the bid was &#x27;misheard&#x27;" in answer.text
    with Database(db_target) as db:
        assert sql(db, "SELECT record FROM games WHERE device_id = 'B1'") == stored
        [amendment] = model.amendments(db, night_id)
        assert (amendment["who"], amendment["field"], amendment["player"]) == ("Director <Zoé>", "bids", first)
        assert model.running_sheet(db, night_id, 1, 1)["hands"][0]["totals"] != old
    after = standings_of(client.get("/night/%d" % night_id).text)
    assert after == expected_standings(db_target, night_id) and after != before
    sheet = client.get("/night/%d/table/1" % night_id).text
    assert 'class="amended"' in sheet and "Director &lt;Zoé&gt;" in sheet

    # End the round; the next one seats the players by the movement.
    assert client.post("/director/night/%d/end" % night_id, data={"csrf": csrf}).status_code == 200
    assert client.post("/director/night/%d/start" % night_id, data={"csrf": csrf}).status_code == 200
    with Database(db_target) as db:
        order = [results.finishing_order(t.game) for t in model.table_games(db, night_id, 1)]
        seated = model.seatings(db, night_id, 2)
    assert seated == movement.progressive(order, movement.first_round(NAMES, 4))
    cards = client.get("/director/night/%d/cards" % night_id, params={"lang": "es"}).text
    for t, table in enumerate(seated, 1):
        for s, name in enumerate(table, 1):
            assert "<b>%s</b>Ronda 2<br>Mesa %d, asiento %d" % (html.escape(name), t, s) in cards
    report = client.get("/director/night/%d/report" % night_id)
    assert report.status_code == 200 and "Club &lt;Friday&gt;" in report.text and "<script" not in report.text
    assert report.headers["content-security-policy"].startswith("default-src 'none'")


# ----- refusals -----------------------------------------------------------------------------------

FORM = "application/x-www-form-urlencoded"


def _night_form(csrf, **more):
    form = {"csrf": csrf, "name": "Another", "game": "hearts", "players": "\n".join(NAMES[:4]), "tables": "1",
            "seats": "4", "movement": "round_robin", "rounds": "1"}
    form.update(more)
    return form


def _encoded(form):
    from urllib.parse import urlencode

    return urlencode(form).encode()


# (name, how: a function of (client, csrf, night) making the request, status, words the refusal says)
FORGED = [
    ("post to the standings", lambda c, k, n: c.post("/night/%d" % n, data={"csrf": k}), 405, "read-only"),
    ("post to the tables", lambda c, k, n: c.post("/night/%d/tables" % n, data={"x": "1"}), 405, "read-only"),
    ("put a sheet", lambda c, k, n: c.put("/night/%d/table/1" % n, content=b"x"), 405, "read-only"),
    ("delete the home page", lambda c, k, n: c.delete("/"), 405, "read-only"),
    ("post to the live stream", lambda c, k, n: c.post("/night/%d/events" % n), 405, "read-only"),
    ("no CSRF token", lambda c, k, n: c.post("/director/night/%d/start" % n, data={}), 403, "out of date"),
    ("a wrong CSRF token", lambda c, k, n: c.post("/director/night/%d/start" % n, data={"csrf": k[:-2] + "xx"}),
     403, "out of date"),
    ("a CSRF token not ASCII", lambda c, k, n: c.post("/director/night/%d/start" % n, data={"csrf": "é" * 43}),
     403, "out of date"),
    ("the login form's token as CSRF", lambda c, k, n: c.post("/director/night/%d/start" % n, data={
        "csrf": c.app.state.hub.sessions.login_token()}), 403, "out of date"),
    ("oversized", lambda c, k, n: c.post("/director/night", data=_night_form(k, players="x" * 40000)), 413, "larger"),
    ("oversized, no length said", lambda c, k, n: c.post("/director/night", content=iter([b"csrf=" + b"a" * 9000] * 3),
                                                         headers={"content-type": FORM}), 413, "larger"),
    ("JSON", lambda c, k, n: c.post("/director/night", json={"csrf": k}), 415, "urlencoded"),
    ("multipart", lambda c, k, n: c.post("/director/night", files={"f": b"x"}, data={"csrf": k}), 415, "urlencoded"),
    ("not UTF-8", lambda c, k, n: c.post("/director/night", content=b"csrf=" + k.encode() + b"&name=%FF%FE",
                                         headers={"content-type": FORM}), 400, "UTF-8"),
    ("raw bytes not UTF-8", lambda c, k, n: c.post("/director/night", content=b"csrf=\xff",
                                                   headers={"content-type": FORM}), 400, "UTF-8"),
    ("malformed", lambda c, k, n: c.post("/director/night", content=b"csrf&&=&",
                                         headers={"content-type": FORM}), 400, "malformed"),
    ("a field twice", lambda c, k, n: c.post("/director/night", content=_encoded(_night_form(k)) + b"&name=Twice",
                                             headers={"content-type": FORM}), 400, "twice"),
    ("too many fields", lambda c, k, n: c.post("/director/night", content=b"&".join(
        b"f%d=1" % i for i in range(60)) + b"&csrf=" + k.encode(), headers={"content-type": FORM}), 400, "malformed"),
    ("a control character in the name", lambda c, k, n: c.post("/director/night", data=_night_form(k, name="A\x1bB")),
     400, "control"),
    ("a hidden character in a player", lambda c, k, n: c.post("/director/night", data=_night_form(
        k, players="Ana\nB\u202ebo\nCy\nDot")), 400, "control"),
    ("a player name too long", lambda c, k, n: c.post("/director/night", data=_night_form(
        k, players="Ana\nBartholomew\nCy\nDot")), 400, "name"),
    ("a game there is not", lambda c, k, n: c.post("/director/night", data=_night_form(k, game="poker")), 400, "game"),
    ("tables not a number", lambda c, k, n: c.post("/director/night", data=_night_form(k, tables="two")), 400,
     "tables"),
    ("tables and players disagree", lambda c, k, n: c.post("/director/night", data=_night_form(k, tables="3")), 400,
     "players"),
    ("a huge number", lambda c, k, n: c.post("/director/night", data=_night_form(k, rounds="9" * 400)), 400, "rounds"),
    ("a table the night has not", lambda c, k, n: c.post("/director/night/%d/assign" % n, data={
        "csrf": k, "device": "B9", "table": "9"}), 400, "table"),
    ("an amendment without who", lambda c, k, n: c.post("/director/night/%d/amend" % n, data={
        "csrf": k, "device": "B1", "game_id": "11", "hand": "1", "player": NAMES[1], "field": "bids", "value": "1",
        "who": " ", "why": "x"}), 400, "who"),
    ("an amendment of a game not the night's", lambda c, k, n: c.post("/director/night/%d/amend" % n, data={
        "csrf": k, "device": "B7", "game_id": "11", "hand": "1", "player": NAMES[1], "field": "bids", "value": "1",
        "who": "Zoé", "why": "x"}), 400, "B7"),
    ("an action there is not", lambda c, k, n: c.post("/director/night/%d/explode" % n, data={"csrf": k}), 404,
     "action"),
    ("a night there is not", lambda c, k, n: c.post("/director/night/999/start", data={"csrf": k}), 404, "no such"),
    ("a round not a number", lambda c, k, n: c.get("/night/%d/table/1?round=x" % n), 400, "round"),
    ("a round not started", lambda c, k, n: c.get("/night/%d/table/1?round=7" % n), 404, "round"),
    ("a table there is not", lambda c, k, n: c.get("/night/%d/table/99" % n), 404, "no such"),
    ("a night page there is not", lambda c, k, n: c.get("/night/999"), 404, "no such"),
]


def _refusal(answer):
    """The one line a refusal says."""
    if answer.headers["content-type"].startswith("text/plain"):
        return answer.text.strip()
    found = re.findall(r'<p class="error">(.*?)</p>', answer.text)
    assert len(found) == 1, answer.text
    return html.unescape(found[0])


@pytest.mark.parametrize("name,request_,status,says", FORGED, ids=[f[0] for f in FORGED])
def test_a_malformed_oversized_or_forged_request_gets_one_clear_refusal_and_changes_nothing(
        client, name, request_, status, says):
    night_id = new_night(client.db_target)
    csrf = login(client)
    assert client.post("/director/night/%d/start" % night_id, data={"csrf": csrf}).status_code == 200
    play_table(client.db_target, night_id, 1, 1, 40)
    before = contents(client.db_target)
    answer = request_(client, csrf, night_id)
    assert answer.status_code == status, (name, answer.status_code, answer.text[:500])
    line = _refusal(answer)
    assert "\n" not in line and says.lower() in line.lower(), (name, line)
    assert contents(client.db_target) == before, name
    # The session is still good: the refusal cost nothing.
    assert client.get("/director/night/%d" % night_id).status_code == 200


def test_the_directors_actions_need_the_password_and_a_live_session(client):
    night_id = new_night(client.db_target)
    before = contents(client.db_target)
    # No session: every action is refused, the director's pages ask for the password.
    for action in ("start", "end", "assign", "amend"):
        answer = client.post("/director/night/%d/%s" % (night_id, action), data={"csrf": "x"})
        assert answer.status_code == 403 and "log in" in _refusal(answer)
    for path in ("/director/night/%d" % night_id, "/director/night/%d/cards" % night_id,
                 "/director/night/%d/report" % night_id):
        page = client.get(path)
        assert 'type="password"' in page.text and "/director/logout" not in page.text, path
    # A wrong password, a forged or missing login token.
    login_token = token(client.get("/director").text)
    for form in ({"csrf": login_token, "password": PASSWORD + "x"}, {"csrf": login_token, "password": ""},
                 {"csrf": "forged.0123", "password": PASSWORD}, {"password": PASSWORD}):
        answer = client.post("/director/login", data=form, follow_redirects=False)
        assert answer.status_code == 403 and COOKIE_NAME not in answer.headers.get("set-cookie", "")
        assert len(re.findall(r'<p class="error">', answer.text)) == 1
    assert contents(client.db_target) == before
    # Logged in, then out: the old cookie, played again, is refused.
    csrf = login(client)
    sid = client.cookies[COOKIE_NAME]
    answer = client.post("/director/logout", data={"csrf": csrf}, follow_redirects=False)
    assert answer.status_code == 303
    client.cookies.set(COOKIE_NAME, sid)
    answer = client.post("/director/night/%d/start" % night_id, data={"csrf": csrf})
    assert answer.status_code == 403 and "log in" in _refusal(answer)
    assert 'type="password"' in client.get("/director").text
    assert contents(client.db_target) == before


COOKIE_NAME = "tricktally_director"


# ----- live -----------------------------------------------------------------------------------------


class Stream:
    """A Server-Sent Events stream read line by line: ``next_event()``."""

    def __init__(self, response):
        self.lines = response.iter_lines()

    def next_event(self):
        kind, data = None, []
        for line in self.lines:
            if line.startswith("event: "):
                kind = line[len("event: "):]
            elif line.startswith("data: "):
                data.append(line[len("data: "):])
            elif line == "" and kind:
                return kind, "\n".join(data)
        raise AssertionError("the stream ended")

    def next_of(self, kind):
        while True:
            got, data = self.next_event()
            if got == kind:
                return data


def test_the_standings_go_live_to_a_watcher_when_a_game_is_stored(db_target):
    night_id = new_night(db_target)
    with Database(db_target) as db:
        model.start_round(db, night_id)
    app = hub_app(db_target, poll=0.5)
    with running_hub(app) as url, httpx2.Client(base_url=url, timeout=30) as web:
        with web.stream("GET", "/night/%d/events" % night_id, params={"lang": "fr"}) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            stream = Stream(response)
            first = stream.next_of("standings")
            assert standings_of(first) == expected_standings(db_target, night_id)
            assert all(games == 0 for *_x, games, _w in standings_of(first))
            assert "Joueur" in first and "Player" not in first  # the watcher's language
            assert len(app.state.hub.live.watchers) == 1
            stored = time.monotonic()
            play_table(db_target, night_id, 1, 2, 5)  # written by someone else: a USB sync, say
            fresh = stream.next_of("standings")
            latency = time.monotonic() - stored
            assert standings_of(fresh) == expected_standings(db_target, night_id) != standings_of(first)
            tables = stream.next_of("tables")
            assert 'href="/night/%d/table/2?lang=fr"' % night_id in tables and "Donnes : 5" in tables
            print("standings live %.2f s after the game was stored" % latency)
        # The watcher has gone: the hub lets it go.
        deadline = time.monotonic() + 10
        while app.state.hub.live.watchers:
            assert time.monotonic() < deadline, "the hub kept a watcher whose page has gone"
            time.sleep(0.05)


# ----- tricktally club serve -------------------------------------------------------------------------


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_club_serve_serves_the_night_and_listens_for_boards_until_ctrl_c(db_target, tmp_path):
    night_id = new_night(db_target)
    secret = tmp_path / "director.txt"
    secret.write_text(PASSWORD + "\n", encoding="utf-8")
    port, board_port = _free_port(), _free_port()
    tricktally = os.path.join(os.path.dirname(sys.executable), "tricktally")
    proc = subprocess.Popen([tricktally, "club", "serve", "--db", db_target, "--host", "127.0.0.1", "--port",
                             str(port), "--board-port", str(board_port), "--password-file", str(secret)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = "http://127.0.0.1:%d" % port
        deadline = time.monotonic() + 30
        while True:
            try:
                page = httpx2.get(url + "/night/%d" % night_id, timeout=5)
                break
            except httpx2.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
                time.sleep(0.1)
        assert page.status_code == 200 and "Friday &lt;night&gt;" in page.text
        assert httpx2.get(url + "/static/hub.css").headers["content-type"].startswith("text/css")
        # The board listener, in the same process: a board that is not enrolled is refused.
        with socket.create_connection(("127.0.0.1", board_port), timeout=5):
            pass
        with httpx2.Client(base_url=url, follow_redirects=True) as web:
            form = web.get("/director").text
            answer = web.post("/director/login", data={"csrf": token(form), "password": PASSWORD})
            assert answer.status_code == 200 and "/director/logout" in answer.text
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, (out, err)
    assert "http://127.0.0.1:%d/" % port in out and PASSWORD not in out + err


def test_club_serve_prints_a_fresh_password_when_given_none_and_refuses_a_bad_file(db_target, tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("abc\n", encoding="utf-8")
    tricktally = os.path.join(os.path.dirname(sys.executable), "tricktally")
    for path, says in ((short, "shorter than 8"), (tmp_path / "none.txt", "cannot read")):
        done = subprocess.run([tricktally, "club", "serve", "--db", db_target, "--password-file", str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and says in done.stderr and len(done.stderr.strip().splitlines()) == 1, done
    port = _free_port()
    with socket.socket() as taken:  # the web port is taken: one clear line, nothing left running
        taken.bind(("127.0.0.1", port))
        taken.listen()
        done = subprocess.run([tricktally, "club", "serve", "--db", db_target, "--host", "127.0.0.1", "--port",
                               str(port), "--board-port", str(_free_port())], capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 2 and "could not start" in done.stderr, done
    assert re.search(r"director's password for this run: \S{12,}", done.stdout), done.stdout


# ----- the board listener in the hub's process ------------------------------------------------------


def test_a_board_on_wifi_reaches_the_live_standings_through_the_hubs_own_listener(db_target, tmp_path):
    """The real firmware (on CPython) enrolled with the hub plays table 1's
    game; the listener in the hub's process stores it and its event wakes
    the live pages (the hub's own polling is slowed to a minute here, so
    only the event can have)."""
    from tests.club import DEVICE, KEY, club_board
    from tests.host.test_club_listener import play, run_until
    from tricktally_host.club.listener import BoardListener

    players = ["P%d" % i for i in range(1, 9)]  # a board's own default names: table 1 is P1..P4
    with Database(db_target) as db:
        db.set_board_key(DEVICE, KEY.hex())
        night_id = model.create_night(db, "Wi-Fi night", "wizard", players, 2, 4, "progressive", 2, PASSWORD)
        model.assign_board(db, night_id, 1, DEVICE)
        model.start_round(db, night_id)
    listener = BoardListener(lambda: Database(db_target), host="127.0.0.1", port=0, keepalive=1.0,
                             spool=tmp_path / "spool")
    app = hub_app(db_target, listener=listener, poll=60.0)
    events = []
    with running_hub(app) as url, httpx2.Client(base_url=url, timeout=60) as web:
        board = club_board(listener.address[1])
        try:
            with web.stream("GET", "/night/%d/events" % night_id) as response:
                stream = Stream(response)
                first = stream.next_of("standings")

                def read():
                    with contextlib.suppress(Exception):  # the stream ends with the test
                        while True:
                            events.append(standings_of(stream.next_of("standings")))

                threading.Thread(target=read, daemon=True).start()
                run_until([board], lambda: any(e["event"] == "connected" for e in app.state.hub.live.events))
                play(board, "wizard", 3)
                # Each hand's sync is shown; the last one shows the game as stored now
                # (compared again only when a new version came).
                checked = {}

                def caught_up():
                    if events and checked.get("seen") != len(events):
                        checked["seen"] = len(events)
                        checked["equal"] = events[-1] == expected_standings(db_target, night_id)
                    return checked.get("equal")

                run_until([board], caught_up, timeout=30)
            assert events[-1] != standings_of(first)
            assert {name for _p, name, _t, games, _w in events[-1] if games} == set(players[:4])
            assert any(e["event"] == "stored" for e in app.state.hub.live.events)
            assert all("record" not in e for e in app.state.hub.live.events)
            csrf = login(web)
            page = web.get("/director/night/%d" % night_id).text
            row = re.search(r'<td class="name">%s</td><td>1</td><td class="name">([^<]+)</td>' % DEVICE, page)
            assert row and re.fullmatch(r"\d\d:\d\d:\d\d", row.group(1)), page  # last heard, from the listener
            # The director ends round 1 and starts round 2: the board is told
            # where its table's winner goes, and gets the round's names.
            for action in ("end", "start"):
                answer = web.post("/director/night/%d/%s" % (night_id, action), data={"csrf": csrf})
                assert answer.status_code == 303, answer.text
            with Database(db_target) as db:
                order = model.seat_orders(db, night_id, 2)[DEVICE]
            assert order["seat"] and order["seat"][0] == 2
            seated = lambda: [e for e in app.state.hub.live.events if e["event"] == "seat"]  # noqa: E731
            run_until([board], lambda: seated() and board.app.config.roster == order["names"])
            assert (seated()[-1]["round"], seated()[-1]["table"], seated()[-1]["seat"]) == tuple(order["seat"])
        finally:
            board.app.link.stream.close()
