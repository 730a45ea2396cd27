# SPDX-License-Identifier: MIT
"""What a first-time group meets at the table (issue 13): the new-game
form's Start row, which game Resume opens, deleting a game, the roster-first
name choice, the entry rows (names over numbers in seat order, running sums,
a forbidden bid crossed out before the dealer gets there), tricks starting
at the bid, the moon in three presses, undo that says what it took back,
who deals next, the final standings, one word per game and number grammar."""

from tallyboard.ui import hand, widgets
from tallyboard.ui.roster import FIRST, REST
from tallyfakes.describe import describe
from tests.firmware.drawn import record_text
from tests.firmware.ui_script import LONG, Session, _t

NAMES = ["Ana", "Ben", "Cy", "Dee"]
REPEAT = 3


class Drawn:
    """The strings each redraw puts on the panel, with where."""

    def __init__(self, monkeypatch, session):
        self.calls = []
        record_text(monkeypatch, self)
        self.session = session

    def frame(self):
        """Redraw the current screen; the strings drawn, as (s, x, y, color)."""
        del self.calls[:]
        screen = self.session.app.screen
        if screen.__class__.__name__ == "TableScreen" and screen.drawn is not None:
            # The score table copies its title bar from its last draw: that
            # one forgotten, the bar's strings are drawn (and seen) again.
            screen.drawn[5] = None
        self.session.app.redraw()
        return [(s, x, y, color) for s, x, y, font, color in self.calls]

    def line(self, y):
        """The characters drawn on text line at ``y``, left to right, joined."""
        parts = sorted((x, s) for s, x, yy, c in self.frame() if yy == y)
        return "".join(s for x, s in parts)


def _session(names=NAMES):
    s = Session()
    s.app.config.set_roster(names)
    s.app.go_home()
    s.app.redraw()
    return s


def _form(s):
    s._pick(_t("new_game"))
    return s.app.screen


def test_ok_on_a_row_opens_it_and_only_start_starts_the_game():
    s = _session()
    form = _form(s)
    assert form.rows[-1].key == "start" and form.cursor == 0
    s.press("ok")  # on "Game": its list opens, no game starts
    assert s.screen() == "Menu" and s.app.game is None
    assert s.app.screen.items == [_t("g_spades"), _t("g_wizard"), _t("g_hearts")]
    s.press("down")
    s.press("ok")  # Wizard chosen: back on the form, the cursor waits on Start
    assert s.screen() == "Form" and form.row("game").value == "wizard"
    assert form.rows[form.cursor].key == "start" and s.app.game is None
    s.press("up")
    s.press("ok")  # the dealer row opens too
    assert s.screen() == "Menu" and s.app.game is None
    s.press("back")
    s.press("down")
    s.press("ok")  # Start
    assert s.app.game is not None and s.app.game.NAME == "wizard"


def test_seat_names_come_from_the_roster_first_and_a_new_name_is_kept():
    s = _session()
    form = _form(s)
    assert [form.row("seat%d" % i).value for i in range(4)] == NAMES
    s._go_row(form, "seat1")
    s.press("ok")
    menu = s.app.screen
    assert menu.items[:4] == NAMES and menu.items[-1] == _t("new_name")
    assert menu.cursor == 1  # Ben, as on the form
    menu.cursor = len(menu.items) - 1
    s.press("ok")  # the letter editor starts at the most used capital
    editor = s.app.screen
    assert editor.chars == ["A"]
    s.press("up")  # A -> E: letters come in order of use
    s.press("right")  # a small letter follows a capital
    assert editor.chars == ["E", REST[0]]
    for _ in range(3):
        s.press("up", REPEAT)  # held: the letter keeps moving
    assert editor.chars[1] == REST[3]
    s.press("ok")
    name = "E" + REST[3]
    assert form.row("seat1").value == name and name in s.app.config.roster
    assert form.rows[form.cursor].key == "start"
    assert FIRST.index("A") == 0 and FIRST.index("E") == 1 and FIRST.index("Q") == 25


