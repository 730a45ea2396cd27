# SPDX-License-Identifier: MIT
"""What the screens need of the languages only now and then: choosing one
(``use``), which there are and their own names, finding and reading a
string table, ``lang_XX.bin`` (the format: tallyboard/i18n.py), and the
wording of a refusal by the core. tallyboard.i18n finds these names here
when asked for one (``i18n.use``, the settings screen, a refusal): loaded
then, and forgotten once a language is chosen (a game keeps only the index
it read) or with the menus.
"""

from tallyboard.i18n import t

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


def use(lang):
    """Make ``lang`` the language of every screen (``i18n.use``): read its
    index into tallyboard.i18n (the one before is forgotten) and drop the
    strings kept for redraws (tests use it to start again from the flash).
    This module is forgotten after: i18n needs only the index."""
    import tallyboard
    from tallyboard import i18n

    # Raises the ValueError naming the languages.
    i18n._path, i18n._count, i18n._hashes = index(lang)
    i18n.rest()  # the last language's table, if a miss left it open
    i18n.code = lang
    keys = i18n._cached_keys
    kept = i18n._cached
    for i in range(len(kept)):
        keys[i] = kept[i] = None
    i18n._next = 0
    tallyboard.unload(__name__)


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


def explain(err, names=None):
    """A refusal from the core (a RuleError) in the current language: the
    player concerned and why, as a sentence (the rule's name in RULES.md is
    for the PC's messages, not the players)."""
    text = t("rule_" + err.rule)
    if text.startswith("rule_"):  # no sentence for this rule
        text = t("rule_other")
    if err.seat is not None and names and 0 <= err.seat < len(names):
        return t("who") % (names[err.seat], text)
    return text[0].upper() + text[1:]
