# SPDX-License-Identifier: MIT
"""The rows of a game's rules on the forms that set them: the new-game
form (ui.setup) and the board's default rules (ui.settings)."""

from tricktally import settings as rules
from tallyboard.i18n import t
from tallyboard.ui.menu import IntRow, Row

GAMES = ("spades", "wizard", "hearts")
GAME_KEYS = ("g_spades", "g_wizard", "g_hearts")
# Steps for targets (any positive whole number is allowed).
TARGET_STEP = {"spades": 50, "hearts": 10}


def value_name(value):
    """Screen text for a setting value (on/off, or the value's own string)."""
    if value is True:
        return t("on")
    if value is False:
        return t("off")
    return t("v_" + value)


def setting_rows(game, chosen):
    """One form row per setting of ``game``, starting at ``chosen`` values."""
    rows = []
    for name, values, open_ in rules.table(game):
        value = chosen[name]
        if open_:
            step = TARGET_STEP.get(game, 10)
            rows.append(IntRow(name, t("s_" + name), value, step, 9990, step))
        else:
            index = 0
            for i in range(len(values)):
                if values[i] == value and isinstance(values[i], bool) == isinstance(value, bool):
                    index = i
            rows.append(Row(name, t("s_" + name), list(values), [value_name(v) for v in values], index))
    return rows
