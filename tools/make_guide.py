# SPDX-License-Identifier: MIT
"""Draw the quick guides (docs/guide/XX.md) as printable A4 pages.

    .venv/bin/python tools/make_guide.py [SOURCE_DIR [OUT_DIR]]

(or ``make guide``). Writes OUT_DIR/guide-XX.png for each language (A4 at
150 dpi) and OUT_DIR/guide.pdf holding the same pages, one per language.
A guide that does not fit on one page is an error: the guide is meant to
lie on the table, one sheet per language.

Only the Markdown the guides use is understood: "#", "##" and "###"
headings, "- " bullets, paragraphs, and **bold** inside a line.
"""

import os
import sys

import matplotlib
from PIL import Image, ImageDraw, ImageFont

LANGUAGES = ("en", "es", "pt", "it", "fr")
DPI = 150
PAGE = (1240, 1754)  # A4 at 150 dpi
MARGIN = 90
BULLET_INDENT = 34
STYLES = {  # line kind -> (font size in px, bold, space above in px)
    "h1": (44, True, 0),
    "h2": (30, True, 26),
    "h3": (25, True, 14),
    "p": (21, False, 8),
    "li": (21, False, 4),
}


class DoesNotFit(ValueError):
    """A guide is longer than one page."""


def _fonts():
    folder = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    cache = {}

    def font(size, bold):
        key = (size, bold)
        if key not in cache:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            cache[key] = ImageFont.truetype(os.path.join(folder, name), size)
        return cache[key]

    return font


def parse(markdown):
    """Blocks of the guide: (kind, text) with kind h1, h2, h3, p or li."""
    blocks = []
    for line in markdown.splitlines():
        line = line.strip()
        if not line:
            continue
        for mark, kind in (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("- ", "li")):
            if line.startswith(mark):
                blocks.append((kind, line[len(mark):]))
                break
        else:
            blocks.append(("p", line))
    return blocks


def _runs(text, bold):
    # "a **b**, c" -> [("a", False, False), ("b", True, False), (",", False, True),
    # ("c", False, False)]: word, bold, glued to the word before (no space).
    words = []
    parts = text.split("**")
    for i, part in enumerate(parts):
        glue = bool(words) and part[:1] not in ("", " ") and not parts[i - 1][-1:] == " "
        for word in part.split():
            words.append((word, bold or i % 2 == 1, glue))
            glue = False
    return words


def draw_page(markdown, label):
    """One A4 page (a PIL image) for a guide; raises DoesNotFit when the
    text runs past the bottom margin."""
    font = _fonts()
    page = Image.new("L", PAGE, 255)
    pen = ImageDraw.Draw(page)
    bottom = PAGE[1] - MARGIN
    y = MARGIN
    for kind, body in parse(markdown):
        size, bold, above = STYLES[kind]
        y += above
        left = MARGIN + (BULLET_INDENT if kind == "li" else 0)
        if kind == "li":
            pen.text((MARGIN + 8, y), "\u2022", font=font(size, False), fill=0)
        x = left
        line_height = int(size * 1.35)
        space = font(size, False).getlength(" ")
        for word, strong, glued in _runs(body, bold):
            f = font(size, strong)
            w = f.getlength(word)
            if glued:
                x -= space
            elif x > left and x + w > PAGE[0] - MARGIN:
                x = left
                y += line_height
            pen.text((x, y), word, font=f, fill=0)
            x += w + space
        y += line_height
        if kind == "h1":
            y += 4
            pen.line((MARGIN, y, PAGE[0] - MARGIN, y), fill=0, width=2)
            y += 6
        if y > bottom:
            raise DoesNotFit("%s does not fit on one page (it runs %d px past the margin)" % (label, y - bottom))
    pen.text((MARGIN, PAGE[1] - MARGIN + 30), label, font=font(16, False), fill=110)
    return page


def build(source, out):
    """Draw every language's guide from ``source`` into ``out``; returns the
    paths written (one PNG per language, then the PDF)."""
    os.makedirs(out, exist_ok=True)
    pages = []
    written = []
    for lang in LANGUAGES:
        path = os.path.join(source, lang + ".md")
        with open(path, encoding="utf-8") as f:
            page = draw_page(f.read(), "TrickTally \u00b7 docs/guide/%s.md" % lang)
        png = os.path.join(out, "guide-%s.png" % lang)
        page.save(png, dpi=(DPI, DPI))
        pages.append(page.convert("RGB"))
        written.append(png)
    pdf = os.path.join(out, "guide.pdf")
    pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=DPI)
    written.append(pdf)
    return written


def main(argv):
    source = argv[1] if len(argv) > 1 else os.path.join("docs", "guide")
    out = argv[2] if len(argv) > 2 else os.path.join("build", "guide")
    try:
        for path in build(source, out):
            print(path)
    except (OSError, DoesNotFit) as e:
        print("make_guide: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
