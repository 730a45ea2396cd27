# SPDX-License-Identifier: MIT
"""The terminal picture of the simulated board: the sharpest drawing of the
OLED the terminal holds, framed, with the key help and a status line.

Three drawings, the largest that fits (``pick_mode``):

- ``2x``: each pixel two cells wide and one high (half blocks at twice the
  size), 258x69 with the frame, help and status;
- ``half blocks``: two pixel rows a character (▀ ▄ █), 130x37;
- ``Braille``: 2x4 pixels a character, 66x21 (fits 80x24).

A smaller terminal gets one line saying how big it needs to be.

Inverted areas (the title bar, a highlighted row, the player asked) are
drawn in reverse video with their dark pixels as the dots: in Braille an
inverted row then reads as dark dots on a light bar, as on the OLED, not
as a dense block of dots. The title bar (page 0) is reversed in another
colour, so the highlighted first row right under it stands apart.
"""

from tricktally_host.sim import keys, render

WIDTH = 128
HEIGHT = 64

BRAILLE = "Braille"
HALF = "half blocks"
DOUBLE = "2x"
# Each mode's drawing in cells (columns, lines), largest first.
MODES = ((DOUBLE, 2 * WIDTH, HEIGHT), (HALF, WIDTH, HEIGHT // 2), (BRAILLE, WIDTH // 2, HEIGHT // 4))

# Cell styles: plain, reverse video, reverse video in the title's colour.
PLAIN = 0
INVERSE = 1
TITLE = 2
SGR = {PLAIN: "\x1b[0m", INVERSE: "\x1b[0;7m", TITLE: "\x1b[0;36;7m"}
TITLE_ROWS = 8  # the title bar is page 0 (tallyboard.ui.widgets.title)

# Finding the inverted areas from the pixels alone (the firmware draws
# them as filled rectangles at least 8 rows high with the text cut out):
# a 2x4 cell is inverted when, across the 8 columns around it, over half
# its pixels are lit and at least 2 of its 4 rows are mostly lit (an
# underline is one row); then gaps of up to 2 cells in a run are filled,
# runs of 2 cells or fewer dropped, a cell with no inverted cell above or
# below it dropped (a rectangle 8 rows high covers two bands), and a cell
# with 7 or 8 of its pixels lit beside a run joins it (a rectangle's edge
# off the 2-column grid). On the README's 31 screens this finds the
# firmware's rectangles to within 3 of 31,744 cells (tests/host/test_sim_picture.py).
_BAND = 4
_SPAN = 8
_GAP = 2
_SHORT = 2
_EDGE = 7


def size_needed(mode):
    """``(columns, lines)`` the mode's frame, key help and status take."""
    for name, cols, lines in MODES:
        if name == mode:
            return cols + 2, lines + 2 + len(keys.HELP_LINES) + 1
    raise ValueError("no picture mode %r" % mode)


def pick_mode(columns, lines):
    """The largest mode that fits a ``columns`` x ``lines`` terminal, or None."""
    for name, _, _ in MODES:
        need_cols, need_lines = size_needed(name)
        if columns >= need_cols and lines >= need_lines:
            return name
    return None


def inverted_mask(rows):
    """``mask[band][pair]``: whether the 2x4 cell at pixel column ``2 * pair``,
    row ``4 * band`` of ``rows`` (render.pixel_rows) lies in an inverted area."""
    raw = [[_mostly_lit(rows, y, x) for x in range(0, WIDTH, 2)] for y in range(0, HEIGHT, _BAND)]
    runs = [_clean_runs(line) for line in raw]
    bands = len(runs)
    tall = [
        [on and ((b > 0 and runs[b - 1][p]) or (b + 1 < bands and runs[b + 1][p])) for p, on in enumerate(line)]
        for b, line in enumerate(runs)
    ]
    mask = [line[:] for line in tall]
    for b, line in enumerate(tall):
        for p, on in enumerate(line):
            beside = (p > 0 and line[p - 1]) or (p + 1 < len(line) and line[p + 1])
            if not on and beside and _cell_lit(rows, _BAND * b, 2 * p) >= _EDGE:
                mask[b][p] = True
    return mask


def _mostly_lit(rows, y, x):
    lo = max(0, x - (_SPAN - 2) // 2)
    hi = min(WIDTH, lo + _SPAN)
    counts = [sum(rows[y + r][lo:hi]) for r in range(_BAND)]
    lit_rows = sum(1 for c in counts if 2 * c > hi - lo)
    return lit_rows >= 2 and 2 * sum(counts) > _BAND * (hi - lo)


def _cell_lit(rows, y, x):
    return sum(rows[y + r][x] + rows[y + r][x + 1] for r in range(_BAND))


def _clean_runs(line):
    """Short gaps in a run of inverted cells filled, short runs dropped."""
    line = line[:]
    for want, longest in ((False, _GAP), (True, _SHORT)):
        i = 0
        while i < len(line):
            if line[i] != want:
                i += 1
                continue
            j = i
            while j < len(line) and line[j] == want:
                j += 1
            inner = i > 0 and j < len(line)
            if j - i <= longest and (want or inner):
                line[i:j] = [not want] * (j - i)
            i = j
    return line


def cells(gddram, mode):
    """The drawing as lines of ``(character, style)`` cells."""
    rows = render.pixel_rows(gddram, WIDTH, HEIGHT)
    mask = inverted_mask(rows)

    def style(x, y):
        if not mask[y // _BAND][x // 2]:
            return PLAIN
        return TITLE if y < TITLE_ROWS else INVERSE

    out = []
    if mode == BRAILLE:
        for y in range(0, HEIGHT, 4):
            line = []
            for x in range(0, WIDTH, 2):
                s = style(x, y)
                line.append((render.braille_char(rows, x, y, s != PLAIN), s))
            out.append(line)
    elif mode == HALF:
        for y in range(0, HEIGHT, 2):
            line = []
            for x in range(WIDTH):
                s = style(x, y)
                line.append((render.half_char(rows, x, y, s != PLAIN), s))
            out.append(line)
    elif mode == DOUBLE:
        for y in range(HEIGHT):
            line = []
            for x in range(WIDTH):
                s = style(x, y)
                ch = render.FULL if rows[y][x] != (s != PLAIN) else " "
                line.append((ch, s))
                line.append((ch, s))
            out.append(line)
    else:
        raise ValueError("no picture mode %r" % mode)
    return out


def fit(text, columns):
    """``text`` cut to ``columns`` characters, with … where it was cut."""
    if len(text) <= columns:
        return text
    return text[: max(0, columns - 1)] + "\u2026"


def too_small(columns, lines):
    """The one line a terminal too small for any picture gets."""
    need_cols, need_lines = size_needed(BRAILLE)
    return fit(
        "The board needs a terminal of %dx%d or more; this one is %dx%d." % (need_cols, need_lines, columns, lines),
        columns,
    )


def layout(gddram, columns, lines, status=""):
    """The whole terminal picture for a ``columns`` x ``lines`` terminal:
    ``(mode, rows)``, each row a list of ``(text, style)`` runs. ``mode`` is
    None when the terminal is too small (one row saying so)."""
    mode = pick_mode(columns, lines)
    if mode is None:
        return None, [[(too_small(columns, lines), PLAIN)]]
    picture = cells(gddram, mode)
    border = "+" + "-" * len(picture[0]) + "+"
    rows = [[(border, PLAIN)]]
    for line in picture:
        rows.append([("|", PLAIN)] + _runs(line) + [("|", PLAIN)])
    rows.append([(border, PLAIN)])
    rows.extend([(h, PLAIN)] for h in keys.HELP_LINES)
    if status:
        rows.append([(fit(status, columns), PLAIN)])
    return mode, rows


def _runs(line):
    """Cells joined into runs of one style."""
    runs = []
    for ch, s in line:
        if runs and runs[-1][1] == s:
            runs[-1] = (runs[-1][0] + ch, s)
        else:
            runs.append((ch, s))
    return runs


def plain_lines(rows):
    """The rows as text alone (no styles)."""
    return ["".join(text for text, _ in row) for row in rows]


def ansi(rows, columns):
    """Escape codes that draw ``rows`` from the top left corner: each row
    placed at its own line (nothing ever scrolls), the rest of the line
    cleared when the row is shorter than the terminal."""
    out = []
    for i, row in enumerate(rows):
        out.append("\x1b[%d;1H" % (i + 1))
        width = 0
        for text, style in row:
            out.append(SGR[style] + text)
            width += len(text)
        out.append(SGR[PLAIN])
        if width < columns:
            out.append("\x1b[K")
    return "".join(out)
