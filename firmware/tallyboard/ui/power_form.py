# SPDX-License-Identifier: MIT
"""Settings > Power saving: when the screen dims, turns off, and the board
sleeps (issue 15). Loaded only when opened."""

from tallyboard.i18n import t
from tallyboard.ui.menu import Form, Row


# The choices offered, in seconds (0: never).
DIM_CHOICES = (30, 60, 120, 300, 0)
OFF_CHOICES = (120, 300, 600, 900, 0)
SLEEP_CHOICES = (900, 1800, 3600, 0)


def delay_name(seconds):
    """"30 s", "5 min" or "never" for a delay in seconds (0: never)."""
    if not seconds:
        return t("never")
    if seconds < 60:
        return "%d %s" % (seconds, t("sec_short"))
    return "%d %s" % (seconds // 60, t("min_short"))


def _row(key, label, choices, value):
    values = list(choices)
    if value not in values:
        values.append(value)  # another value in config.json stays as it is
    index = values.index(value)
    return Row(key, label, values, [delay_name(v) for v in values], index)


def power_form(app, back):
    """The form; OK keeps the choice and applies it at once, BACK leaves
    everything as it was. ``back(app)`` returns to the settings menu."""
    c = app.config
    rows = [
        _row("dim_s", t("dim_after"), DIM_CHOICES, c.dim_s),
        _row("off_s", t("off_after"), OFF_CHOICES, c.off_s),
        _row("sleep_s", t("sleep_after"), SLEEP_CHOICES, c.sleep_s),
    ]

    def ok(app, form):
        c.set_idle(form.row("dim_s").value, form.row("off_s").value, form.row("sleep_s").value)
        if app.keeper is not None:
            app.keeper.apply_settings()
        back(app)

    return Form(t("power"), rows, ok, back)
