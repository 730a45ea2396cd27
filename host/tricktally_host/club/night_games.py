# SPDX-License-Identifier: MIT
"""Which stored game is which table's game in a round of a club night.

Games come in from the hub's listener or from ``tricktally sync`` over USB
into the same database, so this is read from the database, never from
events: a table's game of round r is a game of one of the table's boards
(``night_boards``), of the night's game, whose players are the table's
seated players (in any seat order), started (the board's clock, which every sync sets; the sync
time when the board had none) after the round started (less ``GRACE``: a
board's clock a little behind) and before it ended, and after the
previous round ended. When there are several (a game restarted), the
finished one with the most hands, then the latest, is the table's.

Each game comes with the director's amendments applied (club.amended):
``TableGame.record`` is the amended copy, ``game`` the core's game of it.
"""

import json

import sqlalchemy as sa

from tricktally_host import db_schema as schema
from tricktally_host.club import amended, night_rows
from tricktally_host.dates import format_date
from tricktally_host.refs import ref_text

# A board's clock may run this much behind the hub's (seconds).
GRACE = 120.0

_G = schema.games


class TableGame:
    """One table's game of one round: ``round``, ``table``, ``seated``
    (the players in seat order), ``info`` (device_id, folder, game_id,
    ref, date, started, synced_at, hands, finished), ``stored`` (the
    record as stored), ``record`` and ``game`` (amendments applied),
    ``applied`` and ``refused`` (club.amended.apply)."""

    def __init__(self, round_no, table, seated, info, stored, amendments):
        self.round = round_no
        self.table = table
        self.seated = seated
        self.info = info
        self.stored = stored
        self.record, self.game, self.applied, self.refused = amended.apply(stored, amendments)

    @property
    def key(self):
        """(device, folder, game id): the game's key in the database."""
        return self.info["device_id"], self.info["folder"], self.info["game_id"]


def _window(round_rows, round_no):
    """(from, until) of round ``round_no``'s games: Unix seconds, until None while it runs."""
    by_no = {r["round"]: r for r in round_rows}
    if round_no not in by_no:
        raise night_rows.NightError("round %d has not started" % round_no)
    this = by_no[round_no]
    low = this["started_at"] - GRACE
    before = by_no.get(round_no - 1)
    if before is not None and before["ended_at"] is not None:
        low = max(low, before["ended_at"])
    return low, this["ended_at"]


def _candidates(conn, night, since):
    """The stored games of the night's game on its boards started (or
    synced, undated) from ``since`` on."""
    c = _G.c
    query = sa.select(c.device_id, c.folder, c.game_id, c.players, c.started, c.synced_at, c.hands, c.finished,
                      c.record).where(c.device_id.in_(sorted(night["boards"])), c.game == night["game"],
                                      (c.started >= int(since)) | (c.started.is_(None) & (c.synced_at >= since)))
    out = []
    for row in conn.execute(query).mappings():
        try:
            players = json.loads(row["players"])
            record = json.loads(row["record"])
        except (TypeError, ValueError, RecursionError):
            continue  # a damaged row: `tricktally db check` names it; it is no table's game
        when = row["started"] if row["started"] is not None else row["synced_at"]
        out.append({"device_id": row["device_id"], "folder": row["folder"], "game_id": row["game_id"],
                    "ref": ref_text(row["device_id"], None, row["game_id"]), "date": format_date(row["started"]),
                    "started": row["started"], "synced_at": row["synced_at"], "when": when, "hands": row["hands"],
                    "finished": bool(row["finished"]), "players": players, "record": record})
    return out


def _best(games):
    return max(games, key=lambda g: (g["finished"], g["hands"], g["when"], g["game_id"]))


def table_games(db, night_id, round_no):
    """Round ``round_no``'s tables, table 1 first: per table a TableGame,
    or None while no stored game is that table's."""
    night_id = night_rows.night_id_of(night_id)
    round_no = night_rows.as_whole(round_no, "a round")
    with db.snapshot():
        return _table_games(db, night_rows.night(db, night_id), round_no, night_rows.rounds(db, night_id))


def _table_games(db, night, round_no, round_rows, candidates=None):
    night_id = night["id"]
    low, high = _window(round_rows, round_no)
    seated = night_rows.seatings(db, night_id, round_no)
    boards = night["boards"]
    found = {}
    if candidates is None:
        candidates = _candidates(db.conn, night, low)
    for g in candidates:
        if g["when"] is None or g["when"] < low or (high is not None and g["when"] >= high):
            continue
        table = boards[g["device_id"]]
        if 1 <= table <= len(seated) and sorted(g["players"]) == sorted(seated[table - 1]):
            found.setdefault(table, []).append(g)
    notes = night_rows.amendments(db, night_id)
    out = []
    for table, players in enumerate(seated, 1):
        if table not in found:
            out.append(None)
            continue
        g = _best(found[table])
        key = (g["device_id"], g["folder"], g["game_id"])
        mine = [a for a in notes if (a["device_id"], a["folder"], a["game_id"]) == key]
        info = {k: v for k, v in g.items() if k not in ("record", "players", "when")}
        out.append(TableGame(round_no, table, players, info, g["record"], mine))
    return out


def night_games(db, night_id):
    """Every round's table games of the night that exist, round by round,
    table by table (TableGame)."""
    night_id = night_rows.night_id_of(night_id)
    with db.snapshot():
        round_rows = night_rows.rounds(db, night_id)
        if not round_rows:
            return []
        # The boards' games of the whole night, read once for every round.
        night = night_rows.night(db, night_id)
        games = _candidates(db.conn, night, _window(round_rows, 1)[0])
        out = []
        for r in round_rows:
            out.extend(t for t in _table_games(db, night, r["round"], round_rows, games) if t is not None)
        return out
