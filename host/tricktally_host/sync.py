# SPDX-License-Identifier: MIT
"""Sync: pull every game journal from a board into the database.

For each game the board lists, the database says how much of its journal is
already stored (``Database.synced_upto``). A game whose stored size equals
the board's is not fetched again; one whose size grew (a game still being
played) or that is new is fetched in chunks, each chunk CRC-checked by the
frame codec, then the whole journal is checked against the board's own CRC32
(SUM), decoded with the firmware's journal decoder, replayed through the
rules core into a ``tricktally/1`` record and stored in one transaction.
Only then is the game acknowledged (ACK game length digest), so the board
never believes a game is safe on the PC before it is, and believes it only
of exactly the bytes stored.

What is acknowledged is what was stored: the readable prefix of the
journal. Unreadable bytes after it are kept in the database as a damaged
piece and not acknowledged. A journal that does not extend the one already
stored (shorter, or other bytes under the same game id) is kept beside it
as a conflict, reported, and never acknowledged. The damaged pieces the
board kept (PIECES, PIECE) are stored beside their game before its ACK.

Resuming: the bytes fetched so far are kept in a spool folder beside the
database (``<db>.journals/<board>/<game>.journal``; for a PostgreSQL
database, in the user's cache folder: ``spool_dir_of``), appended as chunks
arrive. The next sync checks a spool file against the board (SUM over its
length) and continues from its end, so a cut link costs at most the chunk in
flight, and a game already stored is never fetched again. The spool is only
a cache: if it is missing or does not match, the game is fetched from 0; if
it cannot be written (a read-only folder), the bytes are kept in memory and
the sync goes on (it just cannot be resumed if cut).

A board with a journal folder id (HELLO's sixth word) has its games stored
under it: after a wipe its new games are new games, not conflicts. Games of
that board stored before it sent one (older firmware) are taken over by the
folder when the board proves it holds their bytes (SUM), so nothing is
fetched or listed twice.

One game that cannot be stored (a journal that does not replay, a record
the rules refuse) is kept as a damaged piece and reported; the sync goes
on with the next game.
"""

import binascii
import hashlib
import os
import pathlib
import re
import time

import platformdirs

from tallyboard.journal import read as journal_read
from tricktally.record import to_record
from tricktally_host.link_client import LinkError
from tricktally_host.records import RecordError


# FETCH requests sent back to back: ~240 bytes of requests (what the board
# takes in one pass of its loop) for ~6.6 KB of answers.
WINDOW = 8


class SyncReport:
    """What one sync did: counts, the board, and per-game details.

    ``stored`` maps game id -> 'new' | 'changed' | 'same' | 'conflict';
    ``fetches`` maps game id -> FETCH requests sent; ``problems`` lists
    one-line messages (a game that could not be decoded, a damaged journal
    tail, a conflict, an acknowledgement the board refused); ``notes``
    one-line facts that are not problems (a new journal folder, a spool
    that could not be written); ``conflicts`` the game ids kept beside a
    different stored version; ``pieces`` how many damaged pieces were newly
    stored; ``adopted`` how many games stored before the board had a folder
    id were filed under it."""

    def __init__(self):
        self.device = None
        self.folder = ""
        self.firmware = None
        self.games_on_board = 0
        self.stored = {}
        self.fetches = {}
        self.resumed = {}
        self.skipped = 0
        self.acked_only = 0
        self.adopted = 0
        self.bytes = 0
        self.problems = []
        self.notes = []
        self.conflicts = []
        self.pieces = 0

    def count(self, status):
        """How many games ended in ``status`` ('new', 'changed', 'same')."""
        return sum(1 for s in self.stored.values() if s == status)


class SyncError(Exception):
    """A game's journal did not match the board's checksum twice in a row."""


def crc_hex(data):
    """The checksum the database keeps for journal bytes: CRC32, 8 hex digits."""
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def spool_dir_for(db_path):
    """The resume spool folder of the database at ``db_path``."""
    p = pathlib.Path(db_path)
    return p.with_name(p.name + ".journals")


