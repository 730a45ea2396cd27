# SPDX-License-Identifier: MIT
"""Every language, every screen.

- Each table has exactly the keys of the English one, the same ``%s``/``%d``
  placeholders, only characters the SMALL font draws, the typography of its
  language, and none of the terms the glossary (docs/GLOSSARY.md) rejects.
- Every key is used: a literal in the firmware sources or a name the
  firmware builds from the rules (``s_`` + setting, ``v_`` + value,
  ``rule_`` + rule), and every ``t("key")`` in the sources exists.
- A walk through every screen in every language (real names up to the
  board's longest, 10 letters, wherever a name shows, every value of every
  form row, every pass direction, every refusal) draws no string off the
  panel, over another string or cut inside a word, and looks up every key
  of the table at least once. On every screen it walks through, what the
  firmware drew (tricktally_host.sim.screen_text) has no name or word cut
  where its row had room, no glyph touching another line or a lit bar, no
  code or setting name, no Wizard round called a hand, none of the words
  the glossary rejects (tests/firmware/screen_checks.py).
- The glossary (docs/GLOSSARY.md) lists every word the screens do not use
  with its reason, and each concept's one term: every key of a concept
  says it.
"""

import ast
import os
import re

import pytest

from tallyboard import i18n, lang_file, notes, text
from tallyboard.config import Config
from tallyboard.journal.files import LOW_SPACE
from tallyboard.ui import games, widgets
from tallyboard.ui.accuracy import open_accuracy
from tallyboard.ui.message import Message
from tallyfakes.describe import describe
from tests.firmware.damaged_boards import BOARDS, refusals
from tests.firmware.power_fakes import LoopSession
from tests.firmware.test_ui_space import board_with_games
from tests import glossary
from tests.firmware.drawn import record_text
from tests.firmware.screen_checks import Checker
from tests.firmware.ui_script import Session, LONG
from tricktally import settings as rules
from tricktally import RuleError
from tricktally_host.sim.screen_text import ScreenText

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware", "tallyboard")
CORE = os.path.join(ROOT, "shared", "tricktally")
# Real names, up to the board's longest (config_store.MAX_NAME: 10
# letters), with accented capitals and descenders.
LONG_NAMES = ["Benedetta", "Émile", "Kristoffer", "Giuseppina", "Zoë", "Ana"]
# The roster's twelfth names (a full roster): real names too.
MORE_NAMES = ["Ólafur", "Joaquín", "Wilhelmina", "Mo", "Yvette", "Ben"]
ENGLISH = lang_file.table("en")
GAP = 2  # pixels between two strings on one line (3 with the glyph's blank column)
GAP_LABEL = 6  # between a form line's label and its value: a whole space
PLACEHOLDER = re.compile(r"%[sdr]|\{\d\}")  # "{1}" may move, "%s" may not



def _sources(folder):
    for dirpath, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".py") and not re.fullmatch(r"lang_[a-z][a-z]\.py", name):  # not the tables
                yield os.path.join(dirpath, name)


def _literals(folder):
    """Every string constant in the Python files under ``folder``."""
    found = set()
    for path in _sources(folder):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def _lookups(folder):
    """(path, key) for every ``t("key")`` / ``tn("a", "b", n)`` call with literal keys."""
    out = []
    for path in _sources(folder):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else None
            if name not in ("t", "tn"):
                continue
            args = node.args if name == "t" else node.args[:2]
            for a in args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    out.append((os.path.relpath(path, ROOT), a.value))
                elif isinstance(a, ast.IfExp):
                    for branch in (a.body, a.orelse):
                        if isinstance(branch, ast.Constant):
                            out.append((os.path.relpath(path, ROOT), branch.value))
    return out


def _rule_values():
    """Setting names and string values of every game, as the form shows them."""
    names, values = set(), set()
    for game in ("spades", "wizard", "hearts"):
        for name, choices, _open in rules.table(game):
            names.add(name)
            for v in choices:
                if isinstance(v, str):
                    values.add(v)
    return names, values


# ----- the tables --------------------------------------------------------


