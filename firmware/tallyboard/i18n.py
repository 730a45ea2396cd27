# SPDX-License-Identifier: MIT
"""Every string on screen comes from one table per language.

Translators edit ``lang_XX.py`` (a dict per language); the board reads
``lang_XX.bin``, made from it by tools/make_lang.py, from the flash as it
needs a string: only the table's index is kept in RAM, never its strings
or its keys (a dict of ~190 strings cost about 17 KB on the 64-bit unix
port, a packed module about 6.7 KB with its keys).

``lang_XX.bin`` (little-endian):

- ``N``, the number of strings (2 bytes);
- ``N`` key hashes (``lang_file.key_hash``, 3 bytes each), ascending;
- ``N + 1`` offsets (2 bytes each) of each record, from the first record;
- the records, in hash order: the key, a line break, the string (UTF-8).

``t(key)`` hashes the key, finds the hash in the index and reads that one
record; the key in the record is checked, so a key the table does not have
shows as the key itself, never as another string. Screens draw the same
strings on every press, so the last ``_CACHE`` (31) strings read are kept (a
screen uses fewer): a redraw allocates nothing and reads nothing.

Only the chosen language's index is loaded, and there is no fallback table
(tests check that every table is whole).

Finding and reading the tables' files (which languages there are, a
table's index, a whole table) is tallyboard.lang_file's, loaded when a
language is chosen (``use``) and forgotten with the menus; the wording of
a refusal by the core is tallyboard.notes's.
"""

try:
    from micropython import const
except ImportError:  # CPython: the same values, not folded in
    const = int

# (const: folded into the code by the compiler, no global, no name kept.)
_CACHE = const(31)  # (with the keys' extra slot, lists of 31 and 32)
# Hashes stay below 2**22, so every step of key_hash is a small int on a
# 32-bit board too (nothing allocated).
_HASH_MASK = const(0x3FFFFF)

_path = None  # lang_XX.bin of the language in use
# That file, opened by the first miss and kept open until the screen is
# sent (App.redraw calls rest(); use too): an open and a close cost almost
# as much as the rest of a miss, and a screen's misses come in bursts. Not
# kept between presses: on the board an open file holds littlefs's file
# state and its cache in the heap (docs/PICO_BUDGET.md).
_file = None
_hashes = None  # its index: the hashes, then the offsets (bytes)
_count = 0
# The keys of the kept strings, and one slot more: the key being looked up
# goes there, so one index() both finds it and says whether it is kept (a
# second search for ``in`` cost as much again).
_cached_keys = [None] * (_CACHE + 1)
_cached = [None] * _CACHE
_next = 0  # the slot the next string read goes to (the oldest)
code = None


def use(lang):
    """Make ``lang`` the language of every screen: read its index (the one
    before is forgotten) and drop the strings kept for redraws (tests use
    it to start again from the flash). Raises the ValueError naming the
    languages for one the board has not."""
    global _path, _count, _hashes, code, _next
    from tallyboard.lang_file import index

    _path, _count, _hashes = index(lang)
    rest()  # the last language's table, if a miss left it open
    code = lang
    for i in range(_CACHE):
        _cached_keys[i] = _cached[i] = None
    _next = 0


def _find(key):
    """The string of ``key`` read from the table, or None when it has none."""
    global _file
    # The key's hash as lang_file.key_hash makes it (that module is not
    # loaded in a game).
    name = key.encode()  # (kept for the check below)
    h = 0
    for b in name:
        h = (h * 33 + b) & _HASH_MASK
    index = _hashes
    count = _count
    # The hash's 3 bytes found by bytes.find (C code: a search in Python
    # took a third of a miss on the board), at a hash's start (j % 3 == 0).
    needle = h.to_bytes(3, "little")  # (on a miss only: rare)
    end = 3 * count
    j = index.find(needle, 0, end)
    while j > 0 and j % 3:
        j = index.find(needle, j + 1, end)
    if j < 0:
        return None
    lo = j // 3
    j = end + 2 * lo
    start = index[j] | index[j + 1] << 8
    f = _file
    if f is None:
        f = _file = open(_path, "rb")
    f.seek(4 + 5 * count + start)
    record = f.read((index[j + 2] | index[j + 3] << 8) - start)
    # The key, checked in the bytes read without slicing it out (a bytes
    # made for a test), and only the string decoded: about a tenth of a
    # miss less than decoding the record and checking the key in that.
    n = len(name)
    if record.find(b"\n") != n or not record.startswith(name):
        return None  # another key with the same hash: this table lacks ``key``
    return record[n + 1 :].decode()


def rest():
    """Close the table file the last misses kept open (the app calls this
    once a screen is drawn and sent; choosing a language does too)."""
    global _file
    if _file is not None:
        _file.close()
        _file = None


def t(key):
    """The string for ``key`` in the current language (the key itself when
    the table has none)."""
    global _next
    keys = _cached_keys
    keys[_CACHE] = key
    i = keys.index(key)
    if i < _CACHE:
        return _cached[i]
    if _path is None:  # no language chosen yet (a test; the app chooses at boot)
        use("en")
    s = _find(key)
    if s is None:
        return key
    keys[_next] = key
    _cached[_next] = s
    _next = (_next + 1) % _CACHE
    return s


def tn(one, other, n):
    """The string of key ``one`` or key ``other``, whichever agrees with the
    count ``n`` ("1 carta", "2 cartas"; French says "0 carte" too). Both
    keys are literals at the call, so nothing is allocated."""
    return t(one if n == 1 or (n == 0 and code == "fr") else other)
