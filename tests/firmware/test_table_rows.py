# SPDX-License-Identifier: MIT
"""The score table's lines on the 6 px character grid (issue 12: a side's
line is blitted glyph by glyph on that grid, as the glyphs drawn show, not
drawn as one padded text): rank, name, then the change, total and bags each
right-aligned on its column and a space clear of what is before it, the
headings on the same columns, in every language, 2 to 6 sides."""

import pytest

from tallyboard import i18n, lang_file, moves, text
from tallyboard.ui.table import TableScreen
from tests.firmware.drawn import record_text
from tricktally_host.sim.screen_text import glyph_chars
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
    # The table of ``g``'s last hand drawn whole, twice, with the same
    # pixels: first with every text.draw call recorded (string, x, y, font,
    # colour), then with every glyph blitted in colour 1 on the frame's
    # pages seen (text.draw's and the rows' own), the title bar copied
    # from the first draw. Returns the app, and the calls of the
    # first draw but for its sides' lines (colour 1, lines 1-6), which
    # come from the glyphs of the second: each line as one string from
    # x = 1 on the 6 px character grid.
    s = Session()
    s.app.set_language(lang)
    moves.use_game(s.app, None, g)
    s.app.go(TableScreen(s.app, lambda app: None))
    seen = Calls()
    seen.calls = []
    record_text(monkeypatch, seen)
    s.app.redraw()
    frame = bytes(s.display.buffer)
    calls = [c for c in seen.calls if c[4] != 1 or not 6 <= c[2] <= 46]
    # The sides' lines are blitted past text.draw, but for a name with a
    # character of 2 bytes or more (its glyph looked up: text.draw's).
    assert all(len(c[0].encode()) > len(c[0]) and c[1] == 1 for c in seen.calls if c[4] == 1 and 6 <= c[2] <= 46)
    pages = text._pages8
    real = pages.blit
    glyphs = []

    def blit(src, x, y, key=-1, palette=None):
        if src is text._STRIP and key == 0 and -y // 8 < text.SMALL.cut[4] + text.SMALL.cut[5]:  # a body, not an accent
            glyphs.append((x, -y // 8))
        return real(src, x, y, key, palette)

    monkeypatch.setattr(pages, "blit", blit)
    seen.calls = []
    s.app.redraw()
    assert bytes(s.display.buffer) == frame
    # The title bar and headings copied, the hand's number alone drawn on it.
    assert [c[0] for c in seen.calls if c[2] == -2] == [str(len(g.hands))]
    chars = glyph_chars()
    lines = {}
    for x, glyph in sorted(set(glyphs)):  # (an accented name's line is drawn twice)
        page, x = divmod(x, 128)
        if not 1 <= page <= 6:
            continue  # (line 7: what comes next)
        assert (x - 1) % 6 == 0, (page, x)
        line = lines.get(page, "")
        col = (x - 1) // 6
        assert len(line) <= col, (line, x)
        lines[page] = line + " " * (col - len(line)) + chars[glyph]
    return s.app, calls + [(line, 1, 8 * page - 2, text.SMALL, 1) for page, line in sorted(lines.items())]


def _enter(g, *hands):
    for values in hands:
        for v in values:
            g.enter(g.kind, g.seat, v)


def _shown(name, change, ends):
    # A side's name on its line: whole up to a space before the change
    # (the rank and a space before it), cut at the end past that.
    return name[:ends[0] - len(change) - 3]


def _side(app, line, hand, ends):
    # The side whose name (as shown) and change the line holds.
    for k in range(len(app.side_names)):
        change = "%+d" % hand.scores[k]
        shown = _shown(app.side_names[k], change, ends)
        if line[2:3 + len(shown)] == shown + " " and line[ends[0] - len(change):ends[0]] == change:
            return k, shown
    raise AssertionError("no side's line: %r" % line)


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


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_spades_with_bags_names_whole_up_to_their_change(monkeypatch, lang):
    g = Spades(["Benjamin", "Élodie", "Zoë", "Dee"], 0, {"bags": True, "partners": False, "nil": True})
    _enter(g, (10, 1, 1, 1), (10, 1, 1, 1))  # bids (from the seat after the dealer), tricks
    app, calls = _table(monkeypatch, g, lang)
    hand = g.hands[-1]
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert len(rows) == 4
    for s, x, y in rows:
        r = (y - 6) // 8
        i, shown = _side(app, s, hand, BAGS)
        assert s[0] == str(r + 1) or s[0] < str(r + 1)  # ranks shared on ties
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i], "%d" % hand.bags[i]), BAGS, shown)
    # Beside "+10" seven characters ("Benjami"), whole beside "+100" ("Élodie").
    assert any(s.startswith("2 Benjami +10 ") for s, x, y in rows), rows
    assert any(s.startswith("1 Élodie +100 ") for s, x, y in rows), rows
    # The headings end on the same columns.
    heads = dict((s, x) for s, x, y, font, color in calls if y == -2 and color == 0)
    for key, end in zip(("col_change", "col_total", "col_bags"), BAGS):
        word = i18n.t(key)
        assert heads[word] + 6 * len(word) == 1 + 6 * end, (lang, word)


@pytest.mark.parametrize("sides", [3, 6])
def test_wizard_nine_letter_names_and_negative_totals(monkeypatch, sides):
    names = ["Benjamin", "Françoise", "Ana", "Cy", "Dee", "Eve"][:sides]
    g = Wizard(names, 0, {})
    # Round 1: the first bidder bids 1 and loses it, the last takes the trick.
    _enter(g, [1] + [0] * (sides - 1), [0] * (sides - 1) + [1])
    app, calls = _table(monkeypatch, g)
    hand = g.hands[-1]
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert len(rows) == sides
    for s, x, y in rows:
        i, shown = _side(app, s, hand, PLAIN)
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i]), PLAIN, shown)
    # Nine letters beside a change of three characters: whole.
    assert any(s[2:12] == "Françoise " for s, x, y in rows), rows
    assert any(s.endswith(" -10") for s, x, y in rows)  # a negative total right-aligned


def test_spades_partners_two_sides_an_eight_letter_name_and_a_four_digit_change(monkeypatch):
    g = Spades(["Benjamin", "Ana", "Cy", "Dee"], 0, {"partners": True, "bags": False})
    # Seats 1, 2, 3, 0 bid and take 1, 6, 2, 4: Benjamin+Cy 10 (+100), Ana+Dee 3.
    _enter(g, (1, 6, 2, 4), (1, 6, 2, 4))
    app, calls = _table(monkeypatch, g)
    hand = g.hands[-1]
    assert app.side_names[0] == "Benjamin+Cy"  # cut where drawn: "Benjamin" beside "+100"
    rows = [(s, x, y) for s, x, y, font, color in calls if color == 1 and 6 <= y <= 46 and x == 1]
    assert [s[:10] for s, x, y in rows] == ["1 Benjamin", "2 Ana+Dee "]
    for (s, x, y), i in zip(rows, (0, 1)):
        _check_line(s, x, ("%+d" % hand.scores[i], "%d" % hand.totals[i]), PLAIN, _shown(app.side_names[i], "%+d" % hand.scores[i], PLAIN))
    assert rows[0][0] == "1 Benjamin +100   100"