def test_every_table_has_every_key_and_only_drawable_characters():
    for lang in lang_file.LANGUAGES:
        table = lang_file.table(lang)
        assert set(table) == set(ENGLISH), "%s: missing %s, extra %s" % (lang, sorted(set(ENGLISH) - set(table)), sorted(set(table) - set(ENGLISH)))
        for key, value in table.items():
            assert value, (lang, key)
            mine, english = PLACEHOLDER.findall(value), PLACEHOLDER.findall(ENGLISH[key])
            if "{" in "".join(english):
                mine, english = sorted(mine), sorted(english)
            assert mine == english, "%s %s: placeholders differ from English" % (lang, key)
            for ch in value:
                assert text.SMALL.glyph(ord(ch)) is not None, "%s %s: %r has no glyph" % (lang, key, ch)
    for name in lang_file.NATIVE.values():
        for ch in name:
            assert text.SMALL.glyph(ord(ch)) is not None


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_no_key_is_written_twice(lang):
    # A dict literal keeps the last of two equal keys silently: a merge that
    # brings the same phrase from two branches must keep one.
    path = os.path.join(FIRMWARE, "lang_%s.py" % lang)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    keys = [k.value for node in ast.walk(tree) if isinstance(node, ast.Dict) for k in node.keys]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []


def test_every_word_the_glossary_rejects_has_its_reason():
    # The words the screens do not use are the glossary's, each with what
    # to use instead and why (the seeds' own words too: es "oferta", it
    # "round").
    words = {lang: glossary.rejected(lang) for lang in lang_file.LANGUAGES}
    assert words["es"] and words["pt"] and words["it"] and words["fr"]
    for lang, rows in words.items():
        for word, use, why, _pattern in rows:
            assert use and len(why) > 10, "GLOSSARY.md: %s %r needs what to use and why" % (lang, word)
    assert "ofert-" in [w for w, *_ in words["es"]] and "round" in [w for w, *_ in words["it"]]


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_each_concept_is_said_one_way(lang):
    # Every key of a concept (docs/GLOSSARY.md, "One term per concept")
    # holds the language's term for it; the other ways of saying it are
    # among the rejected words (test_typography_and_rejected_terms).
    table = lang_file.table(lang)
    problems = []
    for concept, keys, terms in glossary.concepts():
        for key in keys:
            if key not in table:
                problems.append("%s: the glossary names key %r, which the table lacks" % (concept, key))
                continue
            low = table[key].lower()
            if not any(re.search(r"(?<!\w)" + re.escape(term), low) for term in terms[lang]):
                problems.append("%s: %s %r does not say %s" % (concept, key, table[key], " or ".join(terms[lang])))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_typography_and_rejected_terms(lang):
    problems = []
    for key, value in sorted(lang_file.table(lang).items()):
        low = value.lower()
        for word, use, _why, pattern in glossary.rejected(lang):
            if pattern.search(low):
                problems.append("%s: %r uses rejected %r (use %s)" % (key, value, word, use))
        for i, ch in enumerate(value):
            if ch in ":?!" and i > 0:
                spaced = value[i - 1] == " "
                if lang == "fr" and not spaced:
                    problems.append("%s: %r needs a space before %r" % (key, value, ch))
                if lang != "fr" and spaced:
                    problems.append("%s: %r has a space before %r" % (key, value, ch))
        if lang == "es":
            if value.count("?") != value.count("¿") or value.count("!") != value.count("¡"):
                problems.append("%s: %r lacks an opening ¿ or ¡" % (key, value))
        if lang == "fr" and "oe" in low.replace("moelle", ""):
            problems.append("%s: %r should write œ" % (key, value))
    assert problems == [], "\n".join(problems)


def test_plural_helper_follows_the_language():
    try:
        i18n.use("es")
        assert [i18n.tn("card_one", "cards", n) for n in (1, 2, 0)] == ["carta", "cartas", "cartas"]
        i18n.use("fr")
        assert [i18n.tn("card_one", "cards", n) for n in (1, 2, 0)] == ["carte", "cartes", "carte"]
        i18n.use("en")
        assert i18n.tn("space_deleted_one", "space_deleted", 1) == "Deleted 1 old game the PC already has."
        assert i18n.tn("space_deleted_one", "space_deleted", 3) % 3 == "Deleted 3 old games the PC already has."
    finally:
        i18n.use("en")


