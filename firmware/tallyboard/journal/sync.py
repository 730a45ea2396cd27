# SPDX-License-Identifier: MIT
"""What the serial link asks of the journal: the games, their sizes and
bytes, digests, acknowledgements, damaged pieces.

Functions taking the Journal first, offered by ``Journal`` (journal.py)
as its methods (``digest``, ``mark_synced``, ``pieces``, ``read_piece``,
``has_open_game``, ``finished``): loaded when the PC first asks, let go
at the next entry or undo. A sync loads this module only; games.py (new
games, the end, deletes, space) uses it too. What a club's link reads
after every entry (``ids``, ``size``, ``read``, ``synced``) is
Journal's own: it loads nothing.

A game's bytes are its game file's, then its tail file's records
(docs/JOURNAL.md, "Tail file and fold"): sizes, reads and digests cover
both, and an acknowledgement folds the tail in first.
"""

from binascii import crc32

from tallyboard.journal.files import CHUNK, ack_name, get_file, piece_name
from tallyboard.journal.record import JournalError, crc_of


def _crc_file(fs, name, upto, start=0, crc=0):
    # CRC-32 (int) of ``upto`` bytes of ``name`` from ``start``, read in
    # chunks, going on from ``crc``; -1 when the file is shorter.
    off = 0
    while off < upto:
        chunk = fs.read_at(name, start + off, min(CHUNK, upto - off))
        if not chunk:
            break
        crc = crc32(chunk, crc)
        off += len(chunk)
    if off != upto:
        return -1
    return crc & 0xFFFFFFFF


def _write_ack(j, st, upto, digest):
    name = ack_name(st)
    body = "%s %d %08x" % (name, upto, digest)
    j.fs.write_file(name, ("%d %08x %s\n" % (upto, digest, crc_of(body.encode()))).encode())


def _fold_away(j, st):
    # Fold and remove the tail file: the game is one file again (at its
    # end, or when the PC acknowledged it). Never raises: a fold that
    # fails leaves the records in the tail (safe), for the next try.
    try:
        j._fold(st)
        if j.fs.exists(st.tail_name):
            j.fs.remove(st.tail_name)
    except Exception:  # noqa: BLE001 - nothing is lost: they stay in the tail
        pass


def _crc(j, st, upto):
    # CRC-32 of the journal's first ``upto`` bytes (game file, then tail).
    n = min(upto, st.size)
    crc = _crc_file(j.fs, st.name, n)
    if upto > n and crc >= 0:
        crc = _crc_file(j.fs, st.tail_name, upto - n, st.head, crc)
    return crc


def digest(j, game_id, upto):
    """CRC-32 (int) of the first ``upto`` bytes of the game's journal."""
    st = get_file(j, game_id)
    if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= st.size + st.tail:
        raise JournalError("game %d has %d bytes: no digest of %r" % (game_id, st.size + st.tail, upto))
    return _crc(j, st, upto)


def mark_synced(j, game_id, upto, digest=None):
    """Record that the PC holds exactly the first ``upto`` bytes, whose
    CRC-32 is ``digest`` (None: the board's own, for local callers).
    A digest that differs from the file's is refused (JournalError):
    the PC holds other bytes. When the flash is too full to write the
    acknowledgement it is kept in RAM (until a reboot, or until a
    delete frees room and it is written): sync still completes, and a
    synced game can still be deleted to free space. Acknowledged
    records still in the tail are folded into the game file first:
    an acknowledgement covers the game file only."""
    st = get_file(j, game_id)
    if not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= st.size + st.tail:
        raise JournalError("game %d has %d bytes: cannot acknowledge %r" % (game_id, st.size + st.tail, upto))
    mine = _crc(j, st, upto)
    if digest is not None and digest != mine:
        raise JournalError(
            "game %d: the PC's digest %08x of %d bytes is not the board's %08x: not acknowledged"
            % (game_id, digest & 0xFFFFFFFF, upto, mine)
        )
    if upto > st.size:
        _fold_away(j, st)
    try:
        _write_ack(j, st, upto, mine)
        st.ack_saved = True
    except OSError:
        st.ack_saved = False
    st.synced = upto
    st.ack_crc = mine


def pieces(j, game_id):
    """The damaged pieces kept for a game: a list of ``(k, size)``."""
    st = get_file(j, game_id)
    out = []
    for k in st.pieces:
        try:
            out.append((k, j.fs.size(piece_name(game_id, k))))
        except OSError:
            pass
    return out


def read_piece(j, game_id, k, offset, length):
    """Bytes of damaged piece ``k`` from ``offset`` (at most ``length``)."""
    st = get_file(j, game_id)
    if k not in st.pieces:
        raise JournalError("game %d has no damaged piece %r" % (game_id, k))
    if offset < 0 or length < 0:
        raise JournalError("offset and length must be whole numbers >= 0")
    return j.fs.read_at(piece_name(game_id, k), offset, length)


def has_open_game(j):
    """True while a game that is not finished can take entries."""
    for gid in j._games:
        st = j._games[gid]
        if st.game is not None and st.writable and not st.ended and not st.game.finished:
            return True
    return False


def finished(j, game_id):
    """True when the game has finished (rules or end record) or is unreadable."""
    st = get_file(j, game_id)
    return st.ended or st.finished or not st.writable or (st.game is not None and st.game.finished)
