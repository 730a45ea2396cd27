# SPDX-License-Identifier: MIT
"""docs/GLOSSARY.md as the tests read it: the words the screens do not use
(with what to use and why) and the one term of each concept.

``rejected(lang)``: [(word, use, why, pattern)], ``pattern`` a compiled
regular expression over lower-case text ("apuest-" matches every word that
starts with "apuest", "#" a number). ``concepts()``: [(concept, keys,
{lang: [terms]})].
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = os.path.join(ROOT, "docs", "GLOSSARY.md")


def _section(title):
    with open(PATH, encoding="utf-8") as f:
        text = f.read()
    start = text.find("\n## " + title + "\n")
    if start < 0:
        raise ValueError("docs/GLOSSARY.md has no section %r" % title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else len(text)]


def _rows(section):
    # The cells of each row of the section's table, header and rule left out.
    rows = []
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows[1:]


def pattern(word):
    """The regular expression of a glossary word (see the module's docstring)."""
    stem = word.endswith("-")
    w = word[:-1] if stem else word
    body = re.escape(w).replace(r"\#", r"\d+")
    head = r"(?<!\w)" if (w[0].isalnum() or w[0] == "#") else ""
    tail = r"(?!\w)" if not stem and (w[-1].isalnum() or w[-1] == "#") else ""
    return re.compile(head + body + tail)


def rejected(lang):
    """The words ``lang``'s screens do not use: [(word, use, why, pattern)]."""
    out = []
    for cells in _rows(_section("Words the screens do not use")):
        if len(cells) != 4:
            raise ValueError("GLOSSARY.md, words not used: a row needs 4 cells: %r" % cells)
        if cells[0] == lang:
            word = cells[1].lower()
            out.append((word, cells[2], cells[3], pattern(word)))
    return out


def concepts():
    """[(concept, [keys], {lang: [terms]})] of "One term per concept"."""
    out = []
    rows = _rows(_section("One term per concept (checked)"))
    for cells in rows:
        if len(cells) != 7:
            raise ValueError("GLOSSARY.md, one term per concept: a row needs 7 cells: %r" % cells)
        keys = [k.strip() for k in cells[1].split(",")]
        terms = {}
        for lang, cell in zip(("en", "es", "pt", "it", "fr"), cells[2:]):
            terms[lang] = [t.strip().lower() for t in cell.split(",")]
        out.append((cells[0], keys, terms))
    return out
