# SPDX-License-Identifier: MIT
"""The journal's operations besides appending entries and undos, and
besides what the serial link asks (journal_sync.py).

Starting and ending games, amendments, deletes, space, boot and the
opening of stored games. Each is a function taking the Journal first;
``Journal`` (journal.py) hands them out as its methods, loading this module
when one is first asked for and forgetting it at the next entry or undo:
during a game only the append path stays in RAM (docs/JOURNAL.md).
"""

from binascii import crc32
from sys import implementation

from tallyboard import unload
from tallyboard.journal import FAST_MAX, LOW_SPACE, TAIL_MAX, GameFile, Stored
from tallyboard.journal_format import AMEND, END, ENTRY, START, VERSION, JournalError
from tallyboard.journal_sync import (  # noqa: F401 - boot takes some from here
    ACK,
    BAD,
    CHUNK,
    SUFFIX,
    TAIL,
    _ack_name,
    _crc,
    _fold_away,
    _get,
    _write_ack,
    finished,
    ids,
    piece_name,
)

NEXT_FILE = "tj.next"

_MICROPYTHON = implementation.name == "micropython"


def setup(j, fs, clock):
    """``Journal.__init__``: every field of journal ``j`` at its start."""
    # First: Journal.__getattr__ reads it (a missing one would recurse).
    # (game id, game, created) of a game begun whose start record is not
    # written yet (__getattr__ writes it).
    j._pending = None
    j._ops = True  # this module is loaded (rest() lets it go)
    j.fs = fs
    j.clock = clock
    j._games = {}
    j._next = 1
    # The tail being written: its header, then its records, exactly as
    # in the tail file (of game ``_owner``), so a fold reads nothing. An
    # entry or undo line is written straight into it (no allocation).
    j._buf = bytearray(TAIL_MAX + FAST_MAX)
    j._view = memoryview(j._buf)
    j._owner = None
    # idle(): the last key mark seen and the ms ticks it was first seen.
    j._mark = None
    j._quiet = 0
    # Messages about files boot removed (empty, or a start record a power
    # cut interrupted: no confirmed entry was in them).
    j.notes = []
    # The same as tuples (kind, game id, 0, 0, None) for the screen
    # (tallyboard.notes words them in the board's language).
    j.notices = []


def game_file(game_id):
    """The journal file name of a game id: ``g0007.tj``."""
    return "g%04d%s" % (game_id, SUFFIX)


def tail_file(game_id):
    """The tail file of a game id, ``g0007.tl``: the latest records, before
    they are folded into the game file."""
    return "g%04d%s" % (game_id, TAIL)


def make_file(game_id):
    """A new journal.GameFile for game ``game_id``: what the journal
    remembers about the game's files, every field at its start value."""
    st = GameFile()
    st.game_id = game_id
    st.name = game_file(game_id)
    st.tail_name = tail_file(game_id)
    st.seq = 0
    st.size = 0  # bytes in the game file
    # Bytes of records in the tail file that the game file does not hold
    # yet, after a header of ``head`` bytes (tail 0: nothing pending).
    st.tail = 0
    st.head = 0
    st.synced = 0
    # CRC-32 of the acknowledged bytes; ack_saved False while the
    # acknowledgement lives in RAM only (the flash was full).
    st.ack_crc = None
    st.ack_saved = True
    st.pieces = []  # k of each damaged piece kept for the PC
    st.ack_seen = None
    st.ended = False
    st.finished = False
    st.writable = True
    st.readable = False
    st.why = None
    st.note = None  # why as a tuple (see Stored), for the screen
    # A write failed part way: the next append checks the file's size.
    st.dirty = False
    # The live Game of an unfinished game (the app's own object), to know
    # when it finishes; None for finished or unreadable games.
    st.game = None
    return st


def make_stored(j, game_id):
    """A new journal.Stored for game ``game_id`` (see its docstring), every
    field at its start value."""
    s = Stored()
    s._journal = j
    s._game = None
    s._readable = False
    s.game_id = game_id
    s.finished = True
    s.ended = False
    s.size = 0
    s.synced = 0
    s.created = None
    s.damage = None
    s.note = None
    s.name = None
    s.players = []
    s.hands = 0
    s.totals = []
    s.winners = []
    return s


