#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draw the wiring diagrams and wiring tables from the board files.

    python tools/draw_wiring.py           # write hardware/wiring-*.svg and the tables in hardware/README.md
    python tools/draw_wiring.py --check   # exit 1 if any of them is out of date

Pin numbers live only in firmware/tallyboard/boards/*.py; this tool reads
them and knows only each dev board's header (which GPIO sits at which
physical pin), so the pictures and the README cannot disagree with the
firmware. Plain SVG text, standard library only. Every wire is a
``<g class="wire" data-from=... data-to=...>`` so tests can read the
picture back.
"""

import argparse
import pathlib
import sys
from xml.sax.saxutils import escape

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "firmware"))

from tallyboard import boards  # noqa: E402
from tallyboard.buttons import NAMES  # noqa: E402

HARDWARE = REPO / "hardware"
README = HARDWARE / "README.md"

# Headers, top to bottom as drawn: (label, GPIO number or None, physical pin).
# Raspberry Pi Pico / Pico 2, USB at the top: pins 1..20 down the left,
# 40..21 down the right (Pico datasheet, "Pinout").
_PICO_LEFT = [
    ("GP0", 0, "1"), ("GP1", 1, "2"), ("GND", None, "3"), ("GP2", 2, "4"), ("GP3", 3, "5"),
    ("GP4", 4, "6"), ("GP5", 5, "7"), ("GND", None, "8"), ("GP6", 6, "9"), ("GP7", 7, "10"),
    ("GP8", 8, "11"), ("GP9", 9, "12"), ("GND", None, "13"), ("GP10", 10, "14"), ("GP11", 11, "15"),
    ("GP12", 12, "16"), ("GP13", 13, "17"), ("GND", None, "18"), ("GP14", 14, "19"), ("GP15", 15, "20"),
]
_PICO_RIGHT = [
    ("VBUS", None, "40"), ("VSYS", None, "39"), ("GND", None, "38"), ("3V3_EN", None, "37"),
    ("3V3(OUT)", None, "36"), ("ADC_VREF", None, "35"), ("GP28", 28, "34"), ("AGND", None, "33"),
    ("GP27", 27, "32"), ("GP26", 26, "31"), ("RUN", None, "30"), ("GP22", 22, "29"), ("GND", None, "28"),
    ("GP21", 21, "27"), ("GP20", 20, "26"), ("GP19", 19, "25"), ("GP18", 18, "24"), ("GND", None, "23"),
    ("GP17", 17, "22"), ("GP16", 16, "21"),
]
# Espressif ESP32-DevKitC V4 (38 pins), USB at the bottom: J2 on the left,
# J3 on the right, pin 1 at the top (ESP32-DevKitC V4 user guide).
_ESP_LEFT = [
    ("3V3", None, "J2-1"), ("EN", None, "J2-2"), ("VP", 36, "J2-3"), ("VN", 39, "J2-4"),
    ("IO34", 34, "J2-5"), ("IO35", 35, "J2-6"), ("IO32", 32, "J2-7"), ("IO33", 33, "J2-8"),
    ("IO25", 25, "J2-9"), ("IO26", 26, "J2-10"), ("IO27", 27, "J2-11"), ("IO14", 14, "J2-12"),
    ("IO12", 12, "J2-13"), ("GND", None, "J2-14"), ("IO13", 13, "J2-15"), ("SD2", 9, "J2-16"),
    ("SD3", 10, "J2-17"), ("CMD", 11, "J2-18"), ("5V", None, "J2-19"),
]
_ESP_RIGHT = [
    ("GND", None, "J3-1"), ("IO23", 23, "J3-2"), ("IO22", 22, "J3-3"), ("TXD0", 1, "J3-4"),
    ("RXD0", 3, "J3-5"), ("IO21", 21, "J3-6"), ("GND", None, "J3-7"), ("IO19", 19, "J3-8"),
    ("IO18", 18, "J3-9"), ("IO5", 5, "J3-10"), ("IO17", 17, "J3-11"), ("IO16", 16, "J3-12"),
    ("IO4", 4, "J3-13"), ("IO0", 0, "J3-14"), ("IO2", 2, "J3-15"), ("IO15", 15, "J3-16"),
    ("SD1", 8, "J3-17"), ("SD0", 7, "J3-18"), ("CLK", 6, "J3-19"),
]


class Layout:
    """One diagram: which boards it covers and the dev board's header."""

    def __init__(self, key, boards_, title, header_name, left, right, power, usb_top, note):
        self.key = key
        self.boards = boards_
        self.title = title
        self.header_name = header_name  # column title for the physical pin
        self.left = left
        self.right = right
        self.power = power  # label of the 3.3 V output pin
        self.usb_top = usb_top
        self.note = note

    @property
    def svg_path(self):
        return HARDWARE / ("wiring-%s.svg" % self.key)


LAYOUTS = (
    Layout("pico", ("pico", "pico2", "picow", "pico2w"), "Raspberry Pi Pico / Pico 2", "Pico pin", _PICO_LEFT, _PICO_RIGHT,
           "3V3(OUT)", True, "Pico and Pico 2 (and their W models) share the header and the board file's pins."),
    Layout("esp32", ("esp32",), "ESP32 dev board (ESP32-DevKitC V4 shown)", "DevKitC pin", _ESP_LEFT, _ESP_RIGHT, "3V3", False,
           "Other ESP32 dev boards put the pins elsewhere: follow the GPIO numbers printed beside the pins."),
)

# Module pins of a 4-pin I2C OLED, left to right (the most common order;
# some modules swap VCC and GND: read the labels on yours).
OLED_PINS = ("GND", "VCC", "SCL", "SDA")
COLORS = {"GND": "#222222", "VCC": "#d62728", "SCL": "#e69500", "SDA": "#1f6fd1", "button": "#2ca02c"}

P = 22  # pin pitch in the drawing
BX, BY, BW = 400, 270, 150  # dev board box
OLED_Y, OLED_H = 70, 100


def _board_pins(layout):
    """The board file values for this layout (all its boards must agree)."""
    mods = [boards.load(n) for n in layout.boards]
    first = mods[0]
    for m in mods[1:]:
        if (m.SDA, m.SCL, m.BUTTON_PINS, m.OLED_ADDR) != (first.SDA, first.SCL, first.BUTTON_PINS, first.OLED_ADDR):
            raise SystemExit("boards %s differ: draw them apart" % ", ".join(layout.boards))
    return first


def _find(layout, gpio):
    for side, pins in (("L", layout.left), ("R", layout.right)):
        for row, (label, g, phys) in enumerate(pins):
            if g == gpio:
                return side, row, label, phys
    raise SystemExit("GPIO %d of board %s is not on the %s header" % (gpio, layout.boards[0], layout.title))


def _find_label(layout, label):
    out = []
    for side, pins in (("L", layout.left), ("R", layout.right)):
        for row, (lab, g, phys) in enumerate(pins):
            if lab == label:
                out.append((side, row, lab, phys))
    return out


def connections(layout):
    """Every wire: list of (part, part_pin, (side, row, label, phys))."""
    b = _board_pins(layout)
    wires = [
        ("OLED", "SDA", _find(layout, b.SDA)),
        ("OLED", "SCL", _find(layout, b.SCL)),
        ("OLED", "VCC", _find_label(layout, layout.power)[0]),
    ]
    for name in NAMES:
        wires.append(("button " + name.upper(), "leg 1", _find(layout, b.BUTTON_PINS[name])))
    return wires


def _pin_xy(side, row):
    return (BX if side == "L" else BX + BW), BY + 30 + row * P


def _term_x(pin):
    cx = BX + BW // 2
    return cx - 90 + 60 * OLED_PINS.index(pin)


def _oled_routes(layout, wires):
    """Polylines from the header to the OLED's pins: out to a lane, up to a
    routing row above the board, across, and up into the pin."""
    routes = {}
    lanes = {"L": 0, "R": 0}
    rows = iter(range(BY - 24, OLED_Y + OLED_H + 8, -9))
    oled = [w for w in wires if w[0] == "OLED"]
    for side in ("L", "R"):
        group = sorted([w for w in oled if w[2][0] == side], key=lambda w: w[2][1])
        # Topmost pin on the inside lane and the lowest routing row: fewer crossings.
        for w in group:
            x, y = _pin_xy(w[2][0], w[2][1])
            k = lanes[side]
            lanes[side] += 1
            lane = x - 24 - 14 * k if side == "L" else x + 24 + 14 * k
            yr = next(rows)
            tx = _term_x(w[1])
            routes[w[1]] = [(x, y), (lane, y), (lane, yr), (tx, yr), (tx, OLED_Y + OLED_H)]
    return routes


def _segments(points):
    return list(zip(points, points[1:]))


def _crossings(a, b):
    n = 0
    for (p1, p2) in _segments(a):
        for (q1, q2) in _segments(b):
            if p1[0] == p2[0] and q1[1] == q2[1]:
                v, h = (p1, p2), (q1, q2)
            elif p1[1] == p2[1] and q1[0] == q2[0]:
                v, h = (q1, q2), (p1, p2)
            else:
                continue
            x = v[0][0]
            y = h[0][1]
            if min(h[0][0], h[1][0]) < x < max(h[0][0], h[1][0]) and min(v[0][1], v[1][1]) < y < max(v[0][1], v[1][1]):
                n += 1
    return n


def plan(layout):
    """Wires with the OLED's ground pin chosen for the fewest crossings, and
    each button's ground rail: (wires, routes, rails)."""
    base = connections(layout)
    best = None
    rails = _rails(layout, base)
    fixed = _button_paths(base, rails)
    for gnd in _find_label(layout, "GND"):
        wires = base[:3] + [("OLED", "GND", gnd)] + base[3:]
        routes = _oled_routes(layout, wires)
        paths = list(routes.values()) + fixed
        cost = sum(_crossings(paths[i], paths[j]) for i in range(len(paths)) for j in range(i + 1, len(paths)))
        length = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for p in paths for a, b in _segments(p))
        key = (cost, length)
        if best is None or key < best[0]:
            best = (key, wires, routes)
    _, wires, routes = best
    return wires, routes, rails


RAIL_OFFSET = 250  # the buttons' ground rail, out from the header


def _button_paths(wires, rails):
    """Polylines of the button wires and ground rails (for counting crossings)."""
    paths = []
    for part, pin, (side, row, label, phys) in wires:
        if part.startswith("button"):
            x, y = _pin_xy(side, row)
            paths.append([(x, y), (x + (-RAIL_OFFSET if side == "L" else RAIL_OFFSET), y)])
    for side in rails:
        x, y = _pin_xy(rails[side][0], rails[side][1])
        paths.append([(x, y), (x + (-RAIL_OFFSET if side == "L" else RAIL_OFFSET), y)])
    return paths


def _rails(layout, wires):
    """Per side with buttons: the GND pin its ground rail goes to (the one
    nearest the middle of the buttons on that side)."""
    rails = {}
    for side in ("L", "R"):
        rows = [w[2][1] for w in wires if w[0].startswith("button") and w[2][0] == side]
        if not rows:
            continue
        mid = (min(rows) + max(rows)) / 2.0
        gnds = [g for g in _find_label(layout, "GND") if g[0] == side]
        if not gnds:
            gnds = _find_label(layout, "GND")
        rails[side] = min(gnds, key=lambda g: (abs(g[1] - mid), g[1]))
    return rails


def table(layout):
    """The wiring table for hardware/README.md (markdown)."""
    wires, _, rails = plan(layout)
    lines = ["| Part | Part pin | %s | Board label |" % layout.header_name, "|---|---|---|---|"]
    for part, pin, (side, row, label, phys) in sorted(wires, key=lambda w: (w[0] != "OLED", w[0] != "OLED" and NAMES.index(w[0].split()[1].lower()), OLED_PINS.index(w[1]) if w[0] == "OLED" else 0)):
        lines.append("| %s | %s | %s | %s |" % (part, pin, phys, label))
    for side in sorted(rails):
        g = rails[side]
        lines.append("| every button | leg 2 | %s | %s |" % (g[3], g[2]))
    return "\n".join(lines) + "\n"


def _text(x, y, s, size=12, anchor="start", weight="normal", color="#222222"):
    return '<text x="%s" y="%s" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s">%s</text>' % (
        x, y, size, anchor, weight, color, escape(s))


def _poly(points, color, width=2.5):
    pts = " ".join("%s,%s" % p for p in points)
    return '<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>' % (pts, color, width)


def svg(layout):
    """The wiring diagram as SVG text."""
    b = _board_pins(layout)
    wires, routes, rails = plan(layout)
    rows = max(len(layout.left), len(layout.right))
    bh = rows * P + 40
    height = BY + bh + 110
    width = BX * 2 + BW
    used = {}
    for part, pin, where in wires:
        used[(where[0], where[1])] = COLORS["button"] if part.startswith("button") else COLORS[pin]
    for side in rails:
        used[(rails[side][0], rails[side][1])] = COLORS["GND"]
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, DejaVu Sans, sans-serif">' % (width, height, width, height),
        '<title>TrickTally wiring: %s</title>' % escape(layout.title),
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        _text(20, 28, "TrickTally wiring: %s" % layout.title, 18, weight="bold"),
        _text(20, 48, "from firmware/tallyboard/boards/%s.py (drawn by tools/draw_wiring.py)" % layout.boards[0], 11, color="#666666"),
    ]
    # The dev board and its header.
    out.append('<g class="board" data-name="%s">' % escape(layout.key))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#1b7a3d" stroke="#0e4d26" stroke-width="2"/>' % (BX, BY, BW, bh))
    usb_y = BY - 14 if layout.usb_top else BY + bh
    out.append('<rect x="%d" y="%d" width="44" height="14" fill="#aaaaaa" stroke="#666666"/>' % (BX + BW // 2 - 22, usb_y))
    out.append(_text(BX + BW // 2, usb_y + 11, "USB", 9, "middle"))
    for side, pins in (("L", layout.left), ("R", layout.right)):
        for row, (label, g, phys) in enumerate(pins):
            x, y = _pin_xy(side, row)
            color = used.get((side, row))
            out.append('<circle cx="%d" cy="%d" r="5" fill="%s" stroke="#dddddd"/>' % (x, y, color or "#c8b560"))
            if side == "L":
                out.append(_text(x + 10, y + 4, "%s %s" % (phys, label), 10, color="#ffffff", weight="bold" if color else "normal"))
            else:
                out.append(_text(x - 10, y + 4, "%s %s" % (label, phys), 10, "end", color="#ffffff", weight="bold" if color else "normal"))
    out.append("</g>")
    # The OLED above the board.
    cx = BX + BW // 2
    out.append('<g class="part" data-name="OLED">')
    out.append('<rect x="%d" y="%d" width="240" height="%d" rx="6" fill="#1d3f6e" stroke="#0b1f3a" stroke-width="2"/>' % (cx - 120, OLED_Y, OLED_H))
    out.append('<rect x="%d" y="%d" width="200" height="52" fill="#000000"/>' % (cx - 100, OLED_Y + 10))
    out.append(_text(cx, OLED_Y + 32, "SSD1306 128x64 OLED", 12, "middle", color="#7fd4ff"))
    out.append(_text(cx, OLED_Y + 50, "I2C address 0x%02X" % b.OLED_ADDR, 11, "middle", color="#7fd4ff"))
    for pin in OLED_PINS:
        tx = _term_x(pin)
        out.append('<circle cx="%d" cy="%d" r="5" fill="%s"/>' % (tx, OLED_Y + OLED_H, COLORS[pin]))
        out.append(_text(tx, OLED_Y + OLED_H - 10, pin, 10, "middle", color="#ffffff", weight="bold"))
    out.append("</g>")
    # OLED wires.
    for part, pin, (side, row, label, phys) in wires:
        if part != "OLED":
            continue
        out.append('<g class="wire" data-from="%s" data-to="OLED %s">' % (escape(label), pin))
        out.append(_poly(routes[pin], COLORS[pin]))
        out.append("</g>")
    # Buttons beside their pins, each to a ground rail.
    rail_x = {"L": BX - RAIL_OFFSET, "R": BX + BW + RAIL_OFFSET}
    for part, pin, (side, row, label, phys) in wires:
        if not part.startswith("button"):
            continue
        x, y = _pin_xy(side, row)
        sgn = -1 if side == "L" else 1
        near = x + sgn * 130
        far = x + sgn * 180
        name = part.split()[1]
        out.append('<g class="wire" data-from="%s" data-to="%s">' % (escape(label), escape(part)))
        out.append(_poly([(x, y), (near, y)], COLORS["button"]))
        out.append("</g>")
        out.append('<g class="part" data-name="%s">' % escape(part))
        out.append('<circle cx="%d" cy="%d" r="3" fill="#222222"/><circle cx="%d" cy="%d" r="3" fill="#222222"/>' % (near, y, far, y))
        lever_end = far - sgn * 4
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#222222" stroke-width="2"/>' % (near, y, lever_end, y - 12))
        out.append("</g>")
        out.append(_text((far + rail_x[side]) // 2, y - 4, name, 10, "middle", weight="bold"))
        out.append(_poly([(far, y), (rail_x[side], y)], COLORS["GND"], 2))
    for side in sorted(rails):
        gside, grow, glabel, gphys = rails[side]
        gx, gy = _pin_xy(gside, grow)
        ys = [_pin_xy(w[2][0], w[2][1])[1] for w in wires if w[0].startswith("button") and w[2][0] == side] + [gy]
        rx = rail_x[side]
        out.append('<g class="wire" data-from="%s %s" data-to="button GND rail">' % (escape(glabel), escape(gphys)))
        out.append(_poly([(rx, min(ys)), (rx, max(ys))], COLORS["GND"], 3))
        out.append(_poly([(gx, gy), (rx, gy)], COLORS["GND"], 2))
        out.append("</g>")
        out.append(_text(rx, max(ys) + 18, "GND rail", 10, "middle"))
    # Notes.
    ny = BY + bh + 40
    for line in (
        "Buttons: momentary, normally open, one leg to the GPIO, the other to GND. No resistors: the firmware turns on the internal pull-ups.",
        "OLED: the 3.3 V version of the module (VCC to %s); check your module's pin order, some swap VCC and GND." % layout.power,
        layout.note,
    ):
        out.append(_text(20, ny, line, 11))
        ny += 18
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _begin(key):
    return "<!-- wiring:%s (generated by tools/draw_wiring.py: do not edit) -->" % key


def _end(key):
    return "<!-- /wiring:%s -->" % key


def readme_with_tables(text):
    """README text with every wiring table block regenerated."""
    for layout in LAYOUTS:
        begin, end = _begin(layout.key), _end(layout.key)
        if begin not in text or end not in text:
            raise SystemExit("hardware/README.md lacks the markers %s ... %s" % (begin, end))
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + begin + "\n" + table(layout) + end + tail
    return text


def outputs():
    """{path: expected text} for every generated file."""
    out = {}
    for layout in LAYOUTS:
        out[layout.svg_path] = svg(layout)
    if README.exists():
        out[README] = readme_with_tables(README.read_text(encoding="utf-8"))
    return out


def main(argv=None):
    """Write the diagrams and tables, or with --check report stale ones."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is out of date")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    rel = ", ".join(str(p.relative_to(REPO)) for p in stale)
    if args.check:
        if stale:
            print("out of date: %s (run python tools/draw_wiring.py)" % rel)
            return 1
        print("wiring diagrams and tables are up to date")
        return 0
    print("wrote %s" % rel if stale else "nothing to do: all up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
