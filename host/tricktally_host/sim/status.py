# SPDX-License-Identifier: MIT
"""The terminal simulator's status line, in the players' words: what the
board asks and of whom ("Round 2 · Bid: Ana"), the list and its
highlighted line ("New game · Players: 4"), in the board's own language
(its string table, tallyboard.i18n), then where the serial port is."""

from tallyboard.i18n import t

SEP = " \u00b7 "


def _labelled(label, value):
    # "Bid: Ana", "Game: Spades" (the language's "who": "Jeu : Pique"); a
    # label that ends with its own colon gets no second ("Mise : Émile").
    if label.endswith(":"):
        return "%s %s" % (label, value)
    return t("who") % (label, value)


def _entry(app, s):
    return _labelled(t(s.kind), app.names[s.seat])


def _seat_pick(app, s):
    return "%s %s" % (t(s.kind), app.names[s.cursor])


def _pass(app, s):
    return "%s %s" % (t("pass_to"), app.names[s.seat])


# What each game screen asks, by the screen's class: these screens show the
# hand (or round) number too.
_GAME_SCREENS = {
    "NumberEntry": _entry,
    "SeatEntry": _seat_pick,
    "ChoiceEntry": lambda app, s: t("moon"),
    "TrumpEntry": lambda app, s: t("trump_q"),
    "PassScreen": _pass,
    "RevealScreen": lambda app, s: t("bids"),
    "FirstCardScreen": lambda app, s: t("first_card"),
    "TableScreen": lambda app, s: t("scores"),
    "FinalScreen": lambda app, s: t("final"),
    "MoonPicker": lambda app, s: t("moon_who"),
}
# Screens whose title is drawn from a string of their own.
_OTHER_SCREENS = {
    "AccuracyScreen": "acc_title",
    "ResumeScreen": "resume",
    "NameEditor": "name",
}


def screen_words(app):
    """What the screen shown says it is about, in the board's language."""
    s = app.screen
    name = s.__class__.__name__
    words = []
    if name in _GAME_SCREENS and app.game is not None:
        g = app.game
        words.append("%s %d" % (t("round" if g.NAME == "wizard" else "hand"), g.hand_number))
        words.append(_GAME_SCREENS[name](app, s))
    elif name in _OTHER_SCREENS:
        words.append(t(_OTHER_SCREENS[name]))
    elif hasattr(s, "title"):
        words.append(str(s.title))
        words.extend(_highlighted(s))
    if app.toast:
        words.append(str(app.toast))
    return SEP.join(w for w in words if w)


def _highlighted(s):
    """The line under the cursor of a list or a form, as it reads."""
    cursor = getattr(s, "cursor", None)
    if cursor is None:
        return []
    items = getattr(s, "items", None)
    if items is not None and 0 <= cursor < len(items):
        return [str(items[cursor])]
    rows = getattr(s, "rows", None)
    if rows is not None and 0 <= cursor < len(rows):
        row = rows[cursor]
        names = getattr(row, "names", None)
        label = row.label
        if not label and hasattr(row, "name"):
            # A player's value (ui.amend): the row draws its word and the
            # name itself ("Bid Kristoffer", "Mise : Kristoffer").
            label = "%s %s" % (row.word, row.name)
        if names is not None:
            return [_labelled(label, names[row.index])]
        if getattr(row, "value", None) is not None:
            return [_labelled(label, row.value)]
        return [str(label)]
    return []


def status_line(app, port):
    """The status line: the screen's words, then the serial port's name
    (``port``: the simulator's link, or None without one)."""
    where = "serial: %s" % (port or "none")
    words = screen_words(app)
    return "%s   %s" % (words, where) if words else where