def spool_dir_of(db):
    """The resume spool folder of an open Database: beside its SQLite file,
    or, for a database on a server, in the user's cache folder, one per
    database (named by a digest of its URL without the password)."""
    if db.path is not None:
        return spool_dir_for(db.path)
    digest = hashlib.sha256(db.name.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return pathlib.Path(platformdirs.user_cache_dir("tricktally")) / "journals" / digest


def spool_name(device, folder=""):
    """The spool folder name of a board's journal folder: safe on every
    file system (a few safe characters of the id, then a digest of the
    whole id, so two ids never share one and a long one stays short)."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", device)[:32] or "_"
    digest = hashlib.sha256(("%s\n%s" % (device, folder)).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return "%s-%s" % (safe.lstrip("-_") or "_", digest)


class _Spool:
    """Journal bytes fetched so far, one append-only file per game; in
    memory when there is no folder, or when it cannot be written."""

    def __init__(self, folder, device, board_folder=""):
        self.folder = pathlib.Path(folder) / spool_name(device, board_folder) if folder is not None else None
        self._mem = {}
        self.trouble = None  # why the folder could not be used, once

    def _path(self, gid):
        return self.folder / ("%d.journal" % gid)

    def read(self, gid):
        if gid in self._mem or self.folder is None:
            return self._mem.get(gid, b"")
        try:
            return self._path(gid).read_bytes()
        except OSError:
            return b""

    def append(self, gid, data):
        if self.folder is not None and gid not in self._mem:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                with open(self._path(gid), "ab") as f:
                    f.write(data)
                    f.flush()
                return
            except OSError as e:
                # Only a cache: keep this game's bytes in memory from here on.
                self.trouble = self.trouble or "cannot keep partial downloads in %s (%s): a cut sync starts over" % (
                    self.folder.parent, e.strerror or e)
                self._mem[gid] = self.read(gid)
        self._mem[gid] = self._mem.get(gid, b"") + data

    def drop(self, gid):
        self._mem.pop(gid, None)
        if self.folder is None:
            return
        try:
            os.remove(self._path(gid))
        except OSError:
            pass


def record_of(data, device, game_id):
    """The ``tricktally/1`` record of journal bytes ``data`` (plus the keys
    device, game_id, created, and ``ended`` for a game closed before the
    rules finished it), the damage message or None, the rebuilt Game, and
    how many bytes of ``data`` the record holds (the records replayed: what
    may be stored and acknowledged). Raises ValueError when the journal
    holds no readable game."""
    records, good, damage = journal_read.decode(data)
    rp = journal_read.Replayer()
    for rec in records:
        if not rp.add(rec):
            break
    if rp.game is None:
        raise ValueError(rp.damage or damage or "no start record")
    game = rp.game
    rec = to_record(game)
    rec["device"] = device
    rec["game_id"] = game_id
    rec["created"] = rp.created
    if rp.ended and not game.finished:
        rec["ended"] = True
    used = _line_end(data, rp.used)
    problem = rp.damage or damage
    if problem is None and used != len(data):
        problem = "journal ends with %d unreadable bytes" % (len(data) - used)
    return rec, problem, game, used


def _line_end(data, lines):
    # Offset just after the ``lines``-th newline of ``data``.
    pos = 0
    for _ in range(lines):
        pos = data.index(b"\n", pos) + 1
    return pos


def sync_board(client, db, spool=None, progress=None, set_time=True, now=time.time, chunk=None, window=WINDOW,
               ack_due=None):
    """Sync the board behind ``client`` (a LinkClient) into ``db`` (a
    Database). ``spool`` is the resume folder (None: keep partial bytes in
    memory only); ``progress(done_bytes, total_bytes, game_id)`` is called as
    bytes arrive. Returns a SyncReport. LinkError propagates when the link is
    lost, DatabaseError when the database fails: what was stored stays
    stored, and the next sync resumes. ``window`` is how many FETCH requests
    go out back to back. ``ack_due(game_id, finished)``, when given, says
    whether a stored game is acknowledged now (None: always, as on USB; a
    club's hub syncing after every entry acknowledges finished games, and
    the others now and then: docs/CLUB.md); a game not acknowledged now is
    acknowledged by a later sync."""
    if ack_due is None:
        ack_due = _always
    report = SyncReport()
    info = client.hello()
    device = info["device"]
    folder = info.get("folder", "")
    report.device = device
    report.folder = folder
    report.firmware = info["firmware"]
    chunk = min(chunk or info["max_chunk"], info["max_chunk"])
    if set_time:
        try:
            client.set_time(int(now()))
        except LinkError as e:
            if e.code in ("timeout", "port", "corrupt"):
                raise
            report.problems.append("the board refused the time: %s" % e)
    games = client.list_games()
    report.games_on_board = len(games)
    stored = db.synced_upto(device, folder)
    others = db.other_folders(device, folder) if folder else {}
    cache = _Spool(spool, device, folder)

    def acked(gid, answer):
        if isinstance(answer, LinkError):
            report.problems.append("game %d: the board refused the acknowledgement: %s" % (gid, answer))

    # Damaged pieces the board kept: stored beside their game (before any
    # ACK of it, so the board never deletes a game whose pieces we lack).
    for g in games:
        if g.get("pieces"):
            try:
                for k, size in client.pieces(g["id"]):
                    data = client.fetch_piece(g["id"], k, size, chunk)
                    if db.store_piece(device, g["id"], "bad", data, folder=folder):
                        report.pieces += 1
            except LinkError as e:
                if e.code in ("timeout", "port", "corrupt"):
                    raise
                report.problems.append("game %d: its damaged pieces could not be fetched: %s" % (g["id"], e))

    # Plan: what to fetch and from where; games already stored are settled
    # here with at most one SUM request (when the board missed our ACK).
    plan = []
    for g in games:
        gid, size = g["id"], g["size"]
        have = stored.get(gid)
        if size == 0:
            report.skipped += 1
            continue
        if have is None and gid in others:
            have = _take_over(client, db, report, device, folder, gid, size, others[gid])
        if have is not None and have[0] == size:
            if g["synced"] == size or not ack_due(gid, g["finished"]):
                report.skipped += 1
                continue
            board_sum = "%08x" % client.checksum(gid, size)
            if board_sum == str(have[1]):
                acked(gid, client.request_many([("ACK", (gid, size, board_sum))], soft=1)[0])
                report.acked_only += 1
                continue
        plan.append((gid, size, _resume_point(client, cache, gid, size)))
    total = sum(size - start for _, size, start in plan)
    done = 0
    if progress:
        progress(0, total, None)

    pending_ack = []  # the last stored game's ACK, sent with the next burst

    def on_piece(gid, n):
        nonlocal done
        done += n
        report.bytes += n
        report.fetches[gid] = report.fetches.get(gid, 0) + 1
        if progress:
            progress(done, total, gid)

    for gid, size, start in plan:
        report.fetches[gid] = 0
        if start:
            report.resumed[gid] = start
        data = cache.read(gid)[:start]
        data, board_crc = _fetch_game(client, cache, gid, size, data, chunk, window, pending_ack, on_piece, acked)
        pending_ack = []
        if board_crc != crc_hex(data):
            # Every chunk passed its CRC, so the spool (or the board's file)
            # changed under us: start this game over, once.
            cache.drop(gid)
            total += len(data)
            data, board_crc = _fetch_game(client, cache, gid, size, b"", chunk, window, [], on_piece, acked)
            if board_crc != crc_hex(data):
                cache.drop(gid)
                raise SyncError("game %d: journal checksum %s does not match the board's %s"
                                % (gid, crc_hex(data), board_crc))
        status, used, finished, _ = store_journal(db, report, device, folder, gid, data, now)
        if status is None:
            continue
        report.stored[gid] = status
        if status == "conflict":
            have = stored.get(gid)
            report.conflicts.append(gid)
            report.problems.append(
                "game %d: conflict: the board's journal (%d bytes) does not extend the stored one (%d bytes); "
                "both are kept, the board's is not acknowledged" % (gid, used, have[0] if have else 0)
            )
            continue
        # Acknowledged only now that the database has it, and only the bytes
        # it holds; the ACK rides with the next game's first burst to save a
        # round trip.
        if used and ack_due(gid, finished):
            pending_ack = [("ACK", (gid, used, crc_hex(data[:used])))]
        if finished and used == len(data):
            cache.drop(gid)  # it will not grow: nothing to resume from
    if pending_ack:
        acked(pending_ack[0][1][0], client.request_many(pending_ack, soft=1)[0])
    if cache.trouble:
        report.notes.append(cache.trouble)
    if folder and others and report.adopted == 0 and report.count("new"):
        report.notes.append(
            "this board's flash holds a new journal folder (%s: wiped or reflashed): its games are stored as new"
            " games, apart from the %d stored before" % (folder, sum(len(v) for v in others.values())))
    return report


def _always(game_id, finished):
    return True


def _take_over(client, db, report, device, folder, gid, size, candidates):
    """A game of this board stored before under another folder (older
    firmware sent none), whose bytes the board still holds exactly (SUM):
    filed under ``folder``. Returns its (size, checksum), or None."""
    for other, have_size, have_sum in candidates:
        if 0 < have_size <= size and "%08x" % client.checksum(gid, have_size) == str(have_sum):
            if have_size == size and db.adopt(device, other, folder, gid):
                report.adopted += 1
                return have_size, have_sum
            return None  # it grew: fetched, and store_game takes it over by its bytes
    return None


def store_journal(db, report, device, folder, gid, data, now=time.time):
    """Store the journal ``data`` of game ``gid`` as a sync does (a club's
    hub too, for the bytes a board pushed: tricktally_host.club.pushes):
    (status, bytes stored, finished, the record), or (None, 0, False,
    None) when it holds no game that can be stored (its bytes are then kept
    as a damaged piece and the problem reported in ``report``)."""
    try:
        record, damage, game, used = record_of(data, device, gid)
    except ValueError as e:  # RuleError and JournalError are ValueErrors
        db.store_piece(device, gid, "unreadable", data, folder=folder)
        report.problems.append("game %d: journal does not replay (%s); its bytes are kept, not acknowledged" % (gid, e))
        return None, 0, False, None
    kept = data[:used]
    if used < len(data):
        db.store_piece(device, gid, "tail", data[used:], folder=folder)
        report.problems.append("game %d: %s; %d unreadable bytes kept apart, %d acknowledged"
                               % (gid, damage, len(data) - used, used))
    elif damage:
        report.problems.append("game %d: %s" % (gid, damage))
    try:
        with db.transaction():
            status = db.store_game(device, gid, record, used, crc_hex(kept), synced_at=now(), journal=kept, folder=folder)
    except RecordError as e:
        db.store_piece(device, gid, "unreadable", data, folder=folder)
        report.problems.append("game %d: cannot be stored (%s); its bytes are kept, not acknowledged" % (gid, e))
        return None, 0, False, None
    return status, used, game.finished, record


def _fetch_game(client, cache, gid, size, data, chunk, window, lead, on_piece, on_lead):
    """Fetch bytes ``len(data)..size`` of ``gid`` in bursts of ``window``
    chunks, appending them to the spool; ``lead`` requests (an ACK) go first
    in the first burst, their answers (or refusals) to ``on_lead(gid,
    answer)``. Returns ``(data, the board's CRC of the whole journal)``."""
    while True:
        spans = []
        p = len(data)
        while p < size and len(spans) < window:
            n = min(chunk, size - p)
            spans.append((p, n))
            p += n
        ends = p >= size
        requests = list(lead) + [("FETCH", (gid, o, n)) for o, n in spans]
        if ends:
            requests.append(("SUM", (gid, size)))
        try:
            answers = client.request_many(requests, soft=len(lead))
        except LinkError as e:
            # Keep the chunks that did arrive, so the next sync resumes after them.
            _take(client, cache, gid, spans, e.partial[len(lead):], on_piece)
            raise
        for (verb, args), answer in zip(lead, answers):
            on_lead(args[0], answer)
        answers = answers[len(lead):]
        lead = []
        data, short = _take(client, cache, gid, spans, answers, on_piece, data)
        if ends and not short:
            return data, "%08x" % client.sum_answer(answers[-1], gid, size)


def _take(client, cache, gid, spans, answers, on_piece, data=b""):
    """Check the FETCH ``answers`` of ``spans`` and spool their bytes;
    returns ``(data + the bytes, short)``, short when the board gave fewer
    bytes than asked (its journal is shorter than LIST said)."""
    for (o, n), words in zip(spans, answers):
        piece = client.fetch_answer(words, gid, o, n)
        cache.append(gid, piece)
        data += piece
        on_piece(gid, len(piece))
        if len(piece) < n:
            return data, True
    return data, False


def _resume_point(client, cache, gid, size):
    """Where to fetch ``gid`` from: the end of its spool file if the board
    confirms those bytes (SUM), else 0 (and the spool is dropped)."""
    have = cache.read(gid)
    if not have:
        return 0
    if len(have) <= size and "%08x" % client.checksum(gid, len(have)) == crc_hex(have):
        return len(have)
    cache.drop(gid)
    return 0
