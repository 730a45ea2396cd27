# SPDX-License-Identifier: MIT
"""Settings: language, contrast, the default rules of each game, and power
saving (the idle steps, tallyboard.ui.power_form)."""

from tricktally import settings as rules
from tallyboard import lang_file
from tallyboard.i18n import t
from tallyboard.ui.menu import Menu, Form, Row, IntRow
from tallyboard.ui.message import Message
from tallyboard.ui.rule_rows import GAME_KEYS, GAMES, setting_rows


def settings_menu(app, cursor=0):
    """Language, contrast, then one line per game for its default rules."""
    items = [t("language"), t("contrast")]
    for k in GAME_KEYS:
        items.append(t("rules_of") % t(k))

    def pick(app, i):
        if i == 0:
            app.go(_language_form(app))
        elif i == 1:
            app.go(_contrast_form(app))
        elif i == 2 + len(GAMES):
            from tallyboard.ui.power_form import power_form

            app.go(power_form(app, lambda app: app.go(settings_menu(app, 2 + len(GAMES)))))
        else:
            app.go(_rules_form(app, GAMES[i - 2]))

    items.append(t("power"))  # issue 15: the idle steps (last, after the games)
    return Menu(t("settings"), items, pick, lambda app: app.go_home(), cursor)


def _language_form(app):
    langs = list(lang_file.LANGUAGES)
    row = Row("language", t("language"), langs, [lang_file.NATIVE[c] for c in langs], langs.index(app.config.language))

    def ok(app, form):
        app.set_language(form.row("language").value)
        app.go(settings_menu(app, 0))

    return Form(t("language"), [row], ok, lambda app: app.go(settings_menu(app, 0)))


def _contrast_form(app):
    row = IntRow("contrast", t("contrast"), app.config.contrast, 15, 255, 16)

    def changed(app, form, row):
        app.display.contrast(row.value)

    def ok(app, form):
        app.config.set_contrast(form.row("contrast").value)
        app.go(settings_menu(app, 1))

    def back(app):
        app.display.contrast(app.config.contrast)
        app.go(settings_menu(app, 1))

    return Form(t("contrast"), [row], ok, back, changed)


def _rules_form(app, game):
    chosen = app.config.defaults(game)
    counts = sorted(rules.PLAYERS[game])
    rows = [Row("players", t("players"), counts, [str(c) for c in counts], counts.index(chosen["players"]))]
    rows.extend(setting_rows(game, chosen))
    cursor = 2 + GAMES.index(game)

    def ok(app, form):
        try:
            values = {}
            for r in form.rows:
                values[r.key] = r.value
            app.config.set_defaults(game, values)
        except (OSError, ValueError) as e:  # a rule, or a full flash
            app.go(Message(t("refused"), app.failure(e), lambda app: app.go(form)))
            return
        app.go(settings_menu(app, cursor))

    return Form(t(GAME_KEYS[GAMES.index(game)]), rows, ok, lambda app: app.go(settings_menu(app, cursor)))
