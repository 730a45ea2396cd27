# SPDX-License-Identifier: MIT
"""Skill ratings per player and game, with openskill (Weng-Lin, Plackett-Luce).

Every finished game is one rated match, in the order the games were played:
each side is a team (a Spades partnership is a team of two, everyone else a
team of one), placed by its final total (ties share a place). Unfinished
games have no result and are left out. Ratings of different games (Spades,
Wizard, Hearts) are kept apart: skill at one says little about another.

A rating is openskill's ``mu`` (NEWCOMER, 25, for a newcomer) with its uncertainty
``sigma``; tables are ordered by the conservative ``mu - 3*sigma`` (openskill's
ordinal), so one lucky game does not top the league. The trend is the change
of ``mu`` over the player's last TREND_GAMES rated games.
"""

from openskill.models import PlackettLuce

from tricktally_host.league import moment, side_ranks

TREND_GAMES = 5
# The rating every player starts from (openskill's default mu).
NEWCOMER = PlackettLuce().mu


def rate(games):
    """Rate ``games`` (an iterable of (info, record, game), oldest first).

    Returns ``{game name: {player: history}}`` where a history is a list of
    ``(moment, mu, sigma)`` after each finished game the player played.
    """
    model = PlackettLuce()
    current = {}
    history = {}
    for info, _record, game in games:
        if not game.finished:
            continue
        ratings = current.setdefault(game.NAME, {})
        teams = []
        for side in game.sides:
            teams.append([ratings.get(game.players[s]) or model.rating(name=game.players[s]) for s in side])
        rated = model.rate(teams, ranks=side_ranks(game))
        when = moment(info)
        book = history.setdefault(game.NAME, {})
        for side, team in zip(game.sides, rated):
            for seat, rating in zip(side, team):
                name = game.players[seat]
                ratings[name] = rating
                book.setdefault(name, []).append((when, rating.mu, rating.sigma))
    return history


def table(history):
    """League rows from :func:`rate`'s history: per game name, best first,
    dicts of player, rating (mu), uncertainty (sigma), ordinal (mu - 3 sigma),
    games (rated games played) and trend (mu change over the last TREND_GAMES)."""
    out = {}
    for name in sorted(history):
        rows = []
        for player, points in history[name].items():
            _when, mu, sigma = points[-1]
            before = points[-1 - TREND_GAMES][1] if len(points) > TREND_GAMES else NEWCOMER
            rows.append(
                {
                    "player": player,
                    "rating": round(mu, 2),
                    "uncertainty": round(sigma, 2),
                    "ordinal": round(mu - 3 * sigma, 2),
                    "games": len(points),
                    "trend": round(mu - before, 2),
                }
            )
        rows.sort(key=lambda r: (-r["ordinal"], r["player"]))
        out[name] = rows
    return out
