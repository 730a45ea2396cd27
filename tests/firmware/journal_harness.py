# SPDX-License-Identifier: MIT
"""Scripted games and power-cut runners for the journal tests and bench.

A script is a list of operations, made by playing a real core game with a
seeded generator: ('new', game, players, first_dealer, settings), ('e',
kind, seat, value), ('u',), ('a', index, hand), ('x',) to end, ('sync',) to
acknowledge the whole journal, ('idle',) for the players' pause in which
the app's loop folds the tail (``with_idle``). ``reference(ops)`` plays it once through a
Journal on a MemFS and gives the expected state after each confirmed
operation. The runners cut the power at every write (MemFS) or every flash
program and erase (littlefs), boot on what survived and compare.
"""

from tallyboard.fs import OsFS
from tallyfakes.memfs import MemFS, PowerCut
from tallyboard.journal.journal import _IDLE_MS, Journal
from tallyboard.journal.files import game_file
from tallyboard.journal.files import tail_file
from tricktally import new_game
from tricktally.record import to_record


class Lcg:
    """A tiny seeded generator (the core has no random module to lean on)."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def __call__(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


# Each script exercises what its game can get wrong on replay.
SCRIPTS = {
    "spades": dict(
        game="spades",
        players=["Ana", "Ben", "Cy", "Dee"],
        settings={"partners": True, "nil": True, "blind_nil": True, "bags": True, "target": 200},
        seed=7,
        max_hands=6,
    ),
    "wizard": dict(
        game="wizard",
        players=["Ana", "Bén", "Cy", "Dee"],
        settings={"even_bids": "canadian"},
        seed=11,
        max_hands=6,
    ),
    "hearts": dict(
        game="hearts",
        players=["Ana", "Ben", "Cy", "Dee"],
        settings={"moon": "choice", "omnibus": True},
        seed=2,
        max_hands=6,
    ),
}


def _pick(game, rnd):
    values = game.legal_values()
    kind = game.kind
    if kind == "bid" and game.NAME == "spades":
        # Low bids make overtricks, so bags pile up and the penalty shows.
        if -1 in values and rnd(6) == 0:
            return -1
        if 0 in values and rnd(5) == 0:
            return 0
        small = [v for v in values if 1 <= v <= 3]
        return small[rnd(len(small))]
    if kind in ("tricks", "hearts") and rnd(3) == 0:
        # Lopsided hands: a hearts moon, a missed nil.
        return values[-1]
    if kind == "queen" and game.NAME == "hearts":
        hearts = game.current.values["hearts"]
        if 13 in hearts and rnd(2) == 0:
            return hearts.index(13)
    return values[rnd(len(values))]


def build_script(game, players, settings, seed, max_hands, first_dealer=1, undo_every=9, amend_every=3, sync_every=25, amend=True):
    """Play a seeded game through the core and return its operations."""
    rnd = Lcg(seed)
    g = new_game(game, players, first_dealer, settings)
    ops = [("new", game, list(players), first_dealer, dict(settings))]
    while not g.finished and len(g.hands) < max_hands:
        if game == "wizard" and g.entries() == 0 and g.current.get("trump") is None and g.hand_number < g.hand_count():
            suit = ("S", "H", "D", "C", "none")[rnd(5)]
            g.enter("trump", None, suit)
            ops.append(("e", "trump", None, suit))
        kind, seat = g.kind, g.seat
        value = _pick(g, rnd)
        done = g.enter(kind, seat, value)
        ops.append(("e", kind, seat, value))
        if rnd(undo_every) == 0 and g.undo():
            ops.append(("u",))
            continue
        if amend and done and g.hands and rnd(amend_every) == 0:
            _try_amend(g, rnd, ops)
        if rnd(sync_every) == 0:
            ops.append(("sync",))
    if amend and g.hands and not [op for op in ops if op[0] == "a"]:
        _try_amend(g, rnd, ops, force=True)
    ops.append(("x",))
    ops.append(("sync",))
    return ops


def _try_amend(g, rnd, ops, force=False):
    # Swap two seats' counts in an earlier hand: same total, so usually legal.
    for attempt in range(8 if force else 1):
        index = rnd(len(g.hands))
        d = g.hand_to_dict(g.hands[index])
        key = "hearts" if g.NAME == "hearts" else "tricks"
        a, b = rnd(g.n), rnd(g.n)
        if d[key][a] == d[key][b]:
            continue
        d[key][a], d[key][b] = d[key][b], d[key][a]
        try:
            g.amend(index, d)
        except ValueError:
            continue
        ops.append(("a", index, d))
        return True
    return False


def script(name, **changes):
    """The operations of script ``name`` (SCRIPTS), parameters changed as given."""
    params = dict(SCRIPTS[name])
    params.update(changes)
    return build_script(**params)


class Player:
    """Applies operations to a Journal and the core game side by side."""

    def __init__(self, journal, gid=None, game=None):
        self.j = journal
        self.gid = gid
        self.game = game

    def apply(self, op):
        """Do one operation; returns when it is confirmed."""
        what = op[0]
        if what == "new":
            self.game = new_game(op[1], op[2], op[3], op[4])
            self.gid = self.j.new_game(self.game, created=1700000000)
        elif what == "e":
            self.game.enter(op[1], op[2], op[3])
            self.j.entry(self.gid, op[1], op[2], op[3])
        elif what == "u":
            if not self.game.undo():
                raise ValueError("script undo with nothing to undo")
            self.j.undo(self.gid)
        elif what == "a":
            self.game.amend(op[1], op[2])
            self.j.amend(self.gid, op[1], op[2])
        elif what == "x":
            self.j.end(self.gid)
        elif what == "sync":
            self.j.mark_synced(self.gid, self.j.size(self.gid))
        elif what == "idle":
            # The app's loop after the players' pause: no key for a second
            # (Journal.idle folds a full enough tail).
            self.j.idle("quiet", 0)
            self.j.idle("quiet", _IDLE_MS)
        else:
            raise ValueError("unknown op %r" % (op,))


def with_idle(ops):
    """``ops`` with the players' pause ("idle") after every entry, undo and
    amendment, as a board's loop runs between presses."""
    out = []
    for op in ops:
        out.append(op)
        if op[0] in ("e", "u", "a"):
            out.append(("idle",))
    return out


