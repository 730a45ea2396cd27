# SPDX-License-Identifier: MIT
"""Payload: scoring vectors replayed through the core.

Input (tt_data.json): one vector per line (read a line at a time: a board's
heap does not hold them all), ``{"name", "players", "dealer", "settings",
"entries": [[kind, seat, value], ...], "illegal": [...]}``.
Prints one JSON line per vector: ``replay_vector(v)`` (summary, record,
the record read back, the errors of the illegal entries). CPython tests
import ``replay_vector`` from here, so both sides run the same function.
"""

import json

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


def through_json(rec):
    """A record written as JSON text and read back."""
    return json.loads(json.dumps(rec))


def main():
    with open("tt_data.json") as f:
        for line in f:
            if line.strip():
                print(json.dumps(replay_vector(json.loads(line), through_json)))


if __name__ == "__main__":
    main()
