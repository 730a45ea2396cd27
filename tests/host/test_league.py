# SPDX-License-Identifier: MIT
"""`tricktally ratings`, the head-to-head in `stats`, and `tricktally report`
(opened in a real headless chromium), on corpora of games played through the
core and on a fresh database synced from the simulator."""

import json
import os
import pathlib
import subprocess
import sys

import pytest
from click.testing import CliRunner

from tests.host.chromium import render
from tests.host.pg_server import BACKENDS
from tests.host.league_corpus import always_wins, corpus_records, store
from tricktally.record import from_record
from tricktally_host.cli import main
from tricktally_host.db import Database
from tricktally_host.headtohead import head_to_head
from tricktally_host.league import side_ranks

TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
REPO = pathlib.Path(__file__).resolve().parents[2]


def _run(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module", params=BACKENDS)
def league_backend(request):
    return request.param


def _league_db(request, backend, tmp_path_factory, name):
    """A database of the module's backend that lasts the module."""
    if backend == "sqlite":
        return str(tmp_path_factory.mktemp("league") / name)
    server = request.getfixturevalue("pg_server")
    made = server.new_database()
    request.addfinalizer(lambda: server.drop_database(made, reached=True))
    return server.url(made)


@pytest.fixture(scope="module")
def champion_db(request, league_backend, tmp_path_factory):
    path = _league_db(request, league_backend, tmp_path_factory, "champion.sqlite")
    with Database(path) as db:
        store(db, always_wins(45))
    return path


@pytest.fixture(scope="module")
def season_db(request, league_backend, tmp_path_factory):
    path = _league_db(request, league_backend, tmp_path_factory, "season.sqlite")
    with Database(path) as db:
        store(db, corpus_records(24, seed=3))
    return path


def test_a_player_who_always_wins_tops_every_league(champion_db):
    rows = json.loads(_run("ratings", "--json", "--db", champion_db))
    assert sorted(rows) == ["hearts", "spades", "wizard"]
    for name, table in rows.items():
        assert table[0]["player"] == "Ace", (name, table[:2])
        assert all(table[0]["rating"] > r["rating"] for r in table[1:])
        assert table[0]["trend"] > 0
        assert [r["ordinal"] for r in table] == sorted((r["ordinal"] for r in table), reverse=True)
    text = _run("ratings", "--game", "wizard", "--db", champion_db)
    assert "Wizard" in text and "Ace" in text and "Spades" not in text


def test_ratings_since_a_date_rate_only_the_later_games(champion_db):
    every = json.loads(_run("ratings", "--json", "--db", champion_db))
    later = json.loads(_run("ratings", "--json", "--since", "2024-01-31", "--db", champion_db))
    games = lambda rows: sum(r["games"] for t in rows.values() for r in t if r["player"] == "Ace")  # noqa: E731
    assert games(every) == 45 and games(later) == 15  # 45 games a day apart from 1 January


def test_ties_share_a_place_and_partners_are_one_side():
    spades = from_record({"game": "spades", "players": list("ABCD"), "settings": {"partners": True, "target": 50},
                          "hands": [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}]})
    assert spades.finished and side_ranks(spades) == [2, 1]
    hearts = from_record({"game": "hearts", "players": list("ABC"), "settings": {"target": 10, "tie": "shared"},
                          "hands": [{"hearts": [5, 5, 3], "queen": 2}]})
    assert hearts.finished and hearts.winners == [0, 1] and side_ranks(hearts) == [1, 1, 3]
    rows = head_to_head([spades, hearts])
    pairs = {(r["game"], r["player"], r["opponent"]): (r["wins"], r["losses"], r["ties"]) for r in rows}
    assert ("spades", "A", "C") not in pairs  # partners never meet
    assert pairs[("spades", "B", "A")] == (1, 0, 0) and pairs[("spades", "A", "D")] == (0, 1, 0)
    assert pairs[("hearts", "B", "A")] == (0, 0, 1) and pairs[("hearts", "C", "A")] == (0, 1, 0)


def test_stats_gain_head_to_head_and_bid_error(champion_db):
    stats = json.loads(_run("stats", "--json", "--db", champion_db))
    ace = [r for r in stats["head_to_head"] if r["player"] == "Ace"]
    assert ace and all(r["wins"] == r["met"] and r["losses"] == 0 for r in ace)
    against = [r for r in stats["head_to_head"] if r["opponent"] == "Ace"]
    assert all(r["wins"] == 0 for r in against)
    wizard = [r for r in stats["by_game"] if r["game"] == "wizard"]
    assert all(r["bid_error"] is not None and r["bid_error"] >= 0 for r in wizard)
    text = _run("stats", "--db", champion_db)
    assert "head to head" in text and "bidding" in text


