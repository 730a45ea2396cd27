# SPDX-License-Identifier: MIT
"""What the journal knows of each game: the names of its files, what it
remembers about them so that appends never read them (``GameFile``), and
how a game is listed without replaying it (``Stored``).

A game ``7`` has its game file ``g0007.tj`` (docs/JOURNAL.md), its tail
file ``g0007.tl`` (the latest records, before they are folded into the
game file), the PC's acknowledgement ``g0007.ack`` and any damaged pieces
boot kept for the PC (``g0007.bad``, ``g0007_2.bad``, ...); ``tj.next``
holds the next game id.
"""

from tallyboard.journal.record import JournalError

SUFFIX = ".tj"
TAIL = ".tl"
ACK = ".ack"
BAD = ".bad"
NEXT_FILE = "tj.next"
# Journals are read in chunks of this size: RAM, not the file, bounds it.
CHUNK = 1024
# Below this many free bytes the flash is low: eight 4 KB flash blocks,
# room for a few more games (a long game is ~4 KB) and for littlefs to copy
# the block it appends to.
LOW_SPACE = 32 * 1024


def game_file(game_id):
    """The journal file name of a game id: ``g0007.tj``."""
    return "g%04d%s" % (game_id, SUFFIX)


def tail_file(game_id):
    """The tail file of a game id, ``g0007.tl``: the latest records, before
    they are folded into the game file."""
    return "g%04d%s" % (game_id, TAIL)


def piece_name(game_id, k):
    """The file of damaged piece ``k`` (1, 2, ...) of a game: ``g0007.bad``,
    ``g0007_2.bad``, ..."""
    if k == 1:
        return "g%04d%s" % (game_id, BAD)
    return "g%04d_%d%s" % (game_id, k, BAD)


def ack_name(st):
    """The acknowledgement file of GameFile ``st``: ``g0007.ack``."""
    return st.name[: -len(SUFFIX)] + ACK


def free_id(fs, start):
    """The first game id from ``start`` whose game file is not on ``fs``."""
    gid = start
    while fs.exists(game_file(gid)):
        gid += 1
    return gid


def get_file(journal, game_id):
    """The journal's GameFile of ``game_id``; JournalError when there is none."""
    st = journal._games.get(game_id)
    if st is None:
        raise JournalError("there is no game %r" % (game_id,))
    return st


def try_remove(fs, name):
    """Remove ``name`` from ``fs`` if it can (a leftover: never an error)."""
    try:
        fs.remove(name)
    except OSError:
        pass


class GameFile:
    """What the journal remembers about one game's files, so appends never
    read them."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.name = game_file(game_id)
        self.tail_name = tail_file(game_id)
        self.seq = 0
        self.size = 0  # bytes in the game file
        # Bytes of records in the tail file that the game file does not hold
        # yet, after a header of ``head`` bytes (tail 0: nothing pending).
        self.tail = 0
        self.head = 0
        self.synced = 0
        # CRC-32 of the acknowledged bytes; ack_saved False while the
        # acknowledgement lives in RAM only (the flash was full).
        self.ack_crc = None
        self.ack_saved = True
        self.pieces = []  # k of each damaged piece kept for the PC
        self.ack_seen = None
        self.ended = False
        self.finished = False
        self.writable = True
        self.readable = False
        self.why = None
        self.note = None  # why as a tuple (see Stored), for the screen
        # A write failed part way: the next append checks the file's size.
        self.dirty = False
        # The live Game of an unfinished game (the app's own object), to know
        # when it finishes; None for finished or unreadable games.
        self.game = None


class Stored:
    """One game as the board lists it (boot, a game that ends).

    ``game_id``; ``game``: the Game rebuilt through the core, or None when
    the file holds no readable game (garbage, newer format); for a finished
    game each access replays the file, so keep the result rather than ask
    again; ``finished`` (the rules ended it, or an end record closed it, or
    it is unreadable: nothing to resume); ``ended`` (end record); ``size``
    and ``synced`` (bytes; the PC has it all when they are equal);
    ``created`` (epoch seconds or None); ``damage`` (None or a message for
    the PC and the serial link, in English); ``note`` (None or the same
    damage as a tuple ``(kind, game id, records kept, bytes kept, detail)``
    that tallyboard.notes words in the board's language); and for list
    screens without a replay: ``name`` ('wizard', ...), ``players``,
    ``hands`` (complete hands), ``totals``, ``winners``.
    """

    def __init__(self, journal, game_id):
        self._journal = journal
        self._game = None  # the live game of an unfinished one
        self._readable = False
        self.game_id = game_id
        self.finished = True
        self.ended = False
        self.size = 0
        self.synced = 0
        self.created = None
        self.damage = None
        self.note = None
        self.name = None
        self.players = []
        self.hands = 0
        self.totals = []
        self.winners = []

    @property
    def game(self):
        """The live game of an unfinished one; a finished one is replayed
        from its file each time it is asked for."""
        if self._game is not None or not self._readable:
            return self._game
        return self._journal.load(self.game_id)
