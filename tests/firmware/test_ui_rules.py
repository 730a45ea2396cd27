# SPDX-License-Identifier: MIT
"""The UI asks the core: refused entries, private bids, undo, amend, ties."""

import sys

from tallyboard import i18n
from tests.firmware.ui_script import LONG, Session


def _journal_size(s):
    return s.app.journal.size(s.app.game_id)


def _bids(s, values):
    # Enter bids in bidding order with the picker, whatever its default.
    for v in values:
        picker = s.app.screen
        while picker.value != v:
            s.press("up" if picker.value < v else "down")
        s.press("ok")


def test_refused_bid_shows_the_rule_and_changes_nothing():
    s = Session()
    s.start_game("wizard", 4, {"even_bids": "never"})
    s.press("ok")  # round 1: no trump
    _bids(s, [0, 0, 0])  # the dealer (seat 0) may not make it 1 in round 1
    picker = s.app.screen
    assert picker.forbidden == 1
    # the default skips the forbidden value; stepping onto it crosses it out
    assert picker.value == 0
    s.press("up")
    assert picker.value == 1
    entries = s.app.game.current_entries()
    size = _journal_size(s)
    s.press("ok")
    assert s.screen() == "Message"
    text = " ".join(s.app.screen.lines)
    # The player and the rule's sentence, not the rule's name (RULES.md's, the PC's).
    assert i18n.t("rule_even_bids") in text and s.app.game.players[0] + ":" in text and "even_bids" not in text
    assert "may not add up" in text
    assert s.app.game.current_entries() == entries
    assert _journal_size(s) == size
    s.press("ok")  # back to the picker as it was
    assert s.app.screen is picker and picker.value == 1 and s.app.game.kind == "bid"
    # the quick pick to the right skips the forbidden value: 2 is out of
    # range in round 1, so there is none
    s.press("down")
    assert picker.neighbour(1) is None
    s.press("right")
    assert s.app.game.kind == "bid"
    s.press("ok")
    assert s.app.game.kind == "tricks" and s.app.game.current.values["bid"][0] == 0


def test_refusals_are_shown_in_the_chosen_language():
    from tallyboard import lang_file

    s = Session()
    s.start_game("wizard", 4, {"even_bids": "never"})
    i18n.use("es")
    try:
        s.press("ok")  # round 1: no trump
        _bids(s, [0, 0, 0])
        s.press("up")
        s.press("ok")
        text = " ".join(s.app.screen.lines)
        assert lang_file.table("es")["rule_even_bids"] in text and "even_bids" not in text
        assert "may not" not in text
    finally:
        i18n.use("en")


def test_tricks_that_do_not_add_up_are_refused():
    s = Session()
    s.start_game("spades", 4)
    _bids(s, [3, 3, 3, 3])
    s.press("ok")
    s.press("ok")
    s.press("ok")  # three seats took 3: the last can only be 4, entered at once
    # (seat 1 deals, so it counts last)
    assert s.screen() == "TableScreen" and s.app.game.hands[0].values["tricks"] == [4, 3, 3, 3]
    s.press("back", LONG)  # undo asks before reopening the hand
    assert s.screen() == "Menu"
    s.press("ok")
    picker = s.app.screen  # shown to be checked, not filled in again
    assert picker.__class__.__name__ == "NumberEntry" and picker.last and picker.value == 4
    s.press("up")
    size = _journal_size(s)
    s.press("ok")
    assert s.screen() == "Message"
    assert " ".join(s.app.screen.lines).endswith(i18n.t("rule_tricks_total"))
    assert _journal_size(s) == size and s.app.game.hands == []
    s.press("ok")
    s.press("down")
    s.press("ok")
    assert s.screen() == "TableScreen" and s.app.game.totals == [31, 30, 30, 30]  # the dealer bids and counts last


