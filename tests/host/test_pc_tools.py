# SPDX-License-Identifier: MIT
"""Issue 24: the PC tools as a family (wrong output, unclear failures, data
lost or hidden), item by item, each with the neighbours of its class of
hole (other commands, other values, other files). Item 18 (a wiped board's
games) is tests/host/test_wiped_boards.py; the fuzzing of the PC's own
inputs is tests/host/test_fuzz_pc.py."""

import json
import multiprocessing
import os
import re
import sqlite3
import time

import pytest

from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import REPO, WHEN, cli, contents, digest, example, examples_db, ok, one_error, sql
from tricktally import new_game
from tricktally.record import from_record, to_record
from tricktally_host import db_backends
from tricktally_host.db_backends import is_url
from tricktally_host.cli import COMMANDS, main
from tricktally_host.db import Database, DatabaseError
from tricktally_host.link_client import LinkClient, LinkError
from tricktally_host.rescore import SettingError, changes_for


# ----- 1. the plot's title: its own line break, names made plain --------------------


def test_the_plot_title_keeps_its_line_break_and_only_names_are_escaped(db_target):
    from tricktally_host.plot import figure

    examples_db(db_target)
    with Database(db_target, create=False) as db:
        info, _record, game = db.load("SIMD-1")
    title = figure(game, info).axes[0].get_title()
    assert title.count("\n") == 1 and "\\x0a" not in title
    assert title.startswith("Wizard SIMD-1") and title.endswith("won by Cy")
    # A name that holds a line break is shown as an escape: the title's
    # own break stays the only one.
    record = example("hearts")
    record["players"][3] = "De\ne"
    record["created"] = WHEN
    game = from_record(record)
    title = figure(game, dict(info, ref="X-1", date="2026-11-28 08:52", ended=False)).axes[0].get_title()
    assert title.count("\n") == 1 and "won by De\\x0ae" in title
    # A name made of "_" (which matplotlib leaves out of a legend) is in it.
    record["players"][0] = "_nolegend_"
    texts = [t.get_text() for t in figure(from_record(record)).axes[0].get_legend().get_texts()]
    assert any("_nolegend_" in t for t in texts)


# ----- 2., 3., 13.: rescore -----------------------------------------------------------


def test_a_game_that_would_not_have_ended_is_not_a_change_of_winner(db_target):
    db = examples_db(db_target)
    # The Hearts example ended at target 100; at 200 it has not ended after its 14 hands.
    out = ok(cli("rescore", "3", "--set", "target=200", "--db", db))
    assert "winner changes" not in out and "not ended" in out
    data = json.loads(ok(cli("rescore", "3", "--set", "target=200", "--json", "--db", db)))
    assert data["outcome"] == "not_ended" and data["winner_changed"] is False
    season = json.loads(ok(cli("rescore", "--all", "--set", "target=200", "--json", "--db", db)))
    assert [g["game"] for g in season["not_ended"]] == ["SIMD-3"]
    assert "SIMD-3" not in [g["game"] for g in season["changed"]]
    text = ok(cli("rescore", "--all", "--set", "target=200", "--db", db))
    changed = len(season["changed"])
    assert "the winner changes in %d (%d%%)" % (changed, round(100 * changed / season["rescored"])) in text
    assert "would not have ended" in text


def test_a_rule_broken_under_other_settings_exits_2_with_one_line(db_target):
    db = examples_db(db_target)
    for args in (("--set", "nil=off"), ("--set", "nil=off", "--json")):
        result = cli("rescore", "2", *args, "--db", db)
        line = one_error(result)
        assert "hand 1, seat 3" in line and "[rule: nil]" in line
    # Settings a game does not have, or that do not go together, too.
    one_error(cli("rescore", "1", "--set", "nil=off", "--db", db))
    one_error(cli("rescore", "2", "--set", "blind_nil=on", "--set", "nil=off", "--db", db))


@pytest.mark.parametrize("text", ["²", "", " ", "9" * 5000, "１００", "1_000", "0x10", "-1", "0", "+5", "1e3", "10.0",
                                  "٣", "1000000000", "\x00", "\ud800", "5\n5"])
