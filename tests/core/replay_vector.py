# SPDX-License-Identifier: MIT
"""Replays one scoring vector through the core: runs unchanged on CPython and
on the MicroPython VM (its source is sent to the VM as is)."""

from tricktally import RuleError, new_game
from tricktally.record import from_record, summary, to_record


def replay_vector(v, roundtrip):
    """Enter ``v['entries']``, then try ``v['illegal']``; return the summary,
    the record, the summary of the record read back through ``roundtrip``
    (a function record -> record, e.g. through JSON text) and the errors."""
    g = new_game(v["name"], v["players"], v["dealer"], v["settings"])
    for kind, seat, value in v["entries"]:
        g.enter(kind, seat, value)
    errors = []
    for kind, seat, value in v["illegal"]:
        try:
            g.enter(kind, seat, value)
            errors.append(None)
        except RuleError as e:
            errors.append([e.hand, e.seat, e.rule])
    rec = to_record(g)
    again = summary(from_record(roundtrip(rec)))
    return {"summary": summary(g), "record": rec, "again": again, "errors": errors}
