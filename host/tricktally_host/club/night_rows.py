# SPDX-License-Identifier: MIT
"""Reading a club night's rows (db_schema: nights, night_players,
night_boards, night_rounds, night_seatings, night_amendments): what the
night is, who plays, which boards, its rounds and seatings, its
amendments. Writes are in club.night."""

import json

import sqlalchemy as sa

from tricktally_host import db_schema as schema

_N, _P, _B, _R, _S, _A = (schema.nights, schema.night_players, schema.night_boards, schema.night_rounds,
                          schema.night_seatings, schema.night_amendments)


class NightError(ValueError):
    """A night, round or table that does not exist, or a change the
    night's state refuses; str() is one line fit to show the director."""


def as_whole(value, what):
    """``value`` (a number, or its digits as text) as an int; NightError naming ``what`` else."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise NightError("%s must be a whole number, not %.20r" % (what, value)) from None
    return value


def night_id_of(value):
    """``value`` as a night id (ValueError-safe: NightError)."""
    return as_whole(value, "a night id")


def _summary(row, round_row):
    out = {
        "id": row["id"],
        "name": row["name"],
        "game": row["game"],
        "settings": json.loads(row["settings"]),
        "tables": row["table_count"],
        "seats": row["seats"],
        "movement": row["movement"],
        "rounds": row["rounds"],
        "state": row["state"],
        "created_at": row["created_at"],
        "round": 0,
        "round_started_at": None,
        "round_ended_at": None,
    }
    if round_row is not None:
        out["round"], out["round_started_at"], out["round_ended_at"] = round_row
    return out


def _last_rounds(conn, night_id=None):
    """{night id: (round no, started_at, ended_at)} of each night's latest round."""
    latest = sa.select(_R.c.night_id, sa.func.max(_R.c.round_no).label("n")).group_by(_R.c.night_id)
    if night_id is not None:
        latest = latest.where(_R.c.night_id == night_id)
    latest = latest.subquery()
    query = sa.select(_R.c.night_id, _R.c.round_no, _R.c.started_at, _R.c.ended_at).join(
        latest, (latest.c.night_id == _R.c.night_id) & (latest.c.n == _R.c.round_no))
    return {r[0]: (r[1], r[2], r[3]) for r in conn.execute(query)}


def night(db, night_id):
    """The night ``night_id``: a dict id, name, game, settings (the
    record's settings), tables, seats (a table), movement, rounds
    (planned), state (setup | playing | between | done), created_at,
    round (the latest started, 0 before the first), round_started_at,
    round_ended_at (None while it runs), players (in the director's
    order), boards ({device: table}). NightError when there is none."""
    night_id = night_id_of(night_id)
    with db.snapshot() as conn:
        row = conn.execute(sa.select(_N).where(_N.c.id == night_id)).mappings().first()
        if row is None:
            raise NightError("there is no night %d" % night_id)
        out = _summary(row, _last_rounds(conn, night_id).get(night_id))
        out["players"] = [r[0] for r in conn.execute(
            sa.select(_P.c.name).where(_P.c.night_id == night_id).order_by(_P.c.position))]
        out["boards"] = boards(db, night_id)
    return out


def nights(db):
    """Every night, newest first, as dicts as :func:`night` gives them
    without players and boards."""
    with db.snapshot() as conn:
        rounds = _last_rounds(conn)
        rows = conn.execute(sa.select(_N).order_by(_N.c.id.desc())).mappings().all()
        return [_summary(r, rounds.get(r["id"])) for r in rows]


def password_hash(db, night_id):
    """The stored hash of night ``night_id``'s director's password."""
    value = db.conn.execute(sa.select(_N.c.password).where(_N.c.id == night_id_of(night_id))).scalar()
    if value is None:
        raise NightError("there is no night %d" % night_id)
    return value


def boards(db, night_id):
    """{device id: table} of the boards assigned to the night's tables."""
    query = sa.select(_B.c.device_id, _B.c.table_no).where(_B.c.night_id == night_id).order_by(_B.c.assigned_at)
    return {d: t for d, t in db.conn.execute(query)}


def rounds(db, night_id):
    """The night's rounds started, as dicts round, started_at, ended_at (None while it runs)."""
    query = sa.select(_R.c.round_no, _R.c.started_at, _R.c.ended_at).where(_R.c.night_id == night_id)
    return [{"round": n, "started_at": s, "ended_at": e} for n, s, e in db.conn.execute(query.order_by(_R.c.round_no))]


def seatings(db, night_id, round_no):
    """Round ``round_no``'s tables: a list (table 1 first) of the players
    in seat order (seat 1 first). NightError when the round has not started."""
    round_no = as_whole(round_no, "a round")
    query = sa.select(_S.c.table_no, _S.c.seat, _S.c.player).where(
        _S.c.night_id == night_id, _S.c.round_no == round_no).order_by(_S.c.table_no, _S.c.seat)
    tables = {}
    for table, _seat, player in db.conn.execute(query):
        tables.setdefault(table, []).append(player)
    if not tables:
        raise NightError("round %d of night %s has not started" % (round_no, night_id))
    return [tables[t] for t in sorted(tables)]


def amendments(db, night_id, game=None):
    """The night's amendments, oldest first, as dicts id, device_id,
    folder, game_id, hand, player, field, old, new (values as given),
    who, at, why; ``game`` (device, folder, game id) keeps one game's."""
    query = sa.select(_A).where(_A.c.night_id == night_id)
    if game is not None:
        device, folder, game_id = game
        query = query.where(_A.c.device_id == device, _A.c.folder == folder, _A.c.game_id == game_id)
    out = []
    for r in db.conn.execute(query.order_by(_A.c.id)).mappings():
        row = {k: r[k] for k in ("id", "device_id", "folder", "game_id", "hand", "player", "field", "who", "at", "why")}
        row["old"], row["new"] = json.loads(r["old_value"]), json.loads(r["new_value"])
        out.append(row)
    return out
