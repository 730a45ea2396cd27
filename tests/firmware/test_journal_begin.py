# SPDX-License-Identifier: MIT
"""Journal.begin: the press that starts a game gets its id at once; the
start record follows in the app's loop (Journal.idle), or before any other
journal call, and a failed one is said by the game's first entry."""

import pytest

from tallyboard.journal import Journal
from tallyboard.memfs import MemFS
from tricktally import new_game
from tricktally.record import to_record

NAMES = ["Ana", "Ben", "Cy"]


def fresh(fs):
    j = Journal(fs)
    j.boot()
    return j


def booted(fs):
    """{game id: record} of every game a fresh boot of ``fs`` finds."""
    return {s.game_id: to_record(s.game) for s in Journal(fs.reboot()).boot() if s.game is not None}


def test_begin_gives_new_games_id_and_idle_writes_the_start_record():
    fs = MemFS()
    j = fresh(fs)
    g = new_game("wizard", NAMES)
    assert j.new_game(new_game("spades", NAMES + ["Dee"]), 5) == 1
    gid = j.begin(g, 7)
    assert gid == 2 and "g0002.tj" not in fs.files  # nothing written by the press
    assert j.idle(1, 0) is None
    assert sorted(booted(fs)) == [1, 2] and booted(fs)[2] == to_record(g)
    g.enter("trump", None, "S")
    j.entry(gid, "trump", None, "S")
    assert booted(fs)[2] == to_record(g)


def test_an_entry_before_idle_writes_the_start_then_itself_once():
    fs = MemFS()
    j = fresh(fs)
    g = new_game("wizard", NAMES)
    gid = j.begin(g, None)
    g.enter("trump", None, "S")  # the core first, as App.enter does
    j.entry(gid, "trump", None, "S")
    record = booted(fs)[gid]
    assert record["current"] == [["trump", None, "S"]]
    assert fs.files["g0001.tl"].count(b' e ["trump"') == 1


def test_other_calls_see_the_begun_game():
    fs = MemFS()
    j = fresh(fs)
    gid = j.begin(new_game("hearts", NAMES), None)
    assert j.ids() == [gid]


def test_a_failed_start_record_is_said_by_the_first_entry_and_nothing_is_lost():
    fs = MemFS(capacity=10)  # no room for the start record
    j = fresh(fs)
    g = new_game("wizard", NAMES)
    gid = j.begin(g, None)
    assert j.idle(1, 0) is None  # never raises: the start stays due
    assert fs.files == {}
    g.enter("trump", None, "S")
    with pytest.raises(OSError):
        j.entry(gid, "trump", None, "S")
    g.undo()  # as App.enter does: memory and journal agree
    fs.capacity = None  # room made
    g.enter("trump", None, "H")
    j.entry(gid, "trump", None, "H")
    assert booted(fs)[gid] == to_record(g)
