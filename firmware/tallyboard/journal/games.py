# SPDX-License-Identifier: MIT
"""The journal's operations on whole games: starting and ending them,
amendments, listing a game that ended, deletes and space.

Each is a function taking the Journal first; ``Journal`` (journal.py)
offers them as its methods, loading this module when one is asked for and
letting it go at the next entry or undo: during a game only the append
path stays in RAM (docs/JOURNAL.md).
"""

from tallyboard.journal import folder_id
from tallyboard.journal.encode import encode
from tallyboard.journal.files import LOW_SPACE, NEXT_FILE, GameFile, Stored, ack_name, free_id, get_file, piece_name, try_remove
from tallyboard.journal.record import AMEND, END, ENTRY, START, VERSION, JournalError, crc_of
from tallyboard.journal.sync import _crc, _fold_away, _write_ack, finished


def new_game(j, game, created=None, entries=True):
    """Start journaling ``game`` (a tricktally Game); returns its id.

    Writes the start record (game, players, first dealer, settings,
    ``created`` or the clock's time). A game that already holds entries
    gets them journaled too, as entries (its undo history is not kept),
    unless ``entries`` is False: a game begun by ``Journal.begin``, whose
    entries journal themselves (its start record is written right after
    the press that began it, or before the journal's next operation, its
    first entry perhaps already in the game).
    """
    # (Journal.begin reserved this same id: it set _next to it, so the
    # search finds it again.)
    gid = free_id(j.fs, j._next)
    # The counter first: a cut after it only skips an id, never reuses one.
    folder_id.write_next(j.fs, gid + 1)  # tj.next keeps the folder's id on its second line
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
    st = GameFile(gid)
    j._games[gid] = st
    try:
        # The start record opens the game file itself (no tail yet).
        line = encode(0, START, payload)
        j._write(st.name, 0, line, False)
        st.size = len(line)
        st.seq = 1
        st.readable = True  # written here: load() may replay it
        j.written += 1
        for i in range(len(game.hands) if entries else 0):
            for kind, seat, value in game.dict_to_entries(game.hand_to_dict(game.hands[i]), i + 1):
                j._append(st, ENTRY, kind, seat, value)
        for kind, seat, value in game.current_entries() if entries else ():
            j._append(st, ENTRY, kind, seat, value)
    except Exception:
        # A start that failed leaves no game behind (not even an empty
        # file): the board shows the error and nothing was entered yet.
        del j._games[gid]
        try_remove(j.fs, st.name)
        raise
    st.game = game
    return gid


def amend(j, game_id, index, hand_dict):
    """Journal an amendment of hand ``index`` (0-based) the core accepted."""
    j._append(get_file(j, game_id), AMEND, [index, hand_dict])


def end(j, game_id):
    """Close the game: an end record; no record may follow it."""
    st = get_file(j, game_id)
    t = j.clock.time() if j.clock is not None else None
    j._append(st, END, {"t": int(t)} if t is not None else {})
    st.ended = True
    st.game = None
    _fold_away(j, st)  # a finished game is all in its game file


def stored(j, game_id, game):
    """Finished game ``game_id`` listed as boot lists it: a Stored whose
    ``game`` is replayed from the file when asked for, so the caller
    can let the live ``game`` (every hand of it) go."""
    st = get_file(j, game_id)
    s = Stored(j, game_id)
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
    for gid in j.ids():
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
    st = get_file(j, game_id)
    if not force and not _verified(j, st):
        st.synced = 0 if st.synced == st.size else st.synced
        raise JournalError(
            "game %d is not on the PC yet (%d of %d bytes synced): sync it first, or delete with force"
            % (game_id, st.synced, st.size)
        )
    # The journal first: once it is gone the game is gone; boot sweeps
    # the small files a cut would leave behind.
    names = [st.name, st.tail_name, ack_name(st)]
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
    for gid in j.ids():
        st = j._games[gid]
        if st.size and st.synced >= st.size and finished(j, gid):
            if _verified(j, st):
                return gid
            st.synced = 0  # the file changed since the PC acknowledged it
    return None
