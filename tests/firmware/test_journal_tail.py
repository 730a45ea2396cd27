# SPDX-License-Identifier: MIT
"""Issue 12, the journal's tail file: an ordinary entry programs flash pages
and erases no sector on the Pico's littlefs, records reach the game file a
tail at a time (folds), and a power cut at any step of a fold, or any state
of the two files that boot can meet, loses and duplicates nothing."""

import math

import pytest

from tallyboard.journal import journal as jb
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tallyboard.journal.files import tail_file
from tallyfakes.memfs import MemFS
from tests.firmware import journal_harness as h
from tricktally import new_game
from tricktally.record import to_record

littlefs = pytest.importorskip("littlefs")


def _longest_script():
    # A six-player Wizard game as a table plays it: a trump each round, no
    # undo, no sync in the middle (the longest game of the Pico estimate).
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    return h.build_script("wizard", names, {}, 5, max_hands=10, undo_every=10**9, sync_every=10**9, amend=False)


def _counting_lfs():
    """A littlefs image with the Pico's geometry, and its counts [page
    programs, sector erases]."""
    counts = [0, 0]

    class Counting(littlefs.UserContext):
        def prog(self, cfg, block, off, data):
            counts[0] += math.ceil(len(data) / cfg.prog_size)
            return super().prog(cfg, block, off, data)

        def erase(self, cfg, block):
            counts[1] += 1
            return super().erase(cfg, block)

    ctx = Counting(buffsize=h.PICO_BLOCKS * h.PICO["block_size"])
    lfs = littlefs.LittleFS(context=ctx, block_count=h.PICO_BLOCKS, **h.PICO)
    return lfs, counts


def test_an_ordinary_entry_erases_no_flash_sector_on_littlefs():
    """Every append after a sync used to copy the game file's last block to
    a freshly erased one: one 45 ms sector erase per entry."""
    lfs, counts = _counting_lfs()
    ops = _longest_script()
    fs = h.lfs_fs(lfs)
    j = Journal(fs)
    j.boot()
    p = h.Player(j)
    p.apply(ops[0])
    per_entry = []  # (erases, the game file grew: a fold)
    for op in ops[1:]:
        if op[0] != "e":
            p.apply(op)
            continue
        before = (counts[1], lfs.stat(game_file(p.gid)).size)
        p.apply(op)
        per_entry.append((counts[1] - before[0], lfs.stat(game_file(p.gid)).size > before[1]))
    entries = len(per_entry)
    erases = sum(e for e, fold in per_entry)
    folds = sum(1 for e, fold in per_entry if fold)
    assert entries > 100 and folds >= 3
    # Most entries program pages only: the erases are the folds and
    # littlefs's compaction of its metadata log (every 6 to 10 entries).
    assert sum(1 for e, fold in per_entry if e == 0) >= 0.75 * entries, per_entry
    assert erases <= 0.3 * entries, (erases, entries)
    # No entry erases more than once (a fold and a compaction together at most).
    assert max(e for e, fold in per_entry) <= 2
    # And the game is all there after a remount.
    lfs.unmount()
    lfs.mount()
    s = Journal(h.lfs_fs(lfs)).boot()[0]
    assert to_record(s.game) == to_record(p.game)


def test_the_game_file_grows_a_tail_at_a_time():
    ops = _longest_script()
    states, writes, fs = h.reference(ops)
    records = len(ops) - 1  # the start and every entry and end record
    to_game = [w for w in writes if w[3] == game_file(1) and w[1] == "append"]
    # The start record, then one write a fold: each a tail's worth.
    assert 3 <= len(to_game) - 1 <= records // 8
    assert all(w[2] <= jb.TAIL_MAX for w in to_game[1:])
    # The finished game is one file again.
    assert tail_file(1) not in fs.files and game_file(1) in fs.files


def test_a_power_cut_at_every_byte_of_every_fold():
    ops = h.script("wizard", max_hands=5)
    states, writes, fs = h.reference(ops)

    def fold(w):
        return w[3] == game_file(1) and w[1] == "append" and w[0] > 0

    folds = [w for w in writes if fold(w)]
    assert len(folds) >= 2
    tally = h.memfs_cuts(ops, states, writes, every_byte=True, carry_on=True, boot_cuts=True, only=fold)
    assert tally.cuts >= sum(w[2] + 2 for w in folds)
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_a_power_cut_at_every_byte_of_every_tail_write():
    ops = h.script("hearts", max_hands=3)
    states, writes, fs = h.reference(ops)

    def tail(w):
        return w[3] == tail_file(1)

    assert [w for w in writes if tail(w) and w[1] == "put"] and [w for w in writes if tail(w) and w[1] == "append"]
    tally = h.memfs_cuts(ops, states, writes, every_byte=True, carry_on=True, boot_cuts=True, only=tail)
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


