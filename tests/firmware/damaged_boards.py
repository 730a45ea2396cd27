# SPDX-License-Identifier: MIT
"""Flashes that make the board report each journal note and settings problem.

``BOARDS[case](lang)`` returns a MemFS (its config.json in ``lang``) on
which a booting App shows the "Journal check" message for ``case``;
``REFUSALS`` gives a real exception of each kind a setting or a write
raises. Shared by the language walk (tests/firmware/test_ui_languages.py)
and the check that the screen says none of it in English
(tests/firmware/test_notes_language.py).
"""

import json
from binascii import crc32

from tallyboard.config import Config
from tallyboard.journal.files import game_file
from tallyfakes.memfs import MemFS
from tests.firmware.journal_harness import fold_tails
from tests.firmware.test_ui_space import board_with_games


def _game(lang):
    # One finished game (g0001.tj) on a flash in ``lang``.
    fs = board_with_games([False])
    fs.capacity = None
    fold_tails(fs)  # the whole game in g0001.tj, where the damage goes
    Config(fs).set_language(lang)
    return fs


def _line(seq, rtype, payload):
    body = ("%d %s %s" % (seq, rtype, json.dumps(payload))).encode()
    return body + (" %08x\n" % (crc32(body) & 0xFFFFFFFF)).encode()


def cut(lang):
    """A flipped bit in the middle of a game: its tail is set aside."""
    fs = _game(lang)
    data = fs.files[game_file(1)]
    data[len(data) // 2] ^= 4
    return fs


def torn(lang):
    """A power cut while writing the last record."""
    fs = _game(lang)
    fs.files[game_file(1)] += b'77 e ["bi'
    return fs


def torn_one(lang):
    """Only the start record survived a power cut: 1 record kept."""
    fs = _game(lang)
    data = fs.files[game_file(1)]
    fs.files[game_file(1)] = bytearray(data[: data.index(b"\n") + 1] + b'1 e ["bi')
    return fs


def stuck(lang):
    """A damaged game on a full flash: the damage cannot be cut off."""
    fs = cut(lang)
    fs.capacity = sum(len(v) for v in fs.files.values())
    return fs


def unreadable(lang):
    """A game file that holds no journal at all."""
    fs = _game(lang)
    fs.files[game_file(2)] = bytearray(b"hello\nworld\n")
    return fs


def newer(lang):
    """A game journal from a newer firmware's format."""
    fs = _game(lang)
    fs.files[game_file(2)] = bytearray(_line(0, "s", {"journal": 99, "game": "hearts"}))
    return fs


class _FailingFS(MemFS):
    # Reading game 2 runs out of memory: not the file's fault.
    def read_at(self, name, offset, length):
        if name == game_file(2):
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return MemFS.read_at(self, name, offset, length)


def read_failed(lang):
    """A game that could not be read (memory ran out)."""
    fs = _FailingFS(_game(lang).files)
    fs.files[game_file(2)] = bytearray(b"hello\n")
    return fs


def removed(lang):
    """A power cut during a new game's start left an empty file."""
    fs = _game(lang)
    fs.files[game_file(2)] = bytearray()
    return fs


def config_bad(lang):
    """A settings file with a bad default rule (the language is read)."""
    fs = MemFS()
    fs.write_file("config.json", json.dumps({"language": lang, "defaults": {"spades": {"bags": "many"}}}).encode())
    return fs


def config_unreadable(lang):
    """A settings file cut short (not JSON): the language it still names is
    used, the rest is defaults."""
    fs = MemFS()
    fs.write_file("config.json", b'{"language": "%s", ' % lang.encode())
    return fs


BOARDS = {
    "cut": cut,
    "torn": torn,
    "torn_one": torn_one,
    "stuck": stuck,
    "unreadable": unreadable,
    "newer": newer,
    "read_failed": read_failed,
    "removed": removed,
    "config_bad": config_bad,
    "config_unreadable": config_unreadable,
}


def refusals(app):
    """A real exception of each kind the settings and a read-only game raise
    on ``app``'s board: (what, exception)."""
    out = []
    cfg = Config(MemFS())
    for what, call in (
        ("name", lambda: cfg.set_roster(["Wwwwwwwwwwx"])),
        ("roster", lambda: cfg.set_roster(["P%d" % i for i in range(13)])),
        ("twice", lambda: cfg.set_roster(["Ana", "Ana"])),
        ("value", lambda: cfg.set_contrast(999)),
        ("full", lambda: _full_flash_write()),
    ):
        try:
            call()
        except (OSError, ValueError) as e:
            out.append((what, e))
        else:
            raise AssertionError("%s was not refused" % what)
    return out


def _full_flash_write():
    fs = MemFS(capacity=10)
    Config(fs).set_contrast(3)
