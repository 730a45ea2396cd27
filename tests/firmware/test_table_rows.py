# SPDX-License-Identifier: MIT
"""The score table's lines on the 6 px character grid (issue 12: a side's
rank and name are one text.draw, its numbers blitted glyph by glyph on the
same grid): rank, name, then the change, total and bags each
right-aligned on its column and a space clear of what is before it, the
headings on the same columns, in every language, 2 to 6 sides."""

import pytest

from tallyboard import app_more, i18n, text
from tallyboard.ui import entry
from tallyboard.ui.table import TableScreen
from tests.firmware.drawn import record_text
from tests.firmware.ui_script import Session
from tricktally.spades import Spades
from tricktally.wizard import Wizard

# The columns' right edges as characters from the line's start (x = 1):
# change, total, bags.
PLAIN = (15, 21)
BAGS = (13, 17, 21)


class Calls:
    calls = None


def _table(monkeypatch, g, lang="en"):
    # The table of ``g``'s last hand drawn whole, twice: as on the board
    # (each side's numbers blitted glyph by glyph, past text.draw), then
    # with text's view of the frame's pages off (as for a frame that is not
    # 128x64: every number drawn by text.draw, recorded); both give the same
    # pixels. Returns the app and the strings of the second drawing
    # (string, x, y, font, colour), each side's pieces joined into one
    # line from x = 1 on the 6 px character grid (the sides: colour 1,
    # lines 1-6).
    s = Session()
    s.app.set_language(lang)
    app_more.use_game(s.app, None, g)
    s.app.go(TableScreen(s.app, lambda app: None))
    seen = Calls()
    seen.calls = []
    record_text(monkeypatch, seen)
    s.app.redraw()
    frame = bytes(s.display.buffer)
    assert not [c for c in seen.calls if c[4] == 1 and 6 <= c[2] <= 46 and c[1] > 1]  # one text a side

    def no_pages(fb):
        text._fb = fb
        text._pages8 = None

    monkeypatch.setattr(text, "_row", no_pages)
    monkeypatch.setattr(text, "_fb", None)
    seen.calls = []
    s.app.redraw()
    assert bytes(s.display.buffer) == frame
    lines = {}
    calls = []
    for c in seen.calls:
        shown, x, y, font, color = c
        if color != 1 or not 6 <= y <= 46:
            calls.append(c)
            continue
        if y not in lines:
            lines[y] = ""
        line = lines[y]
        col = (x - 1) // 6
        assert (x - 1) % 6 == 0 and len(line) <= col, (line, shown, x)
        lines[y] = line + " " * (col - len(line)) + shown
    return s.app, calls + [(line, 1, y, text.SMALL, 1) for y, line in sorted(lines.items())]


def _enter(g, *hands):
    for values in hands:
        for v in values:
            g.enter(g.kind, g.seat, v)


def _check_line(line, x, numbers, ends, name):
    # One string from x = 1: the rank, a space, the name, then each number
    # ending on its column with a space before it.
    assert x == 1, line
    assert line[1] == " " and line[2:2 + len(name)] == name, line
    assert len(line) == ends[-1], line
    for v, end in zip(numbers, ends):
        start = end - len(v)
        assert line[start:end] == v, (line, v, end)
        assert line[start - 1] == " ", "%r: %s touches what is before it" % (line, v)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_spades_with_bags_a_six_letter_name_and_a_four_digit_change(monkeypatch, lang):
    g = Spades(["Benjamin", "Élodie", "Zoë", "Dee"], 0, {"bags": True, "partners": False, "nil": True})
    _enter(g, (10, 1, 1, 1), (10, 1, 1, 1))  # bids (from the seat after the dealer), tricks
    app, calls = _table(monkeypatch, g, lang)
    hand = g.hands[-1]
    assert entry.name_width(g) == 40  # six characters: "Benjam", "Élodie"
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert len(rows) == 4
    for s, x, y in rows:
        r = (y - 6) // 8
        i = [k for k in range(4) if app.side_names[k] == s[2:2 + len(app.side_names[k])]][0]
        assert s[0] == str(r + 1) or s[0] < str(r + 1)  # ranks shared on ties
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i], "%d" % hand.bags[i]), BAGS, app.side_names[i])
    assert any("+100" in s for s, x, y in rows)
    # The headings end on the same columns.
    heads = dict((s, x) for s, x, y, font, color in calls if y == -2 and color == 0)
    for key, end in zip(("col_change", "col_total", "col_bags"), BAGS):
        word = i18n.t(key)
        assert heads[word] + 6 * len(word) == 1 + 6 * end, (lang, word)


@pytest.mark.parametrize("sides", [3, 6])
def test_wizard_eight_letter_names_and_negative_totals(monkeypatch, sides):
    names = ["Benjamin", "Françoise", "Ana", "Cy", "Dee", "Eve"][:sides]
    g = Wizard(names, 0, {})
    # Round 1: the first bidder bids 1 and loses it, the last takes the trick.
    _enter(g, [1] + [0] * (sides - 1), [0] * (sides - 1) + [1])
    app, calls = _table(monkeypatch, g)
    hand = g.hands[-1]
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert len(rows) == sides
    assert "François" in app.side_names  # eight characters: cut to 48 px as before
    for s, x, y in rows:
        i = [k for k in range(sides) if s[2:].startswith(app.side_names[k] + " ")][0]
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i]), PLAIN, app.side_names[i])
    assert any(s.endswith(" -10") for s, x, y in rows)  # a negative total right-aligned


def test_spades_partners_two_sides_an_eight_letter_name_and_a_four_digit_change(monkeypatch):
    g = Spades(["Benjamin", "Ana", "Cy", "Dee"], 0, {"partners": True, "bags": False})
    # Seats 1, 2, 3, 0 bid and take 1, 6, 2, 4: Benjamin+Cy 10 (+100), Ana+Dee 3.
    _enter(g, (1, 6, 2, 4), (1, 6, 2, 4))
    app, calls = _table(monkeypatch, g)
    hand = g.hands[-1]
    assert app.side_names[0] == "Benjamin"  # "Benjamin+Cy" cut to 48 px as before
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert [s[:10] for s, x, y in rows] == ["1 Benjamin", "2 Ana+Dee "]
    for (s, x, y), i in zip(rows, (0, 1)):
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i]), PLAIN, app.side_names[i])
    assert rows[0][0] == "1 Benjamin +100   100"
