# SPDX-License-Identifier: MIT
"""Payload: the journal on a folder of the flash (``OsFS``, the board's own
``os``): games written, then booted back; journals handed in, booted.

Input (tt_data.json), one JSON object per line:

- ``{"write": NAME, "ops": [...]}``: a fresh folder ``jw_NAME``; the ops are
  ``["new", game, players, dealer, settings]``, ``["e", kind, seat, value]``,
  ``["u"]``, ``["a", index, hand]``, ``["x"]`` (end), ``["sync"]``. Prints
  ``{"write": NAME, "hex": the file's bytes, "again": [record, damage, size]}``
  where ``again`` is what a second boot of that folder finds;
- ``{"boot": LABEL, "hex": bytes}``: the bytes as ``g0001.tj`` in a fresh
  folder ``jb_LABEL``, booted. Prints ``{"boot": LABEL, "got": [record,
  damage, size, crc32 of the file after boot]}``;
- ``{"files": NAME}``: ``OsFS`` on folder ``jw_NAME`` answers ``listdir``,
  ``exists``, ``size``, ``read_at``: prints ``{"files": NAME, "got": [...]}``.
"""

import json
from binascii import crc32

from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tricktally import new_game
from tricktally.record import to_record

CREATED = 1700000000


def booted(fs):
    """Boot the journal of ``fs``: [record, damage, size] of game 1."""
    s = Journal(fs).boot()[0]
    rec = to_record(s.game) if s.game is not None else None
    return [rec, s.damage, s.size]


def write(name, ops):
    fs = OsFS("jw_" + name)
    j = Journal(fs)
    j.boot()
    game = None
    gid = None
    for op in ops:
        w = op[0]
        if w == "new":
            game = new_game(op[1], op[2], op[3], op[4])
            gid = j.new_game(game, created=CREATED)
        elif w == "e":
            game.enter(op[1], op[2], op[3])
            j.entry(gid, op[1], op[2], op[3])
        elif w == "u":
            game.undo()
            j.undo(gid)
        elif w == "a":
            game.amend(op[1], op[2])
            j.amend(gid, op[1], op[2])
        elif w == "x":
            j.end(gid)
        elif w == "sync":
            j.mark_synced(gid, j.size(gid))
    data = fs.read(game_file(gid))
    return {"write": name, "hex": data.hex(), "again": booted(OsFS("jw_" + name))}


def boot(label, data):
    fs = OsFS("jb_" + label)
    fs.write_file(game_file(1), data)
    got = booted(fs)
    return {"boot": label, "got": got + [crc32(fs.read(game_file(1)))]}


def files(name):
    fs = OsFS("jw_" + name)
    f = game_file(1)
    return {"files": name, "got": [f in fs.listdir(), fs.exists(f), fs.exists("nope.tj"), fs.size(f),
                                   fs.read_at(f, 2, 3).decode()]}


def main():
    with open("tt_data.json") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            if "write" in d:
                out = write(d["write"], d["ops"])
            elif "boot" in d:
                out = boot(d["boot"], bytes.fromhex(d["hex"]))
            else:
                out = files(d["files"])
            print(json.dumps(out))


if __name__ == "__main__":
    main()
