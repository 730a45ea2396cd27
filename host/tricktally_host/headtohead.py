# SPDX-License-Identifier: MIT
"""Head-to-head: who beats whom how often, per game, over finished games.

For every finished game and every two players on different sides, the one
whose side finished better (league.side_ranks: totals, lowest first in
Hearts) beats the other; the same place is a tie. Partners never meet.
"""

from rich.table import Table

from tricktally_host.league import seat_ranks
from tricktally_host.safe_text import safe


def head_to_head(games):
    """Rows ``{game, player, opponent, met, wins, losses, ties, win_rate}`` over
    ``games`` (rebuilt Game objects), one per ordered pair that met, sorted by
    game, player, opponent. win_rate = wins / met."""
    book = {}
    for game in games:
        if not game.finished:
            continue
        ranks = seat_ranks(game)
        for a in range(game.n):
            for b in range(game.n):
                if a == b or game.side_of(a) == game.side_of(b):
                    continue
                key = (game.NAME, game.players[a], game.players[b])
                row = book.setdefault(key, [0, 0, 0])
                row[0 if ranks[a] < ranks[b] else 1 if ranks[a] > ranks[b] else 2] += 1
    out = []
    for key in sorted(book):
        wins, losses, ties = book[key]
        met = wins + losses + ties
        out.append(
            {
                "game": key[0],
                "player": key[1],
                "opponent": key[2],
                "met": met,
                "wins": wins,
                "losses": losses,
                "ties": ties,
                "win_rate": round(wins / met, 4),
            }
        )
    return out


def head_to_head_tables(rows):
    """One rich table per game: a row per player, a column per opponent,
    cells ``wins-losses`` (ties are in ``stats --json``)."""
    out = []
    for name in sorted({r["game"] for r in rows}):
        mine = [r for r in rows if r["game"] == name]
        players = sorted({r["player"] for r in mine})
        cells = {(r["player"], r["opponent"]): r for r in mine}
        table = Table(title="%s head to head (row beat column - lost)" % name.capitalize())
        table.add_column("player")
        for p in players:
            table.add_column(safe(p), justify="right")
        for p in players:
            row = [safe(p)]
            for q in players:
                r = cells.get((p, q))
                if r is None:
                    row.append("·")
                else:
                    row.append("%d-%d" % (r["wins"], r["losses"]))
            table.add_row(*row)
        out.append(table)
    return out
