# SPDX-License-Identifier: MIT
"""The packed string tables the board reads (lang_XX.bin) are what
tools/make_lang.py makes from the tables translators edit (lang_XX.py): an
edit without running the tool fails here."""

import importlib.util
import os

import pytest

from tallyboard import i18n, lang_file

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
    for lang in lang_file.LANGUAGES:
        src = os.path.join(make_lang.FOLDER, "lang_%s.py" % lang)
        with open(src, encoding="utf-8") as f:
            (folder / ("lang_%s.py" % lang)).write_text(f.read(), encoding="utf-8")
    for name, data in make_lang.outputs(str(folder)).items():
        (folder / name).write_bytes(data)
    assert make_lang.stale(str(folder)) == []
    es = folder / "lang_es.py"
    es.write_text(es.read_text(encoding="utf-8").replace('"Nueva partida"', '"Partida nueva"'), encoding="utf-8")
    assert make_lang.stale(str(folder)) == ["lang_es.bin"]


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_what_the_board_reads_is_the_edited_table(lang):
    source = make_lang.source_table(lang)
    assert lang_file.table(lang) == source
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


def _key_with_hash(h):
    # An ASCII key whose hash is ``h``: a three-letter prefix, then the two
    # characters c1, c2 that bring its hash p to h = p * 33 * 33 + 33 * c1 + c2.
    letters = [chr(c) for c in range(97, 123)]
    for a in letters:
        for b in letters:
            for c in letters:
                prefix = a + b + c
                r = (h - lang_file.key_hash(prefix) * 1089) & 0x3FFFFF
                c1 = (r - 48) // 33
                c2 = r - 33 * c1
                if 48 <= c1 < 123 and 48 <= c2 < 123:
                    key = prefix + chr(c1) + chr(c2)
                    assert lang_file.key_hash(key) == h
                    return key
    raise AssertionError("no key found for hash %#x" % h)


def test_a_hash_whose_bytes_straddle_two_others_is_found_at_its_own_place(tmp_path, monkeypatch):
    # The index holds 3-byte hashes, little-endian: 0x0605a0 and 0x061007
    # make the bytes a0 05 06 | 07 10 06, where 05 06 07 (the hash
    # 0x070605) appears one byte in, before its own entry.
    keys = [_key_with_hash(h) for h in (0x0605A0, 0x061007, 0x070605)]
    folder = tmp_path / "tallyboard"
    folder.mkdir()
    table = dict(zip(keys, ("first", "second", "third")))
    (folder / "lang_en.py").write_text("S = %r\n" % table, encoding="utf-8")
    data = make_lang.packed("en", sorted(table), str(folder))
    count = data[0] | data[1] << 8
    index = data[2 : 4 + 5 * count]
    assert index.find(bytes([5, 6, 7])) == 1  # the straddling bytes come first
    path = folder / "lang_en.bin"
    path.write_bytes(data)
    try:
        i18n.use("en")  # nothing kept
        monkeypatch.setattr(i18n, "_path", str(path))
        monkeypatch.setattr(i18n, "_count", count)
        monkeypatch.setattr(i18n, "_hashes", index)
        assert [i18n.t(k) for k in keys] == ["first", "second", "third"]
        assert i18n.t("absent") == "absent"
    finally:
        i18n.use("en")


def test_the_table_kept_open_is_closed_and_forgotten_when_the_language_changes():
    # i18n keeps lang_XX.bin open from the first string it reads (a miss
    # then costs no open and close); choosing a language closes it, and the
    # next string read comes from the new language's table.
    try:
        i18n.use("en")
        assert i18n._file is None
        assert i18n.t("new_game") == "New game"
        kept = i18n._file
        assert kept is not None and kept.name.endswith("lang_en.bin")
        assert i18n.t("games") == make_lang.source_table("en")["games"]
        assert i18n._file is kept  # not opened again
        i18n.use("es")
        assert kept.closed and i18n._file is None
        assert i18n.t("new_game") == "Nueva partida"
        assert i18n._file.name.endswith("lang_es.bin")
    finally:
        i18n.use("en")
    assert i18n._file is None
