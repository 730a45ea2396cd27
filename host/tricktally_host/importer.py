# SPDX-License-Identifier: MIT
"""Put games from ``tricktally/1`` record files onto a (simulated) board's flash.

``tricktally sim --import RECORD.json ...`` uses this before the simulated
board boots: each record is replayed through the rules core and written
through the firmware's own Journal (``new_game`` then one ``entry`` per
value), so the flash holds exactly what a board that played the game would
hold, finished or not. A record that breaks a rule is refused with a message
naming the file, and nothing of it is written.
"""

import os

from tallyboard.config_store import check_name
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tricktally import new_game
from tricktally_host.records import RecordError, load_record


def entries_of(game):
    """Every entry, in order, that plays ``game`` (a rebuilt Game) from its
    start: each complete hand's entries, then the unfinished hand's."""
    out = []
    for i in range(len(game.hands)):
        out += list(game.dict_to_entries(game.hand_to_dict(game.hands[i]), i + 1))
    out += list(game.current_entries())
    return out


def import_records(paths, fs, clock=None):
    """Journal the games of the record files ``paths`` onto ``fs`` (a
    tallyboard.fs file system). Returns the new game ids, in order.

    Every file is read and checked before anything is written, so one bad
    file leaves the flash untouched (RecordError names it)."""
    games = []
    for path in paths:
        record, game = load_record(path)
        for name in game.players:
            # The board's own rule for names (1 to 10 printable characters):
            # the sim must not hold games the board could not have made.
            try:
                check_name(name)
            except ValueError as e:
                raise RecordError("%s: %s" % (path, str(e)[:120])) from e
        created = record.get("created")
        if not isinstance(created, int) or isinstance(created, bool) or created <= 0:
            created = None
        games.append((game, created))
    journal = Journal(fs, clock)
    journal.boot()
    ids = []
    for game, created in games:
        fresh = new_game(game.NAME, list(game.players), game.first_dealer, _settings(game))
        gid = journal.new_game(fresh, created=created)
        for kind, seat, value in entries_of(game):
            # The core checks each value again before the journal gets it,
            # as on the board: the journal never holds a refused entry.
            fresh.enter(kind, seat, value)
            journal.entry(gid, kind, seat, value)
        ids.append(gid)
    return ids


def import_into_folder(paths, folder, clock=None):
    """import_records onto the flash folder ``folder`` (the simulator's)."""
    os.makedirs(str(folder), exist_ok=True)
    return import_records(paths, OsFS(str(folder)), clock)


def _settings(game):
    return {k: v for k, v in game.settings.items() if k != "players"}


__all__ = ["RecordError", "entries_of", "import_records", "import_into_folder"]
