# SPDX-License-Identifier: MIT
"""Hearts' hand screens beside the number picker: the seat that took the
queen of spades (or the jack of diamonds), and the moon choice. Loaded by
ui.entry.for_step when a Hearts hand asks for them (the pass direction's
words are ui.hand's)."""

from tallyboard import text
from tallyboard.buttons import UP, DOWN, OK
from tallyboard.i18n import t
from tallyboard.ui import widgets
from tallyboard.ui.hand import draw_names, draw_values, game_key, header

ARROW_UD = "\u25b2\u25bc"


def _start_seat(g, kind, smart=True):
    # Starting seat of a seat picker (queen, jack): the seat that took most hearts.
    if not smart:
        return 0
    hearts = g.current.values.get("hearts")
    if not hearts:
        return 0
    order = g.bid_order(g.dealer)
    best = order[0]
    for s in order:
        if hearts[s] is not None and hearts[s] > (hearts[best] or 0):
            best = s
    if kind == "jack":
        # The jack usually goes to someone else than the hearts' sink: start
        # at the first seat that is not the queen's.
        queen = g.current.get("queen")
        for s in order:
            if s != queen:
                return s
    return best


class SeatEntry:
    """Pick the seat that took the queen of spades (or the jack of
    diamonds), drawn like the number picker: UP/DOWN move, OK enters."""

    def reset(self, app, g, preset=None):
        """Point the picker at the expected step."""
        self.kind = g.kind
        self.seat = None
        self.cursor = preset if preset is not None else _start_seat(g, self.kind, app.smart)

    __init__ = reset  # as ui.entry.NumberEntry: one def, not two

    def key(self, app, name, kind):
        if name == UP or name == DOWN:
            n = app.game.n
            self.cursor = (self.cursor + (n - 1 if name == UP else 1)) % n
        elif game_key(app, name, kind):
            pass
        elif name == OK:
            app.enter(self.kind, None, self.cursor)

    def draw(self, app):
        fb = app.fb
        g = app.game
        header(app, g)
        text.draw(fb, t(self.kind), 0, widgets.line(2))
        x = widgets.draw_center(fb, app.names[self.cursor], widgets.line(3))
        text.draw(fb, ARROW_UD, x + 4, widgets.line(3))
        draw_names(fb, app, g, widgets.line(5), self.cursor)
        draw_values(fb, app, g, "hearts", widgets.line(6))


def for_step(app, g, kind, preset):
    """The screen for Hearts' ``kind`` (queen, jack or moon): ui.entry's
    for_step hands these steps over."""
    return ChoiceEntry(app, g, preset) if kind == "moon" else app.picker(SeatEntry, preset)


class ChoiceEntry:
    """Pick one of the core's choices (the moon: others +26 or self -26)."""

    def __init__(self, app, g, preset=None):
        self.kind = g.kind
        self.choices = g.bounds()
        self.cursor = 0
        if preset in self.choices:
            self.cursor = self.choices.index(preset)

    def key(self, app, name, kind):
        if name == UP or name == DOWN:
            self.cursor = (self.cursor + 1) % len(self.choices)
        elif game_key(app, name, kind):
            pass
        elif name == OK:
            app.enter(self.kind, None, self.choices[self.cursor])

    def draw(self, app):
        fb = app.fb
        g = app.game
        widgets.title(fb, t("moon"))
        shooter = g.shooter(g.current)
        if shooter is not None:
            text.draw(fb, app.names[shooter], 0, widgets.line(1))
        for i in range(len(self.choices)):
            color = widgets.highlight(fb, 3 + i) if i == self.cursor else 1
            text.draw(fb, t("v_" + self.choices[i]), 2, widgets.line(3 + i), text.SMALL, color)
