# SPDX-License-Identifier: MIT
"""Every language: each table is complete and drawable, and no string
overflows its box on any screen (drawn strings stay on the panel and never
overlap each other), with 10-letter names everywhere a name shows."""

import pytest

from tallyboard import i18n, text
from tests.firmware.drawn import record_text
from tests.firmware.ui_script import Session

LONG_NAMES = ["Wwwwwwwwww", "Mmmmmmmmmm", "Ééééééééé1", "Kkkkkkkkkk", "Qqqqqqqqqq", "Zzzzzzzzzz"]


def test_every_table_has_every_key_and_only_drawable_characters():
    english = i18n.table("en")
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        assert set(table) == set(english), lang
        for key, value in table.items():
            assert value, (lang, key)
            for ch in value:
                assert text.SMALL.has(ch), "%s %s: %r has no glyph" % (lang, key, ch)
    for name in i18n.NATIVE.values():
        for ch in name:
            assert text.SMALL.has(ch)


class Recorder:
    """Records every string drawn in one frame and checks their boxes."""

    def __init__(self, monkeypatch):
        self.calls = []
        self.problems = []
        record_text(monkeypatch, self)

    def check(self, where):
        boxes = []
        for s, x, y, font, color in self.calls:
            w = text.width(s, font)
            # Ink rows: SMALL letters and descenders sit in cell rows 2-9
            # (accents above capitals in rows 0-1 may reach the line above).
            top = y + 2 if font is text.SMALL else y
            bottom = y + font.height
            if x < 0 or x + w > 128 or top < 0 or bottom > 64:
                self.problems.append("%s: %r at x=%d..%d y=%d off the panel" % (where, s, x, x + w, y))
            boxes.append((x, top, x + w, bottom, s))
        for i in range(len(boxes)):
            a = boxes[i]
            for b in boxes[i + 1:]:
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    self.problems.append("%s: %r overlaps %r" % (where, a[4], b[4]))
        self.calls = []


def _session(lang, monkeypatch):
    rec = Recorder(monkeypatch)
    s = Session()
    s.app.config.set_roster(LONG_NAMES)
    s.app.set_language(lang)
    s.app.go_home()
    real_redraw = s.app.redraw

    def redraw():
        del rec.calls[:]
        n = real_redraw()
        if s.app.toast:
            # The undo lines cover the title bar (and line 1 when there are
            # two): what the screen drew there is hidden.
            covered = 8 * len(s.app.toast_lines) - 2
            rec.calls[:] = [c for c in rec.calls if c[2] >= covered or c[0] in s.app.toast_lines]
        rec.check(s.app.describe())
        return n

    s.app.redraw = redraw
    s.app.redraw()
    return s, rec


def _walk_menu(s):
    # Move the cursor through every line and back (each line highlighted once).
    screen = s.app.screen
    count = len(getattr(screen, "items", None) or getattr(screen, "rows", []))
    for _ in range(count):
        s.press("down")
        if hasattr(screen, "rows"):
            s.press("right")
            s.press("left")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_screen_fits_in_every_language(lang, monkeypatch):
    s, rec = _session(lang, monkeypatch)
    t = i18n.t
    # settings, languages, contrast, default rules, roster, name editor
    s._pick(t("settings"))
    _walk_menu(s)
    for i in range(5):
        s.app.screen.cursor = i
        s.press("ok")
        _walk_menu(s)
        s.press("back")
    s.press("back")
    s._pick(t("players"))
    _walk_menu(s)
    s.app.screen.cursor = 0
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = 0
    s.press("ok")  # edit
    for _ in range(10):
        s.press("right")
    s.press("back")
    s.press("back")
    # the new-game form of each game, every row
    games = (
        ("spades", 4, {"bags": True, "nil": True, "blind_nil": True}),
        ("wizard", 6, {"bidding": "delayed", "even_bids": "never"}),
        ("hearts", 5, {"omnibus": True, "moon": "choice"}),
    )
    for game, players, settings in games:
        s._pick(t("new_game"))
        form = s.app.screen
        s._set(form, "game", game)
        s._set(form, "players", players)
        _walk_menu(s)
        for name in sorted(settings):
            s._set(form, name, settings[name])
        s._set(form, "dealer", 0)
        # a seat's list (the roster first) and the new-name editor
        s._go_row(form, "seat1")
        s.press("ok")
        _walk_menu(s)
        s.app.screen.cursor = len(s.app.screen.items) - 1
        s.press("ok")
        s.press("back")
        s._go_row(form, "start")
        s.press("ok")
        g = s.app.game
        if game == "spades":
            s.play_hand({"bids": [0, 4, 4, 4], "blind": [True, False, False, False], "tricks": [0, 5, 4, 4]})
            s.play_hand({"bids": [0, 4, 4, 4], "tricks": [1, 4, 4, 4]})
        elif game == "wizard":
            s.play_hand({"bids": [0, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0], "trump": "H"})
            # the forbidden bid of round 2 (even_bids never), crossed out
            s.press("ok")
            for _ in range(5):
                s.press("ok")  # each bids from the pass screen
            s.press("up")  # the dealer opens the private picker
            s.press("up")
        else:
            s.play_hand({"hearts": [13, 0, 0, 0, 0], "queen": 0, "jack": 1, "moon": "self_minus"})
        # undo: the question before reopening the hand, then its answer
        if s.app.game.current is not None and not s.app.game.current.taken_count:
            s.press("back", 2)
            _walk_menu(s)
            s.app.screen.cursor = 0
            s.press("ok")
            assert s.app.toast, s.app.describe()
            s.press("ok")  # entered again
            s.press("ok")  # and on from the table
        # a refused entry's message, the game menu, scores, amend
        s.press("back")
        _walk_menu(s)
        s._pick(t("scores"))
        s.press("back")
        s._pick(t("amend_round") if game == "wizard" else t("amend"))
        s.press("ok")
        _walk_menu(s)
        s.press("back")
        s.press("back")
        s._pick(t("home"))
        assert g is s.app.game
    # which game to resume, with three unfinished ones
    s._pick(t("resume"))
    for _ in range(3):
        s.press("right")
    s.press("back")
    # a finished game: the final standings, the last hand's table
    s._pick(t("new_game"))
    form = s.app.screen
    s._set(form, "game", "hearts")
    s._set(form, "players", 3)
    s._set(form, "target", 10)
    s._set(form, "dealer", 0)
    s._go_row(form, "start")
    s.press("ok")
    s.play_hand({"hearts": [5, 5, 3], "queen": 0})
    assert s.app.game.finished
    s._pick(t("games"))
    _walk_menu(s)
    s.app.screen.cursor = 0
    s.press("ok")
    s.press("ok")
    assert s.screen() == "FinalScreen"
    s.press("up")
    s.press("back")
    s.press("ok")
    s._pick(t("games"))
    # delete an unsynced game: both questions
    s.app.screen.cursor = 1
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = 1
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = 1
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = 1
    s.press("ok")
    assert s.screen() == "Message"
    s.press("ok")
    # a message with the core's (English) reason
    s.app.refuse("hand 3, seat 2 (Wwwwwwwwww): tricks add up to 14, more than the 13 in the hand [rule: tricks_total]")
    s.app.redraw()
    assert rec.problems == [], "\n".join(sorted(set(rec.problems)))
