# SPDX-License-Identifier: MIT
"""Score progression chart of one game (matplotlib, no display needed).

Uses matplotlib's object API with the Agg canvas rather than pyplot, so
nothing global (a GUI backend, open figures) is touched and a plot can be
drawn from any thread or test.
"""

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tricktally_host.sheet import side_name

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

    return visible(text).replace("$", r"\$")


def plot_title(game, info=None):
    """Game, players and outcome, in one or two lines."""
    head = game.NAME.capitalize()
    if info is not None:
        head += " %s" % info["ref"]
        if info.get("date"):
            head += " — %s" % info["date"][:16].replace("T", " ")
    if game.finished:
        names = ", ".join(game.players[s] for s in game.winners)
        tail = "won by %s" % names
    elif info is not None and info.get("ended"):
        tail = "ended unfinished after %d hand%s" % (len(game.hands), "" if len(game.hands) == 1 else "s")
    else:
        tail = "in progress after %d hand%s" % (len(game.hands), "" if len(game.hands) == 1 else "s")
    if game.NAME == "hearts":
        tail += " (lowest total wins)"
    return "%s\n%s" % (head, tail)


def draw(game, path, info=None, size=DEFAULT_SIZE):
    """Write a PNG of ``game``'s running totals to ``path``, ``size`` = (width, height) pixels."""
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
    ax.set_title(_plain(plot_title(game, info)), fontsize="medium")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=DPI)
    return path
