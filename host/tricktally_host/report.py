# SPDX-License-Identifier: MIT
"""The season report: one self-contained HTML file.

Everything the page needs is inside it (CSS in a <style>, charts as inline
SVG, no script, no font, no image from anywhere), so it opens the same
offline, mailed, or years later. Sections: the league table (ratings, games,
wins), ratings over time, bid accuracy, then every game: its sheet, its
score progression and this game's bids. Every game is open (a printout shows
its sheet and chart; a reader may still fold it). Every word is the
report's language's (report_i18n), the sheet's cell words too. Every name
and every value typed on the board goes through ``html.escape``.
"""

import datetime
from html import escape

from tricktally_host import report_i18n, svgchart
from tricktally_host.dates import format_day
from tricktally_host.ratings import NEWCOMER, rate, table as rating_table
from tricktally_host.sheet import entry_cells, side_name, trump_text
from tricktally_host.stats import bid_made, player_stats

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
main{max-width:980px;margin:0 auto;padding:16px 20px 40px}
h1{font-size:1.6rem;margin:.4rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .4rem;border-bottom:2px solid #0072B2}
h3{font-size:1.05rem;margin:1rem 0 .3rem}
p.meta,p.note{color:#555;margin:.2rem 0}p.note{font-size:.85rem}
table{border-collapse:collapse;margin:.4rem 0 .8rem;background:#fff;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d5d5d5;padding:2px 8px;text-align:right;white-space:nowrap}
th{background:#eef3f8}td.name,th.name{text-align:left}
td.up{color:#00734d}td.down{color:#b03000}
tr.win td.name{font-weight:700}
details{background:#fff;border:1px solid #d5d5d5;border-radius:4px;margin:.35rem 0;padding:.2rem .6rem}
summary{cursor:pointer;padding:.2rem 0}
.sheet td small{color:#666}
svg.chart{display:block;max-width:100%;height:auto;background:#fff}
svg .frame{fill:none;stroke:#bbb}svg .zero{stroke:#777}svg .grid{stroke:#eee}
svg line.target{stroke:#555;stroke-dasharray:6 4}svg text.target{fill:#555}
svg text{font:11px system-ui,sans-serif;fill:#333}
@media print{details{break-inside:avoid}summary{list-style:none}}
"""


def _day(seconds):
    return format_day(seconds) or "…"


def _pct(value):
    return "—" if value is None else "%.0f%%" % (100 * value)


def _cells(values, cls=None):
    attr = ' class="%s"' % cls if cls else ""
    return "".join("<td%s>%s</td>" % (attr, escape(str(v))) for v in values)


def _head(names, name_col=1):
    """A header row; column ``name_col`` holds names (aligned left)."""
    return "<tr>%s</tr>" % "".join(
        '<th%s>%s</th>' % (' class="name"' if i == name_col else "", escape(n)) for i, n in enumerate(names)
    )


def league_section(s, ratings, by_game):
    """The league table: per game, the rating table with games and wins."""
    out = ["<h2>%s</h2>" % escape(s["league"]), '<p class="note">%s</p>' % escape(s["league_note"])]
    wins = {(r["game"], r["player"]): r for r in by_game}
    for name, rows in ratings.items():
        out.append("<h3>%s</h3><table>" % escape(s[name]))
        out.append(_head([s["place"], s["player"], s["rating"], s["uncertainty"], s["played"], s["wins"], s["trend"]]))
        for place, r in enumerate(rows, 1):
            w = wins.get((name, r["player"]), {})
            trend = r["trend"]
            out.append(
                '<tr><td>%d</td><td class="name">%s</td><td>%.1f</td><td>%.1f</td><td>%d</td><td>%d</td><td class="%s">%+.1f</td></tr>'
                % (place, escape(r["player"]), r["rating"], r["uncertainty"], r["games"], w.get("wins", 0),
                   "up" if trend > 0 else "down" if trend < 0 else "", trend)
            )
        out.append("</table>")
    return "".join(out)


def ratings_section(s, history):
    """One chart per game: each player's rating from the start (every
    player starts at openskill's newcomer rating, at 0 games) and after each
    game they played, against the number of games of that kind played so
    far; each line's last rating is in the legend."""
    out = ["<h2>%s</h2>" % escape(s["ratings_over_time"])]
    if not history:
        out.append('<p class="note">%s</p>' % escape(s["no_ratings"]))
    for name in sorted(history):
        moments = sorted({when for points in history[name].values() for when, _mu, _sigma in points})
        index = {when: i + 1 for i, when in enumerate(moments)}
        series = []
        for player in sorted(history[name]):
            points = [(index[when], mu) for when, mu, _sigma in history[name][player]]
            series.append((player, [(points[0][0] - 1, NEWCOMER)] + points))
        out.append("<h3>%s</h3>" % escape(s[name]))
        out.append(svgchart.line_chart(series, s["games_played"], title=s["ratings_over_time"] + " — " + s[name],
                                       zero=False, markers=True))
    return "".join(out)


def bids_section(s, by_game):
    """Bid accuracy per player for each game with bids (Spades, Wizard)."""
    out = ["<h2>%s</h2>" % escape(s["bid_accuracy"]), '<p class="note">%s</p>' % escape(s["bid_note"])]
    for name in ("spades", "wizard"):
        rows = [r for r in by_game if r["game"] == name and r["bids"]]
        if not rows:
            continue
        out.append("<h3>%s</h3><table>" % escape(s[name]))
        out.append(_head([s["player"], s["bids"], s["made"], s["miss"]], name_col=0))
        for r in rows:
            out.append('<tr><td class="name">%s</td>%s</tr>' % (
                escape(r["player"]), _cells([r["bids"], _pct(r["bid_accuracy"]), "%.2f" % r["bid_error"]])))
        out.append("</table>")
    return "".join(out)


def _outcome(s, game):
    if game.finished:
        names = ", ".join(game.players[x] for x in game.winners)
        return "%s: %s" % (s["winner"] if len(game.winners) == 1 else s["winners"], names)
    return s["no_winner"]


def legend_text(s, game):
    """How to read a cell of ``game``'s sheet, in the report's language."""
    if game.NAME == "hearts":
        return s["legend_hearts"]
    if game.NAME == "wizard":
        return s["legend_wizard"]
    return s["legend_spades_partners"] if len(game.sides) < game.n else s["legend_spades"]


def game_sheet(s, game):
    """The sheet of one game as an HTML table: per hand (round) and side,
    what was entered, the hand's score and the running total; Wizard's
    trump in a column of its own. A line under it says how to read a cell."""
    wizard = game.NAME == "wizard"
    out = ['<table class="sheet"><tr><th>%s</th>' % escape(s["round"] if wizard else s["hand"])]
    if wizard:
        out.append("<th>%s</th>" % escape(s["trump"]))
    for i in range(len(game.sides)):
        out.append('<th>%s</th>' % escape(side_name(game, i)))
    out.append("</tr>")
    words = report_i18n.cell_words(s)
    for hand in game.hands:
        cells = entry_cells(game, hand, words)
        out.append("<tr><td>%d</td>" % (hand.index + 1))
        if wizard:
            out.append("<td>%s</td>" % escape(trump_text(hand)))
        for i in range(len(game.sides)):
            out.append("<td><small>%s %+d</small> %d</td>" % (escape(cells[i]), hand.scores[i], hand.totals[i]))
        out.append("</tr>")
    out.append('<tr><th>%s</th>%s%s</tr></table>' % (
        escape(s["total"]), "<th></th>" if wizard else "", "".join("<th>%d</th>" % t for t in game.totals)))
    out.append('<p class="note">%s</p>' % escape(legend_text(s, game)))
    return "".join(out)


def game_bids(s, game):
    """This game's bids made per player (Spades and Wizard), as a small table."""
    if game.NAME == "hearts" or not game.hands:
        return ""
    out = ['<table><tr><th class="name">%s</th><th>%s</th></tr>' % (escape(s["player"]), escape(s["made"]))]
    for seat, name in enumerate(game.players):
        made = sum(1 for hand in game.hands if bid_made(game, hand, seat))
        out.append('<tr><td class="name">%s</td><td>%d/%d</td></tr>' % (escape(name), made, len(game.hands)))
    out.append("</table>")
    return "".join(out)


def game_section(s, info, game):
    """One game, open (it folds on screen): title line with the outcome, the
    sheet, the score progression (with the target line) and the bids."""
    series = []
    for i in range(len(game.sides)):
        pts = [(0, 0)] + [(hand.index + 1, hand.totals[i]) for hand in game.hands]
        series.append((side_name(game, i), pts))
    title = "%s · %s · %s · %s" % (s[game.NAME], info["ref"], info["date"] or "", _outcome(s, game))
    if game.NAME == "hearts":
        title += " (%s)" % s["lowest_wins"]
    target = game.target
    return "<details open><summary>%s</summary>%s<h3>%s</h3>%s%s</details>" % (
        escape(title),
        game_sheet(s, game),
        escape(s["score_progression"]),
        svgchart.line_chart(series, s["round"] if game.NAME == "wizard" else s["hand"], height=180, target=target,
                            target_label=None if target is None else s["target"] % target),
        ("<h3>%s</h3>%s" % (escape(s["this_game_bids"]), game_bids(s, game))) if game.NAME != "hearts" else "",
    )


def build(games, lang="en", since=None, until=None, now=None, title=None):
    """The report of ``games`` ((info, record, game), oldest first) as HTML text.

    ``since``/``until`` (Unix seconds or None) only label the period; pick the
    games with league.season. ``now`` (a datetime) dates the report.
    ``title`` replaces the season report's (a club night's report).
    """
    s = report_i18n.strings(lang)
    title = s["title"] if title is None else title
    now = now or datetime.datetime.now().astimezone()
    history = rate(games)
    ratings = rating_table(history)
    stats = player_stats(game for _i, _r, game in games)
    finished = sum(1 for _i, _r, game in games if game.finished)
    if since is None and until is None:
        period = s["all_games"]
    else:
        period = s["period"] % (_day(since) if since is not None else "…", _day(until) if until is not None else "…")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="%s"><head><meta charset="utf-8">' % lang,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # No network at view time: nothing may be fetched, not even a favicon.
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">',
        '<link rel="icon" href="data:,">',
        "<title>%s</title><style>%s</style></head><body><main>" % (escape(title), CSS),
        "<h1>%s</h1>" % escape(title),
        '<p class="meta">%s · %s · %s</p>' % (
            escape(period), escape(s["counts"] % (len(games), finished)), escape(s["made_on"] % now.date().isoformat())),
    ]
    if not games:
        parts.append("<p>%s</p>" % escape(s["no_games"]))
    else:
        parts.append(league_section(s, ratings, stats["by_game"]))
        parts.append(ratings_section(s, history))
        parts.append(bids_section(s, stats["by_game"]))
        parts.append("<h2>%s</h2>" % escape(s["games"]))
        for info, _record, game in games:
            parts.append(game_section(s, info, game))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)
