# SPDX-License-Identifier: MIT
"""Settings store, clock, roster and language through the UI, boot damage."""

import json

import pytest

from tallyboard import i18n

from tallyboard.clock import Clock
from tallyfakes.fake_clock import FakeClock
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tests.firmware.ui_script import Session
from tests.firmware.journal_harness import current_file


def test_config_round_trips_through_the_flash():
    fs = MemFS()
    c = Config(fs)
    assert c.roster == [] and c.language == "en" and c.problem is None
    c.set_roster(["Ana", "Bén", "Cy"])
    c.set_language("fr")
    c.set_contrast(64)
    c.set_default("spades", "target", 200)
    c.set_defaults("spades", {"nil": True, "blind_nil": True})
    again = Config(fs)
    assert again.roster == ["Ana", "Bén", "Cy"]
    assert again.language == "fr" and again.contrast == 64
    d = again.defaults("spades")
    assert d["target"] == 200 and d["nil"] is True and d["blind_nil"] is True and d["players"] == 4


@pytest.mark.parametrize("names", [[], ["A"] * 2, ["x" * 11], [" Ana"], ["A\nB"], ["N%d" % i for i in range(13)]])
def test_bad_rosters_are_refused_and_keep_the_old_one(names):
    c = Config(MemFS())
    c.set_roster(["Ana"])
    with pytest.raises(ValueError):
        c.set_roster(names)
    assert c.roster == ["Ana"]


def test_bad_settings_are_refused():
    c = Config(MemFS())
    with pytest.raises(ValueError, match="blind_nil needs nil"):
        c.set_default("spades", "blind_nil", True)
    with pytest.raises(ValueError):
        c.set_language("de")
    with pytest.raises(ValueError):
        c.set_contrast(300)
    assert c.defaults("spades")["blind_nil"] is False


def test_an_unreadable_config_gives_defaults_and_says_why():
    fs = MemFS()
    fs.write_file("config.json", b"{not json")
    c = Config(fs)
    assert c.roster == [] and c.problem and "config.json" in c.problem
    fs.write_file("config.json", json.dumps({"roster": ["A", "A"]}).encode())
    assert "twice" in Config(fs).problem


def test_clock_is_unset_until_the_pc_sets_it():
    clock = FakeClock()
    assert clock.time() is None
    clock.set_time(1700000000)
    clock.advance(2500)
    assert clock.time() == 1700000002 and clock.ticks_ms() == 2500
    with pytest.raises(ValueError):
        clock.set_time(-1)
    assert Clock(time=lambda: 5).time() == 5


def test_roster_names_are_edited_on_the_board_and_used_by_new_games():
    s = Session()
    s._pick("Players")
    s.press("ok")  # "+ Add a player": the editor starts at "A"
    s.press("right")  # "Aa": small letters after the first, by use
    s.press("up")  # "Ae"
    s.press("ok")
    assert s.app.config.roster == ["Ae"]
    again = Session(fs=s.fs)
    assert again.app.config.roster == ["Ae"]
    again.home()
    again.start_game("hearts", 3)
    assert again.app.game.players == ["Ae", "P2", "P3"]


def test_language_is_switched_in_settings_and_kept():
    s = Session()
    s._pick("Settings")
    s._pick("Language")
    s.press("right")  # Español
    s.press("ok")
    assert s.app.screen.title == "Ajustes"
    again = Session(fs=s.fs)
    assert again.app.screen.items[0] == "Nueva partida"


def test_default_rules_are_preselected_in_the_new_game_form():
    s = Session()
    s.app.config.set_defaults("wizard", {"players": 5, "even_bids": "canadian"})
    s.start_game("wizard", 5)
    assert s.app.game.settings["even_bids"] == "canadian"


def test_journal_damage_is_shown_at_boot_and_the_game_still_resumes():
    s = Session()
    s.start_game("spades", 4)
    s.press("ok")
    s.press("ok")
    name = current_file(s.fs, s.app.game_id)  # the hand's records: the tail file
    s.fs.append(name, b"17 e [garbage")  # a torn record at the tail
    again = Session(fs=s.fs)
    assert again.screen() == "Message"
    again.press("ok")
    assert again.screen() == "NumberEntry"
    assert len(again.app.game.current_entries()) == 2


def test_the_board_loop_survives_a_bug_and_goes_home():
    s = Session()
    calls = []

    class Boom:
        def poll(self):
            calls.append(1)
            if len(calls) == 1:
                return ("ok", 1)
            raise KeyboardInterrupt  # ends run(), as mpremote's Ctrl-C does

        def busy(self):
            return False

    class Power:
        def wait(self, ms):
            pass

        def can_deep(self):
            return False

        def on_usb(self):
            return False

    def broken(app, name, kind):
        raise RuntimeError("bug")

    from tallyboard.keeper import Keeper

    s.app.buttons = Boom()
    s.app.power = Power()
    s.app.keeper = Keeper(s.app, s.app.power)
    s.app.screen.key = broken
    with pytest.raises(KeyboardInterrupt):
        s.app.run()
    # What happened and what to do in the board's language: not Python's
    # message, nor the error's name.
    shown = " ".join(s.app.screen.lines)
    assert s.screen() == "Message" and shown == " ".join(i18n.t("internal_error").split()), shown
    assert "RuntimeError" not in shown and "bug" not in shown, shown
    s.app.buttons = None  # the session presses from here on (its loop polls no Boom)
    s.press("ok")
    assert s.screen() == "Menu"
