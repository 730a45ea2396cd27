# SPDX-License-Identifier: MIT
"""Buttons: first-edge press, bounce ignored, long press, auto-repeat."""

import pytest

from tallyboard.buttons import (BACK, DOWN, LEFT, LONG, NAMES, OK, PRESS, REPEAT, RIGHT, UP,
                                Buttons, ticks_diff)


class Rig:
    """Fake pins and a fake millisecond clock."""

    def __init__(self, **kw):
        self.now = 1000
        self.held = {n: False for n in NAMES}
        sources = {n: (lambda n=n: self.held[n]) for n in NAMES}
        self.b = Buttons(sources, lambda: self.now, **kw)

    def run(self, until, step=5):
        """Poll every ``step`` ms up to ``until``; return (time, event) list."""
        out = []
        while self.now < until:
            self.now += step
            ev = self.b.poll()
            if ev:
                out.append((self.now, ev))
        return out

    def events(self, until, step=5):
        return [ev for _, ev in self.run(until, step)]


def test_names_and_kinds():
    assert (UP, DOWN, LEFT, RIGHT, OK, BACK) == ("up", "down", "left", "right", "ok", "back")
    assert (PRESS, LONG, REPEAT) == (1, 2, 3)


def test_press_acts_on_the_first_edge():
    r = Rig()
    r.held[OK] = True
    r.now += 1
    assert r.b.poll() == (OK, PRESS)
    r.held[OK] = False
    assert r.events(1200) == []