def test_a_target_is_plain_digits_or_one_line(db_target, text):
    with pytest.raises(SettingError) as e:
        changes_for("hearts", {"target": text})
    assert "\n" not in str(e.value)
    db = examples_db(db_target)
    for args in (("3",), ("--all",)):
        one_error(cli("rescore", *args, "--set", "target=" + text, "--db", db))


def test_a_plain_target_is_taken():
    assert changes_for("hearts", {"target": " 300 "}) == {"target": 300}
    assert changes_for("spades", {"target": "999999999"}) == {"target": 999999999}


# ----- 4. help names only files the repository has ----------------------------------


def _helps():
    out = [("tricktally", ok(cli("--help")))]
    for name in COMMANDS:
        out.append((name, ok(cli(name, "--help"))))
        command = main.commands[name]
        for sub in getattr(command, "commands", {}):
            out.append((name + " " + sub, ok(cli(name, sub, "--help"))))
    return out


def test_help_texts_name_only_files_the_repository_has():
    seen = 0
    for name, text in _helps():
        for ref in re.findall(r"[\w./-]+\.md\b", text):
            seen += 1
            assert (REPO / ref).exists(), "%s --help names %s, which is not in the repository" % (name, ref)
    assert seen >= 2


# ----- 5. how to read a cell; Wizard's trump as suits ---------------------------------


def _wizard_with_trumps():
    record = example("wizard")
    for hand, trump in zip(record["hands"], ["H", "S", "D", "C", "none"]):
        hand["trump"] = trump
    record["created"] = WHEN
    return record


def test_show_says_how_to_read_a_cell_and_draws_wizard_trumps_as_suits(db_target):
    path = db_target
    examples_db(path)
    with Database(path) as db:
        db.store_game("SIMD", 4, _wizard_with_trumps(), 20, "w")
    out = ok(cli("show", "SIMD-4", "--db", path, env={"COLUMNS": "120"}))
    assert "trump" in out
    rows = [line for line in out.splitlines() if re.match(r"\s+[1-5]\s", line)]
    assert [r.split()[1] for r in rows[:5]] == ["♥", "♠", "♦", "♣", "–"]
    assert not re.search(r"^\s+\d+ [HSDC]\s", out, re.M)
    for ref, words in (("SIMD-2", ("bid/tricks", "+ joins partners", "bnil", "bags")), ("SIMD-3", ("hearts♥", "Q♠", "moon")),
                       ("SIMD-4", ("bid/tricks", "trump"))):
        out = ok(cli("show", ref, "--db", path))
        legend = [line for line in out.splitlines() if line.startswith("Cells: ")]
        assert len(legend) == 1 and all(w in legend[0] for w in words), out
    # The same for a record file.
    out = ok(cli("score", REPO / "examples" / "spades.json"))
    assert "Cells: bid/tricks" in out


# ----- 6. one date format, local time ---------------------------------------------------


def test_every_command_shows_a_date_one_way_in_local_time(db_target, tmp_path, monkeypatch):
    from tricktally_host.dates import format_date

    monkeypatch.setenv("TZ", "America/St_Johns")  # UTC-3:30 in November: minutes move
    time.tzset()
    try:
        db = examples_db(db_target)
        shown = format_date(WHEN + 1200)  # the Hearts example
        assert shown == "2026-11-28 05:42"
        assert shown in ok(cli("games", "--db", db))
        assert shown in ok(cli("show", "SIMD-3", "--db", db))
        infos = json.loads(ok(cli("games", "--json", "--db", db)))
        assert [i["date"] for i in infos] == [format_date(WHEN + 600 * i) for i in range(3)]
        season = ok(cli("rescore", "--all", "--set", "target=200", "--db", db, env={"COLUMNS": "200"}))
        assert shown in season and "T05:42" not in season and "+00:00" not in season
        ok(cli("export", "--format", "csv", "-o", tmp_path / "csv", "--db", db))
        csv_text = (tmp_path / "csv" / "tricktally-games.csv").read_text(encoding="utf-8-sig")
        assert shown in csv_text
        ok(cli("report", "-o", tmp_path / "r.html", "--db", db))
        assert shown in (tmp_path / "r.html").read_text(encoding="utf-8")
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


# ----- 7. stats says what it counts ----------------------------------------------------


