# SPDX-License-Identifier: MIT
"""The docs stand on their own: every link in README.md and docs/ points to
a file inside the repository, and every worked example of docs/RULES.md
scores what the rules core scores."""

import os
import re

import pytest

from tricktally import new_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# [text](target) and ![alt](target); the target ends at a space or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
# Mentions of files outside the repository, linked or not.
OUTSIDE = re.compile(r"\.\./shared|/work/|\bDESIGN\.md")


def markdown_files():
    """README.md and every Markdown file under docs/ (paths from the root)."""
    out = ["README.md"]
    for dirpath, _, files in os.walk(os.path.join(ROOT, "docs")):
        for name in sorted(files):
            if name.endswith(".md"):
                out.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    return sorted(out)


def link_problems(path, body):
    """One line per link in ``body`` (a file at ``path``) that leaves the
    repository or names a file that is not there."""
    problems = []
    here = os.path.dirname(os.path.join(ROOT, path))
    for target in LINK.findall(body):
        if target.startswith("#"):
            continue
        if "://" in target or target.startswith("mailto:"):
            problems.append("%s: %s leaves the repository" % (path, target))
            continue
        file = os.path.normpath(os.path.join(here, target.split("#")[0]))
        if os.path.relpath(file, ROOT).startswith(".."):
            problems.append("%s: %s points outside the repository" % (path, target))
        elif not os.path.exists(file):
            problems.append("%s: %s is missing" % (path, target))
    for m in OUTSIDE.finditer(body):
        problems.append("%s: mentions %s, which is not in the repository" % (path, m.group(0)))
    return problems


def test_the_docs_are_found():
    files = markdown_files()
    for name in ("README.md", "docs/RULES.md", "docs/ARCHITECTURE.md", "docs/GLOSSARY.md"):
        assert name in files
    for lang in ("en", "es", "pt", "it", "fr"):
        assert "docs/guide/%s.md" % lang in files


@pytest.mark.parametrize("path", markdown_files())
def test_links_stay_inside_the_repository(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        body = f.read()
    assert link_problems(path, body) == []


def test_the_link_check_catches_bad_links():
    body = "[a](../shared/RULES.md) [b](https://example.org) [c](docs/NOPE.md) [d](docs/RULES.md) [e](#top)"
    problems = link_problems("README.md", body)
    assert len(problems) == 4, problems  # ../shared twice (link, mention), the URL, the missing file
    assert not any("docs/RULES.md " in p for p in problems)


# ----- worked examples of docs/RULES.md ------------------------------------


def examples():
    """Rows of the worked-examples table: (name, game, settings, hands, scores)."""
    with open(os.path.join(ROOT, "docs", "RULES.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("| example | game | settings | hands | scores of the last hand |")
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        name, game, settings, hands, scores = [c.strip() for c in line.strip("|").split("|")]
        rows.append((name, game, _settings(settings), _hands(hands), [int(v) for v in scores.split()]))
    return rows


def _settings(cell):
    out = {}
    if cell != "-":
        for item in cell.split(","):
            key, value = item.strip().split("=")
            out[key] = {"true": True, "false": False}.get(value, value)
    return out


def _hands(cell):
    # "bid 7 2 2 2, tricks 7 2 2 2 / ..." -> [{"bid": [...], "tricks": [...]}, ...]
    hands = []
    for hand in cell.split("/"):
        values = {}
        for part in hand.split(","):
            words = part.split()
            numbers = [int(w) for w in words[1:]]
            values[words[0]] = numbers if len(numbers) > 1 else numbers[0]
        hands.append(values)
    return hands


def test_rules_has_worked_examples_of_every_game():
    games = [row[1] for row in examples()]
    assert {"spades", "wizard", "hearts"} <= set(games) and len(games) >= 10


@pytest.mark.parametrize("row", examples(), ids=lambda row: row[0])
def test_worked_example_scores_what_the_core_scores(row):
    name, game, settings, hands, scores = row
    g = new_game(game, ["Ana", "Ben", "Cy", "Dee"], 0, settings)
    for values in hands:
        count = len(g.hands)
        while len(g.hands) == count:
            kind, seat = g.kind, g.seat
            g.enter(kind, seat, values[kind] if seat is None else values[kind][seat])
    assert list(g.hands[-1].scores) == scores
