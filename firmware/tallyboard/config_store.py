# SPDX-License-Identifier: MIT
"""Reading, checking and writing the board's settings (``config.json``):
the changes of tallyboard.config.Config, each taking the settings first
(``config.set_roster(names)`` calls ``set_roster(config, names)``).

Loaded at boot and when a menu or the PC changes a setting; forgotten while
a game is on screen (the game only reads the values). A refused setting
raises ConfigError and changes nothing; a failed write (a full flash) reads
the file again, so memory and flash always agree.
"""

import json

from tricktally import GAME_NAMES, settings as rules

FILE = "config.json"
# The roster's limits (the roster screen checks them too).
MAX_NAMES = 12
MAX_NAME = 10
# A low default contrast: the OLED's current and wear grow with it (the
# SSD1306's segment current is contrast/256 of its maximum); players who
# want it brighter set it in Settings.
CONTRAST = 95
# Idle steps (issue 15, tallyboard.power): dim, display off, deepest sleep,
# in seconds after the last press (0: never), and their defaults.
IDLE = (("dim_s", 60), ("off_s", 300), ("sleep_s", 1800))
IDLE_MAX_S = 86400
LANGUAGES = ("en", "es", "pt", "it", "fr")


class ConfigError(ValueError):
    """A setting this board does not take. The message is English (the PC,
    the tests); ``note`` is ``(kind, number, text)`` for the screen: kind
    "name" (a bad name; number: the longest), "roster" (number: most names),
    "twice" (text: the name) or "value"."""

    def __init__(self, message, kind="value", number=0, text=""):
        super().__init__(message)
        self.note = (kind, number, text)


def check_name(name):
    """Raise ConfigError unless ``name`` is 1..10 printable characters."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        raise ConfigError("a player name is 1 to %d characters, not %r" % (MAX_NAME, name), "name", MAX_NAME)
    for ch in name:
        if ord(ch) < 32 or ord(ch) == 127:
            raise ConfigError("player name %r has a control character" % (name,), "name", MAX_NAME)
    if name.strip() != name:
        raise ConfigError("player name %r starts or ends with a space" % (name,), "name", MAX_NAME)


def load(config):
    """Set every value of ``config`` from the file on ``config.fs`` (the
    defaults for what it lacks or gets wrong; ``problem`` says why)."""
    config.roster = []
    config.language = "en"
    config.contrast = CONTRAST
    for key, seconds in IDLE:
        setattr(config, key, seconds)
    config._defaults = {}
    config.problem = None
    config.problem_kind = None  # "unreadable", "not_object", "bad_value"
    raw = None
    try:
        if not config.fs.exists(FILE):
            return
        raw = config.fs.read(FILE)
        data = json.loads(raw)
    except (OSError, ValueError, RuntimeError, MemoryError) as e:  # RuntimeError: nested too deep
        config.problem = "config.json unreadable (%s): defaults used" % (e,)
        config.problem_kind = "unreadable"
        # Say so in the players' language when the damaged file still names it.
        config.language = _language_in(raw)
        return
    if not isinstance(data, dict):
        config.problem = "config.json is not an object: defaults used"
        config.problem_kind = "not_object"
        return
    try:
        if "roster" in data:
            _check_roster(data["roster"])
            config.roster = list(data["roster"])
        if data.get("language") in LANGUAGES:
            config.language = data["language"]
        c = data.get("contrast")
        if isinstance(c, int) and 0 <= c <= 255:
            config.contrast = c
        for key, _ in IDLE:
            if _idle_ok(data.get(key)):
                setattr(config, key, data[key])
        d = data.get("defaults") or {}
        for game in GAME_NAMES:
            if game in d:
                given = dict(d[game])
                players = given.pop("players", rules.PLAYERS[game][0])
                rules.complete(game, given, players)
                given["players"] = players
                config._defaults[game] = given
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RuntimeError) as e:
        config.problem = "config.json has a bad value (%s)" % (e,)
        config.problem_kind = "bad_value"


def _check_roster(names):
    if not isinstance(names, list) or len(names) > MAX_NAMES:
        raise ConfigError("the roster is a list of at most %d names" % MAX_NAMES, "roster", MAX_NAMES)
    seen = {}
    for name in names:
        check_name(name)
        if name in seen:
            raise ConfigError("name %r is in the roster twice" % (name,), "twice", 0, name)
        seen[name] = True


def save(config):
    """Write the whole configuration (atomic replace). When the write fails
    (a full flash) every setting goes back to what the flash holds, and the
    error is raised: memory and flash always agree."""
    data = {
        "roster": config.roster,
        "language": config.language,
        "contrast": config.contrast,
        "dim_s": config.dim_s,
        "off_s": config.off_s,
        "sleep_s": config.sleep_s,
        "defaults": config._defaults,
    }
    try:
        config.fs.write_file(FILE, json.dumps(data).encode())
    except Exception:
        load(config)
        raise


def set_roster(config, names):
    """Replace the roster: 1..12 distinct names of 1..10 printable characters."""
    if not isinstance(names, (list, tuple)) or not 1 <= len(names) <= MAX_NAMES:
        raise ConfigError("the roster holds 1 to %d names" % MAX_NAMES, "roster", MAX_NAMES)
    _check_roster(list(names))
    config.roster = list(names)
    save(config)


def set_language(config, code):
    """Choose the screen language: en, es, pt, it or fr."""
    if code not in LANGUAGES:
        raise ConfigError("language is one of %s, not %r" % (", ".join(LANGUAGES), code))
    config.language = code
    save(config)


def set_contrast(config, value):
    """Display contrast 0..255."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 255:
        raise ConfigError("contrast is 0 to 255, not %r" % (value,))
    config.contrast = value
    save(config)


def set_idle(config, dim_s, off_s, sleep_s):
    """The idle steps: seconds after the last press (0: never)."""
    for v in (dim_s, off_s, sleep_s):
        if not _idle_ok(v):
            raise ConfigError("an idle delay is whole seconds, 0 (never) to %d, not %r" % (IDLE_MAX_S, v))
    config.dim_s = dim_s
    config.off_s = off_s
    config.sleep_s = sleep_s
    save(config)


def defaults(config, game):
    """Default settings for a new ``game``: every setting plus ``players``."""
    given = dict(config._defaults.get(game) or {})
    players = given.pop("players", rules.PLAYERS[game][0]) if game in rules.PLAYERS else 0
    return rules.complete(game, given, players)


def set_defaults(config, game, values):
    """Make every setting in ``values`` (and ``players``) the default for
    ``game`` at once: the combination is checked as a whole."""
    current = defaults(config, game)
    for name in values:
        current[name] = values[name]
    players = current.pop("players")
    config._defaults[game] = rules.complete(game, current, players)
    save(config)


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