def test_stats_says_a_spades_bid_is_made_by_the_side_and_a_miss_is_the_players_own(db_target):
    db = examples_db(db_target)
    out = ok(cli("stats", "--db", db, env={"COLUMNS": "200"}))
    assert "made when the player's side made its contract" in out
    assert "player's own tricks" in out or "own tricks" in out
    assert "rounds" in out and "avg score/round" in out  # Wizard's rounds


# ----- 8. the season report ---------------------------------------------------------------


def _report(tmp_path, new_db_target, records, lang="en"):
    path = new_db_target()
    with Database(path) as db:
        for i, record in enumerate(records):
            db.store_game("SIMD", i + 1, record, 10 + i, "%08x" % i)
    out = tmp_path / ("r-%s.html" % lang)
    ok(cli("report", "-o", out, "--lang", lang, "--db", path))
    return out.read_text(encoding="utf-8")


def test_a_thin_season_report_shows_every_rating_and_every_game_open(tmp_path, new_db_target):
    # One finished Hearts game where two players tie: equal ratings.
    record = {"game": "hearts", "players": ["Ana", "Ben", "Cy"], "settings": {"target": 20},
              "hands": [{"hearts": [13, 0, 0], "queen": 0}], "created": WHEN}
    game = from_record(record)
    assert game.finished and game.totals[1] == game.totals[2]
    html = _report(tmp_path, new_db_target, [record])
    ratings = html[html.index("Ratings over time"):html.index("Bid accuracy")]
    lines = re.findall(r'<polyline points="([^"]+)"[^>]*stroke-width="([0-9.]+)"([^/]*)/>', ratings)
    assert len(lines) == 3
    xs = {float(p.split(",")[0]) for pts, _w, _d in lines for p in pts.split()}
    assert len(xs) == 2  # from the start (every player a newcomer) to after the game, not a dot on the edge
    # Ben's and Cy's lines coincide: each is drawn so that both show.
    assert len({(w, d) for _p, w, d in lines}) == 3
    assert "<details open>" in html and "<details>" not in html


def test_report_charts_have_ticks_and_the_target_and_wizard_a_trump_column(tmp_path, new_db_target):
    records = [example("spades"), _wizard_with_trumps(), example("hearts")]
    for i, r in enumerate(records):
        r["created"] = WHEN + 600 * i
    html = _report(tmp_path, new_db_target, records)
    sections = html.split("<details open>")[1:]
    assert len(sections) == 3
    for section, target in zip(sections, (300, None, 100)):
        chart = section[section.index("<svg"):]
        ticks_y = re.findall(r'class="tick" text-anchor="end">([^<]+)<', chart)
        ticks_x = re.findall(r'class="tick" text-anchor="middle">([^<]+)<', chart)
        assert len(ticks_y) >= 3 and len(ticks_x) >= 3
        if target is None:
            assert 'class="target"' not in chart
        else:
            assert 'line x1' in chart and "target %d" % target in chart
    wizard = sections[1]
    assert "<th>Trump</th>" in wizard and "<td>♥</td>" in wizard and "<td>–</td>" in wizard
    assert "Each cell: bid/tricks" in wizard


@pytest.mark.parametrize("lang, moon", [("es", "luna"), ("pt", "lua"), ("it", "cappotto"), ("fr", "chelem"), ("en", "moon")])
def test_a_hearts_sheet_says_moon_in_the_reports_language(tmp_path, new_db_target, lang, moon):
    record = {"game": "hearts", "players": ["Ana", "Ben", "Cy"], "settings": {"target": 100},
              "hands": [{"hearts": [13, 0, 0], "queen": 0}], "created": WHEN}
    html = _report(tmp_path, new_db_target, [record], lang)
    sheet = html[html.index('<table class="sheet">'):]
    sheet = sheet[:sheet.index("</table>")]
    assert moon in sheet
    if lang != "en":
        assert "moon" not in sheet


@pytest.mark.parametrize("lang", ["en", "es", "pt", "it", "fr"])
def test_wizard_says_round_in_every_report_language_and_on_the_pc(tmp_path, new_db_target, lang):
    from tricktally_host.report_i18n import strings

    record = _wizard_with_trumps()
    html = _report(tmp_path, new_db_target, [record], lang)
    assert "<th>%s</th>" % strings(lang)["round"] in html
    assert "<th>%s</th>" % strings(lang)["hand"] not in html
    unfinished = dict(record, hands=record["hands"][:5])
    path = new_db_target()
    with Database(path) as db:
        db.store_game("SIMD", 1, unfinished, 1, "a")
    for args in (("show", "1"), ("rescore", "1", "--set", "even_bids=never")):
        out = cli(*args, "--db", path).stdout
        assert "5 rounds" in out and "hand" not in out.replace("hand 1", ""), out
    from tricktally_host.plot import plot_title

    assert "after 5 rounds" in plot_title(from_record(unfinished))


