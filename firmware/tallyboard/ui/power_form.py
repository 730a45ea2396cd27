# SPDX-License-Identifier: MIT
"""Settings > Power saving: when the screen dims, turns off, and the board
sleeps (issue 15). Loaded only when opened."""

from tallyboard import config
from tallyboard.i18n import t
from tallyboard.ui.menu import Form, Row


def delay_name(seconds):
    """"30 s", "5 min" or "never" for a delay in seconds (0: never)."""
    if not seconds:
        return t("never")
    if seconds < 60:
        return "%d %s" % (seconds, t("sec_short"))
    return "%d %s" % (seconds // 60, t("min_short"))


def _row(key, label, choices, value):
    values = list(choices)
    index = values.index(value) if value in values else 0
    return Row(key, label, values, [delay_name(v) for v in values], index)


def power_form(app, back):
    """The form; OK keeps the choice and applies it at once, BACK leaves
    everything as it was. ``back(app)`` returns to the settings menu."""
    c = app.config
    rows = [
        _row("dim_s", t("dim_after"), config.DIM_CHOICES, c.dim_s),
        _row("off_s", t("off_after"), config.OFF_CHOICES, c.off_s),
        _row("sleep_s", t("sleep_after"), config.SLEEP_CHOICES, c.sleep_s),
    ]

    def ok(app, form):
        c.set_idle(form.row("dim_s").value, form.row("off_s").value, form.row("sleep_s").value)
        app.apply_idle_settings()
        back(app)

    return Form(t("power"), rows, ok, back)
