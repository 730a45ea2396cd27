# SPDX-License-Identifier: MIT
"""Exporting stored games: ``tricktally/1`` record files and a CSV table.

JSON: one record file per game, made by the core from the rebuilt game
(``to_record``), so it holds exactly the hands played (and the entries of an
unfinished hand under ``current``) and rebuilding it gives the same game.

CSV: one row per player per complete hand. Spreadsheets run a cell that
starts with ``= + - @`` (or a tab or CR) as a formula, so such text cells get
a leading apostrophe; numbers are written as numbers, so a real negative
score stays a number. UTF-8 with a byte order mark, so Excel reads accented
names right (other readers skip the mark).
"""

import csv
import io
import json
import os
import pathlib
import re
import tempfile

from tricktally.record import to_record

CSV_COLUMNS = (
    "game_ref",
    "date",
    "game",
    "hand",
    "dealer",
    "seat",
    "player",
    "side",
    "bid",
    "blind",
    "tricks",
    "hearts",
    "queen",
    "jack",
    "score",
    "total",
    "bags",
)
CSV_NAME = "tricktally-games.csv"
# What makes a spreadsheet treat a cell as a formula (OWASP CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def export_record(info, game):
    """The record to export for a stored game: the core's record plus where it came from."""
    record = to_record(game)
    record["device"] = info["device_id"]
    record["game_id"] = info["game_id"]
    if info.get("started") is not None:
        record["created"] = info["started"]
    if info.get("ended"):
        record["ended"] = True
    return record


def record_file_name(info, game):
    """A file name safe on every system: ``REF_game_date.json``."""
    parts = [info["ref"], game.NAME]
    if info.get("date"):
        parts.append(info["date"][:10])
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "_".join(parts)) + ".json"


def write_atomic(path, data):
    """Write bytes ``data`` to ``path`` through a temporary file, so a reader never sees half a file."""
    path = pathlib.Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def export_json(loaded, out_dir):
    """Write one record file per (info, record, game) of ``loaded`` into ``out_dir``; return the paths."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for info, _record, game in loaded:
        text = json.dumps(export_record(info, game), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        path = out_dir / record_file_name(info, game)
        write_atomic(path, text.encode("utf-8"))
        paths.append(path)
    return paths


def safe_cell(value):
    """A CSV cell that no spreadsheet runs as a formula.

    Text starting with ``= + - @``, tab or CR gets a leading apostrophe.
    Numbers stay numbers (``-40`` is a score, not a formula); None is empty.
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    text = str(value)
    if text.startswith(_FORMULA_START):
        return "'" + text
    return text


def csv_rows(info, game):
    """One dict per player per complete hand of ``game`` (keys: CSV_COLUMNS)."""
    rows = []
    for hand in game.hands:
        for seat in range(len(game.players)):
            side = game.side_of(seat)
            row = dict.fromkeys(CSV_COLUMNS)
            row.update(
                game_ref=info["ref"],
                date=info["date"][:16].replace("T", " ") if info.get("date") else None,
                game=game.NAME,
                hand=hand.index + 1,
                dealer=game.players[hand.dealer],
                seat=seat,
                player=game.players[seat],
                side=side,
                score=hand.scores[side],
                total=hand.totals[side],
            )
            if game.NAME == "hearts":
                row["hearts"] = hand.get("hearts", seat)
                row["queen"] = int(hand.get("queen") == seat)
                if game.settings["omnibus"]:
                    row["jack"] = int(hand.get("jack") == seat)
            else:
                bid = hand.get("bid", seat)
                if game.NAME == "spades":
                    row["blind"] = int(bid == -1)
                    row["bags"] = hand.bags[side]
                row["bid"] = 0 if bid == -1 else bid
                row["tricks"] = hand.get("tricks", seat)
            rows.append(row)
    return rows


def csv_text(loaded):
    """The CSV of every (info, record, game) in ``loaded``, as text (header first)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for info, _record, game in loaded:
        for row in csv_rows(info, game):
            writer.writerow([safe_cell(row[c]) for c in CSV_COLUMNS])
    return out.getvalue()


def export_csv(loaded, out_dir):
    """Write the CSV of ``loaded`` to ``out_dir``/tricktally-games.csv; return [path]."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / CSV_NAME
    write_atomic(path, csv_text(loaded).encode("utf-8-sig"))
    return [path]
