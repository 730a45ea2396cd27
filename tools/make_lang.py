# SPDX-License-Identifier: MIT
"""Pack the screen strings for the board.

Translators edit ``firmware/tallyboard/lang_XX.py`` (a readable dict ``S``
per language). The board reads what this tool makes from them instead,
``lang_XX.bin`` per language, from its flash one string at a time (the
format: tallyboard/i18n.py). Every table has the English table's keys.

``python tools/make_lang.py`` writes the files; ``--check`` only says which
are stale (the tests do the same).
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "firmware", "tallyboard")
sys.path.insert(0, os.path.join(ROOT, "firmware"))
from tallyboard.lang_file import LANGUAGES, key_hash  # noqa: E402  (the board's languages and hash)


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


def packed(lang, order, folder=FOLDER):
    """The bytes of lang_XX.bin: the strings of ``lang`` for the keys ``order``."""
    table = source_table(lang, folder)
    by_hash = {}
    for key in order:
        if key not in table:
            raise ValueError("lang_%s.py: no string for key %r" % (lang, key))
        h = key_hash(key)
        if h in by_hash:
            raise ValueError("keys %r and %r have the same hash: rename one" % (by_hash[h], key))
        by_hash[h] = key
    hashes = sorted(by_hash)
    records = [(by_hash[h] + "\n" + table[by_hash[h]]).encode("utf-8") for h in hashes]
    starts, at = [], 0
    for record in records:
        starts.append(at)
        at += len(record)
    starts.append(at)
    if at > 0xFFFF:
        raise ValueError("lang_%s.py: %d bytes of strings, more than 2-byte offsets hold" % (lang, at))
    out = bytearray(len(hashes).to_bytes(2, "little"))
    for h in hashes:
        out += h.to_bytes(3, "little")
    for n in starts:
        out += n.to_bytes(2, "little")
    for record in records:
        out += record
    return bytes(out)


def outputs(folder=FOLDER):
    """{file name: bytes} of every file this tool makes."""
    order = keys(folder)
    return {"lang_%s.bin" % lang: packed(lang, order, folder) for lang in LANGUAGES}


def stale(folder=FOLDER):
    """Names of the made files that differ from what the sources give."""
    bad = []
    for name, text in sorted(outputs(folder).items()):
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as f:
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
        with open(os.path.join(FOLDER, name), "wb") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
