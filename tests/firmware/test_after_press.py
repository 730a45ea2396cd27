# SPDX-License-Identifier: MIT
"""Work a press leaves to the app's loop right after it (App.work), so
that the press itself loads none of the journal's rarer code:

- the press that starts a game (moves.start_game) gives the game its id
  at once; the journal writes the start record in the loop (Journal.idle),
  or before any other journal call, and a failed one is said by the
  game's first entry;
- the press that closes a finished game goes home at once; the loop writes
  the end record, folds the tail (a flash erase) and lets the game and its
  rules go (moves.finish);
- on a board with no game yet, the loop loads the core's game code at the
  home menu, not the press that starts the first game;
- while the new-game form is up, the loop loads the entry screens' code,
  not the press that starts the game; during a game, the score table's
  code, not the press that ends the first hand."""

import sys

from tallyboard.journal.journal import Journal
from tallyfakes.memfs import MemFS
from tests.firmware.ui_corpus import corpus
from tests.firmware.ui_script import Session
from tricktally.record import to_record

NAMES = ["Ana", "Ben", "Cy"]


def booted(fs):
    """{game id: record} of every game a fresh boot of ``fs`` finds."""
    return {s.game_id: to_record(s.game) for s in Journal(fs.reboot()).boot() if s.game is not None}


def test_the_start_press_writes_nothing_and_the_loop_after_it_writes_the_start_record():
    s = Session()
    app = s.app
    app.start_game("wizard", NAMES, 0, {})
    gid = app.game_id
    assert gid == 1 and "g0001.tj" not in s.fs.files
    app.work()  # the board's loop after the press
    assert booted(s.fs) == {gid: to_record(app.game)}
    app.start_game("hearts", NAMES, 0, {})  # a second game gets the next id
    assert app.game_id == 2
    app.work()
    assert sorted(booted(s.fs)) == [1, 2]


def test_an_entry_before_the_loop_runs_writes_the_start_then_itself_once():
    s = Session()
    app = s.app
    app.start_game("wizard", NAMES, 0, {})
    assert app.enter("trump", None, "S")
    assert booted(s.fs)[app.game_id]["current"] == [["trump", None, "S"]]
    assert bytes(s.fs.files["g0001.tl"]).count(b' e ["trump"') == 1


def test_other_journal_calls_see_the_game_begun():
    s = Session()
    s.app.start_game("spades", NAMES + ["Dee"], 0, {})
    assert s.app.journal.ids() == [s.app.game_id]


def test_a_failed_start_record_is_said_by_the_first_entry_and_nothing_is_lost():
    s = Session(fs=MemFS(capacity=1 << 20))
    app = s.app
    s.fs.capacity = 10  # no room for the start record (room was made: no question)
    app.start_game("wizard", NAMES, 0, {}, None, True)
    g = app.game
    app.work()  # never raises: the start record stays due
    assert not any(name.startswith("g0001") for name in s.fs.files)
    assert not app.enter("trump", None, "S") and s.screen() == "Message"
    assert g.entries() == 0  # memory and journal agree
    s.fs.capacity = None  # room made
    assert app.enter("trump", None, "H")
    assert booted(s.fs)[app.game_id] == to_record(g)


def test_on_micropython_the_start_press_leaves_the_journal_s_games_unloaded():
    # CPython keeps modules; what matters on a board is that the press does
    # not need them: a journal whose rarer code cannot load still starts a
    # game, and writes its start record once it can.
    s = Session()
    app = s.app
    app.journal.rest()
    saved = sys.modules.get("tallyboard.journal.games")
    sys.modules["tallyboard.journal.games"] = None  # import fails
    try:
        app.start_game("wizard", NAMES, 0, {})
        assert app.game_id == 1
    finally:
        if saved is None:
            del sys.modules["tallyboard.journal.games"]
        else:
            sys.modules["tallyboard.journal.games"] = saved
    app.work()
    assert 1 in booted(s.fs)


