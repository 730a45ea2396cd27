# SPDX-License-Identifier: MIT
"""A club night in the database (docs/CLUB.md, "Club nights"): the
director's changes, and the one place the hub's web side imports.

Every function takes the ``Database`` first and works on SQLite and
PostgreSQL. Each change is one transaction that first locks the night's
row (PostgreSQL: ``SELECT ... FOR UPDATE``; SQLite's write transaction
already holds the whole file), so two hub processes over one database
never start one round twice, end it twice, or lose an amendment; the
round's key (night, round) would refuse a second start anyway.

Changes, here: ``create_night``, ``assign_board``, ``start_round``,
``end_round``, ``amend``, ``check_password``. Reading, from the modules
that do it (re-exported so the web side has one name for each):
``night``, ``nights``, ``seatings``, ``amendments`` (club.night_rows),
``table_games`` (club.night_games), ``standings`` (club.results),
``table_status`` (club.table_status), ``running_sheet``, ``seat_cards``,
``night_report`` (club.night_sheets), ``seat_orders`` (club.seat_orders).
Bad input and refused changes raise NightError, one line, nothing
written.
"""

import json
import time

import sqlalchemy as sa

from tallyboard.config_store import ConfigError, check_name
from tricktally import RuleError, new_game
from tricktally.settings import PLAYERS
from tricktally_host import db_schema as schema
from tricktally_host.club import amended, night_games, passwords, results
from tricktally_host.club import movement as movements
from tricktally_host.club.night_games import table_games
from tricktally_host.club.night_rows import (
    NightError,
    amendments,
    night,
    night_id_of,
    nights,
    password_hash,
    rounds,
    seatings,
)
from tricktally_host.club.night_sheets import night_report, running_sheet, seat_cards
from tricktally_host.club.seat_orders import seat_orders
from tricktally_host.club.results import standings
from tricktally_host.club.table_status import table_status
from tricktally_host.safe_text import visible

__all__ = ("NightError", "create_night", "assign_board", "start_round", "end_round", "amend", "check_password",
           "night", "nights", "seatings", "amendments", "table_games", "standings", "table_status", "running_sheet",
           "seat_cards", "night_report", "seat_orders")

MAX_NIGHT_NAME = 80
MAX_ROUNDS = 999  # a board shows rounds 1..999 (SEAT)
MAX_TABLES = 999
MAX_DEVICE = 64
MAX_TEXT = 500  # who and why of an amendment

_N, _P, _B, _R, _S, _A = (schema.nights, schema.night_players, schema.night_boards, schema.night_rounds,
                          schema.night_seatings, schema.night_amendments)


def _text(value, what, limit):
    if not isinstance(value, str) or not value.strip():
        raise NightError("%s is needed" % what)
    value = value.strip()
    if len(value) > limit:
        raise NightError("%s is at most %d characters" % (what, limit))
    if visible(value) != value:
        raise NightError("%s has a control character" % what)
    return value


