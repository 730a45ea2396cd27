# SPDX-License-Identifier: MIT
"""Issue 11, board side: a failed write never splits memory from the journal,
"synced" means the PC holds exactly these bytes, a full flash still syncs and
frees space, damaged pieces are all kept, absurd records never make a whole
game unreadable."""

import random

import pytest

from tallyboard.journal import record as jf
from tallyboard.config import Config
from tallyfakes.memfs import MemFS
from tallyboard.journal import journal as board_journal
from tallyboard.journal import files as journal_files
from tallyboard.journal.journal import Journal
from tallyboard.journal.record import JournalError
from tallyboard.journal.files import game_file
from tallyboard.journal import read as journal_read
from tests.core.play import choose
from tests.firmware.journal_harness import current_file
from tests.firmware.ui_script import Session
from tricktally import new_game
from tricktally.record import to_record

NAMES = ["Ana", "Ben", "Cy", "Dee"]


class FailingFS(MemFS):
    """A MemFS whose next write raises OSError when ``fail`` is set, in one
    of three ways: before writing anything ('before'), after writing half of
    the data ('half') or after writing all of it ('after')."""

    fail = None
    only = None  # "append" or "put": fail only that kind of write

    def _maybe(self, op, name, data, real):
        if self.fail is None or (self.only is not None and op != self.only):
            return real(name, data)
        mode, self.fail = self.fail, None
        if mode == "create":  # what OsFS does: open() made the file, write failed
            real(name, b"")
        elif mode == "half":
            real(name, data[: len(data) // 2])
        elif mode == "after":
            real(name, data)
        raise OSError(5, "I/O error (%s)" % mode)

    def append(self, name, data):
        self._maybe("append", name, data, lambda n, d: MemFS.append(self, n, d))

    def _put(self, name, data):
        self._maybe("put", name, data, lambda n, d: MemFS._put(self, n, d))


def _booted_record(fs):
    stored = Journal(fs.reboot()).boot()
    live = [s for s in stored if not s.finished]
    if not live:
        return None
    return to_record(live[-1].game)


@pytest.mark.parametrize("seed", range(6))
def test_memory_and_journal_agree_after_any_failed_write(seed):
    """Item 1: enter, undo and amend through the app while writes fail in
    every way; after each step the journal, booted afresh, holds exactly
    the game in memory (and no entry confirmed afterwards is lost)."""
    rnd = random.Random(seed)
    fs = FailingFS()
    s = Session(fs=fs)
    app = s.app
    app.start_game(("wizard", "spades", "hearts")[seed % 3], NAMES, 0, {} if seed % 3 != 2 else {"target": 60})
    app.work()  # the board's loop after the press: the start record (moves.start_game)
    g = app.game
    assert g is not None
    for step in range(140):
        if g.finished:
            break
        if rnd.random() < 0.3:
            fs.fail = rnd.choice(("before", "half", "after"))
        op = rnd.random()
        if op < 0.2 and g.can_undo():
            app.undo()
        elif op < 0.27 and g.hands:
            index = rnd.randrange(len(g.hands))
            app.amend(index, g.hand_to_dict(g.hands[index]))
        else:
            app.enter(g.kind, g.seat, choose(g, rnd))
        fs.fail = None
        if not g.finished:
            assert _booted_record(fs) == to_record(g), "step %d" % step


def test_a_failed_undo_leaves_the_game_and_the_journal_undone_neither():
    """Item 1, the reported case: the undo's write fails; the core must not
    be undone while the journal keeps the entry."""
    for mode in ("before", "half", "after"):
        fs = FailingFS()
        s = Session(fs=fs)
        app = s.app
        app.start_game("wizard", NAMES[:3], 0, {})
        g = app.game
        for _ in range(5):
            app.enter(g.kind, g.seat, g.legal_values()[0])
        fs.fail = mode
        app.undo()
        for _ in range(12):
            app.enter(g.kind, g.seat, g.legal_values()[0])
        assert _booted_record(fs) == to_record(g), mode


def test_settings_and_names_roll_back_when_their_write_fails():
    """Item 1 (names, settings): a failed config write leaves memory as the
    flash has it."""
    fs = FailingFS()
    c = Config(fs)
    c.set_roster(["Ana", "Ben"])
    for change in (
        lambda: c.set_roster(["Zed", "Yo"]),
        lambda: c.set_language("fr"),
        lambda: c.set_contrast(12),
        lambda: c.set_default("spades", "target", 300),
    ):
        fs.fail = "before"
        with pytest.raises(OSError):
            change()
        again = Config(fs)
        assert (c.roster, c.language, c.contrast, c.defaults("spades")) == (
            again.roster,
            again.language,
            again.contrast,
            again.defaults("spades"),
        )


def test_a_failed_game_start_leaves_no_game_and_no_empty_file():
    """Smaller hole: a failed start leaves a 0-byte game."""
    for mode in ("before", "create", "half"):
        fs = FailingFS()
        fs.only = "append"
        j = Journal(fs)
        j.boot()
        fs.fail = mode
        with pytest.raises(OSError):
            j.new_game(new_game("hearts", NAMES, 0, {}))
        assert j.ids() == []
        assert not [n for n in fs.files if n.endswith(".tj")]


# ----- synced means: the PC holds exactly these bytes --------------------------


def _finished_game(j, seed, name="hearts"):
    rnd = random.Random(seed)
    g = new_game(name, NAMES, 0, {"target": 30} if name == "hearts" else {})
    gid = j.new_game(g, 1700000000)
    while g.kind is not None:
        e = (g.kind, g.seat, choose(g, rnd))
        g.enter(*e)
        j.entry(gid, *e)
    return gid


def test_swapped_game_files_are_not_synced_and_not_deleted():
    """Item 2: two .tj files swapped make an unsynced game look synced."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    a = _finished_game(j, 1)
    b = _finished_game(j, 2)
    j.mark_synced(a, j.size(a))  # only game a is on the PC
    fa, fb = game_file(a), game_file(b)
    fs.files[fa], fs.files[fb] = fs.files[fb], fs.files[fa]
    j2 = Journal(fs.reboot())
    j2.boot()
    assert j2.synced(a) == 0
    assert j2.oldest_synced() is None
    with pytest.raises(JournalError):
        j2.delete(a)
    with pytest.raises(JournalError):
        j2.delete(b)


def test_a_file_changed_after_the_ack_is_checked_again_before_delete():
    """Item 2: the digest is checked against the file when deleting."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    a = _finished_game(j, 3)
    j.mark_synced(a, j.size(a))
    data = fs.files[game_file(a)]
    data[10] = data[10] ^ 1  # same length, other bytes
    assert j.oldest_synced() is None
    with pytest.raises(JournalError):
        j.delete(a)
    assert game_file(a) in fs.files


def test_an_ack_with_the_wrong_digest_is_refused():
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    a = _finished_game(j, 4)
    right = j.digest(a, j.size(a))
    with pytest.raises(JournalError, match="digest"):
        j.mark_synced(a, j.size(a), right ^ 1)
    assert j.synced(a) == 0
    j.mark_synced(a, j.size(a), right)
    assert j.synced(a) == j.size(a)


def test_full_flash_acks_stay_in_ram_and_space_can_be_freed():
    """Item 4: an ack that cannot be written (ENOSPC) still counts until a
    reboot, so sync completes and a synced game can be deleted; the ack is
    written once a delete made room."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    ids = [_finished_game(j, s) for s in range(3)]
    fs.capacity = sum(len(v) for v in fs.files.values())  # full to the byte
    for gid in ids:
        j.mark_synced(gid, j.size(gid))  # no OSError
        assert j.synced(gid) == j.size(gid)
    victim = j.oldest_synced()
    assert victim == ids[0]
    j.delete(victim)
    assert victim not in j.ids()
    # Room was made: the other acks were written.
    j2 = Journal(fs.reboot())
    j2.boot()
    assert j2.synced(ids[1]) == j2.size(ids[1])
    assert not [n for n in fs.files if n.endswith(".tmp")]


# ----- damaged pieces ------------------------------------------------------------


def test_every_damaged_piece_is_kept_and_readable():
    """Item 6: a second damage never overwrites the first .bad."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", NAMES[:3], 0, {})
    gid = j.new_game(g)
    pieces = []
    for round_ in range(3):
        for _ in range(3):
            e = (g.kind, g.seat, g.legal_values()[0])
            g.enter(*e)
            j.entry(gid, *e)
        junk = ("garbage %d\n" % round_).encode()
        fs.files[current_file(fs, gid)].extend(junk)
        pieces.append(junk)
        j = Journal(fs)
        stored = j.boot()
        g = stored[0].game
    assert [k for k, _ in j.pieces(gid)] == [1, 2, 3]
    for k, size in j.pieces(gid):
        assert j.read_piece(gid, k, 0, size) == pieces[k - 1]
    assert journal_files.piece_name(gid, 2) in fs.files
    j.mark_synced(gid, j.size(gid))
    j.delete(gid, force=True)
    assert not [n for n in fs.files if n.endswith(".bad")]


# ----- absurd records ---------------------------------------------------------------


def test_a_deeply_nested_record_is_damage_not_an_unreadable_game():
    """Item 11 (board): a record nested thousands deep is cut off as damage;
    the entries before it stay readable."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", NAMES[:3], 0, {})
    gid = j.new_game(g)
    for _ in range(4):
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j.entry(gid, *e)
    body = b"%d a " % 5 + b"[" * 50000 + b"]" * 50000
    line = body + b" " + jf.crc_of(body).encode() + b"\n"
    fs.files[current_file(fs, gid)].extend(line)
    stored = Journal(fs).boot()
    assert stored[0].game is not None
    assert to_record(stored[0].game) == to_record(g)
    with pytest.raises(jf.JournalError, match="nested"):
        journal_read.parse(line[:-1])


@pytest.mark.parametrize("payload", [
    b'["bid",0,1' + b"0" * 40 + b"]",
    b'["bid",0,1e308]',
    b'["bid",1,1.5]',
    b'[{"a":1},0,1]',
    b'["bid",-1,"x"]',
])
def test_absurd_values_in_a_record_are_damage_not_a_crash(payload):
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", NAMES[:3], 0, {})
    gid = j.new_game(g)
    body = b"1 e " + payload
    fs.files[game_file(gid)].extend(body + b" " + jf.crc_of(body).encode() + b"\n")
    stored = Journal(fs).boot()
    assert stored[0].game is not None and stored[0].damage


def test_a_failed_end_record_leaves_a_game_that_boots_finished():
    """Item 1 (finish): the end record's write fails; the board and a fresh
    boot both see the game finished, with the same hands."""
    from tallyboard.app import _close_game

    rnd = random.Random(9)
    fs = FailingFS()
    s = Session(fs=fs)
    app = s.app
    app.start_game("hearts", NAMES[:3], 0, {"target": 30})
    g = app.game
    while not g.finished:
        app.enter(g.kind, g.seat, choose(g, rnd))
    fs.fail = "half"
    _close_game(app)
    assert app.game_id is None
    stored = Journal(fs.reboot()).boot()
    assert len(stored) == 1 and stored[0].finished
    assert to_record(stored[0].game) == to_record(g)


def test_a_deeply_nested_config_file_does_not_stop_the_board():
    fs = MemFS({"config.json": b"[" * 100000 + b"]" * 100000})
    c = Config(fs)
    assert c.problem and c.roster == []


def test_files_with_ids_the_link_cannot_name_are_left_alone():
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    gid = j.new_game(new_game("hearts", NAMES[:3], 0, {}))
    fs.files["g12345678901.tj"] = bytearray(fs.files[game_file(gid)])
    assert [s.game_id for s in Journal(fs).boot()] == [gid]
    assert "g12345678901.tj" in fs.files
