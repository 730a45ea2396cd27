# SPDX-License-Identifier: MIT
"""The terminal simulator's picture (sim/picture.py), its status line
(sim/status.py) and its screenshots, without a terminal (tests/host/
test_sim_terminal.py runs it in one)."""

import os
import re
import subprocess
import sys

import pytest

from tricktally_host.sim import picture
from tricktally_host.sim.board import SimBoard
from tricktally_host.sim.status import status_line

CMD = [sys.executable, "-c", "from tricktally_host.cli import main; main()", "sim"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize(
    "columns,lines,mode",
    [
        (80, 24, picture.BRAILLE),
        (66, 21, picture.BRAILLE),
        (65, 24, None),
        (80, 20, None),
        (129, 40, picture.BRAILLE),
        (130, 37, picture.HALF),
        (132, 40, picture.HALF),
        (257, 70, picture.HALF),
        (258, 69, picture.DOUBLE),
        (270, 70, picture.DOUBLE),
    ],
)
def test_the_largest_picture_that_fits_is_chosen(columns, lines, mode):
    assert picture.pick_mode(columns, lines) == mode
    ram = bytes([0xA5]) * 1024
    got, rows = picture.layout(ram, columns, lines, "serial: " + "x" * 300)
    assert got == mode
    text = picture.plain_lines(rows)
    assert len(text) <= lines and max(len(t) for t in text) <= columns  # nothing scrolls or wraps
    if mode is None:
        assert text == ["The board needs a terminal of 66x21 or more; this one is %dx%d." % (columns, lines)]
    else:
        assert text[-1].endswith("\u2026")  # the status line cut to the width, and says so


def _ram_from_rows(rows):
    ram = bytearray(1024)
    for y, row in enumerate(rows):
        for x, on in enumerate(row):
            if on:
                ram[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return ram


def test_an_inverted_row_is_reversed_with_its_dark_pixels_as_dots():
    rows = [[0] * 128 for _ in range(64)]
    for y in range(8, 16):  # line 1 inverted, with a dark "letter" cut out
        rows[y] = [1] * 128
    for y in range(9, 14):
        rows[y][4] = 0
    rows[30][0:128] = [1] * 128  # an underline: one lit row, not inverted
    ram = _ram_from_rows(rows)
    cells = picture.cells(ram, picture.BRAILLE)
    # Braille lines 2 and 3 are pixel rows 8-15: reversed, blank but where
    # the letter is (dots 2,3 / 1,2 of the third cell: column 4 is its left)
    assert all(style == picture.INVERSE for _, style in cells[2] + cells[3])
    assert cells[2][2] == (chr(0x2800 | 0x02 | 0x04 | 0x40), picture.INVERSE)
    assert cells[2][3] == ("\u2800", picture.INVERSE)
    assert all(style == picture.PLAIN for _, style in cells[7])
    assert cells[7][5][0] == chr(0x2800 | 0x04 | 0x20)  # row 30: dots 3 and 6
    # page 0 inverted: the title's colour; the same in every mode
    rows[0:8] = [[1] * 128 for _ in range(8)]
    for mode in (picture.BRAILLE, picture.HALF, picture.DOUBLE):
        lines = picture.cells(_ram_from_rows(rows), mode)
        per_row = {picture.BRAILLE: 4, picture.HALF: 2, picture.DOUBLE: 1}[mode]
        assert {s for line in lines[: 8 // per_row] for _, s in line} == {picture.TITLE}
        assert {s for line in lines[8 // per_row : 16 // per_row] for _, s in line} == {picture.INVERSE}


def test_the_escape_codes_place_every_row_and_reset_styles():
    _, rows = picture.layout(bytes(1024), 80, 24, "status")
    out = picture.ansi(rows, 80)
    assert out.count("\x1b[") and "\n" not in out  # placed, never scrolled
    for i in range(len(rows)):
        assert "\x1b[%d;1H" % (i + 1) in out
    assert out.endswith("\x1b[0m\x1b[K")


def test_inverted_areas_are_found_where_the_firmware_fills_rectangles(monkeypatch, tmp_path):
    """On every README screen, the cells drawn reversed are those the
    firmware's filled rectangles (8 rows or more: bars, highlights, the
    player asked) cover, to within 3 of the 31,744 cells (see picture.py)."""
    from tallyboard.display import Display
    from tallyfakes.simbus import SimI2C
    from tricktally_host.sim import render, screens

    fb_class = type(Display(SimI2C()).fb)
    truth = [[False] * 128 for _ in range(64)]

    def paint(x, y, w, h, value):
        for yy in range(max(0, y), min(64, y + h)):
            for xx in range(max(0, x), min(128, x + w)):
                truth[yy][xx] = value

    fill_rect = fb_class.fill_rect
    keep = Display.keep

    def tracked_fill_rect(self, x, y, w, h, c):
        if not c or (h >= 7 and w >= 6):
            paint(x, y, w, h, bool(c))
        return fill_rect(self, x, y, w, h, c)

    def tracked_keep(self, pages):
        for p in range(8):
            if pages >> p & 1:
                paint(0, 8 * p, 128, 8, False)
        return keep(self, pages)

    wrong = []

    def compare(gddram, path, scale=4):
        mask = picture.inverted_mask(render.pixel_rows(gddram))
        for b in range(16):
            for p in range(64):
                covered = sum(truth[4 * b + r][2 * p + c] for r in range(4) for c in range(2)) > 4
                if mask[b][p] != covered:
                    wrong.append((os.path.basename(path), b, p))
        return path

    monkeypatch.setattr(fb_class, "fill_rect", tracked_fill_rect)
    monkeypatch.setattr(Display, "keep", tracked_keep)
    monkeypatch.setattr(screens.render, "png", compare)
    shots = screens.make_screens(str(tmp_path))
    assert len(shots) >= 30
    assert len(wrong) <= 3, wrong


def _board(tmp_path, roster=("Ana", "Ben", "Cy", "Dee")):
    board = SimBoard(str(tmp_path / "flash"), serial=False, seed=1)
    board.app.config.set_roster(list(roster))
    return board


def _press(board, *names):
    for name in names:
        board.press(name.split()[-1], 2 if name.startswith("long ") else 1)


def test_the_status_line_speaks_the_players_words(tmp_path):
    board = _board(tmp_path)
    assert status_line(board.app, "sim-flash/serial") == "TrickTally \u00b7 New game   serial: sim-flash/serial"
    _press(board, "ok")
    assert status_line(board.app, None) == "New game \u00b7 Game: Spades   serial: none"
    _press(board, "right", "down")
    assert status_line(board.app, None).startswith("New game \u00b7 Players: 4 ")
    form = board.app.screen
    while form.rows[form.cursor].key != "start":
        _press(board, "down")
    _press(board, "ok")  # Wizard: the first round's trump
    assert status_line(board.app, None).startswith("Round 1 \u00b7 Trump this round? ")
    _press(board, "ok")
    line = status_line(board.app, None)
    seat = board.app.screen.seat
    assert line.startswith("Round 1 \u00b7 Bid: %s " % board.app.names[seat])
    assert "kind=" not in line and "NumberEntry" not in line and "seat=" not in line
    _press(board, "ok", "long back")
    assert "Undone: %s's bid" % board.app.names[seat] in status_line(board.app, None)


def test_the_status_line_is_in_the_boards_language(tmp_path):
    from tallyboard import i18n

    board = _board(tmp_path)
    i18n.use("es")
    try:
        _press(board, "ok")
        assert status_line(board.app, None).startswith("Nueva partida \u00b7 Juego: Picas ")
    finally:
        i18n.use("en")


def test_the_status_line_reads_the_reworded_labels_whole(tmp_path):
    # Issue 23 gave French its labels' colon ("Mise : Émile") and the amend
    # form its players' rows (the row draws the word and the name): the
    # status line says each once, as the board does.
    from tallyboard import i18n

    try:
        for lang, entry, row in (("en", "Bid: ", "Bid %s: 0"), ("fr", "Mise : ", "Mise : %s : 0")):
            board = _board(tmp_path / lang, ("Kristoffer", "Émile", "Benedetta", "Zoë"))
            i18n.use(lang)
            _press(board, "ok", "right")  # New game: Wizard, 4 players
            form = board.app.screen
            while form.rows[form.cursor].key != "start":
                _press(board, "down")
            _press(board, "ok", "ok")  # start; no trump
            seat = board.app.screen.seat
            assert " \u00b7 %s%s " % (entry, board.app.names[seat]) in status_line(board.app, None)
            for _ in range(8):  # every bid 0, every trick to the first but one
                _press(board, "ok")
            _press(board, "back")
            menu = board.app.screen
            while menu.items[menu.cursor] != i18n.t("amend_round"):
                _press(board, "down")
            _press(board, "ok", "ok", "down")  # round 1; its first bid
            line = status_line(board.app, None)
            assert (row % board.app.names[seat]) in line, line
    finally:
        i18n.use("en")


def _headless(tmp_path, shots, script):
    proc = subprocess.run(
        CMD + ["--headless", "--no-serial", "--flash", str(tmp_path / "flash"), "--screenshot", str(shots), "--seed", "1"],
        input=script, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def test_screenshots_never_overwrite_and_follow_the_cursor(tmp_path):
    shots = tmp_path / "shots"
    _headless(tmp_path, shots, "ok\ndown\ndown\nquit\n")
    first = sorted(os.listdir(shots))
    # home, the form, and the form twice more with its cursor moved
    assert first == ["run001-001-menu.png", "run001-002-form.png", "run001-003-form.png", "run001-004-form.png"]
    sizes = {n: os.path.getsize(shots / n) for n in first}
    _headless(tmp_path, shots, "up\nquit\n")  # home again, its cursor moved
    second = sorted(set(os.listdir(shots)) - set(first))
    assert second == ["run002-001-menu.png", "run002-002-menu.png"]
    assert {n: os.path.getsize(shots / n) for n in first} == sizes  # the first run's files untouched


def test_help_and_readme_say_the_same_about_the_picture():
    help_text = subprocess.run(CMD + ["--help"], capture_output=True, text=True, timeout=60).stdout
    help_text = " ".join(help_text.split())
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = " ".join(f.read().split())
    for mode in (picture.BRAILLE, picture.HALF, picture.DOUBLE):
        size = "%dx%d" % picture.size_needed(mode)
        assert size in help_text and size in readme, size
    for words in ("Braille dots (2x4 pixels a character)", "half blocks (two pixel rows a character)", "each pixel two cells wide and one high", "follows a resize"):
        assert words in help_text and words in readme, words
    assert "block characters" not in help_text
    assert re.search(r"docs/screens/terminal-80x24\.png", readme)
