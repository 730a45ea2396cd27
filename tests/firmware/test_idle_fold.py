# SPDX-License-Identifier: MIT
"""Issue 12: the board's main loop folds the journal's tail while the players
pause (App.work calls Journal.idle), waking for it after a quiet second
rather than sleeping until the next idle step, so the fold's flash erase
falls between presses."""

from tallyboard.journal import journal as jb
from tests.firmware.power_fakes import LoopSession


def test_the_loop_wakes_after_a_quiet_second_and_folds_the_tail():
    s = LoopSession(gap_ms=3000)
    s.start_game("spades", 4)
    app = s.app
    g = app.game
    st = app.journal._games[app.game_id]
    while st.tail <= jb._IDLE_FOLD:
        assert app.enter(g.kind, g.seat, g.legal_values()[0])
    tail, size = st.tail, st.size
    # One pass of the board's loop (App.run): the work after the last
    # press (a second from that press, less the time since)...
    slept = app.serve()
    assert 0 < slept <= jb._IDLE_MS
    # ...slept only that, not until the screen dims (60 s)
    assert s.power.waits[-1] == slept and st.tail == tail
    # and the next pass folds: the game file holds the tail's records
    app.serve()
    assert st.tail == 0 and st.size == size + tail
    # nothing more to wake for: the loop sleeps until the next idle step
    assert s.power.waits[-1] > 50 * jb._IDLE_MS
