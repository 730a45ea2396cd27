# SPDX-License-Identifier: MIT
"""What each page shows, fetched from the night's model (club.night) and
handed to pages.py; the director's actions, checked field by field. Runs
on the hub's database threads (live.Live.run): every function takes the
thread's Database first. None for a night that does not exist."""

import time

import sqlalchemy as sa

from tricktally_host import db_schema as schema
from tricktally_host.club import night as model
from tricktally_host.club.web import pages, security
from tricktally_host.club.web.security import choice, number, text
from tricktally_host.club.web.words import words

# The longest a night's player list may be (the form's text).
PLAYERS_TEXT = 4000


def _night(db, night_id):
    try:
        return model.night(db, night_id)
    except model.NightError:
        return None


def change_mark(db, night_id):
    """What changes when a night's pages may: the stored games (count,
    newest sync, newest row), the night's rounds and amendments."""
    g, r, a = schema.games, schema.night_rounds, schema.night_amendments
    with db.snapshot() as conn:
        games = tuple(conn.execute(sa.select(sa.func.count(), sa.func.max(g.c.synced_at), sa.func.max(g.c.id))).one())
        rounds = tuple(conn.execute(sa.select(sa.func.count(), sa.func.count(r.c.ended_at)).where(
            r.c.night_id == night_id)).one())
        amends = conn.execute(sa.select(sa.func.count()).where(a.c.night_id == night_id)).scalar()
    return games, rounds, amends


def standings_rows(db, night_id):
    """The standings as pages.standings_fragment takes them."""
    return [{"place": r["place"], "player": r["player"], "points": r["total"], "games": r["games"], "wins": r["wins"]}
            for r in model.standings(db, night_id)]


def tables_rows(db, night_id, now=None):
    """The table status as pages.tables_fragment takes them."""
    return model.table_status(db, night_id, time.time() if now is None else now)


def fragments(db, night_id, lang):
    """``{"standings": html, "tables": html}`` of the night's live parts; None when no such night."""
    if _night(db, night_id) is None:
        return None
    w = words(lang)
    return {"standings": pages.standings_fragment(w, standings_rows(db, night_id)),
            "tables": pages.tables_fragment(w, lang, night_id, tables_rows(db, night_id))}


def home(db, lang):
    return pages.home_page(words(lang), lang, model.nights(db))


def standings_page(db, night_id, lang):
    night = _night(db, night_id)
    if night is None:
        return None
    return pages.standings_page(words(lang), lang, night, standings_rows(db, night_id))


def tables_page(db, night_id, lang):
    night = _night(db, night_id)
    if night is None:
        return None
    return pages.tables_page(words(lang), lang, night, tables_rows(db, night_id))


def sheet_page(db, night_id, lang, table, round_no=None):
    night = _night(db, night_id)
    if night is None:
        return None
    round_no = round_no or night["round"]
    if not 1 <= table <= night["tables"]:
        return None
    if round_no and round_no > night["round"]:
        raise security.Refused(404, words(lang)["no_such_round"])
    sheet = model.running_sheet(db, night_id, table, round_no, lang) if round_no else None
    return pages.sheet_page(words(lang), lang, night, table, round_no, sheet)


def current_orders(db):
    """{device: {"seat": (round, table, seat) or None, "names": [...]}}:
    what the boards of every running night should show now (where their
    table's winner goes) and have on their roster (the round's players at
    their table)."""
    out = {}
    for night in model.nights(db):
        if night["round"] and night["state"] != "done":
            for device, order in model.seat_orders(db, night["id"], night["round"]).items():
                out[device] = {"seat": tuple(order["seat"]) if order["seat"] else None, "names": order["names"]}
    return out


# ----- the director ----------------------------------------------------------------------------


def director_home(db, lang, csrf, done):
    return pages.director_home(words(lang), lang, model.nights(db), csrf, done)


def director_night(db, night_id, lang, csrf, done, board_status):
    night = _night(db, night_id)
    if night is None:
        return None
    enrolled = [row[0] for row in db.enrolled_boards()] if hasattr(db, "enrolled_boards") else []
    return pages.director_night(words(lang), lang, night, csrf, done, model.amendments(db, night_id),
                                tables_rows(db, night_id), enrolled, board_status)


def cards_page(db, night_id, lang, round_no=None):
    night = _night(db, night_id)
    if night is None:
        return None
    round_no = round_no or night["round"]
    cards = model.seat_cards(db, night_id, round_no) if round_no else []
    return pages.cards_page(words(lang), lang, night, round_no, cards)


def report_page(db, night_id, lang):
    if _night(db, night_id) is None:
        return None
    return model.night_report(db, night_id, lang)


def act(db, action, night_id, form, password):
    """The director's ``action`` on night ``night_id`` (None: create one)
    with the checked ``form``: ``{"night": id, "orders": {device: ((round,
    table, seat), names)}}`` (the orders to send the boards after a round
    starts), None when no such night. ValueError (one line) for a form or
    a change the night refuses."""
    if action == "create":
        players = [p.strip() for p in text(form, "players", PLAYERS_TEXT, lines=True).splitlines() if p.strip()]
        night_id = model.create_night(
            db, text(form, "name", model.MAX_NIGHT_NAME), choice(form, "game", pages.GAMES), players,
            number(form, "tables", 1, model.MAX_TABLES), number(form, "seats", 2, 6),
            choice(form, "movement", pages.MOVEMENTS), number(form, "rounds", 1, model.MAX_ROUNDS), password)
        return {"night": night_id}
    if _night(db, night_id) is None:
        return None
    orders = None
    if action == "assign":
        model.assign_board(db, night_id, number(form, "table", 1, model.MAX_TABLES),
                           text(form, "device", model.MAX_DEVICE))
    elif action == "start":
        round_no = model.start_round(db, night_id)
        orders = model.seat_orders(db, night_id, round_no)
    elif action == "end":
        model.end_round(db, night_id)
    elif action == "amend":
        player = text(form, "player", 10, required=False) or None
        model.amend(db, night_id, text(form, "device", model.MAX_DEVICE), number(form, "game_id", 0, 999999),
                    number(form, "hand", 1, 999), player, text(form, "field", 20),
                    text(form, "value", 40), text(form, "who", model.MAX_TEXT),
                    text(form, "why", model.MAX_TEXT))
    else:
        raise security.Refused(404, "no such action: %s" % action[:20])
    return {"night": int(night_id), "orders": orders}