# ----- what boot meets: the states of docs/JOURNAL.md's table --------------------


def _board(entries=40):
    """A game with records in its tail: (fs, game, the journal's view)."""
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    g = new_game("wizard", ["Ana", "Ben", "Cy"], 0, {})
    gid = j.new_game(g, created=1)
    for _ in range(entries):
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j.entry(gid, *e)
    return fs, g, j


def _tail(fs):
    data = bytes(fs.files[tail_file(1)])
    nl = data.index(b"\n") + 1
    # the game file holds a fold already, the tail the records after it
    assert len(fs.files[game_file(1)]) > jb.TAIL_MAX and data[nl:]
    return data[:nl], data[nl:]


def test_boot_reads_a_tail_not_folded_yet_and_writes_nothing():
    fs, g, j = _board()
    head, recs = _tail(fs)
    assert int(head.split()[0]) == len(fs.files[game_file(1)]) and recs
    full = MemFS(fs.files, capacity=sum(len(v) for v in fs.files.values()))  # not a byte free
    probe = MemFS(full.files)
    s = Journal(probe).boot()[0]
    assert probe.writes == 0 and s.damage is None
    assert to_record(s.game) == to_record(g) and s.size == j.size(1)
    # ... and a full board boots with every entry, and the game goes on.
    j2 = Journal(full)
    s = j2.boot()[0]
    assert to_record(s.game) == to_record(g)
    full.capacity = None
    e = (g.kind, g.seat, g.legal_values()[0])
    g.enter(*e)
    j2.entry(1, *e)
    assert to_record(Journal(full.reboot()).boot()[0].game) == to_record(g)


def test_boot_sees_a_folded_tail_left_over_and_counts_nothing_twice():
    fs, g, j = _board()
    head, recs = _tail(fs)
    fs.files[game_file(1)].extend(recs)  # folded; the cut came before the next record
    s = Journal(MemFS(fs.files)).boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)
    assert s.size == len(fs.files[game_file(1)])
    # The next record replaces the old tail: still nothing twice.
    j2 = Journal(fs)
    j2.boot()
    e = (g.kind, g.seat, g.legal_values()[0])
    g.enter(*e)
    j2.entry(1, *e)
    assert to_record(Journal(fs.reboot()).boot()[0].game) == to_record(g)
    assert int(_tail(fs)[0].split()[0]) == len(fs.files[game_file(1)])


@pytest.mark.parametrize("part", [1, 7, 0.5, -1])
def test_boot_mends_a_fold_cut_short(part):
    """A store that tears writes may hold the first bytes of a fold."""
    fs, g, j = _board()
    head, recs = _tail(fs)
    n = int(len(recs) * part) if isinstance(part, float) else part % len(recs)
    fs.files[game_file(1)].extend(recs[:n])
    j2 = Journal(fs)
    s = j2.boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)
    # The next fold cuts the game file back to where the tail began first.
    for _ in range(30):
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j2.entry(1, *e)
    s = Journal(fs.reboot()).boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)


def test_a_tail_cut_in_its_first_write_holds_nothing():
    fs, g, j = _board(entries=0)
    e = (g.kind, g.seat, g.legal_values()[0])
    fs.files[tail_file(1)] = bytearray(b"21")  # the header, torn
    s = Journal(MemFS(fs.files)).boot()[0]
    assert s.damage is None and to_record(s.game) == to_record(g)
    j2 = Journal(fs)
    j2.boot()
    g.enter(*e)
    j2.entry(1, *e)
    assert to_record(Journal(fs.reboot()).boot()[0].game) == to_record(g)


@pytest.mark.parametrize("how", ["header crc", "base past the end", "other bytes after base"])
def test_a_tail_that_does_not_follow_its_game_file_is_kept_as_a_piece(how):
    fs, g, j = _board()
    head, recs = _tail(fs)
    kept = to_record(Journal(MemFS({n: v for n, v in fs.files.items() if n != tail_file(1)})).boot()[0].game)
    if how == "header crc":
        fs.files[tail_file(1)][-len(recs) - 2] ^= 1  # a digit of the header's crc
    elif how == "base past the end":
        fs.files[game_file(1)] = fs.files[game_file(1)][:-5]
        fs.files[game_file(1)] += b"\n"
    else:
        fs.files[game_file(1)].extend(b"0 e [] 00000000\n")
    j2 = Journal(fs)
    s = j2.boot()[0]
    assert tail_file(1) not in fs.files
    assert [n for n in j2.notes if "tail file" in n]
    pieces = j2.pieces(1)
    assert any(j2.read_piece(1, k, 0, size).endswith(recs) for k, size in pieces)
    if how == "header crc":
        assert to_record(s.game) == kept


