# SPDX-License-Identifier: MIT
"""A Spanish board says every journal note, settings problem and refused
write in Spanish, while the journal keeps its English text for the PC.

Each case is a flash really damaged that way (tests/firmware/damaged_boards.py).
The check: no word of the English detail the journal or the settings made
(``Stored.damage``, ``Journal.notes``, ``Config.problem``, the exception's
message) reaches the screen, unless Spanish writes it the same ("firmware").
"""

import re

import pytest

from tallyboard import i18n, lang_file
from tallyboard.journal.record import JournalError
from tests.firmware.damaged_boards import BOARDS, refusals
from tests.firmware.ui_script import Session

# Spanish words of the other screens, and the two the notes share with English.
SPANISH = set(
    w.lower() for k, v in lang_file.table("es").items() if not k.startswith(("note_", "cfg_")) for w in re.findall(r"[A-Za-z]+", v)
) | {"firmware", "bytes"}
# The note keys' English, so a screen that fell back to English fails too.
ENGLISH_NOTES = " ".join(v for k, v in lang_file.table("en").items() if k.startswith("note_") or k.startswith("cfg_"))


def english_words(shown, english):
    """Words of 4+ letters of ``english`` (and of the English note keys)
    that ``shown`` contains and Spanish does not write itself (a technical
    name such as "MemoryError" or "ENOSPC" is English too)."""
    words = set(w.lower() for w in re.findall(r"[A-Za-z]{4,}", english + " " + ENGLISH_NOTES)) - SPANISH
    return sorted(w for w in re.findall(r"[A-Za-z]+", shown) if w.lower() in words)


def boot_es(case):
    s = Session(fs=BOARDS[case]("es"))
    assert i18n.code == "es"
    return s


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.use("en")


@pytest.mark.parametrize("case", sorted(BOARDS))
def test_a_spanish_board_reports_damage_in_spanish(case):
    s = boot_es(case)
    app = s.app
    assert app.screen.title == i18n.t("damage") == "Revisión de memoria"
    shown = " ".join(app.screen.lines)
    english = [st.damage for st in app._stored if st.damage] + list(app.journal.notes)
    if app.config.problem:
        english.append(app.config.problem)
    assert english, "the case left no English detail for the PC"
    assert english_words(shown, " ".join(english)) == [], shown
    assert shown.count("Partida ") == len([st for st in app._stored if st.note]) + len(app.journal.notices)
    # What the screen says, the PC still gets in English (docs/JOURNAL.md).
    for st in app._stored:
        if st.note is not None:
            assert st.damage.startswith("game %d" % st.game_id)
            if st.note[0] in ("cut", "torn", "stuck"):
                assert "kept %d records (%d bytes)" % (st.note[2], st.note[3]) in st.damage
                assert "%d registro" % st.note[2] in shown


def test_a_spanish_board_says_the_count_in_the_singular():
    shown = " ".join(boot_es("torn_one").app.screen.lines)
    assert "Se conserva 1 registro (" in shown, shown


def test_opening_an_unreadable_game_and_writing_to_a_read_only_one_speak_spanish():
    for case in ("unreadable", "newer", "read_failed"):
        app = boot_es(case).app
        stored = [st for st in app._stored if st.note is not None][0]
        app.view_finished(stored)
        shown = " ".join(app.screen.lines)
        assert shown.startswith("Partida %d: " % stored.game_id), shown
        assert english_words(shown, stored.damage) == [], shown
    app = boot_es("stuck").app
    with pytest.raises(JournalError) as got:
        app.journal.entry(1, "hearts", 0, 0)
    shown = app.failure(got.value)
    assert "memoria está llena" in shown and "ENOSPC" not in shown, shown
    assert english_words(shown, str(got.value)) == [], shown


def test_refused_settings_and_writes_speak_spanish():
    app = boot_es("config_bad").app
    for what, e in refusals(app):
        shown = app.failure(e)
        assert english_words(shown, str(e)) == [], (what, shown)
        assert shown != str(e)
    assert "Ana ya está en la lista." in [app.failure(e) for what, e in refusals(app)]


NOTES_VM = """
import json
from binascii import unhexlify
from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tallyboard.config import Config
from tallyboard import i18n

for case in json.loads(tt_data()):
    fs = MemFS(dict((k, unhexlify(v)) for k, v in case["files"].items()), capacity=case["capacity"])
    journal = Journal(fs)
    stored = journal.boot()
    cfg = Config(fs)
    i18n.use(cfg.language)
    from tallyboard import notes
    print(json.dumps(notes.boot_text(stored, journal.notices, cfg.problem_kind)))
"""


def test_the_notes_read_the_same_on_micropython():
    # The board's VM boots the same damaged flashes and words the same notes.
    from tallyboard import notes
    from tallyboard.config import Config
    from tallyboard.journal.journal import Journal
    from tests.mpvm import run_micropython
    import json

    cases, want = [], []
    for case in sorted(BOARDS):
        if case == "read_failed":
            continue  # its MemoryError comes from a test-only file system
        for lang in ("es", "fr"):
            fs = BOARDS[case](lang)
            cases.append({"files": dict((k, bytes(v).hex()) for k, v in fs.files.items()), "capacity": fs.capacity})
            journal = Journal(fs)
            stored = journal.boot()
            cfg = Config(fs)
            i18n.use(cfg.language)
            want.append(notes.boot_text(stored, journal.notices, cfg.problem_kind))
    got = [json.loads(line) for line in run_micropython(NOTES_VM, data=json.dumps(cases)).strip().splitlines()]
    assert got == want
    assert all(want)


def test_the_notes_module_leaves_ram_once_it_has_spoken():
    import sys

    for case in ("stuck", "removed", "config_bad"):
        app = boot_es(case).app
        assert app.screen.title == "Revisión de memoria"
        # (journal.boot leaves on MicroPython only: Journal.rest)
        assert "tallyboard.notes" not in sys.modules, case
        app.failure(OSError(28, "no space left on device"))
        assert "tallyboard.notes" not in sys.modules
