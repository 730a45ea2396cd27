# SPDX-License-Identifier: MIT
"""Undo feedback: the line that says what an undo took back ("Undone:
Ana's bid 3"), and the question asked before an undo reopens the previous
hand. Loaded on the first undo only (RAM on the board)."""

from tallyboard.i18n import t
from tallyboard.ui import widgets

# The sentence for each kind of entry: each language says what was taken
# back its own way, the noun with its article and its gender ("Deshecha la
# puja de Ana: 3", "Ana : mise annulée (3)"): {0} the player (or the
# value, for what no one player entered), {1} the value.
SENTENCES = {
    "bid": "undone_bid",
    "tricks": "undone_tricks",
    "hearts": "undone_hearts",
    "queen": "undone_queen",
    "jack": "undone_jack",
    "trump": "undone_trump",
    "moon": "undone_moon",
    "first_card": "undone_first_card",
}
SUIT_KEYS = {"S": "suit_S", "H": "suit_H", "D": "suit_D", "C": "suit_C", "none": "suit_none"}
ROOM = widgets.W - 2  # the title bar


def _value_text(app, g, kind, value):
    if kind == "queen" or kind == "jack":
        return app.names[value] if 0 <= value < len(app.names) else str(value)
    if kind == "trump":
        return t(SUIT_KEYS.get(value, "suit_none"))
    if kind == "moon":
        return t("v_" + value)
    if kind == "bid" and value == -1:
        return t("blind_nil")
    return str(value)


def _hand_word(g):
    return (t("round") if g.NAME == "wizard" else t("hand")).lower()


def describe(app, g, entry):
    """``entry`` (kind, seat, value, as ``last_entry`` gives it) in the
    language's sentence for its kind. The app puts it over two lines when
    it must."""
    kind, seat, value = entry
    if kind == "amend":
        return t("undone_amend").format(_hand_word(g), value + 1)
    if kind == "trump" and value == "none":
        return t("undone_no_trump")
    key = SENTENCES.get(kind, "undone_bid")
    if seat is None:
        return t(key).format(_value_text(app, g, kind, value))
    # A hidden bid stays hidden: the value is left out while bids are private.
    if kind == "bid" and hasattr(g, "bids_visible") and not g.bids_visible():
        return t("undone_bid_hidden").format(app.names[seat])
    return t(key).format(app.names[seat], _value_text(app, g, kind, value))


def reopens(g, last):
    """True when undoing ``last`` takes back the entry that completed the
    previous hand (the current one holds nothing yet, or the game is over)."""
    if last is None or last[0] == "amend" or not g.hands:
        return False
    hand = g.current
    if hand is None:
        return True
    if hand.taken_count:
        return False
    for kind in g.FREE:
        if hand.get(kind) is not None:
            return False
    return True


def undone(app, g, entry):
    """The title-bar line after an undo: what it took back."""
    if entry is None:
        return None
    return describe(app, g, entry)


def ask_reopen(app, entry):
    """The last entry completed a hand: ask before taking it back (that
    reopens the hand). First line undoes (the title bar then says what it
    took back), second keeps; BACK keeps."""
    g = app.game
    back = app.screen
    number = len(g.hands)
    title = widgets.clip(t("reopen_q").format(_hand_word(g), number), ROOM)
    items = [t("undo"), t("keep_it")]

    def pick(app, i):
        if i == 0:
            app.undo(True)
        else:
            app.go(back)

    # A menu screen, its module loaded here: this module stays while the
    # game is on, and must not keep the menus' code from being forgotten.
    from tallyboard.ui.menu import Menu

    app.go(Menu(title, items, pick, lambda app: app.go(back)))