def _private_frames(first_bid):
    # Hidden bidding, round 2: seat 1 bids `first_bid`; return the frames
    # seat 2 sees (pass screen and bid screen).
    s = Session()
    s.start_game("wizard", 4, {"bidding": "hidden"})
    s.play_hand({"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0], "trump": "none"})
    s.press("ok")  # no trump
    assert s.screen() == "PassScreen" and s.app.screen.seat == 2
    s.press("up")  # seat 2 holds the board and opens the private picker
    _bids(s, [first_bid])
    seen = [bytes(s.bus.gddram)]
    assert s.screen() == "PassScreen" and s.app.screen.seat == 3
    s.press("up")
    seen.append(bytes(s.bus.gddram))
    assert s.app.screen.private
    return s, seen


def test_hidden_bids_never_show_before_the_reveal():
    s0, frames0 = _private_frames(0)
    s2, frames2 = _private_frames(2)
    # What the next bidder sees does not depend on the bid before theirs.
    assert frames0 == frames2
    # while the hidden picker hides the row of bids an open one shows
    assert s0.bus.rows()[56:] == ["." * 128] * 8
    _bids(s2, [1])
    s2.press("up")  # pass to seat 0, who opens the picker
    _bids(s2, [0])
    assert s2.screen() == "PassScreen"
    s2.press("ok")  # the dealer, seat 1, bids the start shown
    assert s2.screen() == "RevealScreen"
    assert s2.app.game.bids_visible()


def test_delayed_bids_show_after_the_first_card():
    s = Session()
    s.start_game("wizard", 3, {"bidding": "delayed"})
    s.press("ok")  # no trump
    for _ in range(3):
        assert s.screen() == "PassScreen"
        s.press("ok")  # bids the start shown at once
    assert s.screen() == "FirstCardScreen"
    assert not s.app.game.bids_visible()
    s.press("ok")
    assert s.screen() == "RevealScreen" and s.app.game.bids_visible()
    s.press("ok")
    assert s.app.game.kind == "tricks"
    s.home()  # the game's screens, the first-card screen's too, are forgotten at home
    assert "tallyboard.ui.first_card" not in sys.modules


def test_long_back_undoes_the_last_entry_into_the_picker():
    s = Session()
    s.start_game("spades", 4)
    _bids(s, [5])
    size = _journal_size(s)
    s.press("back", 2)
    g = s.app.game
    assert g.kind == "bid" and g.seat == 1 and g.current_entries() == []
    assert s.app.screen.value == 5  # the undone value, ready to fix
    assert _journal_size(s) > size  # an undo record, never a rewrite
    assert s.app.toast == "Undone: P2's bid 5"  # and it says what it took back
    s.press("up")
    assert s.app.toast is None  # until the next press
    # undo across a finished hand asks first, then reopens it
    _bids(s, [3, 3, 3, 3])
    for _ in range(3):
        s.press("ok")
    assert s.screen() == "TableScreen"
    s.press("back", 2)
    assert s.screen() == "Menu" and s.app.screen.title == "Reopen hand 1?"
    assert s.app.screen.items == ["Undo last entry", "No, keep it"]
    s.press("down")
    s.press("ok")  # no: nothing changes
    assert s.screen() == "TableScreen" and len(s.app.game.hands) == 1
    s.press("back", 2)
    s.press("ok")  # yes
    assert s.app.game.hands == [] and s.app.game.kind == "tricks"
    assert s.app.toast == "Undone: P1's tricks 4"


def test_amend_an_earlier_hand_rescores_and_is_journaled():
    s = Session()
    s.start_game("spades", 4)
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    s.press("back")
    s._pick("Amend a hand")
    s._pick("Hand 1")
    form = s.app.screen
    row = form.row("tricks0")
    while form.rows[form.cursor] is not row:
        s.press("down")
    s.press("left")  # P1 took 2 ...
    row = form.row("tricks3")
    while form.rows[form.cursor] is not row:
        s.press("down")
    s.press("right")  # ... and P4 took 5
    s.press("ok")
    assert s.screen() == "TableScreen"
    g = s.app.game
    assert g.hands[0].values["tricks"] == [2, 3, 3, 5]
    assert g.totals == [30, 60, 60, 63]
    again = Session(fs=s.fs)
    assert again.app.game.totals == [30, 60, 60, 63]


def test_amend_that_breaks_a_rule_is_refused():
    s = Session()
    s.start_game("spades", 4)
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    s.press("back")
    s._pick("Amend a hand")
    s._pick("Hand 1")
    form = s.app.screen
    while form.rows[form.cursor].key != "tricks0":
        s.press("down")
    s.press("right")  # 14 tricks in a 13-trick hand
    size = _journal_size(s)
    s.press("ok")
    assert s.screen() == "Message" and " ".join(s.app.screen.lines).endswith(i18n.t("rule_tricks_total"))
    assert s.app.game.totals == [30, 30, 30, 31] and _journal_size(s) == size


def test_a_tie_that_plays_on_starts_the_extra_hand():
    s = Session()
    s.start_game("hearts", 4)
    for _ in range(3):
        s.play_hand({"hearts": [6, 7, 0, 0], "queen": 0})
    g = s.app.game
    assert g.totals == [57, 21, 0, 0] and not g.finished
    s.play_hand({"hearts": [0, 0, 1, 12], "queen": 3})
    assert g.finished and g.winners == [2]


def test_trump_is_entered_each_round_and_shown():
    s = Session()
    s.start_game("wizard", 4)
    assert s.screen() == "TrumpEntry"
    s.press("right")  # hearts
    assert s.app.game.trump == "H"
    assert s.screen() == "NumberEntry"


def test_amending_a_wizard_round_keeps_its_trump_as_recorded():
    s = Session()
    s.start_game("wizard", 4)
    # Round 1 entered without a trump (as an imported game can be).
    g = s.app.game
    while g.hand_number == 1:
        assert s.app.enter(g.kind, g.seat, 1 if g.seat == 1 else 0)
    s.app.next_screen()
    s.play_hand({"bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0], "trump": "H"})
    assert "trump" not in g.hand_to_dict(g.hands[0])
    for number in (1, 2):
        s.press("back")
        s._pick("Amend a round")
        s._pick("Round %d" % number)
        s.press("ok")
        assert s.screen() == "TableScreen"
    g = s.app.game
    assert "trump" not in g.hand_to_dict(g.hands[0])
    assert g.hand_to_dict(g.hands[1])["trump"] == "H"