def test_bounce_is_ignored():
    r = Rig()
    # Contacts chatter for 30 ms on press and on release.
    out = []
    for t in range(0, 30, 2):
        r.held[OK] = (t // 2) % 2 == 0
        r.now += 2
        ev = r.b.poll()
        if ev:
            out.append(ev)
    r.held[OK] = True
    out += r.events(r.now + 100)
    for t in range(0, 30, 2):
        r.held[OK] = (t // 2) % 2 == 1
        r.now += 2
        ev = r.b.poll()
        if ev:
            out.append(ev)
    r.held[OK] = False
    out += r.events(r.now + 200)
    assert out == [(OK, PRESS)]


def test_two_quick_presses_after_debounce_both_count():
    r = Rig()
    out = []
    for _ in range(2):
        r.held[UP] = True
        out += r.events(r.now + 80)
        r.held[UP] = False
        out += r.events(r.now + 80)
    assert out == [(UP, PRESS), (UP, PRESS)]


def test_long_press_fires_once():
    r = Rig()
    r.held[OK] = True
    got = r.run(r.now + 3000)
    assert [ev for _, ev in got] == [(OK, PRESS), (OK, LONG)]
    press_t, long_t = got[0][0], got[1][0]
    assert 700 <= long_t - press_t < 710
    r.held[OK] = False
    assert r.events(r.now + 500) == []


@pytest.mark.parametrize("name", [BACK, LEFT, RIGHT])
def test_long_press_on_other_buttons(name):
    r = Rig()
    r.held[name] = True
    assert r.events(r.now + 1000) == [(name, PRESS), (name, LONG)]


def test_short_press_is_not_long():
    r = Rig()
    r.held[BACK] = True
    out = r.events(r.now + 300)
    r.held[BACK] = False
    out += r.events(r.now + 1000)
    assert out == [(BACK, PRESS)]


def test_held_up_repeats():
    r = Rig()
    r.held[DOWN] = True
    got = r.run(r.now + 1000)
    kinds = [ev for _, ev in got]
    times = [t for t, _ in got]
    assert kinds[0] == (DOWN, PRESS)
    assert all(ev == (DOWN, REPEAT) for ev in kinds[1:])
    assert 400 <= times[1] - times[0] < 405  # first repeat after the delay
    gaps = [b - a for a, b in zip(times[1:], times[2:])]
    assert gaps and all(118 <= g <= 125 for g in gaps)
    # one PRESS, then a REPEAT at +400, +520, ... up to now; no LONG for up/down
    assert len(kinds) == 1 + (r.now - times[0] - 400) // 120 + 1


def test_slow_polling_does_not_burst_repeats():
    r = Rig()
    r.held[UP] = True
    r.now += 1
    assert r.b.poll() == (UP, PRESS)
    r.now += 2000  # the app was busy
    assert r.b.poll() == (UP, REPEAT)
    assert r.b.poll() is None
    r.now += 120
    assert r.b.poll() == (UP, REPEAT)


def test_multiple_buttons_each_get_their_events():
    r = Rig()
    r.held[UP] = True
    r.held[OK] = True
    r.now += 1
    first = r.b.poll()
    second = r.b.poll()
    assert {first, second} == {(UP, PRESS), (OK, PRESS)}
    assert r.b.poll() is None
    r.held[UP] = False
    out = r.events(r.now + 800)
    assert out == [(OK, LONG)]


def test_events_of_one_poll_come_first_then_the_buttons_are_sampled_again():
    r = Rig()
    r.held[UP] = r.held[DOWN] = r.held[OK] = True
    r.now += 1
    # found together, returned in button order, one per call, before any
    # new sampling (OK's release is not seen until they are out)
    assert r.b.poll() == (UP, PRESS)
    r.held[OK] = False
    r.now += 60
    assert r.b.poll() == (DOWN, PRESS) and r.b.busy()
    assert r.b.poll() == (OK, PRESS)
    assert r.b.poll() is None  # now sampled: OK released, nothing new


def test_a_button_of_another_name_gives_long_not_repeat():
    now = [0]
    held = {"menu": False}
    b = Buttons({"menu": lambda: held["menu"]}, lambda: now[0])
    held["menu"] = True
    out = []
    for _ in range(300):
        now[0] += 5
        ev = b.poll()
        if ev:
            out.append(ev)
    assert out == [("menu", PRESS), ("menu", LONG)]


def test_button_held_at_start_waits_for_a_new_press():
    now = [0]
    held = {"ok": True}
    b = Buttons({"ok": lambda: held["ok"]}, lambda: now[0])
    now[0] = 10
    assert b.poll() is None
    held["ok"] = False
    now[0] = 100
    assert b.poll() is None
    held["ok"] = True
    now[0] = 200
    assert b.poll() == ("ok", PRESS)


def test_poll_returns_the_same_tuples():
    r = Rig()
    seen = []
    for _ in range(3):
        r.held[OK] = True
        seen += r.events(r.now + 100)
        r.held[OK] = False
        r.events(r.now + 100)
    assert seen[0] is seen[1] is seen[2]


def test_clock_wrap_around():
    assert ticks_diff(5, (1 << 30) - 5) == 10
    now = [(1 << 30) - 100]
    held = {"up": False}
    b = Buttons({"up": lambda: held["up"]}, lambda: now[0])
    held["up"] = True
    now[0] += 1
    assert b.poll() == ("up", PRESS)
    now[0] = 350  # wrapped: 451 ms later
    assert b.poll() == ("up", REPEAT)


def test_bad_configuration_is_refused():
    with pytest.raises(ValueError, match="callable"):
        Buttons({"ok": 3}, lambda: 0)
    with pytest.raises(ValueError, match="at least one"):
        Buttons({}, lambda: 0)
    with pytest.raises(ValueError, match="repeat_ms"):
        Buttons({"ok": lambda: False}, lambda: 0, repeat_ms=0)


BUTTONS_VM = r'''
import micropython
from tallyboard.buttons import Buttons
t = [0]
held = {"up": False, "ok": False}
b = Buttons({"up": lambda: held["up"], "ok": lambda: held["ok"]}, lambda: t[0])
def script():
    out = []
    for step in range(400):
        t[0] += 5
        held["up"] = 20 <= step < 200 and not (22 <= step < 25)
        held["ok"] = 250 <= step < 420
        ev = b.poll()
        if ev:
            out.append(ev)
    return out
def measure():
    c0 = micropython.mem_current()
    for i in range(200):
        t[0] += 5
        b.poll()
    c1 = micropython.mem_current()
    return c1 - c0
print(script())
print(measure())
'''


def test_buttons_on_micropython_match_cpython():
    from tests.mpvm import run_micropython

    out = run_micropython(BUTTONS_VM).split("\n")
    t = [0]
    held = {"up": False, "ok": False}
    b = Buttons({"up": lambda: held["up"], "ok": lambda: held["ok"]}, lambda: t[0])
    expected = []
    for step in range(400):
        t[0] += 5
        held["up"] = 20 <= step < 200 and not (22 <= step < 25)
        held["ok"] = 250 <= step < 420
        ev = b.poll()
        if ev:
            expected.append(ev)
    assert out[0] == repr(expected)
    assert int(out[1]) == 0, "poll() allocated %s bytes" % out[1]