def _forget_reader():
    # Boot's code leaves the board's RAM once it has run (tallyboard.unload).
    # Not on CPython (the PC, the tests): there it would only be compiled
    # again at the next boot (no .pyc with PYTHONDONTWRITEBYTECODE), 3 ms a
    # boot where the power-cut tests boot thousands of times.
    if _MICROPYTHON:
        unload("tallyboard.journal_boot")
        unload("tallyboard.journal_read")
        unload("tallyboard.journal_json")
        unload("tallyboard.folder_id")


def _encode(j, seq, rtype, payload):
    """The line of a record the fast path does not write (start, amend,
    end: a few a game): the generic writer is loaded for it and forgotten
    after."""
    from tallyboard.journal_json import encode

    try:
        return encode(seq, rtype, payload)
    finally:
        if _MICROPYTHON:
            unload("tallyboard.journal_json")


def boot(j):
    """Scan, repair and rebuild every game; returns a list of Stored,
    by game id. Never raises for a bad file (PowerCut from a MemFS
    aside): a bad one comes back with ``damage`` set."""
    from tallyboard.journal_boot import Boot

    try:
        return Boot(j).run()
    finally:
        _forget_reader()


def load(j, game_id):
    """Rebuild a game from its file (up to any damage; repairs nothing).
    None when it holds no readable game."""
    if not _get(j, game_id).readable:
        return None
    from tallyboard.journal_boot import load

    try:
        return load(j, game_id)
    finally:
        _forget_reader()


def _write_next(j, value):
    # tj.next keeps the folder's id on its second line (folder_id.py).
    from tallyboard import folder_id

    try:
        folder_id.write_next(j.fs, value)
    finally:
        if _MICROPYTHON:
            unload("tallyboard.folder_id")


def _try_remove(j, name):
    try:
        j.fs.remove(name)
    except OSError:
        pass


def _settle(j, name, size, data):
    """After a failed write: True when all of ``data`` is in the file
    after all (the error came late); else make sure it is not (cut the
    file back to ``size`` bytes, or remove a replaced tail, whose
    records are all in the game file) and return False. When even that
    fails, the file ends in an unfinished line, which boot cuts off."""
    fs = j.fs
    start = size if size > 0 else 0
    try:
        have = fs.size(name) if fs.exists(name) else 0
        if have == start + len(data) and fs.read_at(name, start, len(data)) == bytes(data):
            return True
        if size < 0:
            fs.remove(name)
        elif have != size:
            fs.truncate(name, size)
    except Exception:  # noqa: BLE001 - the first error is the one to report
        pass
    return False


def new_game(j, game, created=None, entries=True):
    """Start journaling ``game`` (a tricktally Game); returns its id.

    Writes the start record (game, players, first dealer, settings,
    ``created`` or the clock's time). A game that already holds entries
    gets them journaled too, as entries (its undo history is not kept),
    unless ``entries`` is False: a game begun by app_more.start_game,
    whose entries journal themselves (Journal.__getattr__ writes its start
    record when its first entry asks, that entry already in the game).
    """
    # (app_more.start_game reserves this same id without loading this
    # module: it sets _next to it, so the search below finds it again.)
    gid = j._next
    while j.fs.exists(game_file(gid)):
        gid += 1
    # The counter first: a cut after it only skips an id, never reuses one.
    _write_next(j, gid + 1)
    j._next = gid + 1
    if created is None and j.clock is not None:
        created = j.clock.time()
    settings = {}
    for k in game.settings:
        if k != "players":
            settings[k] = game.settings[k]
    payload = {
        "journal": VERSION,
        "game": game.NAME,
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "settings": settings,
    }
    if created is not None:
        payload["created"] = int(created)
    st = make_file(gid)
    j._games[gid] = st
    try:
        # The start record opens the game file itself (no tail yet).
        line = _encode(j, 0, START, payload)
        j._write(st.name, 0, line, False)
        st.size = len(line)
        st.seq = 1
        st.readable = True  # written here: load() may replay it
        for i in range(len(game.hands) if entries else 0):
            for kind, seat, value in game.dict_to_entries(game.hand_to_dict(game.hands[i]), i + 1):
                j._append(st, ENTRY, kind, seat, value)
        for kind, seat, value in game.current_entries() if entries else ():
            j._append(st, ENTRY, kind, seat, value)
    except Exception:
        # A start that failed leaves no game behind (not even an empty
        # file): the board shows the error and nothing was entered yet.
        del j._games[gid]
        _try_remove(j, st.name)
        raise
    st.game = game
    return gid


