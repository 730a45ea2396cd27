# SPDX-License-Identifier: MIT
"""The board's own settings: roster of player names, language, contrast, the
idle steps (dim, screen off, sleep) and the default rules of each game,
kept in ``config.json`` on the flash.

Every change is written at once with ``fs.write_file`` (atomic replace), so a
power cut keeps either the old or the new file. A missing or unreadable file
gives the defaults (``problem`` then says why, in English for the serial
log; ``problem_kind`` says it as a code the screen words in the board's
language, tallyboard.notes) and never stops the board. A refused setting
raises ConfigError, a ValueError whose ``note`` is that code for the screen.
"""

import json

from tricktally import settings as rules

FILE = "config.json"
# A low default contrast: the OLED's current and wear grow with it (the
# SSD1306's segment current is contrast/256 of its maximum); players who
# want it brighter set it in Settings.
CONTRAST = 95
# Idle steps (issue 15, tallyboard.power): dim, display off, deepest sleep,
# in seconds after the last press (0: never), and their defaults.
IDLE = (("dim_s", 60), ("off_s", 300), ("sleep_s", 1800))
IDLE_MAX_S = 86400
LANGUAGES = ("en", "es", "pt", "it", "fr")
MAX_NAMES = 12
MAX_NAME = 10
GAMES = ("spades", "wizard", "hearts")


class ConfigError(ValueError):
    """A setting this board does not take. The message is English (the PC,
    the tests); ``note`` is ``(kind, number, text)`` for the screen: kind
    "name" (a bad name; number: the longest), "roster" (number: most names),
    "twice" (text: the name) or "value"."""

    def __init__(self, message, kind="value", number=0, text=""):
        super().__init__(message)
        self.note = (kind, number, text)