def _whole(value, what, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise NightError("%s must be a whole number, not %.20r" % (what, value)) from None
    if not low <= value <= high:
        raise NightError("%s must be %d to %d, not %d" % (what, low, high, value))
    return value


def _locked(conn, night_id):
    """The night's row, locked until the transaction ends; NightError when none."""
    query = sa.select(_N).where(_N.c.id == night_id)
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    row = conn.execute(query).mappings().first()
    if row is None:
        raise NightError("there is no night %d" % night_id)
    return row


def create_night(db, name, game, players, tables, seats, movement, rounds, password, settings=None, now=None):
    """Set up a night: its ``name``, the ``game`` (spades, wizard, hearts)
    and its ``settings`` (the record's settings; the rules' defaults for
    what is not given), the ``players`` (names as a board takes them: 1 to
    10 characters; round 1 seats them in this order), ``tables`` of
    ``seats`` players (players = tables x seats), the movement
    (progressive, round_robin), the ``rounds`` planned and the director's
    ``password`` (kept hashed). Returns the new night's id."""
    name = _text(name, "the night's name", MAX_NIGHT_NAME)
    if game not in PLAYERS:
        raise NightError("the game is one of %s, not %.20r" % (", ".join(sorted(PLAYERS)), game))
    seats = _whole(seats, "seats per table", 2, 6)
    if seats not in PLAYERS[game]:
        raise NightError("%s is played by %s players, not %d" % (game, ", ".join(map(str, sorted(PLAYERS[game]))), seats))
    tables = _whole(tables, "the table count", 1, MAX_TABLES)
    if not isinstance(players, (list, tuple)):
        raise NightError("the players are a list of names")
    players = [p.strip() if isinstance(p, str) else p for p in players]
    for p in players:
        try:
            check_name(p)
        except ConfigError as e:
            raise NightError(visible(str(e))) from None
    try:
        if movements.check_shape(players, seats) != tables:
            raise NightError("%d tables of %d need %d players, not %d" % (tables, seats, tables * seats, len(players)))
    except ValueError as e:
        raise NightError(str(e)) from None
    if movement not in movements.MOVEMENTS:
        raise NightError("the movement is one of %s, not %.20r" % (", ".join(movements.MOVEMENTS), movement))
    rounds = _whole(rounds, "the rounds planned", 1, MAX_ROUNDS)
    if settings is not None and not isinstance(settings, dict):
        raise NightError("the settings are a dict of setting: value")
    try:
        rules = new_game(game, players[:seats], 0, settings or {}).settings
        hashed = passwords.hash_password(password)
    except (RuleError, ValueError) as e:
        raise NightError(str(e)) from None
    rules = {k: v for k, v in rules.items() if k != "players"}
    with db.transaction() as conn:
        night_id = conn.execute(_N.insert().values(
            name=name, game=game, settings=json.dumps(rules, sort_keys=True), table_count=tables, seats=seats,
            movement=movement, rounds=rounds, password=hashed, state="setup",
            created_at=time.time() if now is None else float(now))).inserted_primary_key[0]
        conn.execute(_P.insert(), [dict(night_id=night_id, position=i, name=p) for i, p in enumerate(players)])
    return night_id


def check_password(db, night_id, password):
    """True when ``password`` is night ``night_id``'s director's password."""
    return passwords.password_matches(password_hash(db, night_id), password)


def assign_board(db, night_id, table, device, now=None):
    """Board ``device`` (its device id; enrolled, or synced over USB)
    plays at ``table``: its games there are the table's. A table may have
    a second board (the first failed); a board plays at one table."""
    night_id = night_id_of(night_id)
    device = _text(device, "a board's device id", MAX_DEVICE)
    with db.transaction() as conn:
        row = _locked(conn, night_id)
        table = _whole(table, "the table", 1, row["table_count"])
        at = conn.execute(sa.select(_B.c.table_no).where(_B.c.night_id == night_id, _B.c.device_id == device)).scalar()
        if at == table:
            return
        if at is not None:
            raise NightError("board %s already plays at table %d" % (device, at))
        conn.execute(_B.insert().values(night_id=night_id, device_id=device, table_no=table,
                                        assigned_at=time.time() if now is None else float(now)))


def _next_tables(db, row, players, round_no):
    """Round ``round_no``'s tables (players in seat order) by the night's movement."""
    seats = row["seats"]
    if round_no == 1:
        return movements.first_round(players, seats)
    if row["movement"] == "round_robin":
        return movements.round_robin(players, seats, round_no)
    before = seatings(db, row["id"], round_no - 1)
    games = table_games(db, row["id"], round_no - 1)
    orders = [None if g is None else results.finishing_order(g.game) for g in games]
    return movements.progressive(orders, before)


def start_round(db, night_id, now=None):
    """Start the night's next round: seat the players by the movement
    (the previous round's results for a progressive one) and return the
    round's number. NightError while a round runs or when every round
    planned was played."""
    night_id = night_id_of(night_id)
    with db.transaction() as conn:
        row = _locked(conn, night_id)
        done = rounds(db, night_id)
        if done and done[-1]["ended_at"] is None:
            raise NightError("round %d is still running: end it first" % done[-1]["round"])
        if len(done) >= row["rounds"]:
            raise NightError("all %d rounds planned have been played" % row["rounds"])
        round_no = len(done) + 1
        players = [r[0] for r in conn.execute(
            sa.select(_P.c.name).where(_P.c.night_id == night_id).order_by(_P.c.position))]
        tables = _next_tables(db, row, players, round_no)
        conn.execute(_R.insert().values(night_id=night_id, round_no=round_no,
                                        started_at=time.time() if now is None else float(now)))
        conn.execute(_S.insert(), [dict(night_id=night_id, round_no=round_no, table_no=t, seat=s, player=p)
                                   for t, table in enumerate(tables, 1) for s, p in enumerate(table, 1)])
        conn.execute(_N.update().where(_N.c.id == night_id).values(state="playing"))
    return round_no


def end_round(db, night_id, now=None):
    """End the running round (games started after now belong to the next
    one; games started before still count when they end later); returns
    its number. NightError when no round runs."""
    night_id = night_id_of(night_id)
    with db.transaction() as conn:
        row = _locked(conn, night_id)
        done = rounds(db, night_id)
        if not done or done[-1]["ended_at"] is not None:
            raise NightError("no round is running")
        round_no = done[-1]["round"]
        ended = time.time() if now is None else float(now)
        conn.execute(_R.update().where(_R.c.night_id == night_id, _R.c.round_no == round_no).values(
            ended_at=max(ended, done[-1]["started_at"])))
        state = "done" if round_no >= row["rounds"] else "between"
        conn.execute(_N.update().where(_N.c.id == night_id).values(state=state))
    return round_no


def amend(db, night_id, device, game_id, hand, player, field, value, who, why, folder=None, now=None):
    """Correct one value of a complete hand of one of the night's table
    games (board ``device``'s game ``game_id``; ``folder`` when the board
    has several with that number): ``field`` of ``player``, to ``value``
    (``player`` None: a hand's field, or a seat's field for every seat at
    once, ``value`` then their list in seat order; club.amended); ``who``
    did it and ``why`` are required.
    Recorded as an amendment (the stored game is never changed); the
    standings and sheets apply it. Returns the amendment's id; NightError
    when the rules refuse the new value, nothing written."""
    night_id = night_id_of(night_id)
    who = _text(who, "who amends", MAX_TEXT)
    why = _text(why, "why it is amended", MAX_TEXT)
    game_id = _whole(game_id, "the game number", 0, 2**31 - 1)
    hand = _whole(hand, "the hand", 1, 10**6)
    with db.transaction() as conn:
        _locked(conn, night_id)
        found = [t for t in night_games.night_games(db, night_id)
                 if t.info["device_id"] == device and t.info["game_id"] == game_id
                 and (folder is None or t.info["folder"] == folder)]
        if len(found) != 1:
            raise NightError("board %s's game %d is %s" % (
                visible(str(device))[:64], game_id,
                "no table's game of this night" if not found else "there under several folders: say which"))
        table_game = found[0]
        try:
            value = amended.coerce(table_game.record, field, value, player)
            old = amended.value_of(table_game.record, hand, player, field)
            if value == old:
                raise NightError("%s is %s already: nothing to amend" % (field, json.dumps(old, ensure_ascii=False)))
            amended.check(table_game.record, hand, player, field, value)
        except (RuleError, amended.AmendError) as e:
            raise NightError(str(e)) from None
        key = table_game.key
        return conn.execute(_A.insert().values(
            night_id=night_id, device_id=key[0], folder=key[1], game_id=key[2], hand=hand, player=player,
            field=field, old_value=json.dumps(old, ensure_ascii=False), new_value=json.dumps(value, ensure_ascii=False),
            who=who, why=why, at=time.time() if now is None else float(now))).inserted_primary_key[0]
