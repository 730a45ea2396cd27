# SPDX-License-Identifier: MIT
"""A club night's results: each table's finishing order (what the
progressive movement moves by) and the night's standings, both from the
rules core's scoring of the stored records with the director's amendments
applied (club.night_games); the database is only read."""

from tricktally import new_game
from tricktally_host.club import night_games, night_rows


def finishing_order(game):
    """The players of ``game`` (a core Game) in finishing order: the
    winners first once it is finished, then by their side's total (the
    lowest first in Hearts), ties by seat. A game not finished yet is
    ordered as it stands."""
    def key(seat):
        total = game.totals[game.side_of(seat)]
        return (seat not in game.winners, total if game.LOWEST else -total, seat)

    return [game.players[s] for s in sorted(range(game.n), key=key)]


def standings(db, night_id):
    """The night's standings, first place first: dicts player, total (the
    points of the player's side over the night's games, unfinished ones as
    they stand), games, finished, wins (finished games won, a shared win
    counting for each winner), place (equal total and wins share it).
    Every player of the night is there, with 0 games before they played."""
    with db.snapshot():
        night = night_rows.night(db, night_id)
        tables = night_games.night_games(db, night["id"])
    rows = {p: {"player": p, "total": 0, "games": 0, "finished": 0, "wins": 0} for p in night["players"]}
    lowest = new_game(night["game"], night["players"][:night["seats"]], 0, night["settings"]).LOWEST
    for t in tables:
        game = t.game
        for seat, name in enumerate(game.players):
            row = rows.setdefault(name, {"player": name, "total": 0, "games": 0, "finished": 0, "wins": 0})
            row["total"] += game.totals[game.side_of(seat)]
            row["games"] += 1
            if game.finished:
                row["finished"] += 1
                row["wins"] += seat in game.winners

    def rank(row):
        return (row["total"] if lowest else -row["total"], -row["wins"])

    ordered = sorted(rows.values(), key=lambda r: rank(r) + (r["player"].casefold(), r["player"]))
    place = 0
    for i, row in enumerate(ordered):
        if i == 0 or rank(row) != rank(ordered[i - 1]):
            place = i + 1
        row["place"] = place
    return ordered
