# SPDX-License-Identifier: MIT
"""Issue 23, screen by screen: what each screen says, read as the firmware
drew it (tricktally_host.sim.screen_text), in every language: refusals
without the rule's code, failures in words, no room said as no room, a
stored game called by the word for a match, Wizard's rounds, the score
table's next dealer named whole, the name editor's keys, the first dealer
by name, the resume screen's keys, the tricks header in one phrase."""

import re

import pytest

from tallyboard import i18n, lang_file, notes
from tallyboard.journal.files import LOW_SPACE
from tallyboard.ui import games
from tests.firmware.damaged_boards import BOARDS, refusals
from tests.firmware.screen_checks import CODES
from tests.firmware.test_ui_space import board_with_games
from tests.firmware.ui_script import Session
from tricktally import RuleError
from tricktally_host.sim.screen_text import ScreenText

LANGS = lang_file.LANGUAGES
NAMES = ["Kristoffer", "Giuseppina", "Benedetta", "Émile", "Wilhelmina"]


@pytest.fixture
def board(request):
    """A Session whose screens are read as drawn: (session, rows()), rows()
    the current screen's text rows after a full redraw."""
    made = []

    def make(lang, fs=None, names=NAMES):
        s = Session(fs=fs)
        reader = ScreenText(s.display).start()
        made.append(reader)
        s.app.config.set_roster(names)
        s.app.set_language(lang)
        s.app.go_home()

        def rows():
            from tallyboard.ui import widgets

            widgets._last[0] = None  # the whole frame drawn again
            s.app.redraw()
            return [row for row, _inverted in reader.rows()]

        return s, rows

    yield make
    while made:
        made.pop().stop()
    i18n.use("en")


def _codes(rows):
    return [m.group(0) for row in rows for code in CODES for m in [code.search(row)] if m]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_is_the_sentence_alone(board, lang):
    s, rows = board(lang)
    for rule in ("even_bids", "order", "other", "hearts_range", "tricks_total"):
        for seat in (1, None):
            s.app.refuse(notes.explain(RuleError("x", hand=2, seat=seat, rule=rule), NAMES))
            shown = rows()
            assert _codes(shown) == [], shown
            assert " ".join(shown[1:]).rstrip().endswith("."), shown
            s.press("ok")


@pytest.mark.parametrize("lang", LANGS)
def test_failures_say_what_happened_and_what_to_do_in_words(board, lang):
    s, rows = board(lang)
    full = [e for what, e in refusals(s.app) if what == "full"][0]
    for e in (full, OSError(5, "EIO"), MemoryError("memory allocation failed")):
        s.app.refuse(s.app.failure(e))
        shown = rows()
        assert _codes(shown) == [], shown
        s.press("ok")
    s.app.crashed(ZeroDivisionError("division by zero"))
    shown = rows()
    assert _codes(shown) == [], shown
    # A full memory is said as such.
    s.app.refuse(s.app.failure(full))
    assert " ".join(rows()[1:]) == " ".join(i18n.t("write_full").split())
    # The journal's notes at boot: no errno, no exception's name.
    for case in ("stuck", "read_failed"):
        b = Session(fs=BOARDS[case](lang))
        reader = ScreenText(b.display).start()
        try:
            from tallyboard.ui import widgets

            widgets._last[0] = None
            b.app.redraw()
            shown = [row for row, _inverted in reader.rows()]
        finally:
            reader.stop()
        assert shown[0] == i18n.t("damage") and _codes(shown) == [], shown


@pytest.mark.parametrize("lang", LANGS)
def test_no_room_left_reads_as_no_room(board, lang):
    fs = board_with_games([False, False])
    fs.capacity = sum(len(v) for v in fs.files.values()) + LOW_SPACE - 100
    s, rows = board(lang, fs)
    assert games.room_left(s.app) == 0
    assert games.room_text(s.app) == i18n.t("room_none")
    s.app.go(games.games_menu(s.app))
    assert rows()[0].endswith(i18n.t("room_short_none")), rows()