def test_every_key_is_used_and_every_lookup_exists():
    literals = _literals(FIRMWARE)
    core = _literals(CORE)
    names, values = _rule_values()
    unused = []
    for key in sorted(ENGLISH):
        if key in literals:
            continue
        if key.startswith("s_") and key[2:] in names:
            continue
        if key.startswith("v_") and key[2:] in values:
            continue
        # (the core names a sum check kind + "_total", e.g. "tricks_total")
        rule = key[5:]
        if key.startswith("rule_") and (rule in core or key == "rule_other" or (rule.endswith("_total") and rule[:-6] in core)):
            continue
        unused.append(key)
    assert unused == [], "keys no screen uses: %s" % unused
    missing = ["%s: %s" % (path, key) for path, key in _lookups(FIRMWARE) if key not in ENGLISH]
    assert missing == [], "lookups of keys no table has: %s" % missing


# ----- every screen --------------------------------------------------------


# The text readers the walk started (stopped after each test, before
# monkeypatch puts text.draw back).
_READERS = []


@pytest.fixture(autouse=True)
def _stop_readers(monkeypatch):
    yield
    while _READERS:
        _READERS.pop().stop()


class Recorder:
    """Records every string drawn in one frame and checks their boxes; records
    every key looked up; flags a message wrapped inside a word. Reads what
    each frame says (a ScreenText per session, see _watch) and checks it
    (screen_checks.Checker, one per language); records every name cut."""

    def __init__(self, monkeypatch):
        self.calls = []
        self.problems = []
        self.used = set()
        self.reader = None
        self.checkers = {}
        record_text(monkeypatch, self)
        real_clip = widgets.clip

        def clip(s, width, font=None):
            out = real_clip(s, width, font)
            if out != s and i18n.code:
                self.checker().clipped(s, out)
            return out

        monkeypatch.setattr(widgets, "clip", clip)
        from tallyboard.ui import message

        real_wrap = message.wrap

        def wrap(s, width, font=None):
            for word in s.split(" "):
                if text.width(word, font or text.SMALL) > width:
                    self.problems.append("message word %r is wider than the screen" % word)
            return real_wrap(s, width, font)

        monkeypatch.setattr(message, "wrap", wrap)
        used = self.used
        real_find = i18n._find

        def find(key):
            # Every key looked up in the packed table goes through _find
            # (a string kept for redraws was looked up there first).
            used.add(key)
            return real_find(key)

        monkeypatch.setattr(i18n, "_find", find)
        i18n.use(i18n.code or "en")  # nothing kept: every string is read again

    def checker(self):
        lang = i18n.code or "en"
        if lang not in self.checkers:
            # (the names of test_ui_space's boards too: the games list)
            self.checkers[lang] = Checker(lang, LONG_NAMES + MORE_NAMES + ["Ana", "Ben", "Cy", "Dee"])
        return self.checkers[lang]

    def all_problems(self):
        out = list(self.problems)
        for checker in self.checkers.values():
            out.extend(checker.problems)
        return out

    def check(self, where):
        boxes = []
        # (a string drawn again in its place is the same pixels: App.redraw
        # draws line 2 again over an undo's two lines)
        for s, x, y, font, _color in sorted(set(self.calls), key=self.calls.index):
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
                if not (a[1] < b[3] and b[1] < a[3]):
                    continue  # not on the same line
                if a[0] < b[2] and b[0] < a[2]:
                    self.problems.append("%s: %r overlaps %r" % (where, a[4], b[4]))
                    continue
                left, right = (a, b) if a[0] < b[0] else (b, a)
                if len(left[4]) < 2 or len(right[4]) < 2 or left[4].endswith(":"):
                    continue  # digits drawn one by one; "D: name"
                if left[4].endswith(" ") or right[4][0] in " ,:;.!?":
                    continue  # pieces of one sentence ("Ana" + " deals, ")
                # Words need a visible gap; a form's label and value a space.
                need = GAP_LABEL if left[0] <= 2 and right[2] >= 126 else GAP
                if right[0] - left[2] < need:
                    self.problems.append("%s: %r runs into %r" % (where, left[4], right[4]))
        del self.calls[:]