def test_damage_before_the_tail_keeps_the_tail_as_a_piece():
    fs, g, j = _board()
    head, recs = _tail(fs)
    data = fs.files[game_file(1)]
    data[len(data) - 10] ^= 4  # a bit in the game file's last record
    j2 = Journal(fs)
    s = j2.boot()[0]
    assert s.damage and "damaged" in s.damage
    assert tail_file(1) not in fs.files
    assert [k for k, size in j2.pieces(1) if j2.read_piece(1, k, 0, size) == recs]


def test_sync_reads_the_game_file_then_the_tail_and_an_ack_folds_it():
    fs, g, j = _board()
    head, recs = _tail(fs)
    game = bytes(fs.files[game_file(1)])
    size = j.size(1)
    assert size == len(game) + len(recs)
    assert j.read(1, 0, size) == game + recs and j.read(1, len(game) - 2, 4) == (game + recs)[len(game) - 2 : len(game) + 2]
    before = {n: bytes(v) for n, v in fs.files.items()}
    j.digest(1, size)
    with pytest.raises(jb.JournalError):
        j.mark_synced(1, size, 12345)  # a wrong digest changes nothing
    assert {n: bytes(v) for n, v in fs.files.items()} == before
    from binascii import crc32

    j.mark_synced(1, size, crc32(game + recs))
    assert bytes(fs.files[game_file(1)]) == game + recs and tail_file(1) not in fs.files
    s = Journal(fs.reboot()).boot()[0]
    assert s.synced == s.size == size


