# SPDX-License-Identifier: MIT
"""Payload: the journal folder's id on the board's own file system (OsFS
on a folder of the flash), through boots, a wipe and an older firmware's
folder. Prints one JSON object:

``{"fresh": id after a boot of an empty folder (None), "first": id after
the first game, "again": id after another boot and game, "hello": the
link's HELLO answer, "wiped": id after the folder was emptied and a game
played, "legacy": id boot gave a folder from older firmware (tj.next of one
line), "legacy_next": the game id the journal gives next there}``.
"""

import json
import os

from tallyboard.journal import folder_id
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tallyboard.link import Link
from tricktally import new_game


def _game():
    return new_game("hearts", ["Ana", "Ben", "Cy"], 0, {})


def _boot(folder):
    fs = OsFS(folder)
    j = Journal(fs)
    j.boot()
    return fs, j


class Stream:
    def __init__(self, data):
        self.data = data
        self.out = b""

    def read_available(self):
        data, self.data = self.data, b""
        return data

    def write(self, data):
        self.out += data


def _hello(fs, j):
    from tallyboard import frames

    s = Stream(frames.encode(frames.REQUEST, 1, ["HELLO"]))
    Link(s, j, None, None, "vmboard", "0.1.0").poll()
    return frames.decode(s.out[:-1], frames.RESPONSE)[1]


def run():
    out = {}
    os.mkdir("fa")
    fs, j = _boot("fa")
    out["fresh"] = folder_id.read(fs)
    j.new_game(_game())
    out["first"] = folder_id.read(fs)
    fs, j = _boot("fa")
    j.new_game(_game())
    out["again"] = folder_id.read(fs)
    out["hello"] = _hello(fs, j)
    for name in os.listdir("fa"):
        os.remove("fa/" + name)
    fs, j = _boot("fa")
    j.new_game(_game())
    out["wiped"] = folder_id.read(fs)
    # Older firmware wrote tj.next as one line: "<next> <crc32 of 'tj.next <next>'>".
    os.mkdir("fl")
    fs, j = _boot("fl")
    j.new_game(_game())
    with open("fl/tj.next", "w") as f:
        f.write("7 %s\n" % folder_id._crc(b"tj.next 7").decode())
    fs, j = _boot("fl")
    out["legacy"] = folder_id.read(fs)
    out["legacy_next"] = j.new_game(_game())
    print(json.dumps(out))


run()
