# SPDX-License-Identifier: MIT
"""A club night on paper: a table's running sheet (per hand, amendments
applied and marked), the seat cards of a round, and the night's report in
the season report's format (tricktally_host.report, over the night's
games with their amendments applied)."""

from tricktally_host import report, report_i18n
from tricktally_host.club import night_games, night_rows
from tricktally_host.sheet import entry_cells, side_name, trump_text


def _strings(lang):
    """The report's words in ``lang``; NightError naming the languages there are."""
    try:
        return report_i18n.strings(lang)
    except ValueError as e:
        raise night_rows.NightError(str(e)) from None


def _marks(table_game):
    """{hand number: [amendments applied to it]}."""
    out = {}
    for a in table_game.applied:
        out.setdefault(a["hand"], []).append(a)
    return out


def running_sheet(db, night_id, table, round_no, lang="en"):
    """Table ``table``'s sheet in round ``round_no``: a dict table, round,
    seated (players in seat order), game (the game's info, None while the
    table has none), sides (names), hands (per complete hand: hand,
    trump (Wizard's suit sign, else None), cells (what was entered, per
    side, in ``lang``'s words), scores, totals, amended (the amendments
    applied to it: who, when, why, old and new)), current (the cells of
    the hand being entered, or None), totals, finished, winners (names),
    refused (amendments the record no longer takes, with the reason)."""
    words = report_i18n.cell_words(_strings(lang))
    table = night_rows.as_whole(table, "a table")
    round_no = night_rows.as_whole(round_no, "a round")
    with db.snapshot():
        night = night_rows.night(db, night_id)
        games = night_games.table_games(db, night["id"], round_no)
    if not 1 <= table <= len(games):
        raise night_rows.NightError("there is no table %d (the night has %d)" % (table, len(games)))
    t = games[table - 1]
    out = {"table": table, "round": round_no, "seated": None, "game": None, "sides": [], "hands": [],
           "current": None, "totals": [], "finished": False, "winners": [], "refused": []}
    if t is None:
        with db.snapshot():
            out["seated"] = night_rows.seatings(db, night["id"], round_no)[table - 1]
        return out
    game = t.game
    marks = _marks(t)
    out.update(seated=list(t.seated), game=dict(t.info), sides=[side_name(game, i) for i in range(len(game.sides))],
               totals=list(game.totals), finished=game.finished, winners=[game.players[s] for s in game.winners],
               refused=[dict(a, reason=reason) for a, reason in t.refused])
    for hand in game.hands:
        out["hands"].append({
            "hand": hand.index + 1,
            "trump": trump_text(hand) if game.NAME == "wizard" else None,
            "cells": entry_cells(game, hand, words),
            "scores": list(hand.scores),
            "totals": list(hand.totals),
            "amended": marks.get(hand.index + 1, []),
        })
    if game.current is not None and game.current_entries():
        out["current"] = entry_cells(game, game.current, words)
    return out


def seat_cards(db, night_id, round_no):
    """Round ``round_no``'s seat cards: per player (by name) a dict
    player, round, table, seat."""
    tables = night_rows.seatings(db, night_rows.night_id_of(night_id), round_no)
    cards = [{"player": p, "round": round_no, "table": t, "seat": s}
             for t, table in enumerate(tables, 1) for s, p in enumerate(table, 1)]
    return sorted(cards, key=lambda c: (c["player"].casefold(), c["player"]))


def night_report(db, night_id, lang="en", now=None):
    """The night's report as one self-contained HTML page, in the season
    report's format (report.build) over the night's table games, round by
    round, with the director's amendments applied; titled with the
    night's name."""
    s = _strings(lang)
    with db.snapshot():
        night = night_rows.night(db, night_id)
        games = night_games.night_games(db, night["id"])
    return report.build([(t.info, t.record, t.game) for t in games], lang, now=now,
                        title=s["night_title"] % night["name"])
