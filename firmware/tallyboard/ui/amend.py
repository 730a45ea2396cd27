# SPDX-License-Identifier: MIT
"""Amend an earlier hand: pick the hand, change its values in a form, OK
hands the whole hand to the core (``g.amend``), which rescores every later
hand or refuses with the reason (nothing changes then)."""

from tallyboard import text
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.menu import Menu, Form, Row, IntRow
from tallyboard.ui.undo import SUIT_KEYS

SUITS = ("none", "S", "H", "D", "C")


def hand_menu(app):
    """Complete hands, newest first."""
    g = app.game
    label = t("round") if g.NAME == "wizard" else t("hand")
    count = len(g.hands)
    items = ["%s %d" % (label, count - i) for i in range(count)]
    if not items:
        items = [t("no_hands")]

    def pick(app, i):
        if count:
            app.go(amend_form(app, count - 1 - i))

    # As the game menu's line that opened it: Wizard has rounds.
    return Menu(t("amend_round") if g.NAME == "wizard" else t("amend"), items, pick, lambda app: app.game_menu())


def amend_form(app, index):
    """One row per value of complete hand ``index`` (0-based)."""
    g = app.game
    data = g.hand_to_dict(g.hands[index])
    order = g.bid_order(g.hands[index].dealer)
    names = app.names
    seats = list(range(g.n))
    rows = []
    if g.NAME == "wizard":
        # "" keeps a trump that was never recorded unrecorded.
        choices = [""] + list(SUITS)
        labels = ["-"] + [t(SUIT_KEYS[s]) for s in SUITS]
        rows.append(Row("trump", t("trump"), choices, labels, choices.index(data.get("trump") or "")))
    if "bids" in data:
        size = g.cards_for(index)
        low = -1 if g.settings.get("blind_nil") else (0 if g.NAME == "wizard" or g.settings.get("nil") else 1)
        blind = data.get("blind")
        for s in order:
            b = -1 if blind and blind[s] else data["bids"][s]
            rows.append(_NameRow("bid%d" % s, t("bid"), names[s], b, low, size))
        for s in order:
            rows.append(_NameRow("tricks%d" % s, t("tricks"), names[s], data["tricks"][s], 0, size))
    else:
        for s in order:
            rows.append(_NameRow("hearts%d" % s, t("hearts"), names[s], data["hearts"][s], 0, 13))
        rows.append(Row("queen", t("queen_short"), seats, list(names), data["queen"]))
        if g.settings.get("omnibus"):
            rows.append(Row("jack", t("jack_short"), seats, list(names), data.get("jack") or 0))
        if g.settings.get("moon") == "choice":
            moons = ["", "others_plus", "self_minus"]
            m = data.get("moon") or ""
            rows.append(Row("moon", t("s_moon"), moons, ["-", t("v_others_plus"), t("v_self_minus")], moons.index(m)))

    def ok(app, form):
        app.amend(index, _to_dict(g, form), form)

    # "Hand 3": the menu before was "Amend a hand".
    title = "%s %d" % (t("round") if g.NAME == "wizard" else t("hand"), index + 1)
    return Form(title, rows, ok, lambda app: app.go(hand_menu(app)))


class _NameRow(IntRow):
    """A value of one player's: labelled "Bid NAME", the name whole where
    the line holds it beside the value as it stands, cut at the end past
    that (widgets.clip). ui.menu.Form draws the label first: this row's is
    empty, draw_value draws both."""

    def __init__(self, key, word, name, value, low, high):
        IntRow.__init__(self, key, "", value, low, high)
        self.word = word
        self.name = name

    def draw_value(self, fb, right, y, color):
        x = text.draw(fb, self.word, 1, y, text.SMALL, color) + 6
        # Up to the form's gap (a space) before the value.
        room = right - text.width(self.value) - 6 - x
        text.draw(fb, widgets.clip(self.name, room), x, y, text.SMALL, color)
        IntRow.draw_value(self, fb, right, y, color)


def _to_dict(g, form):
    out = {}
    n = g.n
    if g.NAME == "hearts":
        out["hearts"] = [form.row("hearts%d" % s).value for s in range(n)]
        out["queen"] = form.row("queen").value
        if form.row("jack") is not None:
            out["jack"] = form.row("jack").value
        moon = form.row("moon")
        if moon is not None and moon.value:
            out["moon"] = moon.value
        return out
    bids = [form.row("bid%d" % s).value for s in range(n)]
    if -1 in bids:
        out["blind"] = [b == -1 for b in bids]
        bids = [0 if b == -1 else b for b in bids]
    out["bids"] = bids
    out["tricks"] = [form.row("tricks%d" % s).value for s in range(n)]
    trump = form.row("trump")
    if trump is not None and trump.value:
        out["trump"] = trump.value
    return out