def current_file(fs, gid):
    """The file game ``gid``'s last records went to, where a cut or a bad
    write would leave damage: its tail file while there is one, else its
    game file."""
    tail = tail_file(gid)
    return tail if fs.exists(tail) else game_file(gid)


def fold_tails(fs):
    """Fold every game's tail file into its game file (as the board does
    when a tail is full or the PC acknowledges it), so that a test can
    damage the game file itself."""
    j = Journal(fs)
    j.boot()
    for gid in j.ids():
        j._fold(j._games[gid])


def state_of(stored):
    """The comparable state of a boot's result: None (no game) or
    (record, ended, synced, journal size)."""
    if not stored:
        return None
    s = stored[-1]
    if s.game is None:
        return ("unreadable", s.damage)
    return (to_record(s.game), s.ended, s.synced, s.size)


def reference(ops):
    """Play ``ops`` on a clean MemFS. Returns (states, writes, fs): states[k]
    is the expected boot state after k confirmed ops; writes lists, per
    write, (op index, write kind, data length, file name)."""
    writes = []
    current = [0]

    def spy(fs, kind, name, data):
        writes.append((current[0], kind, len(data) if data is not None else 0, name))

    fs = MemFS(on_write=spy)
    j = Journal(fs)
    j.boot()
    p = Player(j)
    states = [None]
    for i in range(len(ops)):
        current[0] = i
        p.apply(ops[i])
        states.append((to_record(p.game), ops_ended(ops, i + 1), j.synced(p.gid), j.size(p.gid)))
    return states, writes, fs


def ops_ended(ops, k):
    """True when the first ``k`` ops include the end."""
    for i in range(k):
        if ops[i][0] == "x":
            return True
    return False


class Tally:
    """What the runners count."""

    def __init__(self):
        self.cuts = 0
        self.lost = 0
        self.failed = 0
        self.problems = []

    def add(self, other):
        """Add another Tally's counts to this one."""
        self.cuts += other.cuts
        self.lost += other.lost
        self.failed += other.failed
        self.problems.extend(other.problems)

    def __repr__(self):
        return "<Tally cuts=%d lost=%d failed=%d problems=%r>" % (self.cuts, self.lost, self.failed, self.problems[:3])


def judge(tally, states, k, fs, where):
    """Boot ``fs`` after a cut with ``k`` ops confirmed; count a failed boot or
    lost entries. Returns (m, stored, journal): m = ops found applied."""
    tally.cuts += 1
    j = Journal(fs)
    try:
        stored = j.boot()
        got = state_of(stored)
    except Exception as e:  # a failed boot is what this counts
        tally.failed += 1
        tally.problems.append("%s: boot raised %r" % (where, e))
        return None, None, None
    for m in (k + 1, k):
        if m < len(states) and states[m] == got:
            return m, stored, j
    best = 0
    for m in range(k, -1, -1):
        if states[m] == got:
            best = m
            break
    if got is not None and got[0] == "unreadable":
        tally.failed += 1
    tally.lost += k - best
    tally.problems.append("%s: %d confirmed ops, boot shows %d (%r)" % (where, k, best, stored))
    return None, stored, j


