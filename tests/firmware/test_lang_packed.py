# SPDX-License-Identifier: MIT
"""The packed string tables the board reads (lang_XX.bin) are what
tools/make_lang.py makes from the tables translators edit (lang_XX.py): an
edit without running the tool fails here."""

import importlib.util
import os

import pytest

from tallyboard import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tool():
    spec = importlib.util.spec_from_file_location("make_lang", os.path.join(ROOT, "tools", "make_lang.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_lang = _tool()


def test_the_packed_tables_are_not_stale():
    assert make_lang.stale() == [], "run python tools/make_lang.py"


def test_check_mode_names_a_stale_table(tmp_path, capsys):
    folder = tmp_path / "tallyboard"
    folder.mkdir()
    for lang in i18n.LANGUAGES:
        src = os.path.join(make_lang.FOLDER, "lang_%s.py" % lang)
        with open(src, encoding="utf-8") as f:
            (folder / ("lang_%s.py" % lang)).write_text(f.read(), encoding="utf-8")
    for name, data in make_lang.outputs(str(folder)).items():
        (folder / name).write_bytes(data)
    assert make_lang.stale(str(folder)) == []
    es = folder / "lang_es.py"
    es.write_text(es.read_text(encoding="utf-8").replace('"Nueva partida"', '"Partida nueva"'), encoding="utf-8")
    assert make_lang.stale(str(folder)) == ["lang_es.bin"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_what_the_board_reads_is_the_edited_table(lang):
    source = make_lang.source_table(lang)
    assert i18n.table(lang) == source
    try:
        i18n.use(lang)
        for key, value in source.items():
            assert i18n.t(key) == value, (lang, key)
            assert i18n.t(key) == value, (lang, key)  # the kept copy too
        # a key that is only part of a longer key, or a line of KEYS
        assert i18n.t("s_") == "s_" and i18n.t("tle") == "tle" and i18n.t("") == ""
    finally:
        i18n.use("en")


def test_a_missing_key_reports_the_language_and_key(tmp_path):
    folder = tmp_path / "tallyboard"
    folder.mkdir()
    (folder / "lang_en.py").write_text('S = {"a": "A", "b": "B"}\n', encoding="utf-8")
    (folder / "lang_es.py").write_text('S = {"a": "Á"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="lang_es.py: no string for key 'b'"):
        make_lang.packed("es", make_lang.keys(str(folder)), str(folder))


def test_a_screen_opens_the_table_once_and_the_press_closes_it(monkeypatch):
    from tests.firmware.ui_script import Session

    opened = []

    def counting_open(path, mode="r"):
        opened.append(path)
        return open(path, mode)

    try:
        i18n.use("en")  # nothing kept: every string is read again
        monkeypatch.setattr(i18n, "open", counting_open, raising=False)
        for key in ("new_game", "games", "settings"):
            i18n.t(key)
        assert len(opened) == 1  # three strings read, one open
        i18n.close()
        i18n.close()  # closing twice is harmless
        assert i18n.t("players") == "Players" and len(opened) == 2
        assert i18n.t("new_game") == "New game" and len(opened) == 2  # kept: nothing read
        # A key press reads what its screen needs, then paint closes the table.
        s = Session()
        s.press("down")
        s.press("ok")
        assert len(opened) > 2 and i18n._file is None
    finally:
        i18n.use("en")
