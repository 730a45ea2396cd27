# SPDX-License-Identifier: MIT
"""Score progression chart of one game (matplotlib, no display needed).

Uses matplotlib's object API with the Agg canvas rather than pyplot, so
nothing global (a GUI backend, open figures) is touched and a plot can be
drawn from any thread or test.
"""

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tricktally_host.outfiles import write_atomic
from tricktally_host.sheet import hands_text, side_name

DPI = 100
DEFAULT_SIZE = (900, 540)  # also in commands/plot.py (kept free of matplotlib)


def progression(game):
    """Per side, the running totals by hand, starting from 0 before hand 1."""
    series = []
    for i in range(len(game.sides)):
        series.append([0] + [h.totals[i] for h in game.hands])
    return series


def _plain(text):
    # Matplotlib reads "$...$" as math: a name is text, so escape the dollar
    # signs (an unbalanced one would stop the plot) and show controls.
    from tricktally_host.safe_text import visible

    text = visible(text).replace("$", r"\$")
    # A legend leaves out labels that start with "_": a name may.
    return "\u200b" + text if text.startswith("_") else text


def plot_title(game, info=None):
    """Game, ref and date on one line, the outcome on the next. Every piece
    of stored text in it is made plain (``_plain``); the line break between
    the two lines is the title's own."""
    head = game.NAME.capitalize()
    if info is not None:
        head += " %s" % _plain(info["ref"])
        if info.get("date"):
            head += " — %s" % info["date"]
    played = hands_text(game.NAME, len(game.hands))
    if game.finished:
        tail = "won by %s" % ", ".join(_plain(game.players[s]) for s in game.winners)
    elif info is not None and info.get("ended"):
        tail = "ended unfinished after %s" % played
    else:
        tail = "in progress after %s" % played
    if game.NAME == "hearts":
        tail += " (lowest total wins)"
    return "%s\n%s" % (head, tail)


def draw(game, path, info=None, size=DEFAULT_SIZE):
    """Write a PNG of ``game``'s running totals to ``path``, ``size`` = (width, height) pixels."""
    fig = figure(game, info, size)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI)
    # Through a temporary file: a failed write never leaves half a PNG
    # (nor an earlier file cut short).
    write_atomic(path, out.getvalue())
    return path


def figure(game, info=None, size=DEFAULT_SIZE):
    """The matplotlib Figure of ``game``'s running totals."""
    width, height = size
    fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    hands = list(range(len(game.hands) + 1))
    for i, totals in enumerate(progression(game)):
        winner = game.finished and game.sides[i][0] in game.winners
        ax.plot(
            hands,
            totals,
            marker="o",
            markersize=3,
            linewidth=2.6 if winner else 1.6,
            label=_plain(side_name(game, i)) + (" ★" if winner else ""),
        )
    if game.target is not None:
        ax.axhline(game.target, color="grey", linestyle="--", linewidth=1, label="target %d" % game.target)
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlabel("round" if game.NAME == "wizard" else "hand")
    ax.set_ylabel("total")
    ax.set_xlim(0, max(1, len(game.hands)))
    # Whole hands only on the x axis.
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    ax.set_title(plot_title(game, info), fontsize="medium")
    fig.tight_layout()
    return fig
