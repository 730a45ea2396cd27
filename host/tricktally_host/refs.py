# SPDX-License-Identifier: MIT
"""Game refs: the short names `tricktally games` lists and every command takes.

A ref is ``PREFIX-NUMBER``: the shortest prefix (4 characters or more) of
the board's device id that no other board's id shares, written without
dashes in capitals, then the game's number on that board (``E661-7``).

A board whose flash was wiped (or that was reflashed) numbers its games from
1 again, in a new journal folder with an id of its own (docs/JOURNAL.md,
"Folder id"). Its games are kept apart from the earlier ones, and a game
whose board and number an earlier stored game already has gets a mark, the
first characters of its folder id: ``E661.7F3A-1``. The first game stored
under a board and number never gets one, so a ref, once shown, keeps
naming the same game.

Pure functions over plain values: the database (db.py) gives the rows.
"""

import binascii
import re

REF_PREFIX = 4
MARK = 4
# A game number as a ref writes it: 0, or 1 to 12 digits without a leading 0.
_NUMBER = re.compile(r"(0|[1-9][0-9]{0,11})\Z")
# What marks a stored game of a board that had no folder id (an old board,
# or old firmware) when a game of the same number came first.
LEGACY_MARK = "0"


def ref_key(device_id):
    """What a ref's device part is compared with: the id without dashes (a
    dash separates the device from the number), case ignored."""
    return device_id.replace("-", "").upper()


def device_prefixes(devices):
    """device id -> its ref prefix, for the distinct ids ``devices``."""
    devices = list(devices)
    keys = {d: ref_key(d) for d in devices}
    out = {}
    for d in devices:
        k = keys[d]
        n = min(REF_PREFIX, len(k))
        while n < len(k) and any(o != d and keys[o].startswith(k[:n]) for o in devices):
            n += 1
        # An id of dashes alone has no key: a typable stand-in for it.
        out[d] = k[:n] if k else "D%08X" % (binascii.crc32(d.encode("utf-8", "replace")) & 0xFFFFFFFF)
    # Ids that differ only in case (or dashes) would share a prefix: theirs
    # is the id as it is, so every game keeps a ref of its own.
    by_ref = {}
    for d in devices:
        by_ref.setdefault(out[d], []).append(d)
    for same in by_ref.values():
        if len(same) > 1:
            for d in same:
                out[d] = d
    return out


def folder_marks(folders):
    """folder id -> its mark, for the distinct folder ids of one board:
    MARK characters or more, in capitals, as many as tell them apart."""
    folders = [f for f in folders if f]
    out = {"": LEGACY_MARK}
    for f in folders:
        k = f.upper()
        n = min(MARK, len(k))
        while n < len(k) and any(o != f and o.upper().startswith(k[:n]) for o in folders):
            n += 1
        out[f] = k[:n]
    return out


def ref_text(prefix, mark, number):
    """The ref of game ``number``: ``PREFIX-N``, or ``PREFIX.MARK-N`` with a mark."""
    return "%s%s-%d" % (prefix, "." + mark if mark else "", number)


def parse(text, max_number):
    """``(device part, number)`` of a ref (device part '' for a bare
    number); ValueError when the number is not one (1 to 12 digits, no
    sign, no leading 0, at most ``max_number``)."""
    device, sep, number = text.strip().rpartition("-")
    if not _NUMBER.match(number) or int(number) > max_number:
        raise ValueError(text)
    return device if sep else None, int(number)


def well_formed(device_part):
    """False for a device part no ref has: empty, or ending in a dash
    ("dev--1" is device "dev" and game -1, not a game)."""
    return bool(device_part) and not device_part.endswith("-")


def matches(device_part, device_id, folder, marked, marks):
    """True when a ref's ``device_part`` names this stored game (board
    ``device_id``, journal folder ``folder``, ``marked`` when its ref carries
    a mark; ``marks`` those of its board's folders)."""
    key = ref_key(device_part)
    if not marked and (device_part == device_id or ref_key(device_id).startswith(key)):
        return True
    if marked and "." in device_part:
        device, _, mark = device_part.rpartition(".")
        mark = mark.upper()
        if not mark or not (device == device_id or ref_key(device_id).startswith(ref_key(device))):
            return False
        return marks.get(folder) == mark or (folder.upper().startswith(mark) and folder != "")
    return False
