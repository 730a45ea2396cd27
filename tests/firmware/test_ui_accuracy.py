# SPDX-License-Identifier: MIT
"""The score table's bid accuracy screen (ui/accuracy.py): RIGHT on the table
opens it, it counts what the PC's stats count, fits the panel in every
language, allocates nothing when opened again, and draws the same bytes on
the MicroPython VM."""

import json

import pytest

from tallyboard import i18n, lang_file
from tallyboard.ui import widgets
from tallyboard.ui.accuracy import open_accuracy
from tests.firmware.test_ui_languages import Recorder
from tests.firmware.ui_script import Session
from tests.mpvm import run_micropython
from tricktally_host.stats import bid_made

HANDS = {
    "wizard": [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0], "trump": "H"},
               {"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 0], "trump": "S"},
               {"bids": [2, 0, 1, 1], "tricks": [2, 0, 1, 0], "trump": "none"}],
    "spades": [{"bids": [3, 3, 3, 3], "tricks": [3, 4, 2, 4]},
               {"bids": [4, 2, 2, 4], "tricks": [5, 1, 2, 5]}],
}
# Play a few hands, open the accuracy screen, go back: the panel's CRC after
# each press. The same source runs on CPython (over ui_script's names) and on the VM.
PLAN_CODE = """
import json
def accuracy_plan(plan):
    out = []
    for game, settings, hands in plan:
        s = Session()
        s.start_game(game, 4, settings)
        for h in hands:
            s.play_hand(h)
        s.press("back")
        s._pick(_t("scores"))
        s.frames = []
        s.press("right")
        screen = s.screen()
        s.press("ok")
        out.append({"frames": s.frames, "screen": screen, "back": s.screen()})
    return out
"""
VM_CODE = """# needs: tests/firmware/ui_script.py
from ui_script import Session, _t
""" + PLAN_CODE + """
print("RESULT " + json.dumps(accuracy_plan(json.loads(tt_data()))))
"""
PLAN = [["wizard", {}, HANDS["wizard"]], ["spades", {"partners": True}, HANDS["spades"]]]


def _at_table(game, settings, hands):
    s = Session()
    s.start_game(game, 4, settings)
    for h in hands:
        s.play_hand(h)
    s.press("back")  # the game menu; its first line shows the score table
    s._pick(i18n.t("scores"))
    assert s.screen() == "TableScreen"
    return s


@pytest.mark.parametrize("game, settings", [("wizard", {}), ("spades", {"partners": True})])
def test_right_on_the_table_shows_bids_made_as_stats_count_them(game, settings):
    s = _at_table(game, settings, HANDS[game])
    s.press("right")
    assert s.screen() == "AccuracyScreen"
    g = s.app.game
    expected = [sum(1 for h in g.hands if bid_made(g, h, seat)) for seat in range(4)]
    assert s.app.screen.made[:4] == expected and 0 < sum(expected) < 4 * len(g.hands)
    s.press("down")
    assert s.screen() == "AccuracyScreen"
    s.press("ok")
    assert s.screen() == "TableScreen"


def test_hearts_has_no_bids_so_right_stays_on_the_table():
    s = _at_table("hearts", {}, [{"hearts": [3, 4, 5, 1], "queen": 1}])
    s.press("right")
    assert s.screen() == "TableScreen"


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_the_screen_fits_the_panel_in_every_language(lang, monkeypatch):
    s = _at_table("wizard", {}, HANDS["wizard"])
    s.app.set_language(lang)
    # The widest names the board keeps (ten characters, clipped as the app clips them).
    s.app.names = [widgets.clip(n, 60) for n in ("WWWWWWWWWW", "MMMMMMMMMM", "Ñuño Ñuño", "Çelik Zoë")]
    rec = Recorder(monkeypatch)
    s.press("right")
    rec.calls = []
    s.app.redraw()
    drawn = [c[0] for c in rec.calls]
    rec.check("accuracy " + lang)
    assert rec.problems == []
    assert i18n.t("acc_title") in drawn and "%" in drawn
    # Before the first hand: the title and one line saying so.
    s = Session()
    s.app.set_language(lang)
    s.app.go_home()
    s.start_game("spades", 4)
    open_accuracy(s.app, s.app.screen)
    rec.calls = []
    s.app.redraw()
    drawn = [c[0] for c in rec.calls]
    rec.check("accuracy, no hand " + lang)
    assert rec.problems == [] and i18n.t("acc_none") in drawn


def test_opening_it_again_reuses_the_screen():
    s = _at_table("wizard", {}, HANDS["wizard"])
    s.press("right")
    first = s.app.screen
    s.press("ok")
    s.press("right")
    assert s.app.screen is first


def test_the_screen_draws_the_same_bytes_on_micropython():
    here = _cpython(PLAN)
    # SimI2C keeps a log of every command: a larger heap than a board's holds it.
    out = run_micropython(VM_CODE, data=json.dumps(PLAN), heap=4 * 1024 * 1024)
    there = json.loads(out.split("RESULT ", 1)[1])
    assert [r["screen"] for r in here] == ["AccuracyScreen", "AccuracyScreen"]
    assert [r["back"] for r in here] == ["TableScreen", "TableScreen"]
    assert here == there


def _cpython(plan):
    from tests.firmware import ui_script

    namespace = dict(vars(ui_script))
    exec(PLAN_CODE, namespace)
    return namespace["accuracy_plan"](plan)
