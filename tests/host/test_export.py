# SPDX-License-Identifier: MIT
"""`tricktally export`: JSON records that rebuild the same games, CSV that adds up and cannot run formulas."""

import csv
import io
import json

from click.testing import CliRunner

from tests.host.test_db import BASE_TIME, DEVICE, fill
from tricktally import new_game
from tricktally.record import from_record, summary, to_record
from tricktally_host.commands import export
from tricktally_host.db import Database
from tricktally_host.export import CSV_COLUMNS, safe_cell


COMMANDS = {"export": export.command}


def run(name, *args):
    # The command itself, not the whole `tricktally` group: these tests stay
    # independent of the other commands' imports (test_games_show checks the wiring).
    return CliRunner().invoke(COMMANDS[name], [str(a) for a in args])


def read_csv(path):
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "UTF-8 with a byte order mark, for Excel"
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_json_export_rebuilds_the_same_games(db_target, tmp_path):
    db_path = db_target
    games = fill(db_path)
    out = tmp_path / "out"
    result = run("export", "--format", "json", "-o", out, "--db", db_path)
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.json"))
    assert len(files) == len(games)
    assert sorted(result.stdout.split()) == sorted(str(f) for f in files)
    for path in files:
        record = json.loads(path.read_text(encoding="utf-8"))
        game = games[record["game_id"]]
        rebuilt = from_record(record)
        assert summary(rebuilt) == summary(game)
        assert to_record(rebuilt) == to_record(game)  # exactly the hands (and current entries) played
        assert len(record["hands"]) == len(game.hands)
        assert ("current" in record) == bool(game.current_entries())
        assert record["device"] == DEVICE and record["created"] == BASE_TIME + 3600 * record["game_id"]
        assert path.name.startswith("E661-%d_%s_2023-11-1" % (record["game_id"], game.NAME))


def test_json_export_of_chosen_games_and_bad_refs(db_target, tmp_path):
    db_path = db_target
    fill(db_path, seeds=[1, 2, 3])
    result = run("export", "--format", "json", "-o", tmp_path / "o", "E661-2", "e661-3", "--db", db_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name.split("_")[0] for p in (tmp_path / "o").iterdir()) == ["E661-2", "E661-3"]
    result = run("export", "--format", "json", "-o", tmp_path / "p", "E661-2", "NOPE-4", "--db", db_path)
    assert result.exit_code == 2
    assert "no stored game 'NOPE-4'" in result.output
    assert not (tmp_path / "p").exists(), "nothing written when a ref is wrong"
    result = run("export", "--format", "xml", "--db", db_path)
    assert result.exit_code == 2 and "xml" in result.output


def test_csv_adds_up_to_the_core_totals(db_target, tmp_path):
    db_path = db_target
    games = fill(db_path)
    result = run("export", "--format", "csv", "-o", tmp_path, "--db", db_path)
    assert result.exit_code == 0, result.output
    rows = read_csv(tmp_path / "tricktally-games.csv")
    assert tuple(rows[0].keys()) == CSV_COLUMNS
    assert len(rows) == sum(len(g.hands) * len(g.players) for g in games.values())
    for game_id, game in games.items():
        mine = [r for r in rows if r["game_ref"] == "E661-%d" % game_id]
        for seat, name in enumerate(game.players):
            side = game.side_of(seat)
            seat_rows = [r for r in mine if r["seat"] == str(seat)]
            assert [int(r["hand"]) for r in seat_rows] == list(range(1, len(game.hands) + 1))
            assert all(r["player"] == name and r["game"] == game.NAME for r in seat_rows)
            if seat_rows:
                assert int(seat_rows[-1]["total"]) == game.totals[side]
                assert sum(int(r["score"]) for r in seat_rows) == game.totals[side]
            for r, hand in zip(seat_rows, game.hands):
                if game.NAME == "hearts":
                    assert int(r["hearts"]) == hand.get("hearts", seat)
                    assert r["queen"] == str(int(hand.get("queen") == seat)) and r["bid"] == ""
                else:
                    assert int(r["tricks"]) == hand.get("tricks", seat)
                    assert int(r["bid"]) == max(hand.get("bid", seat), 0)


def test_csv_neutralises_formulas_keeps_numbers_and_accents(db_target, tmp_path):
    names = ["=cmd|' /C calc'!A0", "+Zoë", "-2", "@Ñandú"]
    game = new_game("spades", names, settings={"set_penalty": "minus_bid", "target": 200})
    while not game.hands:
        # Everyone bids 5 and the tricks fall so that most are set: negative scores.
        value = 5 if game.kind == "bid" else game.legal_values()[-1] if game.seat == 0 else game.legal_values()[0]
        game.enter(game.kind, game.seat, value)
    with Database(db_target) as db:
        db.store_game("=evil", 1, to_record(game), 10, 1)
    result = run("export", "--format", "csv", "-o", tmp_path, "--db", db_target)
    assert result.exit_code == 0, result.output
    rows = read_csv(tmp_path / "tricktally-games.csv")
    assert [r["player"] for r in rows] == ["'" + n for n in names]
    assert all(r["game_ref"] == "'=EVI-1" for r in rows)
    scores = [r["score"] for r in rows]
    assert scores == [str(s) for s in game.hands[0].scores]
    assert any(s.startswith("-") for s in scores), "negative scores stay plain numbers"
    text = (tmp_path / "tricktally-games.csv").read_bytes().decode("utf-8-sig")
    assert "'+Zoë" in text and "'@Ñandú" in text
    for cell in ("=", "+", "-", "@", "\t", "\r"):
        assert safe_cell(cell + "x") == "'" + cell + "x"
    assert safe_cell(-40) == -40 and safe_cell(None) == "" and safe_cell("Ana") == "Ana" and safe_cell(True) == 1
