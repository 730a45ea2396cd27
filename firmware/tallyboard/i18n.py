# SPDX-License-Identifier: MIT
"""Every string on screen comes from one table per language.

Translators edit ``lang_XX.py`` (a dict per language); the board reads
``lang_XX.bin``, made from it by tools/make_lang.py, from the flash as it
needs a string: only the table's index is kept in RAM, never its strings
or its keys (a dict of ~190 strings cost about 17 KB on the 64-bit unix
port, a packed module about 6.7 KB with its keys).

``lang_XX.bin`` (little-endian):

- ``N``, the number of strings (2 bytes);
- ``N`` key hashes (``key_hash``, 3 bytes each), ascending;
- ``N + 1`` offsets (2 bytes each) of each record, from the first record;
- the records, in hash order: the key, a line break, the string (UTF-8).

``t(key)`` hashes the key, finds the hash in the index and reads that one
record; the key in the record is checked, so a key the table does not have
shows as the key itself, never as another string. Screens draw the same
strings on every press, so the last ``CACHE`` strings read are kept (a
screen uses fewer): a redraw allocates nothing and reads nothing.

Only the chosen language's index is loaded, and there is no fallback table
(tests check that every table is whole).
"""

LANGUAGES = ("en", "es", "pt", "it", "fr")
# Each language named in itself, for the settings screen.
NATIVE = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano", "fr": "Français"}
CACHE = 32
# Hashes stay below 2**22, so every step of key_hash is a small int on a
# 32-bit board too (nothing allocated).
HASH_MASK = 0x3FFFFF

_path = None  # lang_XX.bin of the language in use
_hashes = None  # its index: the hashes, then the offsets (bytes)
_count = 0
_cached_keys = [None] * CACHE
_cached = [None] * CACHE
_next = 0  # the slot the next string read goes to (the oldest)
code = None


def key_hash(key):
    """The index's hash of ``key`` (tools/make_lang.py uses this too)."""
    h = 0
    for ch in key:
        h = (h * 33 + ord(ch)) & HASH_MASK
    return h


def table(lang):
    """The whole string table (a dict) of ``lang``, as the board reads it
    (for tests and the PC; the board itself never builds it)."""
    from tallyboard import lang_file

    return lang_file.table(lang)


def use(lang):
    """Make ``lang`` the language of every screen: read its index (the
    one before is forgotten)."""
    global _path, _hashes, _count, code
    import tallyboard
    from tallyboard import lang_file

    # Raises the ValueError naming the languages.
    _path, _count, _hashes = lang_file.index(lang)
    tallyboard.unload("tallyboard.lang_file")
    code = lang
    forget()


def forget():
    """Drop the strings kept for redraws (a language change; tests)."""
    global _next
    for i in range(CACHE):
        _cached_keys[i] = _cached[i] = None
    _next = 0


def _find(key):
    """The string of ``key`` read from the table, or None when it has none."""
    h = key_hash(key)
    index = _hashes
    count = _count
    lo = 0
    hi = count
    while lo < hi:
        mid = (lo + hi) >> 1
        j = 3 * mid
        if (index[j] | index[j + 1] << 8 | index[j + 2] << 16) < h:
            lo = mid + 1
        else:
            hi = mid
    j = 3 * lo
    if lo == count or (index[j] | index[j + 1] << 8 | index[j + 2] << 16) != h:
        return None
    j = 3 * count + 2 * lo
    start = index[j] | index[j + 1] << 8
    with open(_path, "rb") as f:
        f.seek(4 + 5 * count + start)
        record = f.read((index[j + 2] | index[j + 3] << 8) - start).decode()
    n = len(key)
    if record[:n] != key or record[n : n + 1] != "\n":
        return None  # another key with the same hash: this table lacks ``key``
    return record[n + 1 :]


def t(key):
    """The string for ``key`` in the current language (the key itself when
    the table has none)."""
    global _next
    if key in _cached_keys:
        return _cached[_cached_keys.index(key)]
    if _path is None:
        use("en")
    s = _find(key)
    if s is None:
        return key
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
    if _path is None:
        use("en")
    text = t("rule_" + err.rule)
    if text.startswith("rule_"):  # no sentence for this rule
        text = t("rule_other")
    if err.seat is not None and names and 0 <= err.seat < len(names):
        text = t("who") % (names[err.seat], text)
    else:
        text = text[0].upper() + text[1:]
    if err.rule:
        text = text + " (" + err.rule + ")"
    return text
