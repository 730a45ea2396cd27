# SPDX-License-Identifier: MIT
"""Text from records and boards shown on a terminal, verbatim and safely.

Player names and device ids come from the board or from record files: they
may look like rich markup (``[/]``, ``[b]x``) or hold control characters
(an ESC that starts a terminal escape sequence, a carriage return that
overwrites the line, bidi overrides that reorder it). Everything shown goes
through here: markup is never interpreted (rich ``Text`` objects, or
``rich.markup.escape`` inside a markup string), and every control character
is shown as a visible escape (``\\x1b``), so what prints is exactly the
name, character by character, and the terminal only ever receives printable
text.
"""

import json
import unicodedata

from rich.markup import escape
from rich.text import Text

# Format characters that reorder or hide text on a terminal (bidi embeddings,
# overrides and isolates, the BOM): shown as escapes like control characters.
_HIDDEN = frozenset(
    [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0xFEFF]
    + list(range(0x202A, 0x202F))
    + list(range(0x2066, 0x206A))
)


def _unsafe(ch):
    o = ord(ch)
    return o < 0x20 or 0x7F <= o <= 0x9F or o in _HIDDEN or unicodedata.category(ch) in ("Cs", "Co", "Cn")


def unsafe(ch):
    """True for a control or hidden character (one ``visible`` escapes)."""
    return _unsafe(ch)


def _escape_char(ch):
    o = ord(ch)
    if o <= 0xFF:
        return "\\x%02x" % o
    if o <= 0xFFFF:
        return "\\u%04x" % o
    return "\\U%08x" % o


def visible(text):
    """``text`` with every control or hidden character written as an escape."""
    text = str(text)
    if not any(_unsafe(ch) for ch in text):
        return text
    return "".join(_escape_char(ch) if _unsafe(ch) else ch for ch in text)


def one_line(text):
    """``text`` fit for one line of a message: controls escaped (newlines too)."""
    return visible(text)


def safe(text, style=None):
    """A rich Text showing ``text`` verbatim: no markup, controls escaped."""
    return Text(visible(text), style=style or "")


def markup(text):
    """``text`` for use inside a rich markup string: escaped markup, visible controls."""
    return escape(visible(text))


def json_text(obj, **kwargs):
    """``json.dumps(obj, ensure_ascii=False, ...)`` with control and hidden
    characters escaped (``\\u009b``), so printing it cannot drive the terminal."""
    text = json.dumps(obj, ensure_ascii=False, **kwargs)
    if not any(_unsafe(ch) and ch not in "\n" for ch in text):
        return text
    return "".join("\\u%04x" % ord(ch) if _unsafe(ch) and ch != "\n" and ord(ch) <= 0xFFFF else ch for ch in text)