def check_name(name):
    """Raise ValueError unless ``name`` is 1..10 printable characters."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        raise ConfigError("a player name is 1 to %d characters, not %r" % (MAX_NAME, name), "name", MAX_NAME)
    for ch in name:
        if ord(ch) < 32 or ord(ch) == 127:
            raise ConfigError("player name %r has a control character" % (name,), "name", MAX_NAME)
    if name.strip() != name:
        raise ConfigError("player name %r starts or ends with a space" % (name,), "name", MAX_NAME)


class Config:
    """Settings of the board, loaded from ``fs`` and saved on every change."""

    def __init__(self, fs):
        self.fs = fs
        self.roster = []
        self.language = "en"
        self.contrast = CONTRAST
        for key, seconds in IDLE:
            setattr(self, key, seconds)
        self._defaults = {}
        self.problem = None
        self.problem_kind = None  # "unreadable", "not_object", "bad_value"
        self._load()
        self._saved = self._snapshot()

    def _snapshot(self):
        return (list(self.roster), self.language, self.contrast, dict(self._defaults))

    def _restore(self):
        roster, self.language, self.contrast, defaults = self._saved
        self.roster = list(roster)
        self._defaults = dict(defaults)

    def _load(self):
        raw = None
        try:
            if not self.fs.exists(FILE):
                return
            raw = self.fs.read(FILE)
            data = json.loads(raw)
        except (OSError, ValueError, RuntimeError, MemoryError) as e:  # RuntimeError: nested too deep
            self.problem = "config.json unreadable (%s): defaults used" % (e,)
            self.problem_kind = "unreadable"
            # Say so in the players' language when the damaged file still names it.
            self.language = _language_in(raw)
            return
        if not isinstance(data, dict):
            self.problem = "config.json is not an object: defaults used"
            self.problem_kind = "not_object"
            return
        try:
            if "roster" in data:
                self._check_roster(data["roster"])
                self.roster = list(data["roster"])
            if data.get("language") in LANGUAGES:
                self.language = data["language"]
            c = data.get("contrast")
            if isinstance(c, int) and 0 <= c <= 255:
                self.contrast = c
            for key, _ in IDLE:
                if _idle_ok(data.get(key)):
                    setattr(self, key, data[key])
            d = data.get("defaults") or {}
            for game in GAMES:
                if game in d:
                    given = dict(d[game])
                    players = given.pop("players", rules.PLAYERS[game][0])
                    rules.complete(game, given, players)
                    given["players"] = players
                    self._defaults[game] = given
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RuntimeError) as e:
            self.problem = "config.json has a bad value (%s)" % (e,)
            self.problem_kind = "bad_value"

    def _check_roster(self, names):
        if not isinstance(names, list) or len(names) > MAX_NAMES:
            raise ConfigError("the roster is a list of at most %d names" % MAX_NAMES, "roster", MAX_NAMES)
        seen = {}
        for name in names:
            check_name(name)
            if name in seen:
                raise ConfigError("name %r is in the roster twice" % (name,), "twice", 0, name)
            seen[name] = True

    def save(self):
        """Write the whole configuration (atomic replace). When the write
        fails (a full flash) every setting goes back to what the flash
        holds, and the error is raised: memory and flash always agree."""
        data = {
            "roster": self.roster,
            "language": self.language,
            "contrast": self.contrast,
            "dim_s": self.dim_s,
            "off_s": self.off_s,
            "sleep_s": self.sleep_s,
            "defaults": self._defaults,
        }
        try:
            self.fs.write_file(FILE, json.dumps(data).encode())
        except Exception:
            self._restore()
            raise
        self._saved = self._snapshot()

    def set_roster(self, names):
        """Replace the roster: 1..12 distinct names of 1..10 printable characters."""
        if not isinstance(names, (list, tuple)) or not 1 <= len(names) <= MAX_NAMES:
            raise ConfigError("the roster holds 1 to %d names" % MAX_NAMES, "roster", MAX_NAMES)
        self._check_roster(list(names))
        self.roster = list(names)
        self.save()

    def set_language(self, code):
        """Choose the screen language: en, es, pt, it or fr."""
        if code not in LANGUAGES:
            raise ConfigError("language is one of %s, not %r" % (", ".join(LANGUAGES), code))
        self.language = code
        self.save()

    def set_contrast(self, value):
        """Display contrast 0..255."""
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 255:
            raise ConfigError("contrast is 0 to 255, not %r" % (value,))
        self.contrast = value
        self.save()

    def set_idle(self, dim_s, off_s, sleep_s):
        """The idle steps: seconds after the last press (0: never)."""
        for v in (dim_s, off_s, sleep_s):
            if not _idle_ok(v):
                raise ConfigError("an idle delay is whole seconds, 0 (never) to %d, not %r" % (IDLE_MAX_S, v))
        self.dim_s = dim_s
        self.off_s = off_s
        self.sleep_s = sleep_s
        self.save()

    def defaults(self, game):
        """Default settings for a new ``game``: every setting plus ``players``."""
        given = dict(self._defaults.get(game) or {})
        players = given.pop("players", rules.PLAYERS[game][0]) if game in rules.PLAYERS else 0
        out = rules.complete(game, given, players)
        return out

    def set_defaults(self, game, values):
        """Make every setting in ``values`` (and ``players``) the default for
        ``game`` at once: the combination is checked as a whole."""
        current = self.defaults(game)
        for name in values:
            current[name] = values[name]
        players = current.pop("players")
        checked = rules.complete(game, current, players)
        self._defaults[game] = checked
        self.save()

    def set_default(self, game, name, value):
        """Make ``value`` the default of setting ``name`` for ``game`` (checked)."""
        current = self.defaults(game)
        current[name] = value
        players = current.pop("players")
        checked = rules.complete(game, current, players)
        self._defaults[game] = checked
        self.save()


def _language_in(raw):
    # The language a damaged config.json (bytes or None) still names, or "en".
    at = raw.find(b'"language"') if raw else -1
    if at >= 0:
        q = raw.find(b'"', raw.find(b":", at) + 1)
        code = raw[q + 1 : q + 3].decode() if q > 0 else ""
        if code in LANGUAGES and raw[q + 3 : q + 4] == b'"':
            return code
    return "en"


def _idle_ok(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= IDLE_MAX_S
