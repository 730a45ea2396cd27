# SPDX-License-Identifier: MIT
"""`tricktally games` and `tricktally show` on a database of games played through the core."""

import json
import pathlib
import re
import subprocess
import sys

from click.testing import CliRunner
from rich.console import Console

from tests.host.pc_helpers import sql, tables_of
from tests.host.test_db import DEVICE, fill
from tricktally import new_game
from tricktally.record import to_record
from tricktally_host.commands import export, games, show
from tricktally_host.db import Database
from tricktally_host.sheet import score_table


COMMANDS = {"games": games.command, "show": show.command}


def run(name, *args, env=None):
    # The command itself, not the whole `tricktally` group: these tests stay
    # independent of the other commands' imports (test_installed_command checks the group).
    return CliRunner().invoke(COMMANDS[name], [str(a) for a in args], env=env)


def test_games_json_and_table(db_target):
    path = db_target
    games = fill(path)
    result = run("games", "--json", "--db", path)
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert len(listed) == len(games)
    for info in listed:
        game = games[info["game_id"]]
        assert info["game"] == game.NAME and info["players"] == game.players
        assert info["finished"] is game.finished
        assert info["winners"] == [game.players[s] for s in game.winners]
    # The table, through the environment variable this time.
    result = run("games", env={"TRICKTALLY_DB": str(path), "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for info in listed:
        line = next(l for l in result.output.splitlines() if re.search(r"\b%s\b" % re.escape(info["ref"]), l))
        assert info["game"] in line
        assert info["date"][:10] in line
        if info["finished"]:
            assert ", ".join(info["winners"]) in line
        else:
            assert "in progress" in line


def test_games_on_a_missing_database_creates_nothing(db_target):
    # A SQLite file that is not there, a PostgreSQL database still empty.
    result = run("games", "--db", db_target)
    assert result.exit_code == 0 and "No games yet" in result.output
    assert tables_of(db_target) is None


def test_show_prints_the_sheet_with_running_totals(db_target):
    path = db_target
    games = fill(path)
    for game_id, game in games.items():
        result = run("show", "E661-%d" % game_id, "--db", path)
        assert result.exit_code == 0, result.output
        out = result.output
        assert all(len(line) <= 80 for line in out.splitlines()), out
        for name in game.players:
            assert name in out
        if game.hands:
            last = game.hands[-1]
            # The last hand's row carries each side's total.
            for total in last.totals:
                assert "= %d" % total in out
            if game.NAME == "spades":
                assert "/" in out
        if game.finished:
            assert ("Winner: " if len(game.winners) == 1 else "Winners: ") + game.players[game.winners[0]] in out
        else:
            unit = "round" if game.NAME == "wizard" else "hand"
            assert "Game in progress after %d %s" % (len(game.hands), unit) in out


def _wizard_with_zero_bids():
    """Six players, every round played: one player bids and takes every trick, the others bid 0."""
    game = new_game("wizard", ["Ana", "Ben", "Cy", "Dee", "Eva", "Zoë"])
    while not game.finished:
        legal = game.legal_values()
        if game.kind == "bid":
            want = game.hand_number if game.current.count("bid") == 0 else 0
        else:
            want = game.value("bid", game.seat)
        game.enter(game.kind, game.seat, want if want in legal else legal[0])
    return game


def test_sheet_fits_80_columns_and_nil_is_only_for_spades():
    wizard = _wizard_with_zero_bids()
    console = Console(width=80, record=True, color_system=None)
    console.print(score_table(wizard, title="six players"))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "nil" not in text and "0/0 +20" in text and "Zoë" in text
    spades = new_game("spades", ["Ana", "Ben", "Cy", "Dee"], settings={"nil": True, "blind_nil": True, "bags": True})
    for kind, seat, value in [("bid", 1, 0), ("bid", 2, -1), ("bid", 3, 5), ("bid", 0, 6),
                              ("tricks", 1, 0), ("tricks", 2, 1), ("tricks", 3, 5), ("tricks", 0, 7)]:
        spades.enter(kind, seat, value)
    console = Console(width=80, record=True, color_system=None)
    console.print(score_table(spades))
    text = console.export_text()
    # nil made +100, blind nil set -200 + 1 bag, 5 made, 6 bid 7 took.
    # Four sides with bag counts do not fit one line each: two lines per cell.
    assert max(len(line) for line in text.splitlines()) <= 80
    for cell in ("nil/0 +100", "= 100 (0b)", "bnil/1 -199", "= -199 (1b)", "5/5 +50", "= 50 (0b)", "6/7 +61", "= 61 (1b)"):
        assert cell in text, text
    wide = Console(width=120, record=True, color_system=None)
    wide.print(score_table(spades, width=120))
    assert "bnil/1 -199 = -199 (1b)" in wide.export_text()


def test_show_unknown_ref_and_bad_record_exit_2(db_target, tmp_path):
    path = db_target
    fill(path, seeds=[1, 2])
    result = run("show", "E661-99", "--db", path)
    assert result.exit_code == 2
    assert "no stored game 'E661-99'" in result.output
    # A record damaged in the database (edited by hand): named, not a traceback.
    with Database(path) as db:
        record = db.get("E661-1")
        record["hands"][0]["tricks"] = [99] * len(record["players"])
        sql(db, "UPDATE games SET record = :record WHERE game_id = 1", record=json.dumps(record))
    result = run("show", "E661-1", "--db", path)
    assert result.exit_code == 2
    assert result.output.startswith("error: game E661-1: hand 1") and "tricks_range" in result.output
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not sqlite" * 50)
    result = run("show", "E661-1", "--db", junk)
    assert result.exit_code == 2 and "junk.sqlite: not a usable SQLite database" in result.output


def test_show_of_a_game_in_progress_shows_the_current_hand(db_target):
    game = new_game("spades", ["Ana", "Ben", "Cy", "Dee"], settings={"partners": True, "nil": True})
    for value in (3, 0, 4, 5):
        game.enter(game.kind, game.seat, value)
    with Database(db_target) as db:
        db.store_game(DEVICE, 4, to_record(game), 50, 1)
    result = run("show", "4", "--db", db_target)
    assert result.exit_code == 0, result.output
    # Partners: Ana (seat 0) bid 5 with Cy (seat 2) bid 0; Ben 3 with Dee 4. Tricks not yet in.
    assert "Ana & Cy" in result.output and "Ben & Dee" in result.output
    assert "5+nil/–+–" in result.output and "3+4/–+–" in result.output
    assert "Game in progress after 0 hands" in result.output


def test_installed_command_is_wired(db_target):
    """The real `tricktally` entry point, as a person types it, with --db and exit status 2."""
    path = db_target
    games_stored = fill(path, seeds=[1, 2])
    exe = pathlib.Path(sys.executable).parent / "tricktally"
    out = subprocess.run([exe, "games", "--json", "--db", path], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert [g["game_id"] for g in json.loads(out.stdout)] == sorted(games_stored)
    for name in ("show", "export", "plot", "stats"):
        helped = subprocess.run([exe, name, "--help"], capture_output=True, text=True, timeout=60)
        assert helped.returncode == 0 and "--db" in helped.stdout, helped.stderr
    bad = subprocess.run([exe, "show", "E661-9", "--db", path], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "no stored game 'E661-9'" in bad.stderr


def test_a_game_closed_unfinished_says_so(db_target, tmp_path):
    path = db_target
    game = new_game("hearts", ["Ana", "Ben", "Cy"])
    for value in (5, 4, 4, 0):
        game.enter(game.kind, game.seat, value)
    record = dict(to_record(game), ended=True, created=None)
    with Database(path) as db:
        assert db.store_game(DEVICE, 2, record, 80, "0badf00d") == "new"
        info = db.games()[0]
    assert (info["ended"], info["finished"], info["date"]) == (True, False, None)
    listed = run("games", "--db", path, env={"COLUMNS": "120"})
    assert "ended unfinished" in listed.output and "—" in listed.output
    shown = run("show", "E661-2", "--db", path)
    assert "Game ended unfinished after 1 hand: no winner" in shown.output
    assert "date unknown" in shown.output
    out = CliRunner().invoke(export.command, ["--format", "json", "-o", str(tmp_path / "x"), "--db", str(path)])
    assert out.exit_code == 0, out.output
    exported = json.loads(next((tmp_path / "x").glob("*.json")).read_text(encoding="utf-8"))
    assert exported["ended"] is True and "created" not in exported
    assert exported["hands"] == [{"hearts": [4, 5, 4], "queen": 0}] and "current" not in exported