def _session(lang, monkeypatch, fs=None):
    rec = Recorder(monkeypatch)
    s = Session(fs=fs)
    _watch(s, rec)
    s.app.config.set_roster(LONG_NAMES)
    s.app.set_language(lang)
    s.app.go_home()
    s.app.redraw()
    return s, rec


def _watch(s, rec):
    real_redraw = s.app.redraw
    rec.reader = ScreenText(s.display).start()
    _READERS.append(rec.reader)

    def redraw():
        del rec.calls[:]
        n = real_redraw()
        if s.app.toast:
            # The undo lines cover the title bar (and line 1 when there are
            # two): what the screen drew there is hidden.
            covered = 8 * len(s.app.toast_lines) - 2
            lines = s.app.toast_lines
            rec.calls[:] = [c for c in rec.calls if c[2] >= covered or (c[4] == 0 and c[1] == 1 and c[0] in lines)]
        where = "%s %s" % (i18n.code, describe(s.app))
        rec.check(where)
        rec.checker().frame(rec.reader, s.display.buffer, where, s.app)
        return n

    s.app.redraw = redraw


def _walk_menu(s):
    # Every line highlighted once; every value of every form row shown once.
    screen = s.app.screen
    rows = getattr(screen, "rows", None)
    count = len(getattr(screen, "items", None) or rows or [])
    for _ in range(count):
        s.press("down")
        if rows is not None:
            row = screen.rows[screen.cursor]
            if row.key in ("game", "players"):
                continue  # changing these rebuilds the form: _set does it
            steps = len(row.values) if hasattr(row, "values") else 1
            for _ in range(steps):
                s.press("right")
            if not hasattr(row, "values"):
                s.press("left")


def _settings_and_roster(s, t):
    s._pick(t("games"))  # none yet
    s.press("back")
    s._pick(t("settings"))
    _walk_menu(s)
    for i in range(len(s.app.screen.items)):
        s.app.screen.cursor = i
        s.press("ok")
        _walk_menu(s)
        s.press("back")
    s.press("back")
    s._pick(t("players"))
    _walk_menu(s)
    s.app.screen.cursor = len(LONG_NAMES)
    s.press("ok")  # add a player: a name editor
    s.press("ok")
    s.app.screen.cursor = 0
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = 0
    s.press("ok")  # edit
    for _ in range(10):
        s.press("right")
    s.press("back")
    s.press("back")
    s.app.config.set_roster(LONG_NAMES + MORE_NAMES)  # 12 names: full
    s.app.go_home()
    s._pick(t("players"))
    s.app.screen.cursor = 12
    s.press("ok")
    assert s.screen() == "Message"
    s.press("ok")
    s.press("back")
    s.app.config.set_roster(LONG_NAMES)


def _new_game(s, t, game, players, settings):
    s._pick(t("new_game"))
    form = s.app.screen
    s._set(form, "game", game)
    s._set(form, "players", players)
    _walk_menu(s)
    for name in sorted(settings):
        s._set(form, name, settings[name])
    # a seat's list (the roster first) and the new-name editor
    s._go_row(form, "seat1")
    s.press("ok")
    _walk_menu(s)
    s.app.screen.cursor = len(s.app.screen.items) - 1
    s.press("ok")
    s.press("back")
    s._set(form, "dealer", 0)
    s._go_row(form, "start")
    s.press("ok")
    assert s.app.game is not None and s.app.game.NAME == game, describe(s.app)


