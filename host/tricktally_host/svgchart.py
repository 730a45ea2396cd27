# SPDX-License-Identifier: MIT
"""Small line charts as inline SVG text, for the season report.

The report draws a chart for every game (1,000 games in a few seconds), so
the charts are written straight as SVG: a polyline per series, the zero line,
the lowest and highest values on the y axis, a legend. Every label goes
through ``html.escape``: player names are whatever was typed on the board.
"""

from html import escape

# Okabe-Ito: eight colours told apart with every common colour blindness.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
LEFT = 44
RIGHT = 8
TOP = 10
BOTTOM = 26
LEGEND_ROW = 16


def colour(i):
    """The colour of series ``i`` (the palette repeats after eight)."""
    return PALETTE[i % len(PALETTE)]


def _nice(value):
    return ("%.1f" % value).rstrip("0").rstrip(".")


def line_chart(series, x_label, width=640, height=220, title=None, zero=True):
    """An ``<svg>`` element: ``series`` is a list of ``(name, points)`` where
    points are ``(x, y)`` pairs, x ascending. ``x_label`` names the x axis;
    ``zero`` keeps 0 on the y axis (scores), False fits the values (ratings)."""
    xs = [x for _n, pts in series for x, _y in pts]
    ys = [y for _n, pts in series for _x, y in pts]
    legend_rows = (len(series) + 3) // 4
    plot_h = height - TOP - BOTTOM
    total_h = height + legend_rows * LEGEND_ROW
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 %d %d" width="%d" height="%d" role="img">'
           % (width, total_h, width, total_h)]
    if title:
        out.append("<title>%s</title>" % escape(title))
    if not xs:
        out.append("</svg>")
        return "".join(out)
    x0, x1 = min(xs), max(xs)
    floor = [0] if zero else []
    y0, y1 = min(ys + floor), max(ys + floor)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y1 = y0 + 1
    plot_w = width - LEFT - RIGHT
    sx = plot_w / (x1 - x0)
    sy = plot_h / (y1 - y0)

    def px(x):
        return LEFT + (x - x0) * sx

    def py(y):
        return TOP + (y1 - y) * sy

    out.append('<rect x="%d" y="%d" width="%d" height="%d" class="frame"/>' % (LEFT, TOP, plot_w, plot_h))
    if y0 < 0 < y1:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="zero"/>' % (LEFT, LEFT + plot_w, py(0), py(0)))
    for value in (y0, y1):
        out.append('<text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>' % (LEFT - 4, py(value) + 4, _nice(value)))
    for value in (x0, x1):
        out.append('<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>' % (px(value), TOP + plot_h + 14, _nice(value)))
    out.append('<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>'
               % (LEFT + plot_w // 2, TOP + plot_h + 14, escape(x_label)))
    for i, (name, pts) in enumerate(series):
        if len(pts) == 1:
            x, y = pts[0]
            out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (px(x), py(y), colour(i)))
        else:
            coords = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts)
            out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.8"/>' % (coords, colour(i)))
    for i, (name, _pts) in enumerate(series):
        lx = LEFT + (i % 4) * (plot_w // 4)
        ly = height + (i // 4) * LEGEND_ROW + 4
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (lx, ly, colour(i)))
        out.append('<text x="%d" y="%d" class="legend">%s</text>' % (lx + 14, ly + 9, escape(name)))
    out.append("</svg>")
    return "".join(out)