# ----- 9. the resume folder -----------------------------------------------------------------


def _board(count=3, device_id="e66138935f2a"):
    b = BoardThread(device_id=device_id)
    played = play_games(b.journal, count, seed=1, names=ACCENTED)
    return b, played


@pytest.mark.parametrize("spool", ["a file", "a folder of folders"])
def test_a_resume_folder_that_cannot_be_written_does_not_stop_the_sync(tmp_path, spool):
    from tallyboard.journal import folder_id
    from tricktally_host.sync import spool_name

    db_path = tmp_path / "g.db"
    journals = tmp_path / "g.db.journals"
    b, played = _board()
    if spool == "a file":
        journals.write_text("not a folder")
    else:
        # Every spool file's name taken by a folder: none can be opened.
        target = journals / spool_name("e66138935f2a", folder_id.read(b.fs))
        for gid in played:
            (target / ("%d.journal" % gid)).mkdir(parents=True)
    with b:
        result = cli("sync", "--port", b.path, "--db", db_path)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        assert "cannot keep partial downloads" in result.stderr and "Traceback" not in result.stderr
        for gid in played:
            assert b.journal.synced(gid) == b.journal.size(gid)
    assert len(json.loads(ok(cli("games", "--json", "--db", db_path)))) == len(played)


def test_a_long_or_odd_device_id_syncs(tmp_path, new_db_target):
    for device in ("x" * 300, "..", "a/b", "-" * 40, "con"):
        db_path = new_db_target()
        b, played = _board(device_id=device)
        with b:
            ok(cli("sync", "--port", b.path, "--db", db_path))
        infos = json.loads(ok(cli("games", "--json", "--db", db_path)))
        assert len(infos) == len(played) and {i["device_id"] for i in infos} == {device}
        for info in infos:
            ok(cli("show", info["ref"], "--db", db_path))
        out = tmp_path / ("export-%d" % len(os.listdir(tmp_path)))
        ok(cli("export", "--format", "json", "-o", out, "--db", db_path))
        assert all(len(p.name) < 140 for p in out.iterdir())


def test_spool_names_are_short_safe_and_distinct():
    from tricktally_host.sync import spool_name

    names = {spool_name(d, f) for d in ("a b", "a_b", "A_B", "x" * 300, "x" * 301, "..", ".") for f in ("", "0011aabb")}
    assert len(names) == 14
    assert all(len(n) <= 50 and re.fullmatch(r"[A-Za-z0-9_-]+", n) and n not in (".", "..") for n in names)


# ----- 10. a database locked by another program --------------------------------------------


class Locker:
    """Another program holding the database's write lock: a SQLite
    connection's BEGIN IMMEDIATE, a PostgreSQL session's exclusive lock on
    the games table (what maintenance or a hand-run script can hold)."""

    def __init__(self, db_target):
        self.target = db_target
        if is_url(db_target):
            import psycopg

            self.conn = psycopg.connect(db_target, autocommit=True)
        else:
            self.conn = sqlite3.connect(db_target, isolation_level=None, check_same_thread=False)

    def lock(self):
        if is_url(self.target):
            self.conn.execute("BEGIN")
            self.conn.execute("LOCK TABLE games IN EXCLUSIVE MODE")
        else:
            self.conn.execute("BEGIN IMMEDIATE")

    def release(self):
        self.conn.execute("ROLLBACK")

    def close(self):
        self.conn.close()


def test_a_locked_database_is_one_line_before_the_board_is_asked(db_target, monkeypatch):
    monkeypatch.setattr(db_backends, "LOCK_WAIT", 0.5)
    db_path = db_target
    Database(db_path).close()
    before = contents(db_path)
    other = Locker(db_path)
    other.lock()
    try:
        b, played = _board()
        with b:
            line = one_error(cli("sync", "--port", b.path, "--db", db_path))
            assert "in use by another program" in line and "locked" in line
            assert b.tap.requests == []  # the board was not even asked
        # Readers are not held up; a writer gets one DatabaseError (not the driver's).
        with Database(db_path, create=False) as db:
            assert db.games() == []
        with pytest.raises(DatabaseError, match="in use by another program"):
            Database(db_path)
    finally:
        other.release()
        other.close()
    assert contents(db_path) == before


