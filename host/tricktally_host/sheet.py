# SPDX-License-Identifier: MIT
"""The score sheet as players know it from paper, as a rich table.

One row per hand (a round in Wizard), one column per side (a player, or a
partnership), and in Wizard a column with each round's trump (♠ ♥ ♦ ♣, –
for none). A cell reads like a paper sheet: what was entered (``bid/took``,
or hearts taken and who took the queen), the hand's score and the running
total, e.g. ``2/2 +40 = 120``; ``legend`` says how to read it, in a line
printed under the sheet. When six sides do not fit the terminal on one line, each cell
takes two lines (entries and score, then the total).

The words in cells (nil, the queen's mark, the moon) are English here; the
season report gives its own language's (``WORDS`` has the keys).
"""

import io

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktally.spades import BLIND_NIL
from tricktally_host.safe_text import safe


def side_name(game, side):
    """The name of side ``side``: the player, or the partners joined by '&'."""
    return " & ".join(game.players[s] for s in game.sides[side])


# What a cell writes beside the numbers; the report passes its language's.
WORDS = {"nil": "nil", "blind_nil": "bnil", "queen": "Q♠", "jack": "J♦", "moon": "moon"}
# Wizard's trump as the suits are drawn everywhere else (Hearts' ♥).
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": "–"}


def trump_text(hand):
    """A Wizard hand's trump as its suit sign (– for no trump, '' when not said)."""
    trump = hand.get("trump")
    return "" if trump is None else SUITS.get(trump, str(trump))


def hands_text(game_name, count):
    """``count`` hands, as the game says: "1 hand", "5 hands", "5 rounds" (Wizard)."""
    word = "round" if game_name == "wizard" else "hand"
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def legend(game):
    """How to read a cell of ``game``'s sheet, in one line (under 74 characters)."""
    if game.NAME == "hearts":
        return "hearts♥ (Q♠ queen, J♦ jack, moon: shot the moon) +score = total"
    if game.NAME == "wizard":
        return "bid/tricks +score = total; trump ♠ ♥ ♦ ♣, – none"
    partners = "+ joins partners; " if len(game.sides) < game.n else ""
    bags = " (bags)" if game.settings["bags"] else ""
    return "bid/tricks (%snil, bnil: blind nil) +score = total%s" % (partners, bags)


def _bid_text(game, bid, words):
    if bid is None:
        return "–"
    # "nil" is a Spades bid; a Wizard bid of 0 is just 0.
    if game.NAME == "spades":
        if bid == BLIND_NIL:
            return words["blind_nil"]
        if bid == 0:
            return words["nil"]
    return str(bid)


def _num(value):
    return "–" if value is None else str(value)


def entry_cells(game, hand, words=WORDS):
    """Per side, what was entered in ``hand`` (complete or in progress), as
    text, with ``words`` (WORDS' keys) beside the numbers."""
    v = hand.values
    cells = []
    for side in game.sides:
        if game.NAME == "hearts":
            parts = []
            for s in side:
                text = "%s♥" % _num(v["hearts"][s])
                if hand.get("queen") == s:
                    text += " " + words["queen"]
                if hand.get("jack") == s:
                    text += " " + words["jack"]
                if game.shooter(hand) == s and hand.scores is not None:
                    text += " " + words["moon"]
                parts.append(text)
            cells.append(" ".join(parts))
        else:
            bids = "+".join(_bid_text(game, v["bid"][s], words) for s in side)
            took = "+".join(_num(v["tricks"][s]) for s in side)
            cells.append("%s/%s" % (bids, took))
    return cells


def _total_text(game, hand, i):
    text = str(hand.totals[i])
    if game.NAME == "spades" and game.settings["bags"]:
        text += " (%db)" % hand.bags[i]
    return text




def settings_line(game):
    """The settings that change the sheet, in a few words (target, options)."""
    s = game.settings
    words = []
    if game.target is not None:
        words.append("to %d" % game.target)
    else:
        words.append("%d rounds" % game.hand_count())
    if game.NAME == "spades":
        for name in ("partners", "bags", "nil", "blind_nil"):
            if s[name]:
                words.append(name.replace("_", " "))
        if s["set_penalty"] == "minus_bid":
            words.append("set -10×bid")
    elif game.NAME == "wizard":
        if s["even_bids"] != "allowed":
            words.append("even bids: %s" % s["even_bids"])
        if s["bidding"] != "open":
            words.append("%s bids" % s["bidding"])
    else:
        words.append("lowest wins")
        words.append("moon: %s" % s["moon"].replace("_", " "))
        if s["omnibus"]:
            words.append("omnibus")
    return " · ".join(words)


def _build(game, title, two_lines):
    if isinstance(title, str):
        title = safe(title)
    table = Table(title=title, caption=settings_line(game), box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    wizard = game.NAME == "wizard"
    table.add_column("round" if wizard else "hand", justify="right")
    if wizard:
        table.add_column("trump", justify="center")
    for i in range(len(game.sides)):
        # Names as Text: shown as typed, never read as markup or escapes.
        table.add_column(safe(side_name(game, i)), justify="right")
    for hand in game.hands:
        entries = entry_cells(game, hand)
        row = [str(hand.index + 1)] + ([trump_text(hand)] if wizard else [])
        for i in range(len(game.sides)):
            score = "%+d" % hand.scores[i]
            total = _total_text(game, hand, i)
            cell = Text(entries[i] + " ")
            cell.append(score, style="cyan")
            cell.append("\n" if two_lines else " ")
            cell.append("= ")
            cell.append(total, style="bold")
            row.append(cell)
        table.add_row(*row)
    current = game.current
    if current is not None and current.taken_count:
        # The hand being played: what is entered so far, no score yet.
        row = [str(current.index + 1) + "…"] + ([trump_text(current)] if wizard else [])
        row += [Text(c, style="dim") for c in entry_cells(game, current)]
        table.add_row(*row)
    return table


def _width(table):
    console = Console(file=io.StringIO(), width=500, color_system=None)
    console.print(table)
    return max(len(line) for line in console.file.getvalue().splitlines())


def score_table(game, title=None, width=80):
    """A rich Table of ``game``: one row per hand, one column per side.

    Cells are ``entries +score = total`` on one line when the table fits in
    ``width`` columns, else on two lines.
    """
    table = _build(game, title, two_lines=False)
    if _width(table) > width:
        table = _build(game, title, two_lines=True)
    return table


def print_sheet(console, game, title=None, ended=False):
    """Print ``game``'s sheet on ``console``: the table, how to read a
    cell, and who won (``outcome_line``)."""
    console.print(score_table(game, title=title, width=console.width))
    console.print(Text("Cells: " + legend(game), style="dim"))
    console.print(outcome_line(game, ended), style="bold")


def outcome_line(game, ended=False):
    """One line: who won, or that the game goes on (``ended``: or was closed
    unfinished); a rich Text, so names print exactly as typed."""
    if game.finished:
        names = ", ".join(game.players[s] for s in game.winners)
        return safe("Winner%s: %s" % ("s" if len(game.winners) > 1 else "", names))
    if ended:
        return Text("Game ended unfinished after %s: no winner" % hands_text(game.NAME, len(game.hands)))
    return Text("Game in progress after %s" % hands_text(game.NAME, len(game.hands)))
