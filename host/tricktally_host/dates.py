# SPDX-License-Identifier: MIT
"""Dates on the PC: when a game started, and how every command shows it.

A game's start is Unix seconds, from the board's clock (record key
``created``) or ISO 8601 text (``started``). Only moments the board's clock
can hold count (after 1970, before 2100: its TIME request refuses later
ones); anything else (year 10000, 10**20, text, a float that is not a
number) means "date unknown", never an error, since a date is not needed to
score a game.

Every command shows a date the same way, in the user's local time:
``2026-11-28 08:52`` (``format_date``), or the day alone (``format_day``).
"""

import datetime
import math

# The board's clock takes 0..4102444800 (2100-01-01, link.py's TIME bound).
LATEST = 4102444800


def epoch_of(value):
    """``value`` as whole Unix seconds when it is a moment the board could
    have recorded (1 .. LATEST), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if not 0 < value <= LATEST:
        return None
    return int(value)


def started_of(record):
    """Start time of a record's game as Unix seconds, or None when unknown.

    Read from ``created`` (Unix seconds, what the board journals) or
    ``started`` (ISO 8601 text, local time when it names no offset)."""
    created = epoch_of(record.get("created"))
    if created is not None:
        return created
    value = record.get("started")
    if isinstance(value, str) and len(value) <= 64:
        try:
            moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
            if moment.tzinfo is None:
                moment = moment.astimezone()
            return epoch_of(moment.timestamp())
        except (ValueError, OverflowError, OSError):
            return None
    return None


def _local(seconds):
    seconds = epoch_of(seconds)
    if seconds is None:
        return None
    try:
        return datetime.datetime.fromtimestamp(seconds).astimezone()
    except (ValueError, OverflowError, OSError):
        return None


def format_date(seconds):
    """Local date and time of Unix seconds, ``YYYY-MM-DD HH:MM``; None when unknown."""
    moment = _local(seconds)
    return None if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def format_day(seconds):
    """Local day of Unix seconds, ``YYYY-MM-DD``; None when unknown."""
    moment = _local(seconds)
    return None if moment is None else moment.strftime("%Y-%m-%d")
