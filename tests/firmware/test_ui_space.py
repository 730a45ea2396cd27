# SPDX-License-Identifier: MIT
"""Flash running low: synced games go without asking, unsynced ones only when
the players say so, and the board says what it did."""

import random

from tests.core.play import choose
from tests.firmware.ui_script import Session
from tallyfakes.memfs import MemFS
from tallyboard.i18n import t
from tallyboard.journal.files import LOW_SPACE
from tallyboard.journal.journal import Journal
from tricktally import new_game

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def board_with_games(synced):
    """A flash holding finished games; ``synced[i]`` says whether the PC has game i.
    Its capacity leaves it just under the low-space mark."""
    fs = MemFS()
    journal = Journal(fs)
    journal.boot()
    rnd = random.Random(5)
    for has_pc in synced:
        g = new_game("hearts", NAMES, 0, {"target": 30})
        gid = journal.new_game(g, 1700000000)
        while g.kind is not None:
            entry = (g.kind, g.seat, choose(g, rnd))
            g.enter(*entry)
            journal.entry(gid, *entry)
        if has_pc:
            journal.mark_synced(gid, journal.size(gid))
    used = sum(len(fs.files[name]) for name in fs.files)
    fs.capacity = used + LOW_SPACE - 100
    return fs


def game_files(fs):
    return sorted(name for name in fs.files if name.endswith(".tj"))


def test_synced_games_are_deleted_without_asking_and_the_board_says_so():
    fs = board_with_games([True, False, True])
    before = game_files(fs)
    s = Session(fs=fs)
    s.app.start_game("wizard", NAMES, 0, {})
    assert s.screen() == "Message" and s.app.screen.title == t("space_low")
    assert "1" in " ".join(s.app.screen.lines)  # one synced game was enough
    s.press("ok")
    assert s.app.game is not None and s.app.game.NAME == "wizard"
    after = game_files(fs)
    assert before[0] not in after  # the oldest synced game went first
    assert before[1] in after  # the unsynced game stays
    assert len(after) == len(before)  # one deleted, one new


def test_unsynced_games_are_kept_unless_the_players_say_so():
    fs = board_with_games([False, False])
    before = game_files(fs)
    s = Session(fs=fs)
    s.app.start_game("wizard", NAMES, 0, {})
    menu = s.app.screen
    assert s.screen() == "Menu" and menu.title == t("space_low")
    assert menu.items == [t("space_sync"), t("space_anyway"), t("space_delete")]
    s.press("ok")  # sync first: home, nothing deleted, no game started
    assert s.app.game is None and game_files(fs) == before
    s.app.start_game("wizard", NAMES, 0, {})
    s.press("down")
    s.press("ok")  # start anyway: nothing deleted
    assert s.app.game is not None and game_files(fs) == sorted(before + [game_files(fs)[-1]])
    assert set(before) <= set(game_files(fs))


def test_deleting_the_oldest_unsynced_game_when_asked():
    fs = board_with_games([False, False])
    before = game_files(fs)
    s = Session(fs=fs)
    s.app.start_game("wizard", NAMES, 0, {})
    s.press("down")
    s.press("down")
    s.press("ok")  # delete the oldest game the PC does not have
    after = game_files(fs)
    assert before[0] not in after and before[1] in after
    # Deleting one made room, so the game started.
    assert s.app.game is not None and s.app.game.NAME == "wizard"
    assert all(st.game_id != int(before[0][1:5]) for st in s.app.stored_games())


def test_plenty_of_space_starts_at_once():
    fs = board_with_games([True])
    fs.capacity += 10 * LOW_SPACE
    before = game_files(fs)
    s = Session(fs=fs)
    s.app.start_game("spades", NAMES, 0, {})
    assert s.app.game is not None and s.screen() != "Message"
    assert set(before) <= set(game_files(fs))
