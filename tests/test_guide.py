# SPDX-License-Identifier: MIT
"""`make guide` draws one printable page per language from docs/guide/XX.md,
and each guide covers the buttons, entering a hand, undo and every game, in
the glossary's words (docs/GLOSSARY.md: none of the words the screens do
not use; Wizard's rounds amended as rounds)."""

import os
import re
import subprocess

import pytest
from PIL import Image

from tests import glossary
from tools import make_guide

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_make_guide_draws_one_page_per_language(tmp_path):
    out = tmp_path / "guide"
    run = subprocess.run(["make", "-s", "guide", "GUIDE_OUT=%s" % out], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    for lang in make_guide.LANGUAGES:
        with Image.open(out / ("guide-%s.png" % lang)) as page:
            assert page.size == make_guide.PAGE
            assert getattr(page, "n_frames", 1) == 1
            # ink on the page: the guide was drawn, not left blank
            assert page.convert("L").getextrema()[0] == 0
    pdf = (out / "guide.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == len(make_guide.LANGUAGES)


def test_a_guide_longer_than_a_page_is_refused():
    long = "# Title\n\n" + "\n\n".join("- a line of the guide, number %d" % i for i in range(80))
    with pytest.raises(make_guide.DoesNotFit):
        make_guide.draw_page(long, "long.md")


@pytest.mark.parametrize("lang", make_guide.LANGUAGES)
def test_each_guide_covers_buttons_hand_undo_and_every_game(lang):
    with open(os.path.join(ROOT, "docs", "guide", lang + ".md"), encoding="utf-8") as f:
        blocks = make_guide.parse(f.read())
    kinds = [k for k, _ in blocks]
    assert kinds.count("h1") == 1 and kinds.count("h2") == 4 and kinds.count("h3") == 3
    body = " ".join(text for _, text in blocks)
    for sign in ("▲", "▼", "◀", "▶", "OK", "BACK"):
        assert sign in body, (lang, sign)
    games = [text for kind, text in blocks if kind == "h3"]
    assert "Wizard" in games


@pytest.mark.parametrize("lang", make_guide.LANGUAGES)
def test_each_guide_uses_the_glossarys_words(lang):
    from tallyboard import lang_file

    with open(os.path.join(ROOT, "docs", "guide", lang + ".md"), encoding="utf-8") as f:
        text = f.read().replace("**", "")
    low = text.lower()
    found = ["%r (use %s: %s)" % (word, use, why) for word, use, why, pattern in glossary.rejected(lang) if pattern.search(low)]
    assert found == [], "docs/guide/%s.md: %s" % (lang, "; ".join(found))
    # The game menu's line that amends a Wizard round, as the board says it.
    assert lang_file.table(lang)["amend_round"] in text, lang
