# SPDX-License-Identifier: MIT
"""Small line charts as inline SVG text, for the season report.

The report draws a chart for every game (1,000 games in a few seconds), so
the charts are written straight as SVG: a polyline per series, ticks and
grid lines at round values on both axes, the zero line, a dashed target
line when the game has one, a legend. Series that run on top of each other
(equal totals, equal ratings) stay visible: the first is drawn widest and
each later one narrower and dashed, so every colour shows. Every label goes
through ``html.escape``: player names are whatever was typed on the board.
"""

import math
from html import escape

# Okabe-Ito: eight colours told apart with every common colour blindness.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
# A dash pattern per series (after the colour), so lines that coincide still
# show each other.
DASHES = ("", "6 3", "2 2", "8 2 2 2", "4 4", "1 3")
LEFT = 48
RIGHT = 10
TOP = 10
BOTTOM = 30
LEGEND_ROW = 16
TICKS = 5


def colour(i):
    """The colour of series ``i`` (the palette repeats after eight)."""
    return PALETTE[i % len(PALETTE)]


def _nice(value):
    return ("%.1f" % value).rstrip("0").rstrip(".")


def nice_ticks(lo, hi, count=TICKS, whole=False):
    """About ``count`` round values (1, 2, 2.5 or 5 times a power of ten)
    from ``lo`` to ``hi``; whole numbers only when ``whole``."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = power
    for m in (1, 2, 2.5, 5, 10):
        step = m * power
        if span / step <= count:
            break
    if whole:
        step = max(1, round(step))
    first = math.ceil(lo / step - 1e-9) * step
    out = []
    value = first
    while value <= hi + 1e-9 * max(1, abs(hi)):
        out.append(round(value, 6))
        value += step
    return out


def line_chart(series, x_label, width=640, height=220, title=None, zero=True, target=None, target_label=None,
               markers=False):
    """An ``<svg>`` element: ``series`` is a list of ``(name, points)`` where
    points are ``(x, y)`` pairs, x ascending (whole numbers). ``x_label``
    names the x axis; ``zero`` keeps 0 on the y axis (scores), False fits
    the values (ratings); ``target`` draws a dashed line at that value,
    labelled ``target_label``; ``markers`` puts a dot on every point (the
    last value is then in the legend too)."""
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
    extra = [0] if zero else []
    if target is not None:
        extra.append(target)
    y0, y1 = min(ys + extra), max(ys + extra)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y0, y1 = y0 - 1, y1 + 1
    ticks_y = nice_ticks(y0, y1)
    y0, y1 = min(y0, ticks_y[0]), max(y1, ticks_y[-1])
    plot_w = width - LEFT - RIGHT
    sx = plot_w / (x1 - x0)
    sy = plot_h / (y1 - y0)

    def px(x):
        return LEFT + (x - x0) * sx

    def py(y):
        return TOP + (y1 - y) * sy

    out.append('<rect x="%d" y="%d" width="%d" height="%d" class="frame"/>' % (LEFT, TOP, plot_w, plot_h))
    for value in ticks_y:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="grid"/>' % (LEFT, LEFT + plot_w, py(value), py(value)))
        out.append('<text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>' % (LEFT - 4, py(value) + 4, _nice(value)))
    for value in nice_ticks(x0, x1, whole=True):
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" class="grid"/>' % (px(value), px(value), TOP, TOP + plot_h))
        out.append('<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>' % (px(value), TOP + plot_h + 13, _nice(value)))
    out.append('<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>'
               % (LEFT + plot_w // 2, TOP + plot_h + 26, escape(x_label)))
    if y0 < 0 < y1:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="zero"/>' % (LEFT, LEFT + plot_w, py(0), py(0)))
    if target is not None:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="target"/>' % (LEFT, LEFT + plot_w, py(target), py(target)))
        out.append('<text x="%d" y="%.1f" class="target" text-anchor="end">%s</text>'
                   % (LEFT + plot_w - 4, py(target) - 3, escape(target_label or _nice(target))))
    n = len(series)
    for i, (name, pts) in enumerate(series):
        # Widest first, each later one narrower: coinciding lines all show.
        stroke = 1.6 + 1.4 * (n - 1 - i) / max(1, n - 1) if n > 1 else 1.8
        dash = DASHES[i % len(DASHES)]
        dash_attr = ' stroke-dasharray="%s"' % dash if dash else ""
        if len(pts) > 1:
            coords = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts)
            out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%.1f"%s/>'
                       % (coords, colour(i), stroke, dash_attr))
        if markers or len(pts) == 1:
            radius = 2.2 + 2.0 * (n - 1 - i) / max(1, n - 1) if n > 1 else 2.6
            for x, y in pts:
                out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>' % (px(x), py(y), radius, colour(i)))
    for i, (name, pts) in enumerate(series):
        lx = LEFT + (i % 4) * (plot_w // 4)
        ly = height + (i // 4) * LEGEND_ROW + 4
        label = name if not markers or not pts else "%s %s" % (name, _nice(pts[-1][1]))
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (lx, ly, colour(i)))
        out.append('<text x="%d" y="%d" class="legend">%s</text>' % (lx + 14, ly + 9, escape(label)))
    out.append("</svg>")
    return "".join(out)
