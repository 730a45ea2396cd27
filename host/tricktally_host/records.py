# SPDX-License-Identifier: MIT
"""Reading game record files (format tricktally/1) on the PC, with clear errors.

Text from outside (a record file, a board's journal, a damaged database)
can hold what is not Unicode text: a lone surrogate (``"\\ud800"`` in JSON,
what a damaged or foreign flash can hold). Nothing on the PC could write it
out again (UTF-8 refuses it: the database, an export, a report), so every
record is made ``usable_text`` where it comes in: each lone surrogate is
kept as its escape, the six characters ``\\ud800``, so names stay
distinct and readable and nothing else changes.
"""

import json
import pathlib

from tricktally import RuleError
from tricktally.record import from_record


class RecordError(Exception):
    """A record file that cannot be read or breaks a rule; str() is one line."""


def load_record(path):
    """Read and check the record at ``path``; return (record dict, rebuilt game)."""
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError("%s: cannot read: %s" % (path, e.strerror or e)) from e
    except UnicodeDecodeError as e:
        raise RecordError("%s: not UTF-8 text (byte %d)" % (path, e.start)) from e
    try:
        record = usable_text(json.loads(text))
    except json.JSONDecodeError as e:
        raise RecordError("%s: not valid JSON: %s at line %d column %d" % (path, e.msg, e.lineno, e.colno)) from e
    except (ValueError, RecursionError) as e:
        # A number with thousands of digits, lists nested thousands deep.
        raise RecordError("%s: not a usable record: %s" % (path, _short(e))) from e
    return record, game_from_record(record, path)


def _usable_str(text):
    for ch in text:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            break
    else:
        return text
    return "".join("\\u%04x" % ord(ch) if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)


def usable_text(value):
    """``value`` (JSON data) with every lone surrogate in its text, keys
    included, written as its escape (``\\ud800``); the same object when
    there is none."""
    if isinstance(value, str):
        return _usable_str(value)
    if isinstance(value, list):
        items = [usable_text(v) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, dict):
        pairs = [(usable_text(k), usable_text(v)) for k, v in value.items()]
        if all(k is k0 and v is v0 for (k, v), (k0, v0) in zip(pairs, value.items())):
            return value
        return dict(pairs)
    return value


# What a record with absurd values or types makes the core raise, beside the
# RuleError of a broken rule.
_ABSURD = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError)


def game_from_record(record, source="record"):
    """Rebuild the game of ``record``; a rule broken, or a value of the
    wrong kind or size, becomes a RecordError (one line)."""
    if not isinstance(record, dict):
        raise RecordError("%s: a record must be a JSON object" % (source,))
    try:
        return from_record(record)
    except RuleError as e:
        raise RecordError("%s: %s" % (source, e)) from e
    except _ABSURD as e:
        raise RecordError("%s: not a usable record (%s: %s)" % (source, type(e).__name__, _short(e))) from e


def _short(e, limit=120):
    text = " ".join(str(e).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
