# SPDX-License-Identifier: MIT
"""What the club's load, fault and night tests check once the boards
stopped (issue 27): what the hub stored against what the boards entered
(nothing lost, nothing duplicated), and standings two ways.

- ``compare(boards, url)``: per board, every game's journal as the board
  holds it against the row the hub's database holds (one row per game,
  the same bytes), and the entries each side counts.
- ``standings(records)``: per player, points (the shared core's totals of
  the record, replayed: tricktally.record.from_record), games and wins,
  recomputed from records. The hub's own answer (the database's winners,
  and the night's standings where the hub computes them) is compared
  against it.
"""

import json

from tests.host.pc_helpers import sql
from tricktally.record import from_record, summary
from tricktally_host.db import Database


def entry_count(record):
    """The values entered into a game: every hand's entries and the
    unfinished hand's (tricktally/1: each hand's lists hold one value a
    seat; Wizard's trump is one entry). The record must be one the rules
    take (RuleError else)."""
    from_record(record)
    count = 0
    for hand in record.get("hands", []):
        for key, value in hand.items():
            if isinstance(value, list):
                count += sum(1 for v in value if v is not None)
            elif key == "trump" and value is not None:
                count += 1
    count += len(record.get("current", []))
    return count


def stored_rows(url, devices):
    """{(device, game id): [(journal bytes, record dict, winners text)]}:
    every row the hub's database holds for these boards (a list, so a
    duplicated row shows)."""
    out = {}
    with Database(url) as db:
        rows = sql(db, "SELECT device_id, game_id, journal, record, winners FROM games")
        for device, gid, journal, record, winners in rows:
            if device in devices:
                out.setdefault((device, gid), []).append((bytes(journal), json.loads(record), winners))
    return out


def compare(boards, url):
    """What each board holds against what the hub stored. ``boards``:
    {device: {game id: journal bytes}}. Returns a dict: ``games`` (on the
    boards), ``stored`` (rows), ``missing`` / ``differs`` / ``extra`` /
    ``duplicated`` (lists of (device, game id)), ``entries_sent`` and
    ``entries_stored`` (values entered, counted from each side's record)."""
    from tricktally_host.sync import record_of

    rows = stored_rows(url, set(boards))
    out = {"games": 0, "stored": sum(len(v) for v in rows.values()), "missing": [], "differs": [], "extra": [],
           "duplicated": [], "entries_sent": 0, "entries_stored": 0}
    for device, games in sorted(boards.items()):
        for gid, data in sorted(games.items()):
            out["games"] += 1
            out["entries_sent"] += entry_count(record_of(bytes(data), device, gid)[0])
            got = rows.get((device, gid))
            if not got:
                out["missing"].append((device, gid))
                continue
            if len(got) > 1:
                out["duplicated"].append((device, gid))
            if got[0][0] != bytes(data):
                out["differs"].append((device, gid))
    for (device, gid), got in sorted(rows.items()):
        if gid not in boards.get(device, {}):
            out["extra"].append((device, gid))
        for _journal, record, _winners in got:
            out["entries_stored"] += entry_count(record)
    return out


def standings(records):
    """{player: {"points", "games", "wins"}} over ``records`` (tricktally/1
    dicts), each scored by the shared core."""
    table = {}
    for record in records:
        game = from_record(record)
        scored = summary(game)
        for seat, name in enumerate(game.players):
            row = table.setdefault(name, {"points": 0, "games": 0, "wins": 0})
            row["points"] += scored["totals"][seat]
            row["games"] += 1
            row["wins"] += 1 if seat in scored["winners"] else 0
    return table


def stored_standings(url, devices):
    """Standings as the hub's database has them: the points of each stored
    record and the wins the database recorded (its ``players.won``)."""
    with Database(url) as db:
        rows = sql(db, "SELECT g.device_id, g.record, p.name, p.won FROM games g JOIN players p ON p.game_row = g.id")
    table = {}
    seen = {}
    for device, record, name, won in rows:
        if device not in devices:
            continue
        rec = seen.setdefault(record, json.loads(record))
        seat = rec["players"].index(name)
        row = table.setdefault(name, {"points": 0, "games": 0, "wins": 0})
        row["points"] += summary(from_record(rec))["totals"][seat]
        row["games"] += 1
        row["wins"] += 1 if won else 0
    return table
