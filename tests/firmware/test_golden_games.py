# SPDX-License-Identifier: MIT
"""Whole games against the pixels and journal bytes they made when this
test was written: a change to the code's shape (a module split, a trick
undone) must not change a pixel on the panel or a byte in a journal.

The games: corpus games of every kind, size and bidding (tests/firmware/
ui_corpus.py) played one after another on one board through the real
screens, then the screen tour (ui_script.tour: settings, roster, amend,
undo, hidden bidding, the games list). Every press adds the panel's
memory (what the SSD1306 was sent, decoded by the simulated bus) and the
bytes sent to a SHA-256; the journal files the games left are hashed
after them.

A change that is meant to change what a screen shows (a layout, a
string of a language table) or what the journal writes changes a digest:
print the new ones with ``python -m tests.firmware.test_golden_games``,
check that the change is the one intended, and put them below.
"""

import hashlib

# The firmware draws with framebuf: tests/conftest.py installs the host's
# under pytest, this does when the module is run to print the digests.
from tricktally_host import framebuf

framebuf.install()

from tests.firmware.ui_corpus import corpus  # noqa: E402  (after framebuf)
from tests.firmware.ui_script import Session, tour  # noqa: E402

# What this code showed and wrote (see the docstring before changing them).
PRESSES = 1938
FRAMES_SHA256 = "975c3c6758d3151083782ed157c790eb3dda5190fd4a841e3b9d2e17bf7bc029"
JOURNAL_SHA256 = "31b0dbf2d61f68b694eb7609a5e4958f806d93857be5c98477a2aaab5551446b"

PLAN = (
    ("spades", 4, {}, corpus("spades", games=2)),
    ("spades", 4, {"bags": True}, corpus("spades", seed=7, games=1)),
    ("wizard", 4, {}, corpus("wizard", games=2)),
    ("wizard", 6, {"bidding": "hidden"}, corpus("wizard", games=1, n=6)),
    ("wizard", 5, {"bidding": "delayed"}, corpus("wizard", seed=3, games=1, n=5)),
    ("wizard", 3, {"bidding": "hidden"}, corpus("wizard", seed=5, games=1, n=3)),
    ("hearts", 4, {}, corpus("hearts", games=2)),
    ("hearts", 4, {"moon": "choice"}, corpus("hearts", seed=9, games=1)),
    ("hearts", 5, {}, corpus("hearts", seed=11, games=1, n=5)),
    ("spades", 3, {}, corpus("spades", seed=13, games=1, n=3)),
)


class Hashing(Session):
    """A Session that adds every frame the panel shows to ``frames``."""

    def __init__(self, frames):
        Session.__init__(self, record=False)
        self.hashed = frames
        self.count = 0

    def press(self, name, kind=1):
        n = Session.press(self, name, kind)
        self.hashed.update(bytes(self.bus.gddram))
        self.hashed.update(str(n).encode())
        self.count += 1
        return n


def journal_files(fs):
    """The journal's files on ``fs`` (a MemFS), by name: game files, tails,
    acknowledgements, the next id (the first line of tj.next: its second
    is the folder's id, random by design, docs/JOURNAL.md)."""
    files = {name: bytes(data) for name, data in fs.files.items() if name[:1] == "g"}
    if "tj.next" in fs.files:
        files["tj.next"] = bytes(fs.files["tj.next"]).split(b"\n")[0] + b"\n"
    return files


def play():
    """(presses, frames digest, journal digest) of PLAN and the tour."""
    frames = hashlib.sha256()
    games = Hashing(frames)
    for game, players, settings, hand_lists in PLAN:
        for hands in hand_lists:
            games.start_game(game, players, settings)
            g = games.app.game
            for hand in hands:
                if g.finished:
                    break
                games.play_hand(hand)
            games.home()
    touring = Hashing(frames)
    tour(touring)
    journal = hashlib.sha256()
    for fs in (games.fs, touring.fs):
        files = journal_files(fs)
        for name in sorted(files):
            journal.update(name.encode() + b"\0" + files[name] + b"\0")
    return games.count + touring.count, frames.hexdigest(), journal.hexdigest()


def test_whole_games_show_the_same_pixels_and_write_the_same_journals():
    presses, frames, journal = play()
    assert presses == PRESSES
    assert frames == FRAMES_SHA256, "the panel showed other pixels (see this test's docstring)"
    assert journal == JOURNAL_SHA256, "the journals hold other bytes (see this test's docstring)"


if __name__ == "__main__":
    presses, frames, journal = play()
    print("PRESSES = %d" % presses)
    print('FRAMES_SHA256 = "%s"' % frames)
    print('JOURNAL_SHA256 = "%s"' % journal)
