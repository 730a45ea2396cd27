# SPDX-License-Identifier: MIT
"""Power cuts on MemFS: cut at every write of a scripted game of each kind,
tear every append at every byte offset, cut the boot's own repairs, and
check after each that every confirmed entry is there (0 lost, 0 failed
boots) and that the game carries on to the same end."""

import pytest

from tallyfakes.memfs import MemFS
from tallyboard.journal.journal import Journal
from tests.firmware import journal_harness as h


@pytest.fixture(scope="module", params=sorted(h.SCRIPTS))
def played(request):
    ops = h.script(request.param)
    states, writes, fs = h.reference(ops)
    return request.param, ops, states, writes


def test_scripts_exercise_what_each_game_can_get_wrong(played):
    name, ops, states, writes = played
    kinds = set(op[0] for op in ops)
    assert {"new", "e", "u", "a", "x", "sync"} <= kinds
    entries = [op for op in ops if op[0] == "e"]
    record = states[-1][0]
    if name == "spades":
        bids = set(op[3] for op in entries if op[1] == "bid")
        assert {-1, 0} <= bids  # blind nil and nil
        assert record["settings"]["partners"] and record["settings"]["bags"]
        # Bags went past 10 somewhere: the penalty path was replayed.
        game = Journal(h.reference(ops)[2]).boot()[0].game
        counts = [h_.bags for h_ in game.hands]
        assert any(counts[i][s] < counts[i - 1][s] for i in range(1, len(counts)) for s in range(2))
    if name == "wizard":
        assert [op for op in entries if op[1] == "trump"]
        assert record["settings"]["even_bids"] == "canadian"
    if name == "hearts":
        moons = set(op[3] for op in entries if op[1] == "moon")
        assert moons == {"others_plus", "self_minus"}
        assert [op for op in entries if op[1] == "jack"]


def test_cut_at_every_write_then_carry_on(played):
    name, ops, states, writes = played
    tally = h.memfs_cuts(ops, states, writes, every_byte=False, carry_on=True, boot_cuts=True)
    assert tally.cuts >= 4 * len(ops)
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_tear_every_append_at_every_byte(played):
    name, ops, states, writes = played
    tally = h.tear_sweep(ops, states)
    appends = [w for w in writes if w[1] == "append"]
    assert tally.cuts == sum(w[2] + 1 for w in appends)
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_cuts_with_two_games_on_the_board():
    # A finished game sits next to the one being played: cuts in the second
    # never touch the first.
    first = h.script("hearts", max_hands=2)
    states1, writes1, fs1 = h.reference(first)
    ops = h.script("wizard", max_hands=2)
    base = Journal(fs1.reboot())
    base.boot()
    for n in range(1, 60):
        fs = MemFS(fs1.files, cut_after_writes=n, tear=5)
        j = Journal(fs)
        j.boot()
        p = h.Player(j)
        try:
            for op in ops:
                p.apply(op)
        except h.PowerCut:
            pass
        stored = Journal(fs.reboot()).boot()
        assert h.state_of(stored[:1]) == states1[-1]
        assert stored[0].damage is None


# ----- the runners can fail: journals with a planted fault ---------------------


class LateJournal(Journal):
    """Buffers every other record: confirmed entries can be lost."""

    held = None

    def _append(self, st, rtype, a, b=None, c=None):
        if self.held is None and rtype == "e":
            self.held = (st, rtype, a, b, c)
            return
        if self.held is not None:
            held, self.held = self.held, None
            Journal._append(self, *held)
        Journal._append(self, st, rtype, a, b, c)


class NoRepairJournal(Journal):
    """Leaves a torn tail in place at boot: later appends hide behind it."""

    def boot(self):
        from tallyboard.journal.boot import Boot

        class NoRepair(Boot):
            def scan(self, st, s, repair, ack_upto=0, tail=False):
                return Boot.scan(self, st, s, False, ack_upto, tail)

        return NoRepair(self).run()


def test_the_runners_catch_a_journal_that_holds_records_back(monkeypatch):
    ops = h.script("wizard", max_hands=2)
    states, writes, fs = h.reference(ops)
    monkeypatch.setattr(h, "Journal", LateJournal)
    tally = h.memfs_cuts(ops, states, writes, every_byte=False, carry_on=False)
    assert tally.lost > 0


def test_the_runners_catch_a_journal_that_keeps_torn_tails(monkeypatch):
    ops = h.script("spades", max_hands=2)
    states, writes, fs = h.reference(ops)
    monkeypatch.setattr(h, "Journal", NoRepairJournal)
    tally = h.memfs_cuts(ops, states, writes, every_byte=False, carry_on=True)
    assert tally.failed > 0
