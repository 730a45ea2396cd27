# SPDX-License-Identifier: MIT
"""The score sheet as players know it from paper, as a rich table."""

from rich.table import Table


def _side_name(game, side):
    return " & ".join(game.players[s] for s in game.sides[side])


def _hand_cells(game, hand):
    """Per side: what was entered this hand, as on a paper sheet."""
    v = hand.values
    cells = []
    for side in game.sides:
        parts = []
        for s in side:
            if game.NAME == "hearts":
                pts = v["hearts"][s]
                marks = ""
                if hand.get("queen") == s:
                    marks += " Q"
                if hand.get("jack") == s:
                    marks += " J"
                parts.append("%d♥%s" % (pts, marks))
            else:
                bid = v["bid"][s]
                shown = "nil" if bid == 0 else ("blind nil" if bid == -1 else str(bid))
                parts.append("%s/%d" % (shown, v["tricks"][s]))
        cells.append(" + ".join(parts))
    return cells


def score_table(game, title=None):
    """A rich Table: one row per hand with entries, scores and running totals."""
    header = "bid/took" if game.NAME != "hearts" else "hearts"
    table = Table(title=title, show_lines=False)
    table.add_column("hand", justify="right")
    for i in range(len(game.sides)):
        table.add_column("%s\n%s" % (_side_name(game, i), header), justify="right")
        table.add_column("score", justify="right")
        table.add_column("total", justify="right", style="bold")
    for hand in game.hands:
        row = [str(hand.index + 1)]
        cells = _hand_cells(game, hand)
        for i in range(len(game.sides)):
            score = hand.scores[i]
            bags = ""
            if game.NAME == "spades" and (game.settings["bags"] or hand.bags[i]):
                bags = " (%d bags)" % hand.bags[i]
            row += [cells[i], "%+d" % score, "%d%s" % (hand.totals[i], bags)]
        table.add_row(*row)
    return table


def outcome_line(game):
    """One line: who won, or that the game goes on."""
    if game.finished:
        names = ", ".join(game.players[s] for s in game.winners)
        return "Winner%s: %s" % ("s" if len(game.winners) > 1 else "", names)
    return "Game in progress after %d hand%s" % (len(game.hands), "" if len(game.hands) == 1 else "s")