def test_two_open_games_take_turns_with_the_tail_buffer():
    # The journal keeps one tail in RAM: records to another game read that
    # game's tail back from its file (once), and neither loses anything.
    fs = MemFS()
    j = Journal(fs)
    j.boot()
    games = [new_game("wizard", ["Ana", "Ben", "Cy"], 0, {}), new_game("hearts", ["Ana", "Ben", "Cy", "Dee"], 0, {})]
    ids = [j.new_game(g, created=1) for g in games]
    for turn in range(90):
        k = (turn // 7) % 2
        g = games[k]
        if g.kind is None or not g.legal_values():
            continue
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j.entry(ids[k], *e)
        if turn % 11 == 10 and g.undo():
            j.undo(ids[k])
    stored = {s.game_id: s for s in Journal(fs.reboot()).boot()}
    for k in range(2):
        assert stored[ids[k]].damage is None and to_record(stored[ids[k]].game) == to_record(games[k])
        assert len(fs.files[game_file(ids[k])]) > jb.TAIL_MAX  # both folded on the way


# ----- folding when idle (the app's loop between presses) ----------------------


def test_with_idle_folds_between_them_no_entry_folds_and_few_erase():
    """The players' pause after each entry lets the app's loop fold the tail
    (Journal.idle): no entry folds, and an entry erases a sector only when
    littlefs compacts its directory log (a one-page commit at most every
    dozen entries; the folds' own commits take their share of the log)."""
    lfs, counts = _counting_lfs()
    ops = h.with_idle(_longest_script())
    j = Journal(h.lfs_fs(lfs))
    j.boot()
    p = h.Player(j)
    p.apply(ops[0])
    entry_erases = []
    idle_erases = 0
    folds = 0
    for op in ops[1:]:
        before = (counts[1], lfs.stat(game_file(p.gid)).size)
        p.apply(op)
        erased = counts[1] - before[0]
        grew = lfs.stat(game_file(p.gid)).size > before[1]
        if op[0] == "idle":
            idle_erases += erased
            folds += grew
        elif op[0] == "e":
            assert not grew, "an entry folded the tail: the idle fold did not run"
            entry_erases.append(erased)
    assert len(entry_erases) > 100 and folds >= 10 and idle_erases >= folds
    assert max(entry_erases) <= 1 and sum(entry_erases) <= len(entry_erases) // 12, entry_erases
    lfs.unmount()
    lfs.mount()
    s = Journal(h.lfs_fs(lfs)).boot()[0]
    assert to_record(s.game) == to_record(p.game)


def test_the_longest_game_through_the_app_folds_between_presses_only():
    """The app's loop (tests/payloads/board_game.py: a pause after every
    press, as players leave) folds the journal's tail; presses then erase
    almost never: at most 5% of them, what the Pico estimate's p95 allows."""
    import json

    from tests import board_keys
    from tests.payloads.board_game import Board

    keys, _ = board_keys.longest_game()
    lfs, counts = _counting_lfs()
    board = Board(json.loads(board_keys.board_data(keys)), fs=h.lfs_fs(lfs))

    def size():
        names = lfs.listdir("/")
        return lfs.stat(game_file(1)).size if game_file(1) in names else 0

    erasing = []
    folded = []  # presses that grew the game file past its start record
    idle_folds = 0
    g = None
    for i in range(len(keys)):
        before = (counts[1], size())
        board.press(keys[i])
        g = board.app.game or g  # the app lets it go on the home menu once over
        if counts[1] > before[0]:
            erasing.append(i)
        if before[1] and size() > before[1]:
            folded.append(i)
        grown = size()
        board.pause()
        idle_folds += size() > grown
    # No press folds: the game's last one leaves its end record and final
    # fold to the app's loop after it (moves.finish), which makes the
    # finished game one file.
    assert folded == [] and g.finished
    assert game_file(1) in lfs.listdir("/") and "g0001.tl" not in lfs.listdir("/")
    assert idle_folds >= 10
    assert len(erasing) <= len(keys) // 20, erasing


def test_idle_folds_wait_for_a_quiet_second_and_a_full_enough_tail():
    fs, g, j = _board(entries=3)
    st = j._games[1]
    assert 0 < st.tail <= jb._IDLE_FOLD
    assert j.idle(1, 0) is None  # too little in the tail: nothing waits
    while st.tail <= jb._IDLE_FOLD:
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j.entry(1, *e)
    size = len(fs.files[game_file(1)])
    assert j.idle(2, 5000) == jb._IDLE_MS  # a key just came: wait a second
    assert j.idle(2, 5000 + jb._IDLE_MS - 1) == 1
    assert j.idle(3, 5000 + jb._IDLE_MS) == jb._IDLE_MS  # another key
    assert len(fs.files[game_file(1)]) == size
    assert j.idle(3, 5000 + 2 * jb._IDLE_MS) is None  # a quiet second: folded
    assert st.tail == 0 and len(fs.files[game_file(1)]) > size
    # the game goes on, and boots whole
    e = (g.kind, g.seat, g.legal_values()[0])
    g.enter(*e)
    j.entry(1, *e)
    assert to_record(Journal(fs).boot()[0].game) == to_record(g)


def test_a_power_cut_at_every_byte_of_every_idle_fold():
    ops = h.with_idle(h.script("wizard", max_hands=5))
    states, writes, fs = h.reference(ops)

    def idle_fold(w):
        return ops[w[0]][0] == "idle"

    folds = [w for w in writes if idle_fold(w)]
    assert len(folds) >= 3 and all(w[3] == game_file(1) for w in folds)
    tally = h.memfs_cuts(ops, states, writes, every_byte=True, carry_on=True, boot_cuts=True, only=idle_fold)
    assert tally.cuts >= sum(w[2] + 2 for w in folds)
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_a_power_cut_at_every_flash_program_of_a_game_with_idle_folds():
    ops = h.with_idle(h.script("spades", max_hands=4))
    states, writes, fs = h.reference(ops)
    assert [w for w in writes if ops[w[0]][0] == "idle"]
    tally, stats = h.littlefs_cuts(ops, states, carry_on_every=7)
    assert tally.cuts == 2 * stats["progs"] + stats["erases"] and stats["erases"] > 0
    assert (tally.lost, tally.failed) == (0, 0), tally.problems[:5]


def test_a_fold_that_fails_when_idle_keeps_the_records_in_the_tail():
    fs, g, j = _board(entries=3)
    st = j._games[1]
    while st.tail <= jb._IDLE_FOLD:
        e = (g.kind, g.seat, g.legal_values()[0])
        g.enter(*e)
        j.entry(1, *e)
    tail = st.tail

    def full(name, data):
        raise OSError(28, "ENOSPC")

    real = fs.append
    fs.append = full
    assert j.idle(1, 0) == jb._IDLE_MS
    assert j.idle(1, jb._IDLE_MS) is None  # never raises
    assert st.tail == tail
    fs.append = real
    e = (g.kind, g.seat, g.legal_values()[0])
    g.enter(*e)
    j.entry(1, *e)
    assert to_record(Journal(fs).boot()[0].game) == to_record(g)
