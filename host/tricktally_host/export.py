# SPDX-License-Identifier: MIT
"""Exporting stored games: ``tricktally/1`` record files and a CSV table.

JSON: one record file per game, made by the core from the rebuilt game
(``to_record``), so it holds exactly the hands played (and the entries of an
unfinished hand under ``current``) and rebuilding it gives the same game.

CSV: one row per player per complete hand, with every value the JSON has
for that player and hand (bid, blind nil, tricks, trump, hearts, queen,
jack, moon). Spreadsheets run a cell that starts with ``= + - @`` (or a tab
or CR, also after leading spaces) as a formula, so such text cells get a
leading apostrophe; numbers are written as numbers, so a real negative score
stays a number. UTF-8 with a byte order mark, so Excel reads accented names
right (other readers skip the mark).

Files: an existing file is never replaced unless asked (``force``), the
database never (outfiles.check_target); names are unique even on a file
system that ignores case (device ids ``abcd`` and ``ABCD``) and short
enough for any (a long ref is cut, with a digest of it); files get the
usual permissions (0666 less the umask), not the 0600 of a temporary file.
"""

import binascii
import csv
import io
import json
import os
import pathlib
import re

from tricktally.record import to_record
from tricktally_host.outfiles import OutputError, check_target, write_atomic

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
    # issue 11: values the JSON export has that the CSV lacked
    "trump",
    "blind_nil",
    "moon",
    "moon_choice",
)
CSV_NAME = "tricktally-games.csv"
# What makes a spreadsheet treat a cell as a formula (OWASP CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


class ExportError(Exception):
    """An export that would replace a file, or cannot be written; one line."""


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


# File names stay well under the 255 bytes every file system takes.
_NAME_MAX = 120


def record_file_name(info, game):
    """A file name safe on every system: ``REF_game_date.json`` (a ref too
    long for one is cut, with a digest of it so names stay apart)."""
    ref = re.sub(r"[^A-Za-z0-9_.-]", "_", info["ref"])
    if len(ref) > _NAME_MAX - 40:
        ref = "%s_%08x" % (ref[: _NAME_MAX - 60], binascii.crc32(info["ref"].encode("utf-8", "replace")))
    parts = [ref, game.NAME]
    if info.get("date"):
        parts.append(info["date"][:10])
    return "_".join(parts) + ".json"


def _check_free(paths, force, db_path=None):
    """Refuse (ExportError) to write over the database's files, or to
    replace an existing file unless ``force``."""
    for p in paths:
        try:
            check_target(p, db_path, force=True)
        except OutputError as e:
            raise ExportError(str(e)) from e
    taken = [] if force else [p for p in paths if os.path.lexists(p)]
    if taken:
        more = " (and %d more)" % (len(taken) - 1) if len(taken) > 1 else ""
        raise ExportError("%s already exists%s: nothing written; use --force to replace" % (taken[0], more))


def json_paths(loaded, out_dir):
    """The file each game of ``loaded`` goes to: names that differ even
    where case does not count (a suffix from the device id when needed)."""
    out_dir = pathlib.Path(out_dir)
    seen = set()
    paths = []
    for info, _record, game in loaded:
        name = record_file_name(info, game)
        if name.lower() in seen:
            stem = name[: -len(".json")]
            name = "%s_%08x.json" % (stem, binascii.crc32(info["device_id"].encode("utf-8")))
            n = 2
            while name.lower() in seen:
                name = "%s_%d.json" % (stem, n)
                n += 1
        seen.add(name.lower())
        paths.append(out_dir / name)
    return paths


def export_json(loaded, out_dir, force=False, db_path=None):
    """Write one record file per (info, record, game) of ``loaded`` into
    ``out_dir``; return the paths. ExportError (nothing written) when a
    file exists and not ``force``, or would be a file of the database at
    ``db_path``."""
    out_dir = pathlib.Path(out_dir)
    paths = json_paths(loaded, out_dir)
    _check_free(paths, force, db_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    for (info, _record, game), path in zip(loaded, paths):
        text = json.dumps(export_record(info, game), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        write_atomic(path, text.encode("utf-8"))
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
    # Spreadsheets skip leading blanks before they look for a formula.
    blank_free = text.lstrip().lstrip("\ufeff\u200b\u2060").lstrip()
    if text.startswith(_FORMULA_START) or blank_free.startswith(_FORMULA_START):
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
                date=info.get("date"),
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
                row["moon"] = int(game.shooter(hand) == seat)
                row["moon_choice"] = hand.get("moon")
            else:
                bid = hand.get("bid", seat)
                if game.NAME == "spades":
                    row["blind"] = int(bid == -1)
                    row["blind_nil"] = int(bid == -1)
                    row["bags"] = hand.bags[side]
                else:
                    row["trump"] = hand.get("trump")
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


def export_csv(loaded, out_dir, force=False, db_path=None):
    """Write the CSV of ``loaded`` to ``out_dir``/tricktally-games.csv; return
    [path]. ExportError (nothing written) when it exists and not ``force``,
    or is a file of the database at ``db_path``."""
    out_dir = pathlib.Path(out_dir)
    path = out_dir / CSV_NAME
    _check_free([path], force, db_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(path, csv_text(loaded).encode("utf-8-sig"))
    return [path]