def amend(j, game_id, index, hand_dict):
    """Journal an amendment of hand ``index`` (0-based) the core accepted."""
    j._append(_get(j, game_id), AMEND, [index, hand_dict])


def end(j, game_id):
    """Close the game: an end record; no record may follow it."""
    st = _get(j, game_id)
    t = j.clock.time() if j.clock is not None else None
    j._append(st, END, {"t": int(t)} if t is not None else {})
    st.ended = True
    st.game = None
    _fold_away(j, st)  # a finished game is all in its game file


def stored(j, game_id, game):
    """Finished game ``game_id`` listed as boot lists it: a Stored whose
    ``game`` is replayed from the file when asked for, so the caller
    can let the live ``game`` (every hand of it) go."""
    st = _get(j, game_id)
    s = make_stored(j, game_id)
    s._readable = True
    s.size = st.size + st.tail
    s.synced = st.synced
    s.ended = st.ended
    s.name = game.NAME
    s.players = list(game.players)
    s.hands = len(game.hands)
    s.totals = list(game.totals)
    s.winners = list(game.winners)
    return s


def _save_acks(j):
    # Write the acknowledgements a full flash kept in RAM.
    for gid in ids(j):
        st = j._games[gid]
        if not st.ack_saved and st.ack_crc is not None:
            try:
                _write_ack(j, st, st.synced, st.ack_crc)
                st.ack_saved = True
            except OSError:
                return


def _verified(j, st):
    # The PC has all of the file, and the file still holds exactly the
    # bytes it acknowledged (read again now).
    size = st.size + st.tail
    if not size or st.synced != size or st.ack_crc is None:
        return False
    try:
        if j.fs.size(st.name) != st.size:
            return False
        return _crc(j, st, size) == st.ack_crc
    except OSError:
        return False


def delete(j, game_id, force=False):
    """Delete a game (its journal, acknowledgement and damaged pieces).
    Refuses (JournalError) one the PC does not hold in full, checked
    against the file's bytes now, unless ``force``."""
    st = _get(j, game_id)
    if not force and not _verified(j, st):
        st.synced = 0 if st.synced == st.size else st.synced
        raise JournalError(
            "game %d is not on the PC yet (%d of %d bytes synced): sync it first, or delete with force"
            % (game_id, st.synced, st.size)
        )
    base = st.name[: -len(SUFFIX)]
    # The journal first: once it is gone the game is gone; boot sweeps
    # the small files a cut would leave behind.
    names = [st.name, st.tail_name, base + ACK]
    for k in st.pieces:
        names.append(piece_name(game_id, k))
    for n in names:
        if j.fs.exists(n):
            j.fs.remove(n)
    del j._games[game_id]
    _save_acks(j)


def space(j):
    """``(free_bytes or None, low)``: low when under LOW_SPACE bytes."""
    free = j.fs.free()
    return free, free is not None and free < LOW_SPACE


def oldest_synced(j):
    """The id of the oldest finished game the PC has in full (the one to
    delete first when space runs low), or None."""
    for gid in ids(j):
        st = j._games[gid]
        if st.size and st.synced >= st.size and finished(j, gid):
            if _verified(j, st):
                return gid
            st.synced = 0  # the file changed since the PC acknowledged it
    return None