def test_a_lock_taken_during_a_sync_is_one_line_and_the_next_sync_finishes(db_target, monkeypatch):
    monkeypatch.setattr(db_backends, "LOCK_WAIT", 0.5)
    db_path = db_target
    b, played = _board(count=4)
    Database(db_path).close()
    other = Locker(db_path)
    state = {"locked": False}

    def lock_at_first_fetch(verb, args):
        if verb == "FETCH" and not state["locked"]:
            state["locked"] = True
            other.lock()

    with b:
        b.tap.on_request = lock_at_first_fetch
        line = one_error(cli("sync", "--port", b.path, "--db", db_path))
        assert "locked" in line
        assert not any(b.journal.synced(g) for g in played), "nothing stored, nothing acknowledged"
        other.release()
        b.tap.on_request = None
        ok(cli("sync", "--port", b.path, "--db", db_path))
        for gid in played:
            assert b.journal.synced(gid) == b.journal.size(gid)
    other.close()


# ----- 11. two syncs creating one database at once ------------------------------------------


def _open_at_once(path, barrier, results):
    barrier.wait()
    try:
        with Database(path) as db:
            db.store_game("dev%d" % os.getpid(), 1, example("hearts"), 1, "a")
        results.put("ok")
    except Exception as e:  # noqa: BLE001 - the test reports whatever happened
        results.put("%s: %s" % (type(e).__name__, e))


def test_databases_created_by_several_writers_at_once(new_db_target):
    ctx = multiprocessing.get_context("fork")
    for round_ in range(4):
        path = new_db_target("new%d.sqlite" % round_)
        n = 5
        barrier = ctx.Barrier(n)
        results = ctx.Queue()
        procs = [ctx.Process(target=_open_at_once, args=(path, barrier, results)) for _ in range(n)]
        for p in procs:
            p.start()
        got = [results.get(timeout=60) for _ in range(n)]
        for p in procs:
            p.join(60)
        assert got == ["ok"] * n, got
        with Database(path, create=False) as db:
            assert len(db.games()) == n
            assert sql(db, "SELECT COUNT(*) FROM schema_version")[0][0] == 1


# ----- 12. names pushed to the board ---------------------------------------------------------


@pytest.mark.parametrize("names, words", [
    (["A" * 600], "600 characters"),
    (["🂡" * 10] * 13, "1 to 12 names"),
    (["Ana", "Ana"], "twice"),
    (["Ana\x1b[2J"], "control character"),
    ([" Ana"], "space"),
    (["\ud800"], "UTF-8"),
    (["Ana", ""], "1 to 10"),
])
def test_names_the_board_would_refuse_are_refused_before_the_port_is_opened(names, words):
    line = one_error(cli("players", "push", "--port", "/nonexistent/port", *names))
    assert words in line and "/nonexistent" not in line


def test_a_request_too_long_for_a_frame_is_a_link_error_not_a_crash():
    b, _ = _board(count=1)
    with b:
        with LinkClient(b.path, timeout=1) as c:
            c.hello()
            with pytest.raises(LinkError, match="cannot be sent"):
                c.roster(["Ñ" * 10] * 40)
            with pytest.raises(LinkError, match="cannot be sent"):
                c.request("ROSTER", "x y")
            # The largest roster the board takes fits in a frame.
            assert c.roster([chr(0x1F0A1 + i) * 10 for i in range(12)]) == 12


# ----- 14., 15.: a bad value in a game never stops the sync nor takes the others down -------


