# SPDX-License-Identifier: MIT
"""Every string on screen comes from one table per language.

Translators edit ``lang_XX.py`` (a dict per language); the board loads
``lang_XX_packed.py``, made from it by tools/make_lang.py: the strings as
one ``TEXT`` with their offsets in ``STARTS``, numbered by the place of
their key in ``lang_keys.KEYS``. A dict of ~190 strings cost about 17 KB of
RAM on the 64-bit unix port (each string its own object); the packed table
is a few objects.

Only the chosen language is loaded: switching language drops the previous
table from ``sys.modules``, and there is no fallback table (tests check
that every table is whole; a missing key shows as the key itself).

``t(key)`` finds the key in ``KEYS`` without allocating, and cuts its
string out of ``TEXT``. The cut is a new string, and screens draw the same
strings on every press, so the last ``CACHE`` strings cut are kept (a
screen uses fewer): a redraw allocates nothing.
"""

LANGUAGES = ("en", "es", "pt", "it", "fr")
# Each language named in itself, for the settings screen.
NATIVE = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano", "fr": "Français"}
CACHE = 32

_keys = None  # lang_keys.KEYS
_text = None  # TEXT of the language in use
_starts = None  # its STARTS
_cached_keys = [None] * CACHE
_cached = [None] * CACHE
_next = 0  # the slot the next string cut goes to (the oldest)
code = None


def _packed(lang):
    if lang not in LANGUAGES:
        raise ValueError("language is one of %s, not %r" % (", ".join(LANGUAGES), lang))
    return __import__("tallyboard.lang_%s_packed" % lang, None, None, ("TEXT",))


def _find(key):
    """The number of ``key`` (its place in KEYS), or -1."""
    keys = _keys
    n = len(key)
    i = keys.find(key)
    while i > 0:
        # A whole line of KEYS, not part of a longer key ("s_" in "s_bags").
        if keys.startswith("\n", i - 1) and keys.startswith("\n", i + n):
            return keys.count("\n", 0, i) - 1
        i = keys.find(key, i + 1)
    return -1


def _cut(text, starts, i):
    """String number ``i`` of a packed table."""
    j = 2 * i
    return text[starts[j] | starts[j + 1] << 8 : starts[j + 2] | starts[j + 3] << 8]


def table(lang):
    """The whole string table (a dict) of ``lang``, as the board loads it
    (for tests and the PC; the board itself never builds it)."""
    packed = _packed(lang)
    import tallyboard.lang_keys

    names = tallyboard.lang_keys.KEYS.split("\n")[1:-1]
    return {k: _cut(packed.TEXT, packed.STARTS, i) for i, k in enumerate(names)}


def use(lang):
    """Make ``lang`` the language of every screen (and forget the one
    before, so one table at a time takes RAM)."""
    global _keys, _text, _starts, code
    packed = _packed(lang)  # raises the ValueError naming the languages
    if code is not None and code != lang:
        import tallyboard

        tallyboard.unload("tallyboard.lang_%s_packed" % code)
    if _keys is None:
        import tallyboard.lang_keys

        _keys = tallyboard.lang_keys.KEYS
    _text, _starts = packed.TEXT, packed.STARTS
    code = lang
    forget()


def forget():
    """Drop the strings kept for redraws (a language change; tests)."""
    global _next
    for i in range(CACHE):
        _cached_keys[i] = _cached[i] = None
    _next = 0


def t(key):
    """The string for ``key`` in the current language."""
    global _next
    if key in _cached_keys:
        return _cached[_cached_keys.index(key)]
    if _text is None:
        use("en")
    i = _find(key)
    if i < 0:
        return key
    s = _cut(_text, _starts, i)
    _cached_keys[_next] = key
    _cached[_next] = s
    _next = (_next + 1) % CACHE
    return s


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
    if _text is None:
        use("en")
    key = "rule_" + err.rule
    text = t(key if _find(key) >= 0 else "rule_other")
    if err.seat is not None and names and 0 <= err.seat < len(names):
        text = t("who") % (names[err.seat], text)
    else:
        text = text[0].upper() + text[1:]
    if err.rule:
        text = text + " (" + err.rule + ")"
    return text
