# SPDX-License-Identifier: MIT
"""Every string on screen comes from one table per language (lang_XX.py).

Only the chosen language is loaded (RAM on the board): switching language
drops the previous table from ``sys.modules`` so its strings can be
collected, and no other table is kept as a fallback (tests check that every
table is whole; a missing key shows as the key itself). ``t(key)`` looks a
string up without allocating.
"""

LANGUAGES = ("en", "es", "pt", "it", "fr")
# Each language named in itself, for the settings screen.
NATIVE = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano", "fr": "Français"}

_table = None
code = None


def table(lang):
    """The string table (a dict) of ``lang``."""
    # One import by name rather than a branch per language: less code kept
    # in RAM while the module is loaded.
    if lang not in LANGUAGES:
        raise ValueError("language is one of %s, not %r" % (", ".join(LANGUAGES), lang))
    return __import__("tallyboard.lang_" + lang, None, None, ("S",)).S


def use(lang):
    """Make ``lang`` the language of every screen (and forget the one
    before, so one table at a time takes RAM)."""
    global _table, code
    if lang not in LANGUAGES:
        table(lang)  # raises the ValueError naming the languages
    if code is not None and code != lang:
        import tallyboard

        _table = None
        tallyboard.unload("tallyboard.lang_" + code)
    _table = table(lang)
    code = lang


def t(key):
    """The string for ``key`` in the current language."""
    if _table is None:
        use("en")
    return _table.get(key, key)


def singular(n):
    """True when ``n`` takes the singular in the current language (French
    says "0 carte", "1 carte"; the others only "1 carta")."""
    return n == 1 or (n == 0 and code == "fr")


def tn(one, other, n):
    """The string of key ``one`` or key ``other``, whichever agrees with the
    count ``n`` ("1 carta", "2 cartas"). Both keys are literals at the call,
    so nothing is allocated."""
    return t(one if singular(n) else other)


def explain(err, names=None):
    """A refusal from the core (a RuleError) in the current language: the
    player concerned, why, and the rule's canonical name (as in RULES.md)."""
    if _table is None:
        use("en")
    key = "rule_" + err.rule
    text = t(key if key in _table else "rule_other")
    if err.seat is not None and names and 0 <= err.seat < len(names):
        text = t("who") % (names[err.seat], text)
    else:
        text = text[0].upper() + text[1:]
    if err.rule:
        text = text + " (" + err.rule + ")"
    return text