def resume(ops, m, stored, j):
    """Carry on with ops[m:] after a boot that found the first m applied."""
    if m == 0:
        p = Player(j)
    else:
        s = stored[-1]
        p = Player(j, s.game_id, s.game)
    for op in ops[m:]:
        p.apply(op)


def _tears(length):
    # Nothing of the write, every byte count up to all of it (the write
    # landed but the call never returned).
    return [None] + list(range(0, length + 1))


def memfs_cuts(ops, states, writes, every_byte=True, carry_on=True, boot_cuts=False, only=None):
    """Cut at every write of the script (real MemFS cuts, rerunning the
    script each time); for appends tear at every byte offset (or at 0, half
    and all when ``every_byte`` is False). With ``carry_on`` each cut is
    followed by the rest of the script and a clean boot that must show the
    whole game; with ``boot_cuts`` the boot after a torn write is itself cut
    at each of its writes. ``only(write)``, if given, picks the writes
    (entries of ``writes``) to cut at."""
    tally = Tally()
    final = states[-1]
    for n in range(1, len(writes) + 1):
        op_index, kind, length, name = writes[n - 1]
        if only is not None and not only(writes[n - 1]):
            continue
        if kind in ("append", "put"):
            tears = _tears(length) if every_byte else [None, 0, length // 2, length]
        else:
            tears = [None]
        for tear in tears:
            fs = MemFS(cut_after_writes=n, tear=tear)
            j = Journal(fs)
            j.boot()
            p = Player(j)
            k = 0
            try:
                for op in ops:
                    p.apply(op)
                    k += 1
            except PowerCut:
                pass
            else:
                # The journal under test wrote less than the reference did
                # (a planted fault): that is a failure in itself.
                tally.failed += 1
                tally.problems.append("write %d never came" % n)
                continue
            where = "write %d (%s of op %d %r), tear %r" % (n, kind, op_index, ops[op_index], tear)
            survived = fs.reboot()
            if boot_cuts and tear is not None:
                _cut_boots(tally, survived, states, k, where)
            m, stored, j2 = judge(tally, states, k, survived, where)
            if carry_on and m is not None:
                resume(ops, m, stored, j2)
                again = Journal(survived.reboot())
                got = state_of(again.boot())
                if got != final:
                    tally.failed += 1
                    tally.problems.append("%s: after carrying on, the game differs" % where)
    return tally


def tear_sweep(ops, states):
    """Tear every append of the script at every byte offset, in one run: at
    each write the MemFS hook copies the files as they stand, keeps the
    first t bytes of the write for t = 0..len, and boots the copy: what a
    cut there leaves, without replaying the script per offset."""
    tally = Tally()
    confirmed = [0]

    def hook(fs, kind, name, data):
        if kind != "append":
            return
        for t in range(len(data) + 1):
            files = dict(fs.files)
            files[name] = bytes(files.get(name, b"")) + bytes(data[:t])
            judge(tally, states, confirmed[0], MemFS(files), "append to %s torn at %d of %d" % (name, t, len(data)))

    fs = MemFS(on_write=hook)
    j = Journal(fs)
    j.boot()
    p = Player(j)
    for op in ops:
        p.apply(op)
        confirmed[0] += 1
    return tally


def _cut_boots(tally, fs, states, k, where):
    """Cut the power at each write the boot makes (repairs), then boot again."""
    probe = MemFS(fs.files)
    Journal(probe).boot()
    for b in range(1, probe.writes + 1):
        cut = MemFS(fs.files, cut_after_writes=b, tear=1)
        try:
            Journal(cut).boot()
        except PowerCut:
            pass
        judge(tally, states, k, cut.reboot(), where + ", boot cut at its write %d" % b)


# ----- littlefs ------------------------------------------------------------

# The Raspberry Pi Pico's file system as MicroPython sets it up (rp2 port:
# 4 KB flash sectors, 256-byte pages, VfsLfs2(progsize=256), lookahead 32,
# cache = 4 * max(read, prog) capped at a block) on 1408 KB of flash.
PICO = dict(block_size=4096, read_size=32, prog_size=256, cache_size=1024, lookahead_size=32, block_cycles=100)
PICO_BLOCKS = 352


class LfsOs:
    """The slice of MicroPython's ``os`` (and ``open``) OsFS uses, over a
    littlefs-python LittleFS, so OsFS itself runs on a littlefs image."""

    def __init__(self, lfs):
        self.lfs = lfs

    def _err(self, e):
        return OSError(2, str(e))

    def listdir(self, path="/"):
        return self.lfs.listdir(path or "/")

    def stat(self, path):
        try:
            st = self.lfs.stat(path)
        except Exception as e:
            raise self._err(e)
        return (0o100000, 0, 0, 0, 0, 0, st.size, 0, 0, 0)

    def remove(self, path):
        try:
            self.lfs.remove(path)
        except Exception as e:
            raise self._err(e)

    def rename(self, src, dst):
        try:
            self.lfs.rename(src, dst)
        except Exception as e:
            raise self._err(e)

    def mkdir(self, path):
        self.lfs.mkdir(path)

    def statvfs(self, path):
        bs = self.lfs.cfg.block_size
        free = self.lfs.block_count - self.lfs.used_block_count
        return (bs, bs, self.lfs.block_count, free, free, 0, 0, 0, 0, 255)

    def open(self, path, mode):
        try:
            if mode == "ab":
                try:
                    self.lfs.stat(path)
                except Exception:
                    # MicroPython's 'ab' creates the file; littlefs-python's does not.
                    mode = "wb"
            return self.lfs.open(path, mode)
        except OSError:
            raise
        except Exception as e:
            raise self._err(e)


def lfs_fs(lfs):
    """An OsFS on the root of LittleFS ``lfs``."""
    shim = LfsOs(lfs)
    return OsFS("/", osmod=shim, opener=shim.open)


def littlefs_cuts(ops, states, blocks=PICO_BLOCKS, carry_on_every=0, tears=(0, 128)):
    """Play the script on a littlefs image with the Pico's geometry and, at
    every flash program and every erase, boot a copy of the flash as a cut
    at that moment would leave it: a program keeps the first ``t`` bytes for
    each t in ``tears`` (0: none of it; 128: half a 256-byte page), an erase
    has not happened. Returns (Tally, stats) with program/erase counts."""
    from littlefs import LittleFS, UserContext

    tally = Tally()
    confirmed = [0]
    stats = {"progs": 0, "erases": 0}

    def check(image, where):
        ctx = UserContext(buffer=image)
        lfs = LittleFS(context=ctx, mount=False, block_count=blocks, **PICO)
        try:
            lfs.mount()
            fs = lfs_fs(lfs)
        except Exception as e:
            tally.cuts += 1
            tally.failed += 1
            tally.problems.append("%s: mount failed %r" % (where, e))
            return
        k = confirmed[0]
        m, stored, j = judge(tally, states, k, fs, where)
        if carry_on_every and m is not None and tally.cuts % carry_on_every == 0:
            resume(ops, m, stored, j)
            lfs.unmount()
            lfs.mount()
            got = state_of(Journal(lfs_fs(lfs)).boot())
            if got != states[-1]:
                tally.failed += 1
                tally.problems.append("%s: after carrying on, the game differs" % where)

    class Ctx(UserContext):
        hooked = False

        def prog(self, cfg, block, off, data):
            if self.hooked:
                stats["progs"] += 1
                at = block * cfg.block_size + off
                for t in tears:
                    image = bytearray(self.buffer)
                    image[at : at + t] = data[:t]
                    try:
                        check(image, "program %d (block %d +%d, %d bytes) keeping %d" % (stats["progs"], block, off, len(data), t))
                    except Exception as e:  # an exception here would vanish in the C callback
                        tally.failed += 1
                        tally.problems.append("checker raised %r" % (e,))
            return super().prog(cfg, block, off, data)

        def erase(self, cfg, block):
            if self.hooked:
                stats["erases"] += 1
                try:
                    check(bytearray(self.buffer), "before erase %d (block %d)" % (stats["erases"], block))
                except Exception as e:
                    tally.failed += 1
                    tally.problems.append("checker raised %r" % (e,))
            return super().erase(cfg, block)

    ctx = Ctx(buffsize=blocks * PICO["block_size"])
    lfs = LittleFS(context=ctx, block_count=blocks, **PICO)
    fs = lfs_fs(lfs)
    j = Journal(fs)
    j.boot()
    ctx.hooked = True
    p = Player(j)
    for op in ops:
        p.apply(op)
        confirmed[0] += 1
    ctx.hooked = False
    got = state_of(Journal(fs).boot())
    if got != states[-1]:
        tally.failed += 1
        tally.problems.append("the uncut littlefs run differs from the reference")
    return tally, stats