@pytest.mark.parametrize("lang", LANGS)
def test_a_stored_game_is_called_by_the_word_for_a_match(board, lang):
    fs = board_with_games([False])
    s, rows = board(lang, fs)
    stored = s.app.stored_games()[0]
    s.app.go(games.game_actions(s.app, stored, lambda app: None))
    assert rows()[0] == i18n.t("game_n").format(stored.game_id)
    match = i18n.t("games").split()[0].lower()[:4]  # "Partidas" -> "part", not "Juego"
    assert rows()[0].lower().startswith(match), rows()


@pytest.mark.parametrize("lang", LANGS)
def test_wizard_amends_a_round(board, lang):
    s, rows = board(lang)
    s.start_game("wizard", 4)
    s.play_hand({"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1], "trump": "H"})
    s.press("back")
    s._pick(i18n.t("amend_round"))
    assert rows()[0] == i18n.t("amend_round"), rows()


@pytest.mark.parametrize("lang", LANGS)
def test_the_next_dealer_is_named_whole(board, lang):
    # Ten-letter names (the longest a name may be), Hearts' pass directions
    # and the cards of Spades and Wizard: the score table names the next
    # dealer whole, on its last line (Hearts: its last two).
    s, rows = board(lang)
    plays = {
        "hearts": lambda g: {"hearts": [3, 3, 3, 3, 1], "queen": 1},
        "spades": lambda g: {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
        "wizard": lambda g: {"bids": [0, 0, 0, 0, 0], "tricks": [0, 0, 0, 0, g.cards], "trump": "S"},
    }
    for game, n, hands in (("hearts", 5, 5), ("spades", 4, 2), ("wizard", 5, 2)):
        s.start_game(game, n, {"target": 200} if game != "wizard" else {"even_bids": "allowed"})
        g = s.app.game
        for _ in range(hands):
            s.play_hand(plays[game](g))
            if s.screen() != "TableScreen":  # (Hearts' table went on)
                s.press("back")
                s._pick(i18n.t("scores"))
            dealer = g.players[g.dealer]
            shown = rows()
            assert any(dealer in re.split(r"[ ,:]+", row) for row in shown[-2:]), (g.NAME, dealer, shown)
            if s.screen() == "TableScreen" and s.app.screen.picker is None and not s.app.screen.trump:
                s.press("ok")
        s.home()


@pytest.mark.parametrize("lang", LANGS)
def test_the_name_editor_says_ok_saves(board, lang):
    s, rows = board(lang)
    s._pick(i18n.t("players"))
    s.app.screen.cursor = len(NAMES)
    s.press("ok")
    assert s.screen() == "NameEditor"
    assert i18n.t("name_save") in rows(), rows()
    assert i18n.t("name_save").startswith("OK")


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_dealer_is_named_once_the_players_are(board, lang):
    s, rows = board(lang)
    s._pick(i18n.t("new_game"))
    form = s.app.screen
    s._set(form, "dealer", 1)
    assert rows()[-1].split()[-1] == NAMES[1]
    # Another name in seat 2: the dealer row follows.
    s._set(form, "seat1", NAMES[4])
    s._go_row(form, "dealer")
    assert rows()[-1].split()[-1] == NAMES[4]


@pytest.mark.parametrize("lang", LANGS)
def test_resume_says_what_left_and_right_do(board, lang):
    s, rows = board(lang)
    for game in ("hearts", "spades"):
        s.start_game(game, 3)
        s.home()
    s._pick(i18n.t("resume"))
    shown = rows()
    keys = [row for row in shown if "◀▶" in row]
    assert keys and re.search(r"◀▶\s*:?\s*\w", keys[0]), shown
    assert any(row.startswith("OK") for row in shown), shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_tricks_header_is_one_phrase(board, lang):
    # With ten tricks or more counted, the hand header's line is the
    # running sum alone (the cards are its denominator): no two phrases
    # run together ("13 cartes levées 10/13").
    s, rows = board(lang)
    s.start_game("spades", 4)
    g = s.app.game
    for v in (4, 3, 3, 3):
        while s.app.screen.value != v:
            s.press("up" if s.app.screen.value < v else "down")
        s.press("ok")
    for v in (5, 5):
        while s.app.screen.value != v:
            s.press("up" if s.app.screen.value < v else "down")
        s.press("ok")
    assert g.kind == "tricks" and g.current.total("tricks") >= 10
    line = rows()[1]
    assert line.split()[0] == i18n.t("sum_tricks") and line.endswith("/13"), line
