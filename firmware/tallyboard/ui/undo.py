# SPDX-License-Identifier: MIT
"""Undo feedback: the line that says what an undo took back ("Undone:
Ana's bid 3"), and the question asked before an undo reopens the previous
hand. Loaded on the first undo only (RAM on the board)."""

from tallyboard.i18n import t
from tallyboard.ui import widgets

# The word for each kind of entry inside a sentence: the screen's own
# word, in lower case (made on an undo only, not per press).
WORDS = {
    "bid": "bid",
    "tricks": "tricks",
    "hearts": "hearts",
    "queen": "queen_short",
    "jack": "jack_short",
    "trump": "trump",
    "moon": "moon",
    "first_card": "first_card",
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


def describe(app, g, entry, key_seat="undone_seat", key_one="undone_one"):
    """``entry`` (kind, seat, value, as ``last_entry`` gives it) in a
    sentence from ``key_seat`` ({0} name, {1} word, {2} value) or
    ``key_one`` ({0} word, {1} value). The app puts it over two lines
    when it must."""
    kind, seat, value = entry
    if kind == "amend":
        return t("undone_amend").format(_hand_word(g), value + 1)
    word = t(WORDS.get(kind, "bid")).lower()
    if seat is None:
        return t(key_one).format(word, _value_text(app, g, kind, value))
    # A hidden bid stays hidden: the value is left out while bids are private.
    private = kind == "bid" and hasattr(g, "bids_visible") and not g.bids_visible()
    shown = "" if private else _value_text(app, g, kind, value)
    return t(key_seat).format(app.names[seat], word, shown).strip()


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