def test_the_press_that_closes_a_game_goes_home_and_the_loop_ends_it():
    s = Session()
    loop = s.app.work
    s.start_game("hearts", 4, {"target": 50})
    g = s.app.game
    gid = s.app.game_id
    s.app.work = lambda: None  # the loop does not run after these presses
    for hand in corpus("hearts", games=1, n=4, seed=3)[0]:
        if g.finished:
            break
        s.play_hand(hand)
    assert g.finished and s.screen() == "Menu" and s.app.game is None
    # home is on screen; the game is not ended on the flash yet
    assert "g%04d.tl" % gid in s.fs.files and not Journal(s.fs.reboot()).boot()[0].ended
    assert "tricktally.hearts" in sys.modules  # the game is still held
    loop()
    assert "tricktally.hearts" not in sys.modules  # (a boot below replays the game: checked first)
    stored = Journal(s.fs.reboot()).boot()[0]
    assert stored.ended and stored.finished and "g%04d.tl" % gid not in s.fs.files
    listed = [x for x in s.app.stored_games() if x.game_id == gid][0]
    assert listed.ended and listed.totals == list(g.totals)


def test_a_fresh_board_loads_the_core_game_code_in_the_loop_not_in_the_start_press(monkeypatch):
    import tricktally
    import tricktally.game  # noqa: F401 - (so that there is one to hide, whatever ran before)

    # A fresh flash: boot replayed no game, so nothing loaded tricktally.game.
    monkeypatch.delitem(sys.modules, "tricktally.game")
    monkeypatch.delattr(tricktally, "game")
    s = Session()  # boots to the home menu; the loop has not run yet
    assert s.app._pending == () and "tricktally.game" not in sys.modules
    s.app.work()
    assert s.app._pending is None and "tricktally.game" in sys.modules


def test_a_board_with_the_game_code_loaded_leaves_nothing_for_the_loop():
    import tricktally.game  # noqa: F401 - loaded, as after a boot that replayed a game

    s = Session()
    assert s.app._pending is None


def test_the_loop_loads_the_entry_screens_while_the_new_game_form_is_up():
    from tallyboard import unload
    from tallyboard.ui import setup

    s = Session()
    app = s.app
    unload("tallyboard.ui.entry")
    app.work()  # the home menu: no game is being set up
    assert "tallyboard.ui.entry" not in sys.modules
    app.go(setup.new_game_form(app))
    assert "tallyboard.ui.entry" not in sys.modules  # not by the press that opened the form
    app.work()  # the loop after it
    assert "tallyboard.ui.entry" in sys.modules
    before = set(sys.modules)
    app.start_game("wizard", NAMES, 0, {})
    assert not [m for m in set(sys.modules) - before if m.startswith("tallyboard.ui.entry")]
    assert app.game is not None


def test_the_loop_loads_the_score_table_during_the_first_hand():
    from tallyboard import unload

    s = Session()
    app = s.app
    unload("tallyboard.ui.table")
    app.work()  # the home menu: no game
    assert "tallyboard.ui.table" not in sys.modules
    app.start_game("spades", NAMES + ["Dee"], 0, {})
    assert "tallyboard.ui.table" not in sys.modules  # not by the start press
    app.work()  # the loop after it
    assert "tallyboard.ui.table" in sys.modules


def test_the_string_table_a_press_opened_is_closed_once_its_screen_is_sent():
    # A screen's misses read lang_XX.bin through one open file (i18n); the
    # app closes it once the screen is sent (on a board it holds ~1.1 KB).
    from tallyboard import i18n

    s = Session()
    app = s.app
    app.work()
    i18n.use("en")  # no string kept: the form's words are misses
    assert i18n._file is None
    opened = []
    find = i18n._find

    def spy(key):
        got = find(key)
        opened.append(i18n._file)
        return got

    i18n._find = spy
    try:
        app.handle("ok", 1)  # home: New game, its form drawn and sent
    finally:
        i18n._find = find
    kept = [f for f in opened if f is not None]
    assert len(kept) > 2 and all(f is kept[0] for f in kept)  # one file for every miss
    assert kept[0].closed and i18n._file is None
    assert app.screen.__class__.__name__ == "Form"
