# SPDX-License-Identifier: MIT
"""The table-status grid of a club night: per table of the latest round,
its hands and when its board was last heard from (the game's sync time in
the database: USB syncs and the other hub process count too), and a
state the director reads at a glance."""

import statistics
import time

from tricktally_host.club import night_games, night_rows

# A table whose board sent nothing for this long while the round runs is silent.
SILENT = 300.0


def _state(game, last_heard, hands, median, running, started_at, now):
    if not running:
        return "done" if game is not None else "silent"
    if game is not None and game.game.finished:
        return "done"
    if now - (last_heard if last_heard is not None else started_at) > SILENT:
        return "silent"
    if hands < median - 1:
        return "behind"
    return "ok"


def table_status(db, night_id, now=None):
    """Per table (table 1 first) of the latest round: dicts table, round,
    device (its boards, comma-joined, or None), ref (its game's, or None),
    hands (complete hands entered), expected (the game's hands, None when
    it ends on a target), last_heard (the game's sync time, None before
    one), state: "ok"; "behind" (more than one hand behind the median of
    the tables); "silent" (nothing for more than 5 minutes while the round
    runs, or no game at all once it ended); "done" (the game finished, or
    the round ended); "waiting" before the first round."""
    now = time.time() if now is None else now
    with db.snapshot():
        night = night_rows.night(db, night_id)
        round_no = night["round"]
        games = night_games.table_games(db, night["id"], round_no) if round_no else [None] * night["tables"]
    devices = {}
    for device, table in night["boards"].items():
        devices.setdefault(table, []).append(device)
    hands = [0 if g is None else len(g.game.hands) for g in games]
    median = statistics.median(hands) if hands else 0
    running = night["round_ended_at"] is None
    out = []
    for table, game in enumerate(games, 1):
        heard = None if game is None else game.info["synced_at"]
        row = {"table": table, "round": round_no, "device": ", ".join(devices.get(table, [])) or None,
               "ref": None if game is None else game.info["ref"], "hands": hands[table - 1],
               "expected": None if game is None else (game.game.hand_count() or None), "last_heard": heard}
        if not round_no:
            row["state"] = "waiting"
        else:
            row["state"] = _state(game, heard, hands[table - 1], median, running, night["round_started_at"], now)
        out.append(row)
    return out
