# SPDX-License-Identifier: MIT
"""The languages' string tables as files: which languages there are and
their own names, finding a table (``lang_XX.bin``, the format:
tallyboard/i18n.py), reading its index (``i18n.use``) or the whole table.
Loaded when a language is chosen and by the settings screen, and forgotten
with the menus: a game keeps only the index tallyboard.i18n read.
"""

LANGUAGES = ("en", "es", "pt", "it", "fr")
# Each language named in itself, for the settings screen.
NATIVE = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano", "fr": "Français"}


def key_hash(key):
    """The index's hash of ``key`` (tools/make_lang.py uses this too; i18n
    computes it the same way inline), over its UTF-8 bytes (the keys are
    ASCII: one byte a character). A loop over bytes adds ints; one over
    characters would call ord() for each, four times as long on the board.
    Below 2**22 at every step: a small int on a 32-bit board too."""
    h = 0
    for b in key.encode():
        h = (h * 33 + b) & 0x3FFFFF
    return h


def path(lang):
    """The path of ``lang``'s table: beside this module (the board's flash,
    the repository), else in the ``tallyboard`` folder of a ``sys.path``
    entry (a frozen build has no files beside its modules: the tables go
    in /lib/tallyboard/, firmware/manifest.py)."""
    if lang not in LANGUAGES:
        raise ValueError("language is one of %s, not %r" % (", ".join(LANGUAGES), lang))
    import sys

    name = "lang_%s.bin" % lang
    for folder in [__file__[: __file__.rfind("lang_file.")]] + [p + "/tallyboard/" for p in sys.path]:
        try:
            open(folder + name).close()
            return folder + name
        except OSError:
            pass
    raise OSError("no tallyboard/%s beside the app's modules or on sys.path" % name)


def index(lang):
    """(path, number of strings, index) of ``lang``'s table: the index is
    the key hashes then the offsets, as one ``bytes``."""
    where = path(lang)
    with open(where, "rb") as f:
        head = f.read(2)
        count = head[0] | head[1] << 8
        return where, count, f.read(5 * count + 2)


def table(lang):
    """The whole string table (a dict) of ``lang``."""
    with open(path(lang), "rb") as f:
        data = f.read()
    n = data[0] | data[1] << 8
    base = 4 + 5 * n
    out = {}
    for i in range(n):
        j = 2 + 3 * n + 2 * i
        record = data[base + (data[j] | data[j + 1] << 8) : base + (data[j + 2] | data[j + 3] << 8)].decode()
        cut = record.find("\n")
        out[record[:cut]] = record[cut + 1 :]
    return out
