# SPDX-License-Identifier: MIT
"""The club's load, short (issue 27; the issue's 64 boards for 2 minutes
and its timing goal are bench/club_load_bench.py's): 8 enrolled boards on
CPython (tests/club_fleet.py) send a hand every 3 s for 20 s to the hub's
board listener in a process of its own (tests/club_hub.py), on each
backend. Nothing is lost or duplicated, every entry reached the hub, and
the standings the hub's database gives equal a recompute from what the
players entered. No timing is asserted."""

from tests.club_load import run_load


def test_a_short_club_load_loses_and_duplicates_nothing(db_target):
    result, ms, fleet, hub = run_load(db_target, boards=8, seconds=20.0, settle=60.0)
    assert result["joined"], "the boards did not all join the hub within 60 s"
    assert result["settled"], "the hub did not catch up within 60 s"
    # Every board played (about 6 hands each) and every one was heard.
    assert result["hands"] >= 8 * 5 and result["entries"] >= 8 * 5 * 8
    assert len(hub.of("connected")) == 8 and not hub.of("refused")
    assert result["missing"] == [] and result["differs"] == [] and result["unheard"] == 0
    assert result["duplicated"] == [] and result["extra"] == []
    assert result["games"] == result["stored"] >= 8
    assert result["entries_sent"] == result["entries_stored"] == result["entries"]
    assert len(ms) == result["entries"]
    assert result["standings_equal"] and result["players"] == 8 * 4