@pytest.mark.parametrize("lang, heading", [("en", "League table"), ("es", "Clasificación"), ("pt", "Classificação"),
                                           ("it", "Classifica"), ("fr", "Classement")])
def test_report_is_one_self_contained_page_in_the_chosen_language(season_db, tmp_path, lang, heading):
    out = tmp_path / "season.html"
    _run("report", "-o", str(out), "--lang", lang, "--db", season_db)
    html = out.read_text(encoding="utf-8")
    assert heading in html and '<html lang="%s">' % lang in html
    for outside in ("http://", "https://", "<script", "src=", "@import", "url("):
        assert outside not in html.replace('xmlns="http://www.w3.org/2000/svg"', ""), outside
    # Names are escaped everywhere: the corpus has "Eva <b>", "Fé & Co", 'Gus "G"'.
    assert "Eva <b>" not in html and "Eva &lt;b&gt;" in html and "Fé &amp; Co" in html
    # Every game open, so a printout shows its sheet and chart.
    assert html.count("<details open>") == 24 and "<details>" not in html


def test_report_renders_in_headless_chromium_without_errors(season_db, tmp_path):
    out = tmp_path / "season.html"
    _run("report", "-o", str(out), "--db", season_db)
    shot = tmp_path / "report.png"
    result = render(out, shot)
    assert result["errors"] == [], result["stderr"][-2000:]
    assert result["requests"] == []
    probe = result["probe"]
    assert probe["headings"] == ["League table", "Ratings over time", "Bid accuracy", "Games"]
    assert probe["games"] == 24 and probe["svgs"] >= 24 + 3 and probe["scripts"] == 0 and probe["injected"] == 0
    assert probe["width"] <= 1000  # nothing overflows the page sideways
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


def test_the_browser_check_can_fail(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text('<html><body><img src="http://192.0.2.1/x.png"><script>console.error("boom"); nosuch();</script></body></html>')
    result = render(page)
    assert any("boom" in e for e in result["errors"]) and any("exception" in e for e in result["errors"])
    assert result["requests"] == ["http://192.0.2.1/x.png"]


def test_fresh_database_synced_from_the_simulator(db_target, tmp_path):
    """`tricktally sim --headless --import`, `tricktally sync`, then ratings,
    rescore and report on what was synced."""
    db = db_target
    imports = []
    for path in sorted((REPO / "examples").glob("*.json")):
        imports += ["--import", str(path)]
    sim = subprocess.Popen(
        [TRICKTALLY, "sim", "--headless", "--flash", str(tmp_path / "flash"), "--run-seconds", "0", *imports],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        first = sim.stdout.readline()
        assert first.startswith("serial: "), first + sim.stderr.read()
        done = subprocess.run([TRICKTALLY, "sync", "--port", first.split(": ", 1)[1].strip(), "--db", db],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
    finally:
        sim.kill()
        sim.communicate(timeout=30)

    def cli(*args):
        done = subprocess.run([TRICKTALLY, *args, "--db", db], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    ratings = json.loads(cli("ratings", "--json"))
    with Database(db, create=False) as conn:
        stored = conn.load_all()
    finished = [g for _i, _r, g in stored if g.finished]
    assert finished and sorted(ratings) == sorted({g.NAME for g in finished})
    for _info, _record, game in stored:
        ref = _info["ref"]
        same = json.loads(cli("rescore", ref, "--set", "%s=%s" % _first_setting(game), "--json"))
        assert same["rescored"] == same["played"] and same["winner_changed"] is False
    wizard = [i["ref"] for i, _r, g in stored if g.NAME == "wizard"][0]
    changed = json.loads(cli("rescore", wizard, "--set", "even_bids=allowed", "--json"))
    assert changed["problem"] is None and changed["rescored"]["totals"] == changed["played"]["totals"]
    out = tmp_path / "season.html"
    cli("report", "-o", str(out), "--lang", "fr")
    assert render(out)["errors"] == []


def _first_setting(game):
    """Some setting of ``game`` with the value it already has, as --set text."""
    for name in sorted(game.settings):
        if name != "players":
            value = game.settings[name]
            return name, ("on" if value else "off") if isinstance(value, bool) else value


def test_every_report_language_has_every_string():
    from tricktally_host.commands.report import LANGUAGES
    from tricktally_host.report_i18n import STRINGS

    assert tuple(STRINGS) == LANGUAGES
    for lang, table in STRINGS.items():
        assert set(table) == set(STRINGS["en"]), lang
        assert all(value.strip() for value in table.values()), lang
        assert table["period"].count("%s") == 2 and table["counts"].count("%d") == 2, lang
