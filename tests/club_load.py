# SPDX-License-Identifier: MIT
"""A club's load on one hub (issue 27, "Done when"): ``boards`` enrolled
boards (tests/club_fleet.py) send a hand every ``every`` s for
``seconds`` to the hub's board listener in a process of its own
(tests/club_hub.py) over database ``url``, on 127.0.0.1; then the boards
run on until the hub has every byte (bounded), and the run is checked
(tests/club_check.py). Used by bench/club_load_bench.py (the issue's
figures) and tests/host/test_club_load.py (a short run, no timing)."""

import bisect
import time

from tests.club_check import compare, standings, stored_standings
from tests.club_fleet import Fleet, board_key, device_name
from tests.club_hub import HubProcess
from tricktally.record import to_record
from tricktally_host.db import Database


def enroll(url, count):
    """The fleet's keys in the hub's database (what `tricktally club
    enroll` records for each board)."""
    with Database(url) as db:
        for i in range(count):
            db.set_board_key(device_name(i), board_key(i).hex())


def stored_sizes(hub):
    """{(device, game id): sorted [(size, time)]} of the hub's stored events."""
    out = {}
    for e in hub.of("stored"):
        out.setdefault((e["device"], e["game_id"]), []).append((e["size"], e["time"]))
    for v in out.values():
        v.sort()
    return out


def caught_up(hub, fleet):
    """True when the hub's stored events cover every board's every game whole."""
    sizes = stored_sizes(hub)
    for b in fleet.boards:
        j = b.journal
        for gid in j.ids():
            got = sizes.get((b.device, gid))
            if not got or got[-1][0] < j.size(gid):
                return False
    return True


def latencies(hub, fleet):
    """(ms from each entry to the first stored event holding it, entries
    that no stored event holds)."""
    sizes = stored_sizes(hub)
    out, unheard = [], 0
    for b in fleet.boards:
        for gid, size, t in b.entries:
            got = sizes.get((b.device, gid), [])
            i = bisect.bisect_left(got, (size, 0))
            times = [when for _size, when in got[i:]]
            if not times:
                unheard += 1
                continue
            out.append((min(times) - t) * 1000)
    return out, unheard


def check(fleet, url):
    """The run's verdict: compare's counts, and whether the standings the
    hub's database gives equal a recompute from the boards' own games."""
    boards = {b.device: b.journals() for b in fleet.boards}
    result = compare(boards, url)
    entered = [to_record(g) for b in fleet.boards for g in b.games.values()]
    result["standings_equal"] = stored_standings(url, set(boards)) == standings(entered)
    result["players"] = len(standings(entered))
    return result


def run_load(url, boards=64, seconds=120.0, every=3.0, settle=120.0, on_pass=None, hub=None):
    """Play the load against a hub over ``url`` (started here unless
    ``hub``, a running HubProcess, is given) and check it. Returns
    (result dict, latencies in ms, the fleet, the hub)."""
    enroll(url, boards)
    own = hub is None
    if own:
        hub = HubProcess(url).start()
    fleet = Fleet(boards, hub.port)
    try:
        # The boards are on and joined before the night's first hand, as at
        # a club: what is timed is the hub under play, not 64 handshakes.
        joined = fleet.settle(lambda: all(b.link.seal is not None for b in fleet.boards), settle)
        start = time.monotonic()
        hands = fleet.play(seconds, every, on_pass=on_pass)
        played = time.monotonic() - start
        settled = fleet.settle(lambda: caught_up(hub, fleet), settle)
    finally:
        fleet.close()
        if own:
            hub.stop()
    ms, unheard = latencies(hub, fleet)
    result = check(fleet, url)
    result.update(joined=joined, hands=hands, played_s=round(played, 1), settled=settled, unheard=unheard,
                  entries=sum(len(b.entries) for b in fleet.boards))
    return result, ms, fleet, hub