def test_resume_says_which_game_and_picks_among_several():
    s = _session()
    s.start_game("wizard", 4)
    s.play_hand({"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "trump": "S"})
    s.clock.advance(600_000)  # ten minutes later
    s.home()
    s.start_game("hearts", 3, {"target": 50})
    s.home()
    s._pick(_t("resume"))
    screen = s.app.screen
    assert s.screen() == "ResumeScreen" and len(screen.games) == 2
    first = screen.lines[0]
    assert first[0].startswith("Hearts \u00b7 Hand 1")
    assert "Ana, Ben, Cy" in first[1]
    s.press("right")
    second = screen.lines[1]
    assert second[0] == "Wizard \u00b7 Round 2/15"
    assert second[1] == "Ana, Ben, Cy, Dee"
    assert second[2] == "played 10 min ago"
    s.press("ok")
    assert s.app.game.NAME == "wizard" and s.app.game.hand_number == 2


def _games_list(s):
    s.home()
    s._pick(_t("games"))
    return s.app.screen


def test_a_synced_game_is_deleted_at_once_and_the_room_left_is_said():
    s = _session()
    s.app.journal.fs.capacity = 200_000
    s.start_game("spades", 4)
    gid = s.app.game_id
    s.app.journal.mark_synced(gid, s.app.journal.size(gid))
    menu = _games_list(s)
    assert "room" in menu.title
    s.press("ok")
    assert s.app.screen.items == [_t("resume"), _t("delete")]
    s.press("down")
    s.press("ok")
    assert s.screen() == "Message" and s.app.screen.title == _t("deleted")
    assert "Room for about" in " ".join(s.app.screen.lines)
    assert gid not in s.app.journal.ids() and s.app.game is None
    s.press("ok")
    assert s.app.screen.items == [_t("no_games")]


def test_an_unsynced_game_asks_twice_and_says_it_is_not_on_a_pc():
    s = _session()
    s.start_game("hearts", 4)
    gid = s.app.game_id
    _games_list(s)
    s.press("ok")
    s.press("down")
    s.press("ok")  # delete
    assert s.app.screen.title == _t("not_on_pc")
    assert s.app.screen.items[0] == _t("keep_it")  # keeping it is the easy answer
    s.press("ok")
    assert gid in s.app.journal.ids()
    s.press("ok")
    s.press("down")
    s.press("ok")
    s.press("down")
    s.press("ok")  # delete anyway
    assert s.app.screen.title == _t("delete_sure") and gid in s.app.journal.ids()
    s.press("down")
    s.press("ok")  # yes
    assert gid not in s.app.journal.ids()


def _column(g, seat):
    # Left x and width of a seat's column in the entry rows.
    width = (128 - hand._LABEL_W) // g.n
    return hand._LABEL_W + width * seat, width


def test_the_entry_row_keeps_seat_order_with_names_and_marks(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    s.start_game("spades", 4, dealer=2)
    y_names = 8 * 5 - 2
    columns = {}
    for hand in range(2):
        g = s.app.game
        if s.screen() == "TableScreen":
            s.press("ok")  # the table asks the first bid: 3, as it starts
        calls = [c for c in drawn.frame() if c[2] == y_names]
        for name, x, y, color in calls:
            columns.setdefault(name, set()).add(x)
        # the bidder's name is inverted (drawn dark on a lit box)
        current = [c for c in calls if c[3] == 0]
        assert [c[0] for c in current] == [NAMES[g.seat]]
        s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    # the same column for each name in both hands, in seat order
    assert all(len(xs) == 1 for xs in columns.values())
    xs = [min(columns[n]) for n in NAMES]
    assert xs == sorted(xs)
    # the dealer's name is underlined: a lit pixel row under it (on the
    # next bid's picker: the table asks the first bid, OK enters it)
    s.press("ok")
    assert s.screen() == "NumberEntry"
    g = s.app.game
    x, width = _column(g, g.dealer)
    row = s.bus.rows()[y_names + 9]
    assert "#" in row[x:x + width]
    other = (g.dealer + 1) % 4
    x, width = _column(g, other)
    assert "#" not in row[x:x + width] or other == g.seat


def test_running_sums_as_players_say_them(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    s.start_game("spades", 4)
    y7 = 8 * 7 - 2
    for v in (4, 4, 3):
        picker = s.app.screen
        while picker.value != v:
            s.press("up" if picker.value < v else "down")
        s.press("ok")
    picker = s.app.screen
    while picker.value != 3:
        s.press("up" if picker.value < 3 else "down")
    words = [c[0] for c in drawn.frame() if c[2] == y7]
    assert words[0] == "over by"  # 4 + 4 + 3 + 3 = 14 of 13
    s.press("down")
    s.press("down")
    words = [c[0] for c in drawn.frame() if c[2] == y7]
    assert words[0] == "under by"  # 12 of 13, every bid in
    s.press("up")  # 13
    words = [c[0] for c in drawn.frame() if c[2] == y7]
    assert words == ["bids", "13/13"]  # the sum and the cards: one string drawn
    s.press("ok")
    # tricks: the running sum sits on line 1, after the cards
    words = [c[0] for c in drawn.frame() if c[2] == 8 - 2]
    assert "tricks" in words and any(w.endswith("/13") for w in words)


def test_tricks_start_at_the_players_own_bid():
    s = _session()
    s.start_game("wizard", 4)
    s.press("ok")  # no trump... round 1 has one card
    g = s.app.game
    while g.kind == "bid":
        s.press("ok")
    picker = s.app.screen
    assert g.kind == "tricks" and picker.value == g.current.values["bid"][g.seat]
    s.home()
    s.start_game("spades", 4)
    for v in (5, 2, 1, 4):
        picker = s.app.screen
        while picker.value != v:
            s.press("up" if picker.value < v else "down")
        s.press("ok")
    for want in (5, 2, 1):
        assert s.app.screen.value == want
        s.press("ok")
    # the last seat's tricks can only be 13 - 8 = 5: entered without a press
    assert s.screen() == "TableScreen" and s.app.game.hands[0].values["tricks"] == [5, 5, 2, 1]


def test_the_forbidden_bid_is_crossed_out_before_the_dealer_bids(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    s.start_game("wizard", 4, {"even_bids": "never"})
    s.play_hand({"bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0], "trump": "none"})
    s.press("ok")  # round 2: no trump
    g = s.app.game
    s.press("ok")
    s.press("ok")  # two bids in; the third bidder's picker
    assert g.current.count("bid") == 2 and g.seat != g.dealer
    picker = s.app.screen
    y6 = 8 * 6 - 2
    x, width = _column(g, g.dealer)
    bid_sum = g.current.total("bid") + picker.value
    forbidden = g.cards - bid_sum
    in_dealer_column = [c for c in drawn.frame() if c[2] == y6 and x <= c[1] < x + width]
    assert [c[0] for c in in_dealer_column] == [str(forbidden)]
    # crossed out: the strike lines light pixels above and below the digit's middle
    rows = s.bus.rows()
    assert rows[y6 + 2][x:x + width].count("#") >= 2
    # it follows the picker: one more for this bidder, one less for the dealer
    s.press("down" if picker.value else "up")
    again = [c[0] for c in drawn.frame() if c[2] == y6 and x <= c[1] < x + width]
    assert again != [str(forbidden)] or forbidden < 0


def test_a_moon_takes_three_presses():
    s = _session()
    s.start_game("hearts", 4, {"moon": "others_plus"})
    before = s.presses
    s.press("back")  # the game menu, "Shot the moon" first
    assert s.app.screen.items[0] == _t("moon") and s.app.screen.cursor == 0
    s.press("ok")  # who? the player asked first is preselected
    assert s.screen() == "MoonPicker"  # "Who shot the moon?"
    s.press("ok")
    assert s.presses - before == 3
    g = s.app.game
    hand = g.hands[0]
    first = g.bid_order(hand.dealer)[0]
    assert hand.values["hearts"][first] == 13 and sum(hand.values["hearts"]) == 13
    assert g.shooter(hand) == first
    assert s.screen() == "TableScreen"
    # the player below the one asked first: RIGHT picks at once
    s.press("ok")
    before = s.presses
    s.press("back")
    s.press("ok")
    s.press("right")
    assert s.presses - before == 3
    hand = g.hands[1]
    below = (g.bid_order(hand.dealer)[0] + 1) % 4
    assert g.shooter(hand) == below and hand.values["hearts"][below] == 13


def test_long_back_on_the_pass_screen_undoes_and_keeps_the_bid_hidden():
    s = _session()
    s.start_game("wizard", 4, {"bidding": "hidden"})
    s.press("ok")  # no trump
    s.press("right")  # the first bidder bids one above the start, from the pass screen
    assert s.screen() == "PassScreen"
    g = s.app.game
    assert g.current.count("bid") == 1
    s.press("back", LONG)
    assert g.current.count("bid") == 0 and s.screen() == "PassScreen"
    # it says what it took back, but not the hidden value
    assert s.app.toast == "Undone: %s's bid" % NAMES[s.app.screen.seat]


def test_the_table_says_who_deals_next_and_the_final_standings_lead_home(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    s.start_game("wizard", 3)
    s.play_hand({"bids": [0, 1, 0], "tricks": [0, 1, 0], "trump": "S"})
    s.press("back")
    s._pick(_t("scores"))
    assert s.screen() == "TableScreen"
    y7 = 8 * 7 - 2
    assert drawn.line(y7).replace(" ", "") == "Bendeals2cards"  # "Ben deals 2 cards"
    s.home()
    s.start_game("hearts", 3, {"target": 10})
    for _ in range(2):  # Ben and Cy took no hearts; Ana's 13 follow
        while s.app.screen.value:
            s.press("down")
        s.press("ok")
    while s.app.screen.cursor != 1:
        s.press("down")
    s.press("ok")  # Ben took the queen
    # game over: the final standings, winner first and ticked
    assert s.screen() == "FinalScreen"
    frame = drawn.frame()
    assert frame[0][0] == _t("final")
    ticks = [c for c in frame if c[0] == "\u2713"]
    assert len(ticks) == 1 and ticks[0][2] == 6  # line 1
    # Ana took 13 hearts, Ben the queen: Cy, with 0, wins (lowest)
    assert s.app.game.winners == [2]
    assert any(c[0] == "Cy" and c[2] == 6 for c in frame)
    s.press("up")  # the last hand's table, titled with its hand, not "Game over"
    assert s.screen() == "TableScreen" and drawn.frame()[0][0] == _t("hand")
    s.press("ok")
    assert s.screen() == "FinalScreen"
    s.press("ok")  # home
    assert s.screen() == "Menu" and s.app.screen.title == _t("title")


def test_one_word_per_game_and_seats_counted_from_one(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    s.start_game("wizard", 3)
    seen = set()
    for _ in range(6):
        seen.update(c[0] for c in drawn.frame())
        assert "seat=0" not in describe(s.app)
        s.press("ok")
    assert "Round" in seen and "Hand" not in seen
    assert "1 card" not in seen and "card" in seen  # round 1: "1 card", not "1 cards"
    s.press("back")
    assert _t("amend_round") in s.app.screen.items and _t("amend") not in s.app.screen.items
    assert "round=" in describe(s.app) or "Menu" in describe(s.app)
    s.press("back")
    s.home()
    s.start_game("spades", 4)
    assert "seat=1" in describe(s.app) or "seat=2" in describe(s.app)
    seen = set(c[0] for c in drawn.frame())
    assert "Hand" in seen and "Round" not in seen


def _wizard_round_one(s, players=4):
    # A Wizard game through round 1 (no trump, everyone bids 0, the first
    # bidder takes the one trick): the table after it.
    s.start_game("wizard", players)
    s.press("ok")  # round 1: no trump
    g = s.app.game
    while g.kind == "bid":
        s.press("ok")
    s.press("right")  # the first player took the trick: the rest follow
    assert s.screen() == "TableScreen" and len(g.hands) == 1
    return g


def _journal(s):
    j = s.app.journal
    return j.read(s.app.game_id, 0, j.size(s.app.game_id))


def test_the_wizard_table_asks_the_next_trump_in_the_press_that_leaves_it(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    g = _wizard_round_one(s)
    table = s.app.screen
    assert table.trump
    keys = drawn.line(widgets.line(6))
    assert keys.startswith("Trump") and "\u25b2\u2660" in keys and "OK-" in keys
    assert drawn.line(widgets.line(7)).startswith("Ben deals 2")
    s.press("up")  # spades, and on to the bids
    assert g.trump == "S" and s.screen() == "NumberEntry" and g.kind == "bid"
    # The same journal as when the trump screen asks it (BACK, Scores, OK).
    other = _session()
    _wizard_round_one(other)
    other.press("back")
    other._pick(_t("scores"))
    assert not other.app.screen.trump  # browsing: the arrows keep their use
    other.press("ok")
    assert other.screen() == "TrumpEntry"
    other.press("up")
    assert _journal(other) == _journal(s)


def test_each_table_key_records_its_suit_and_ok_no_trump():
    for key, suit in (("up", "S"), ("right", "H"), ("down", "D"), ("left", "C"), ("ok", "none")):
        s = _session()
        g = _wizard_round_one(s)
        s.press(key)
        assert g.current.get("trump") == suit and g.kind == "bid", key


def test_hands_are_browsed_from_the_game_menu_when_the_table_asks_the_trump():
    s = _session()
    g = _wizard_round_one(s)
    s.press("ok")  # no trump in round 2
    while len(g.hands) < 2:
        s.press("ok")
    assert s.app.screen.trump and s.app.screen.index == 1
    s.press("back")
    s._pick(_t("scores"))
    table = s.app.screen
    s.press("up")
    assert table.index == 0 and g.current.get("trump") is None  # browsing records nothing
    s.press("down")
    assert table.index == 1
    s.press("ok")  # on to round 3's trump, asked on its own screen
    assert s.screen() == "TrumpEntry"


def test_undo_takes_back_the_trump_from_the_table_and_asks_it_again():
    s = _session()
    g = _wizard_round_one(s)
    size = s.app.journal.size(s.app.game_id)
    s.press("down")  # diamonds
    s.press("back", LONG)
    assert s.app.toast == "Undone: trump \u2666 Diamonds"
    assert g.current.get("trump") is None and s.screen() == "TrumpEntry"
    assert s.app.journal.size(s.app.game_id) > size  # an undo record
    s.press("left")
    assert g.current.get("trump") == "C" and g.kind == "bid"
    # A long BACK on the table itself reopens the round, as before.
    s2 = _session()
    _wizard_round_one(s2)
    s2.press("back", LONG)
    assert s2.screen() == "Menu" and s2.app.screen.title == "Reopen round 1?"


def test_no_trump_asked_on_the_last_round_nor_with_six_players():
    s = _session()
    g = _wizard_round_one(s, 6)
    assert not s.app.screen.trump  # six sides fill the table
    s.press("ok")
    assert s.screen() == "TrumpEntry"
    s.home()
    s.start_game("wizard", 4)
    g = s.app.game
    while g.hand_number < 15:
        if s.screen() == "TableScreen":
            assert s.app.screen.trump
        s.press("ok")  # no trump (from the table after round 1), every bid and count at its start
    # Round 14's table: round 15 is the last and has no trump to ask.
    assert s.screen() == "TableScreen" and not s.app.screen.trump
    s.press("ok")
    assert s.screen() == "NumberEntry" and g.trump == "none" and g.kind == "bid"


def test_tricks_start_at_the_bid_plus_an_even_share_of_the_unbid_tricks():
    s = _session()
    s.start_game("spades", 4)
    for v in (3, 3, 3, 2):  # 11 of 13 bid: 2 tricks nobody bid for
        picker = s.app.screen
        while picker.value != v:
            s.press("up" if picker.value < v else "down")
        s.press("ok")
    assert s.app.screen.value == 3  # 3 + 2 // 4
    s.press("ok")
    assert s.app.screen.value == 3  # 10 left for bids 3+3+2: 3 + 2 // 3
    s.press("ok")
    assert s.app.screen.value == 4  # 7 left for bids 3+2: 3 + 2 // 2
    s.press("down")
    s.press("down")
    s.press("ok")  # 2 tricks: 5 left for a bid of 2, entered at once
    g = s.app.game
    assert s.screen() == "TableScreen" and g.hands[0].values["tricks"] == [5, 3, 3, 2]


def _spades_hand_one(s):
    # Spades, 4 players: a hand of 3s and 4, then the table after it.
    s.start_game("spades", 4)
    s.play_hand({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    assert s.screen() == "TableScreen" and len(s.app.game.hands) == 1
    return s.app.game


def test_the_spades_table_asks_the_next_first_bid_as_the_picker_does(monkeypatch):
    s = _session()
    drawn = Drawn(monkeypatch, s)
    g = _spades_hand_one(s)
    table = s.app.screen
    seat = g.seat
    assert table.picker is not None and table.picker.seat == seat and g.kind == "bid"
    assert drawn.line(widgets.line(6)) == "Bid%s\u25c02%s4\u25b6" % (NAMES[seat], table.picker.value)
    s.press("up")  # changes the bid shown, enters nothing
    assert s.screen() == "TableScreen" and table.picker.value == 4 and g.current_entries() == []
    s.press("ok")  # bids it
    assert g.current.values["bid"][seat] == 4 and s.screen() == "NumberEntry" and g.seat != seat
    # LEFT bids the one below at once; the journal is the same as through
    # the game menu's Scores, whose OK goes on to the bid picker.
    for path in ("table", "menu"):
        t = _session()
        _spades_hand_one(t)
        if path == "menu":
            t.press("back")
            t._pick(_t("scores"))
            assert t.app.screen.picker is None  # browsing: the arrows keep their use
            t.press("ok")
            assert t.screen() == "NumberEntry"
        t.press("left")
        if path == "table":
            first = _journal(t)
        else:
            assert _journal(t) == first
    assert t.app.game.current.values["bid"][t.app.game.dealer + 1] == 2


def test_undo_takes_back_the_first_bid_from_the_table():
    s = _session()
    g = _spades_hand_one(s)
    seat = g.seat
    s.press("right")  # 4
    s.press("back", LONG)
    assert s.app.toast == "Undone: %s's bid 4" % NAMES[seat]
    assert s.screen() == "NumberEntry" and s.app.screen.value == 4 and g.seat == seat
    s.press("back", LONG)  # and across into hand 1: asked first
    assert s.screen() == "Menu" and s.app.screen.title == "Reopen hand 1?"


def test_the_trump_keys_are_the_buttons_arrows_in_suit_order():
    # ui.trump spells the keys out (a const tuple is folded into the code on
    # the board): they must stay the buttons' own names, suit by suit.
    from tallyboard import buttons
    from tallyboard.ui import hand, trump

    assert trump._TRUMP_ORDER == (buttons.UP, buttons.RIGHT, buttons.DOWN, buttons.LEFT)
    assert hand.SUITS == ("S", "H", "D", "C")
    assert [hand.trump_sign(s) for s in (None, "none", "S", "C")] == ["?", "-", "\u2660", "\u2663"]
