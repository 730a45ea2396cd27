# SPDX-License-Identifier: MIT
"""Club measures (issue 27, docs/CLUB.md "The board link").

- ``club.entry_to_commit_ms.p50`` / ``.p95`` / ``.max`` (goal p95 <= 1000:
  "the hub learns of a new entry within about a second"): the real
  firmware on the MicroPython unix port (tests/payloads/club_board.py)
  plays the longest game (tests/board_keys.py) with PACE_MS of real time
  between two presses, sending to the hub's board listener on localhost
  over a real socket into a SQLite database. For every record the board
  wrote, the time from the board's clock right after it (the press, or the
  loop pass that wrote it) to the hub's ``stored`` event of the first store
  whose journal holds it (the board's push of it, or a catch-up). That
  event comes once the store is committed, so the figure is an upper bound
  of entry to commit. Both clocks are the same host's wall clock.
- ``club.syncs_per_entry``: the hub's stored events over the records the
  board wrote (watch: one push a record, so 1 unless a push carried two).
"""

import json
import math
import tempfile
import threading
import pathlib

from tests import mpvm
from tests.board_keys import longest_game
from tests.club import KEY

GOALS = {"club.entry_to_commit_ms.p95": ("<=", 1000)}
PACE_MS = 150


def percentile(values, share):
    """Nearest-rank percentile of ``values`` (share 0..1)."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def latencies(pace_ms=PACE_MS):
    """(ms from each record to its storing, stored events, records)."""
    from tricktally_host.club.listener import BoardListener
    from tricktally_host.db import Database

    keys, _ = longest_game()
    events = []
    lock = threading.Lock()

    def on_event(event):
        with lock:
            events.append(event)

    with tempfile.TemporaryDirectory(prefix="tt-club-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        db_path = tmp / "hub.sqlite"
        with Database(db_path) as db:
            db.set_board_key("benchboard", KEY.hex())
        listener = BoardListener(db_path, host="127.0.0.1", port=0, on_event=on_event, spool=tmp / "spool")
        listener.start()
        try:
            data = {"keys": keys, "host": "127.0.0.1", "port": listener.address[1], "device": "benchboard",
                    "key": KEY.hex(), "pace_ms": pace_ms, "settle_s": 30}
            (tmp / "flash").mkdir()
            lines = mpvm.payload_lines("club_board", json.dumps(data), flash=str(tmp / "flash"))
        finally:
            listener.stop()
    end = [line["end"] for line in lines if "end" in line][0]
    if not end["acked"]:
        raise ValueError("the hub did not get the whole game: %r" % (end,))
    stored = [e for e in events if e["event"] == "stored"]
    entries = [line for line in lines if "entry" in line]
    out = []
    for entry in entries:
        first = [e["time"] for e in stored if e["game_id"] == entry["game"] and e["size"] >= entry["size"]]
        if not first:
            raise ValueError("record %d never stored" % entry["entry"])
        out.append((min(first) - entry["t"]) * 1000)
    return out, stored, entries


def measure():
    ms, stored, entries = latencies()
    return {
        "club.entry_to_commit_ms.p50": round(percentile(ms, 0.5), 1),
        "club.entry_to_commit_ms.p95": round(percentile(ms, 0.95), 1),
        "club.entry_to_commit_ms.max": round(max(ms), 1),
        "club.syncs_per_entry": round(len(stored) / len(entries), 2),
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
