# SPDX-License-Identifier: MIT
"""The run the binding 32-bit heap goal is measured on (bench/wasm32_bench.py):
the longest game, from boot, 6-player Wizard with hidden bids, key press by
key press, then the PC's sync as tricktally_host.sync asks it, burst by
burst, ACK included, with a collection after every step. Played here on
CPython (the same payload the ports run)."""

import contextlib
import io
import json

import pytest

from bench.wasm32_bench import check_run
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tests.board_keys import LONGEST, board_data, longest_game
from tests.payloads import board_game


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    keys, session = longest_game()
    flash = tmp_path_factory.mktemp("board") / "tt_flash"
    data = json.loads(board_data(keys, flash=str(flash)))
    labels = ["start"]  # as the 32-bit port's runner names the first step
    printed = io.StringIO()  # the payload prints its JSON lines
    with contextlib.redirect_stdout(printed):
        for label in board_game.steps(data):
            labels.append(label)
    lines = [json.loads(text) for text in printed.getvalue().splitlines() if text[:1] == "{"]
    return keys, session, labels, lines, flash


def test_the_longest_game_is_six_player_wizard_with_hidden_bids(run):
    keys, session, labels, lines, flash = run
    game = session.game
    assert LONGEST == ("wizard", 6, {"bidding": "hidden"})
    assert (game.NAME, game.n, game.settings["bidding"], game.finished) == ("wizard", 6, "hidden", True)
    assert len(keys) > 150


def test_the_run_covers_boot_every_press_and_the_whole_sync(run):
    keys, session, labels, lines, flash = run
    check_run(labels, len(keys), lines)  # raises if anything is missing
    sync = labels[2 + len(keys):]
    assert sync == ["link hello", "link time", "link list"] + ["link fetch"] * (len(sync) - 4) + ["link ack"]
    link = [line["link"] for line in lines if "link" in line][0]
    # HELLO, TIME, LIST, the FETCHes (each burst at most 8), SUM, ACK
    fetches = len(link["status"]) - 5
    assert fetches >= 1 and fetches <= 8 * (len(sync) - 4)
    # The ACK reached the journal: the game is synced to its last byte.
    journal = Journal(OsFS(str(flash)))
    journal.boot()
    for gid, (size, _) in link["games"].items():
        assert journal.synced(int(gid)) == size == journal.size(int(gid))


def test_a_run_that_skips_the_sync_or_a_press_is_refused(run):
    keys, session, labels, lines, flash = run
    with pytest.raises(ValueError) as info:
        check_run([label for label in labels if label != "link ack"], len(keys), lines)
    assert "sync" in str(info.value)
    with pytest.raises(ValueError) as info:
        check_run([label for label in labels if label != 7], len(keys), lines)
    assert "press every key" in str(info.value)