def test_a_lone_surrogate_or_an_impossible_time_never_stops_the_sync(db_target, tmp_path):
    b = BoardThread()
    b.journal.new_game(new_game("hearts", ["A\ud800", "B\udfff", "Cy"], 0, {}))
    b.journal.new_game(new_game("hearts", ["Ana", "Ben", "Cy"], 0, {}), created=253402300800)
    b.journal.new_game(new_game("hearts", ["Ana", "Ben", "Cy"], 0, {}), created=10**20)
    b.journal.new_game(new_game("hearts", ["Ana", "Ben", "Cy"], 0, {}), created=-5)
    played = play_games(b.journal, 3, seed=2, names=ACCENTED)
    db_path = db_target
    with b:
        out = ok(cli("sync", "--port", b.path, "--db", db_path))
        assert "7 games, 7 new" in out
        for gid in b.journal.ids():
            assert b.journal.synced(gid) == b.journal.size(gid)
    infos = json.loads(ok(cli("games", "--json", "--db", db_path)))
    assert len(infos) == 7
    names = {i["game_id"]: i["players"] for i in infos}
    assert names[1][:2] == ["A\\ud800", "B\\udfff"]
    assert [i["date"] for i in infos if i["game_id"] in (2, 3, 4)] == [None] * 3
    for args in (("games",), ("show", "1"), ("show", "2"), ("stats",), ("ratings",), ("export", "--format", "json", "-o", tmp_path / "j"),
                 ("export", "--format", "csv", "-o", tmp_path / "c"), ("report", "-o", tmp_path / "r.html"),
                 ("rescore", "--all", "--set", "target=30"), ("plot", "1", "-o", tmp_path / "p.png")):
        ok(cli(*args, "--db", db_path))
    exported = json.loads((tmp_path / "j" / [p for p in os.listdir(tmp_path / "j") if p.startswith("E661-1_")][0]).read_text())
    assert exported["players"][:2] == ["A\\ud800", "B\\udfff"]
    assert len(played) == 3


def test_a_stored_impossible_date_or_damaged_row_takes_no_other_game_down(db_target, tmp_path):
    db_path = examples_db(db_target)
    with Database(db_path) as db:
        for gid, record in ((4, example("hearts")), (5, example("spades")), (6, example("wizard"))):
            db.store_game("SIMD", gid, record, 1, "a")
        # What an older tricktally stored, or a damaged file holds (a
        # PostgreSQL column holds only values of its type).
        sql(db, "UPDATE games SET started = 253402300800 WHERE game_id = 1")
        sql(db, "UPDATE games SET started = -99999999999999 WHERE game_id = 2")
        sql(db, "UPDATE games SET players = 'not json' WHERE game_id = 4")
        sql(db, "UPDATE games SET record = '{\"game\": \"hearts\"' WHERE game_id = 5")
        if db.path is not None:
            sql(db, "UPDATE games SET synced_at = 'x', hands = 'y' WHERE game_id = 6")
        else:
            sql(db, "UPDATE games SET synced_at = 'NaN', hands = -3 WHERE game_id = 6")
    before = contents(db_path)
    for args in (("games",), ("games", "--json"), ("stats",), ("stats", "--json"), ("ratings",),
                 ("export", "--format", "json", "-o", tmp_path / "j"), ("report", "-o", tmp_path / "r.html"),
                 ("rescore", "--all", "--set", "target=200")):
        result = cli(*args, "--db", db_path)
        line = one_error(result)
        assert "cannot be read" in line and "SIMD-4" in line, line
        assert "SIMD-1" in result.stdout or args[0] in ("stats", "ratings", "export", "report", "rescore"), args
    # The listing reads rows (4 and 6 are damaged); a record is read when a game is loaded (5).
    listed = {i["game_id"]: i for i in json.loads(cli("games", "--json", "--db", db_path).stdout)}
    assert sorted(listed) == [1, 2, 3, 5]
    assert listed[1]["date"] is None and listed[2]["date"] is None
    for ref in ("SIMD-1", "SIMD-2", "SIMD-3"):
        ok(cli("show", ref, "--db", db_path))
        ok(cli("plot", ref, "-o", tmp_path / (ref + ".png"), "--db", db_path))
    for ref in ("SIMD-4", "SIMD-5", "SIMD-6"):
        one_error(cli("show", ref, "--db", db_path))
    assert len(os.listdir(tmp_path / "j")) == 3
    assert contents(db_path) == before


# ----- 16. no command writes over its own database -------------------------------------------