def _undo_question(s):
    # Undo at the start of a hand asks before reopening the last one.
    g = s.app.game
    if g.current is not None and not g.current.taken_count and g.hands:
        s.press("back", LONG)
        _walk_menu(s)
        s.app.screen.cursor = 0
        s.press("ok")
        assert s.app.toast, describe(s.app)
        s.press("ok")  # entered again
        s.press("ok")  # and on from the table


def _game_menu_amend_home(s, t):
    _undo_question(s)
    s.press("back")
    _walk_menu(s)
    s._pick(t("scores"))
    s.press("back")
    s._pick(t("amend_round") if s.app.game.NAME == "wizard" else t("amend"))
    _walk_menu(s)
    s.press("ok")
    _walk_menu(s)
    s.press("back")
    s.press("back")
    s._pick(t("home"))


def _amend_and_undo(s, t):
    # Change the last hand's first value, then undo the change.
    s.press("back")
    s._pick(t("amend_round") if s.app.game.NAME == "wizard" else t("amend"))
    s.press("ok")
    form = s.app.screen
    form.cursor = 0
    row = form.rows[0]
    s.press("right" if row.value < getattr(row, "high", row.value + 1) else "left")
    s.press("ok")
    s.press("back", LONG)
    s.app.redraw()


def _spades(s, t):
    _new_game(s, t, "spades", 4, {"bags": True, "nil": True, "blind_nil": True, "partners": False})
    s.play_hand({"bids": [0, 4, 4, 4], "blind": [True, False, False, False], "tricks": [0, 5, 4, 4]})
    s.play_hand({"bids": [0, 4, 4, 4], "tricks": [1, 4, 4, 4]})
    s.press("ok")  # one bid; then the next one down to 0 (nil) and -1 (blind nil)
    for _ in range(14):
        s.press("down")
    s.press("up")
    s.press("back", LONG)  # undo the bid just entered
    _game_menu_amend_home(s, t)
    _new_game(s, t, "spades", 4, {"partners": True, "target": 100})
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]})  # 121 each: a tie plays on
    assert not s.app.game.finished
    _amend_and_undo(s, t)
    s.press("back")
    s._pick(t("scores"))
    s.press("right")  # this game's bid accuracy
    assert s.screen() == "AccuracyScreen", describe(s.app)
    s.press("ok")
    s.press("back")
    s._pick(t("home"))


