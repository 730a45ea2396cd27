# SPDX-License-Identifier: MIT
"""What keeps the board's RAM down, checked on CPython (the unix port checks
the same in tests/firmware/test_app_on_micropython.py): strings read from
the flash, screens forgotten when they close, finished games not kept."""

import sys

import pytest

import tallyboard
from tallyboard import i18n, lang_file, notes
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session


def _langs():
    # the string tables' modules (lang_file, which finds their files, is not one)
    return sorted(m for m in sys.modules if m.startswith("tallyboard.lang_") and m != "tallyboard.lang_file")


def test_strings_are_read_from_the_flash_and_no_table_is_loaded():
    try:
        i18n.use("es")
        i18n.use("fr")
        assert _langs() == []
        # the editable source tables are never loaded on the board
        assert "tallyboard.lang_fr" not in sys.modules
        assert i18n.code == "fr" and i18n.t("new_game") == lang_file.table("fr")["new_game"]
        # no fallback table: a key no table has shows as itself
        assert i18n.t("no_such_key_anywhere") == "no_such_key_anywhere"
    finally:
        i18n.use("en")
    assert _langs() == []


def test_a_key_with_a_table_key_s_hash_is_still_not_that_key():
    # "new_ganD" hashes like "new_game" (one more on the 7th character,
    # 33 less on the 8th): the record's own key is checked.
    other = "new_gan" + chr(ord("e") - 33)
    assert lang_file.key_hash(other) == lang_file.key_hash("new_game")
    i18n.use(i18n.code or "en")  # nothing kept: both read from the flash
    assert i18n.t(other) == other
    assert i18n.t("new_game") == lang_file.table(i18n.code or "en")["new_game"]


def test_choosing_a_language_loads_the_table_files_code_a_string_does_not():
    tallyboard.unload("tallyboard.lang_file")
    assert i18n.t("new_game") and "tallyboard.lang_file" not in sys.modules
    i18n.use(i18n.code or "en")
    assert "tallyboard.lang_file" in sys.modules
    assert lang_file.table(i18n.code)["new_game"] == i18n.t("new_game")
    from tricktally import RuleError

    assert notes.explain(RuleError("x", seat=1, rule="bid_range"), ["Ann", "Bob"]).startswith("Bob")


def test_unload_forgets_a_module_and_a_later_import_loads_it_again():
    import tallyboard.ui.space  # noqa: F401

    assert tallyboard.unload("tallyboard.ui.space") is True
    assert "tallyboard.ui.space" not in sys.modules
    assert not hasattr(tallyboard.ui, "space")
    assert tallyboard.unload("tallyboard.ui.space") is False
    from tallyboard.ui import space

    assert callable(space.before_new_game)


def test_menus_are_forgotten_in_a_game_and_game_screens_at_home():
    s = Session()
    assert "tallyboard.ui.home" in sys.modules
    s.start_game("spades", 4)
    for name in ("tallyboard.ui.setup", "tallyboard.ui.home", "tallyboard.ui.menu"):
        assert name not in sys.modules, name
    assert "tallyboard.ui.entry" in sys.modules
    s.home()
    assert "tallyboard.ui.home" in sys.modules
    assert "tallyboard.ui.entry" not in sys.modules and "tallyboard.ui.table" not in sys.modules


def test_the_core_s_modules_loaded_on_use_are_forgotten_in_a_game():
    s = Session()
    s.start_game("spades", 4)
    # the new-game form and Game() loaded the settings tables: gone with the
    # menus once the game is on screen, as the app's moves off the loop are
    # (the score table's code, which the loop loads during the first hand,
    # brings no lang_file)
    for name in ("tricktally.settings", "tallyboard.config_store", "tallyboard.moves", "tallyboard.lang_file"):
        assert name not in sys.modules, name
    assert not hasattr(sys.modules["tricktally"], "settings")
    s.press("ok")  # the first bid
    s.app.undo()  # loads tricktally.undo, forgotten as the game screen opens again
    s.app.work()  # (by the app's loop right after: App.work)
    assert s.app.game.entries() == 0 and "tricktally.undo" not in sys.modules
    s.press("ok")
    s.app.undo()  # and loaded again on the next use
    s.app.work()
    assert s.app.game.entries() == 0 and "tricktally.undo" not in sys.modules
    assert s.screen().startswith("NumberEntry")


def test_a_refused_entry_in_a_game_is_worded_by_the_rarer_moves_then_forgotten():
    from tricktally import RuleError

    s = Session()
    s.start_game("spades", 4)
    g = s.app.game
    seat = g.seat
    with pytest.raises(RuleError) as info:
        g.enter("bid", seat, 99)  # what the app is about to be refused
    assert s.app.enter("bid", seat, 99) is False and g.entries() == 0
    assert s.screen() == "Message" and " ".join(s.app.screen.lines) == notes.explain(info.value, s.app.names)
    s.press("ok")  # back to the entry; the next game screen forgets the words
    s.press("ok")
    assert g.entries() == 1
    for name in ("tallyboard.moves", "tallyboard.notes", "tallyboard.lang_file"):
        assert name not in sys.modules, name


def test_a_finished_game_is_listed_from_the_journal_not_kept():
    s = Session()
    s.start_game("hearts", 4, {"target": 50})
    g = s.app.game
    for hand in corpus("hearts", games=1)[0]:
        if g.finished:
            break
        s.play_hand(hand)
    # over and home: the app holds no Game either
    assert g.finished and s.screen() == "Menu" and s.app.game is None
    stored = s.app.stored_games()[0]
    # no live Game held: opening it replays the file, to the same totals
    assert stored._game is None and stored.finished
    assert stored.game.totals == g.totals
    assert stored.name == "hearts" and stored.totals == g.totals


def test_a_frozen_build_reads_the_tables_from_a_tallyboard_folder_on_sys_path(tmp_path, monkeypatch):
    # Frozen modules have no files beside them (firmware/manifest.py): the
    # tables are then found in /lib/tallyboard/, a sys.path entry's folder.
    folder = tmp_path / "lib" / "tallyboard"
    folder.mkdir(parents=True)
    from tallyboard import lang_file

    real = lang_file.path("es")
    expected = lang_file.table("es")
    (folder / "lang_es.bin").write_bytes(open(real, "rb").read())
    monkeypatch.setattr(lang_file, "__file__", ".frozen/tallyboard/lang_file.py")
    monkeypatch.setattr(sys, "path", [".frozen", str(tmp_path / "lib")])
    assert lang_file.path("es") == str(folder) + "/lang_es.bin"
    assert lang_file.table("es") == expected
    monkeypatch.setattr(sys, "path", [".frozen"])
    with pytest.raises(OSError, match="lang_fr.bin"):
        lang_file.path("fr")