def test_no_command_writes_over_the_database_or_an_existing_file(tmp_path):
    db_path = examples_db(tmp_path / "games.db")
    with Database(db_path) as db:
        sql(db, "SELECT 1")  # its -wal and -shm files exist
    link = tmp_path / "link.db"
    link.symlink_to(db_path)
    hard = tmp_path / "hard.db"
    os.link(db_path, hard)
    before = digest(db_path)
    os.chdir(tmp_path)
    for target in ("games.db", "./games.db", str(db_path), "link.db", "hard.db", "games.db-wal", "games.db-shm",
                   "games.db.journals/x.html"):
        for force in ((), ("--force",)):
            for args in (("report", "-o", target), ("plot", "1", "-o", target)):
                line = one_error(cli(*args, *force, "--db", db_path))
                assert "database" in line, line
    # export --force into the folder of a database named as its file
    csv_db = tmp_path / "tricktally-games.csv"
    examples_db(csv_db)
    csv_before = digest(csv_db)
    line = one_error(cli("export", "--format", "csv", "-o", tmp_path, "--force", "--db", csv_db))
    assert "database" in line
    assert digest(csv_db) == csv_before and digest(db_path) == before
    # An existing file: refused without --force, replaced with it.
    for args in (("report", "-o", "out.html"), ("plot", "1", "-o", "out.png")):
        ok(cli(*args, "--db", db_path))
        first = digest(args[-1])
        line = one_error(cli(*args, "--db", db_path))
        assert "already exists" in line and "--force" in line and digest(args[-1]) == first
        ok(cli(*args, "--force", "--db", db_path))
    one_error(cli("report", "-o", tmp_path, "--db", db_path))  # a folder


# ----- 17. a file that is not ours is left exactly as it was ----------------------------------


def test_a_foreign_database_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "recipes.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    before = digest(path)
    for args in (("sync", "--port", "/nonexistent"), ("games",), ("stats",), ("report", "-o", tmp_path / "r.html"),
                 ("rescore", "--all", "--set", "bags=off")):
        line = one_error(cli(*args, "--db", path))
        assert "not a TrickTally database" in line
    assert digest(path) == before
    assert sorted(os.listdir(tmp_path)) == ["recipes.sqlite"]  # no -wal, no -shm, no spool
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    # Not SQLite at all, or a newer TrickTally's: the same.
    text = tmp_path / "notes.txt"
    text.write_text("shopping list\n" * 200)
    one_error(cli("sync", "--port", "/nonexistent", "--db", text))
    assert text.read_text() == "shopping list\n" * 200
    with pytest.raises(DatabaseError):
        Database(text)
    # A pipe or a device is no database: refused at once, never waited on.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/null", "/dev/zero"):
        for args in (("games",), ("sync", "--port", "/nonexistent")):
            assert "not a regular file" in one_error(cli(*args, "--db", path))


def test_a_sync_into_a_database_with_damaged_rows_keeps_them_and_goes_on(db_target):
    db_path = db_target
    b, played = _board(count=4)
    with b:
        ok(cli("sync", "--port", b.path, "--db", db_path))
        with Database(db_path) as db:
            if db.path is not None:
                sql(db, "UPDATE games SET journal_size = 'x', journal = 'text' WHERE game_id = 2")
                sql(db, "UPDATE games SET record = '{', players = 7 WHERE game_id = 3")
                sql(db, "UPDATE games SET checksum = x'00ff', journal = NULL WHERE game_id = 4")
                damaged_size = "x"
            else:
                # The damage a PostgreSQL column can hold: values of its type.
                sql(db, "UPDATE games SET journal_size = -5, journal = 'text'::bytea WHERE game_id = 2")
                sql(db, "UPDATE games SET record = '{', players = '7' WHERE game_id = 3")
                sql(db, "UPDATE games SET checksum = '[0, 255]'::jsonb, journal = NULL WHERE game_id = 4")
                damaged_size = -5
        result = cli("sync", "--port", b.path, "--db", db_path)
        assert result.exit_code in (0, 1) and "Traceback" not in result.stdout + result.stderr, result.stderr
        # A damaged row is never written over: what the board has is kept beside it.
        with Database(db_path, create=False) as db:
            rows = {r[0]: r[1] for r in sql(db, "SELECT game_id, journal_size FROM games")}
            assert rows[2] == damaged_size and len(rows) == 4
            assert {c["game_id"] for c in db.conflicts()} >= {2}
    one_error(cli("games", "--db", db_path))
    ok(cli("show", "1", "--db", db_path))