def _wizard(s, t):
    _new_game(s, t, "wizard", 6, {"bidding": "delayed", "even_bids": "never"})
    s.play_hand({"bids": [0, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0], "trump": "H"})
    # round 2: the dealer's forbidden bid (never) is crossed out
    s.press("ok")
    for _ in range(5):
        s.press("ok")  # each bids from the pass screen
    s.press("up")  # the dealer opens the private picker
    forbidden = s.app.game.forbidden_bid()
    if forbidden is not None:
        picker = s.app.screen
        while picker.value != forbidden:
            s.press("up" if picker.value < forbidden else "down")
        s.press("ok")  # refused: the message names the dealer and the rule
        assert s.screen() == "Message", describe(s.app)
        s.press("ok")
    s.press("back")
    s._pick(t("trump"))
    s.press("back")  # the game menu again
    s.press("back")  # the entry
    _game_menu_amend_home(s, t)
    _new_game(s, t, "wizard", 3, {"bidding": "hidden", "even_bids": "canadian_zero"})
    s.play_hand({"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "none"})
    s.home()
    _new_game(s, t, "wizard", 4, {"bidding": "open", "even_bids": "never"})
    open_accuracy(s.app, s.app.screen)  # no hand played yet
    s.app.redraw()
    s.press("ok")
    s.press("back", LONG)  # nothing to undo
    s.press("ok")
    s.press("ok")  # no trump
    s.press("back")
    s._pick(t("amend_round"))  # no hand yet
    s.press("back")
    s.press("back")
    s.play_hand({"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]})
    s.press("ok")  # round 2: no trump, three bids, the dealer's forbidden one
    for _ in range(3):
        s.press("ok")
    for key in ("down", "down", "down", "up", "up", "up"):
        s.press(key)
    s.home()


def _hearts(s, t):
    _new_game(s, t, "hearts", 5, {"omnibus": True, "moon": "choice", "passing": "rotate", "target": 200})
    s.play_hand({"hearts": [13, 0, 0, 0, 0], "queen": 0, "jack": 1, "moon": "self_minus"})
    for _ in range(4):  # right, two left, two right, hold
        s.play_hand({"hearts": [3, 3, 3, 3, 1], "queen": 1, "jack": 2})
    _game_menu_amend_home(s, t)
    _new_game(s, t, "hearts", 4, {"passing": "rotate", "target": 200})
    for _ in range(3):  # left, right, across, then hold on screen
        s.play_hand({"hearts": [3, 4, 5, 1], "queen": 1})
    s.press("ok")  # one player's hearts; then the moon is too late (the
    # menu no longer offers it: the guard behind it, called as the picker does)
    from tallyboard.ui.moon import shoot_moon

    shoot_moon(s.app, 0)
    s.app.redraw()
    assert s.screen() == "Message", describe(s.app)
    s.press("ok")
    s.home()
    # a finished game: its table with one winner, then with two
    for hearts in ([5, 5, 3], [5, 4, 4]):
        _new_game(s, t, "hearts", 3, {"target": 10, "tie": "shared"})
        g = s.app.game
        s.play_hand({"hearts": hearts, "queen": 0})
        assert g.finished
        s.home()
    s._pick(t("games"))
    _walk_menu(s)
    s.press("back")
    # which game to resume, with several unfinished ones, played or only
    # started minutes, hours and days ago
    _new_game(s, t, "spades", 3, {})
    s.home()
    for hours in (0, 3, 72):
        s.clock.advance(hours * 3600 * 1000)
        s._pick(t("resume"))
        for _ in range(6):
            s.press("right")
        s.press("back")
    s._pick(t("games"))
    s.app.screen.cursor = [st.finished for st in s.app.stored_games()].index(True)
    s.press("ok")
    s.press("ok")
    assert s.screen() == "FinalScreen", describe(s.app)
    s.press("up")
    s.press("back")
    s.press("ok")
    s._pick(t("games"))
    # delete an unsynced game: both questions
    for _ in range(3):
        s.app.screen.cursor = 1
        s.press("ok")
        _walk_menu(s)
    s.app.screen.cursor = 1
    s.press("ok")
    assert s.screen() == "Message", describe(s.app)
    s.press("ok")


def _undo_every_kind(s, t):
    # What an undo took back, one sentence per kind of entry: Wizard's
    # trump (a suit, none), a hidden bid and the first card (delayed
    # bidding); Hearts' hearts, queen and moon choice; the bid under by 2.
    s.home()
    _new_game(s, t, "wizard", 4, {"bidding": "delayed", "even_bids": "allowed"})
    s.press("right")  # hearts are trump
    s.press("back", LONG)
    s.press("ok")  # no trump
    s.press("back", LONG)
    s.press("ok")
    s.press("ok")  # the first bid, hidden
    s.press("back", LONG)
    for _ in range(4):
        s.press("ok")
    assert s.screen() == "FirstCardScreen", describe(s.app)
    s.press("ok")
    s.press("back", LONG)
    s.home()
    _new_game(s, t, "wizard", 4, {"bidding": "open", "even_bids": "allowed"})
    s.press("ok")  # no trump; round 1: three bids of 0, the dealer's under by 1
    s.play_hand({"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]})
    s.press("ok")  # round 2, no trump: bids of 0, the last under by 2
    for _ in range(4):
        while s.app.screen.value > 0:
            s.press("down")
        if s.app.game.current.count("bid") < 3:
            s.press("ok")
    assert s.app.game.current.total("bid") == 0 and s.app.screen.value == 0, describe(s.app)
    s.home()
    _new_game(s, t, "hearts", 4, {"omnibus": True, "moon": "choice", "target": 200})
    s.press("ok")  # one player's hearts
    s.press("back", LONG)
    s.play_hand({"hearts": [13, 0, 0, 0], "queen": 0, "jack": 1, "moon": "others_plus"})
    s.press("back", LONG)  # the moon choice completed the hand: reopen it
    s.app.screen.cursor = 0
    s.press("ok")
    s.press("back", LONG)  # then the jack, then the queen
    s.press("back", LONG)
    s.home()


def _finished_wizard(s, t):
    # A Wizard game to its end, its final standings (UP: the rounds).
    from tallyboard import moves
    from tallyboard.ui.final import FinalScreen
    from tricktally import new_game

    g = new_game("wizard", LONG_NAMES[:6], 0, {})
    while not g.finished:
        if g.kind == "trump":
            g.enter("trump", None, "S")
        else:
            low, high = g.bounds()
            g.enter(g.kind, g.seat, low if g.kind == "bid" or g.current.count("tricks") < g.n - 1 else g.cards - g.current.total("tricks"))
    moves.use_game(s.app, None, g)
    s.app.go(FinalScreen(s.app, lambda app: app.go_home(), undo=False))
    s.app.redraw()
    s.press("up")
    s.press("back")
    s.press("ok")


def _refusals(s, t):
    # Every rule's refusal, with and without the seat's name.
    s.app.go_home()
    for key in sorted(ENGLISH):
        if key.startswith("rule_"):
            for seat in (1, None):
                s.app.refuse(notes.explain(RuleError("x", hand=3, seat=seat, rule=key[5:]), LONG_NAMES[:4]))
                s.app.redraw()
                s.press("ok")
    for e in (OSError(28, "No space left on device"), OSError(5, "EIO")):
        s.app.refuse(s.app.failure(e))
        s.app.redraw()
        s.press("ok")
    s.app.crashed(ZeroDivisionError("division by zero"))
    s.press("ok")
    # the same name twice, from the form
    s.app.go_home()
    s._pick(t("new_game"))
    form = s.app.screen
    s._set(form, "seat1", LONG_NAMES[0])
    s._go_row(form, "start")
    s.press("ok")
    assert s.screen() == "Message", describe(s.app)
    s.press("ok")
    s.press("back")
    # Where a club's hub sends the players next (tallyboard.ui.seat), at its widest.
    from tallyboard.ui.seat import show

    s.app.go_home()
    show(s.app, (999, 999, 99))
    assert s.screen() == "Message" and len(s.app.screen.lines) == 1, describe(s.app)
    s.press("ok")


def _low_space(lang, monkeypatch, t):
    # Synced games deleted (one, then several), then the players' choice.
    for synced, extra in (([True, False], 0), ([True, True, False], 1)):
        fs = board_with_games(synced)
        if extra:
            first = sorted(n for n in fs.files if n.endswith(".tj"))[0]
            fs.capacity -= len(fs.files[first])
        s, rec = _session(lang, monkeypatch, fs)
        s.app.start_game("wizard", LONG_NAMES[:3], 0, {})
        assert s.app.screen.title == t("space_low")
        s.press("ok")
        yield s, rec
    fs = board_with_games([False, False])
    fs.capacity = sum(len(v) for v in fs.files.values()) + LOW_SPACE - 100
    s, rec = _session(lang, monkeypatch, fs)
    s.app.start_game("wizard", LONG_NAMES[:3], 0, {})
    _walk_menu(s)
    # the room left: in the games list's title, and after a game is deleted
    s.app.go_home()
    s._pick(t("games"))
    _walk_menu(s)
    for _ in range(3):
        s.app.screen.cursor = 1
        s.press("ok")
    s.app.screen.cursor = 1
    s.press("ok")
    assert s.app.screen.title == t("deleted"), describe(s.app)
    s.press("ok")
    # room for exactly one more game, then for several
    for room in (1, 2, 150):
        for capacity in range(fs.capacity, fs.capacity + 2000000, 500):
            fs.capacity = capacity
            if games.room_left(s.app) >= room:
                break
        assert games.room_left(s.app) >= room
        s.app.go(Message(t("deleted"), games.room_text(s.app), lambda app: app.go_home()))
        s.app.redraw()
        s.press("ok")
        s._pick(t("games"))
        s.press("back")
    yield s, rec


def _damaged_boot(lang, monkeypatch):
    # A flipped bit in a game journal: the boot says what it kept.
    fs = board_with_games([False])
    Config(fs).set_language(lang)
    name = sorted(n for n in fs.files if n.endswith(".tj"))[0]
    fs.files[name][len(fs.files[name]) // 2] ^= 4
    rec = Recorder(monkeypatch)
    s = Session(fs=fs)
    _watch(s, rec)
    s.app.redraw()
    return s, rec


def _journal_notes(lang, monkeypatch):
    # Every note the journal and the settings file leave at boot, each on a
    # flash really damaged that way; then the same notes when a damaged game
    # is opened, and every refused setting or write.
    for case in sorted(BOARDS):
        rec = Recorder(monkeypatch)
        s = Session(fs=BOARDS[case](lang))
        _watch(s, rec)
        s.app.redraw()
        assert s.app.screen.title == i18n.t("damage"), (case, describe(s.app))
        s.press("ok")
        for stored in s.app._stored:
            if stored.note is not None and stored.game is None:
                s.app.view_finished(stored)
                s.app.redraw()
                s.press("ok")
        if case == "stuck":
            # The same damage where the repair's write failed another way.
            from tallyboard import notes

            s.app.refuse(notes.journal_note(("stuck", 1, 4, 298, "EIO")))
            s.app.redraw()
            s.press("ok")
            try:
                s.app.journal.entry(1, "hearts", 0, 0)
            except ValueError as e:
                s.app.refuse(s.app.failure(e))
                s.app.redraw()
                s.press("ok")
            else:
                raise AssertionError("a read-only game took an entry")
        yield s, rec
    rec = Recorder(monkeypatch)
    s = Session()
    _watch(s, rec)
    s.app.set_language(lang)
    for _what, e in refusals(s.app):
        s.app.refuse(s.app.failure(e))
        s.app.redraw()
        s.press("ok")
    yield s, rec


def _battery(lang, monkeypatch):
    # A board with a gauge: the mark in the title bar, then both warnings.
    rec = Recorder(monkeypatch)
    s = LoopSession(volts=2.9)
    _watch(s, rec)
    s.app.config.set_roster(LONG_NAMES)
    s.app.set_language(lang)
    s.app.go_home()
    s.start_game("wizard", 6)
    for volts in (2.25, 1.9):
        s.power.supply = volts
        for _ in range(10):
            s.app.keeper.check_battery()
            if s.screen() == "Message":
                break
        assert s.app.screen.title == i18n.t("battery"), describe(s.app)
        s.press("ok")
    s.home()
    s._pick(i18n.t("resume"))  # one unfinished game
    s.press("back")
    return s, rec


@pytest.mark.parametrize("lang", lang_file.LANGUAGES)
def test_every_screen_fits_in_every_language(lang, monkeypatch):
    s, rec = _session(lang, monkeypatch)
    t = i18n.t
    _settings_and_roster(s, t)
    _spades(s, t)
    _wizard(s, t)
    _hearts(s, t)
    _undo_every_kind(s, t)
    _finished_wizard(s, t)
    _refusals(s, t)
    problems = rec.all_problems()
    used = set(rec.used)
    for other, orec in _low_space(lang, monkeypatch, t):
        problems.extend(orec.all_problems())
        used |= orec.used
    other, orec = _battery(lang, monkeypatch)
    problems.extend(orec.all_problems())
    used |= orec.used
    for other, orec in _journal_notes(lang, monkeypatch):
        problems.extend(orec.all_problems())
        used |= orec.used
    other, orec = _damaged_boot(lang, monkeypatch)
    assert other.app.screen.title == t("damage"), describe(other.app)
    problems.extend(orec.all_problems())
    used |= orec.used
    assert problems == [], "\n".join(sorted(set(problems)))
    # The walk looked up every key of the table (the language names come from lang_file.NATIVE).
    never = sorted(k for k in ENGLISH if k not in used)
    assert never == [], "%s: keys no screen of the walk used: %s" % (lang, never)
