# SPDX-License-Identifier: MIT
"""Finding and reading a language's string table, ``lang_XX.bin`` (the
format: tallyboard/i18n.py). Loaded when a language is chosen
(``i18n.use``) and forgotten after: a game keeps only the index it read.
"""

from tallyboard.i18n import LANGUAGES


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
