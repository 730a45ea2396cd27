# SPDX-License-Identifier: MIT
"""Pack the screen strings for the board.

Translators edit ``firmware/tallyboard/lang_XX.py`` (a readable dict ``S``
per language). The board loads what this tool makes from them instead:

- ``lang_keys.py``: every key of the English table, sorted, in one string
  ``KEYS`` ("\\nkey\\nkey\\n"); a key's number is its place in that list.
- ``lang_XX_packed.py`` per language: its strings in that order as one
  string ``TEXT`` and ``STARTS``, the character offset where each string
  starts (2 bytes little-endian each, one more at the end).

One string and one ``bytes`` take far less RAM on MicroPython than a dict
of ~190 strings (each its own object). ``python tools/make_lang.py`` writes
the files; ``--check`` only says which are stale (the tests do the same).
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "firmware", "tallyboard")
LANGUAGES = ("en", "es", "pt", "it", "fr")
HEADER = "# SPDX-License-Identifier: MIT\n# Made by tools/make_lang.py from %s: do not edit (run it again).\n"


def source_table(lang, folder=FOLDER):
    """The dict ``S`` of ``lang_XX.py``, read without importing it."""
    path = os.path.join(folder, "lang_%s.py" % lang)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["S"]:
            return ast.literal_eval(node.value)
    raise ValueError("%s: no table S = {...}" % path)


def keys(folder=FOLDER):
    """The keys in the order the packed tables use (the English table's, sorted)."""
    out = sorted(source_table("en", folder))
    for key in out:
        if not key or "\n" in key:
            raise ValueError("lang_en.py: key %r cannot be packed (empty or a line break)" % key)
    return out


def keys_module(order):
    """Text of lang_keys.py."""
    lines = [HEADER % "lang_en.py", '"""Every screen-string key; its number is its place here."""\n', "KEYS = (", '    "\\n"']
    lines += ["    %r" % (k + "\n") for k in order]
    lines.append(")\n")
    return "\n".join(lines)


def packed_module(lang, order, folder=FOLDER):
    """Text of lang_XX_packed.py: the strings of ``lang`` in ``order``."""
    table = source_table(lang, folder)
    starts, at = [], 0
    for key in order:
        if key not in table:
            raise ValueError("lang_%s.py: no string for key %r" % (lang, key))
        starts.append(at)
        at += len(table[key])
    starts.append(at)
    if at > 0xFFFF:
        raise ValueError("lang_%s.py: %d characters, more than 2-byte offsets hold" % (lang, at))
    blob = bytes(b for n in starts for b in (n & 0xFF, n >> 8))
    lines = [HEADER % ("lang_%s.py" % lang), '"""The %s strings packed (see i18n.py)."""\n' % lang, "TEXT = ("]
    lines += ["    %r  # %s" % (table[k], k) for k in order]
    lines.append(")")
    lines.append("STARTS = %r\n" % blob)
    return "\n".join(lines)


def outputs(folder=FOLDER):
    """{file name: text} of every file this tool makes."""
    order = keys(folder)
    out = {"lang_keys.py": keys_module(order)}
    for lang in LANGUAGES:
        out["lang_%s_packed.py" % lang] = packed_module(lang, order, folder)
    return out


def stale(folder=FOLDER):
    """Names of the made files that differ from what the sources give."""
    bad = []
    for name, text in sorted(outputs(folder).items()):
        path = os.path.join(folder, name)
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        bad.append(name)
    return bad


def main(argv):
    if argv[1:] == ["--check"]:
        bad = stale()
        for name in bad:
            print("stale: firmware/tallyboard/%s (run python tools/make_lang.py)" % name)
        return 1 if bad else 0
    if argv[1:]:
        print("usage: python tools/make_lang.py [--check]", file=sys.stderr)
        return 2
    for name, text in sorted(outputs().items()):
        with open(os.path.join(FOLDER, name), "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
