# SPDX-License-Identifier: MIT
"""The board's own settings: roster of player names, language, contrast, the
idle steps (dim, screen off, sleep) and the default rules of each game,
kept in ``config.json`` on the flash.

``Config`` holds the values, which a game reads (the keeper's contrast and
idle delays). Reading, checking and writing the file is
tallyboard.config_store: each change is a method here that loads that
module (at boot and when a menu or the PC changes a setting), which is
forgotten with the menus while a game is on screen.

Every change is written at once with ``fs.write_file`` (atomic replace), so a
power cut keeps either the old or the new file. A missing or unreadable file
gives the defaults (``problem`` then says why, in English for the serial
log; ``problem_kind`` says it as a code the screen words in the board's
language, tallyboard.notes) and never stops the board. A refused setting
raises config_store.ConfigError, a ValueError whose ``note`` is that code
for the screen.
"""


class Config:
    """Settings of the board, loaded from ``fs`` and saved on every change
    (config_store.load sets every value: the file's, or the default)."""

    def __init__(self, fs):
        self.fs = fs
        from tallyboard.config_store import load

        load(self)

    def set_roster(self, names):
        """Replace the roster: 1..12 distinct names of 1..10 printable characters."""
        from tallyboard.config_store import set_roster

        set_roster(self, names)

    def set_language(self, code):
        """Choose the screen language: en, es, pt, it or fr."""
        from tallyboard.config_store import set_language

        set_language(self, code)

    def set_contrast(self, value):
        """Display contrast 0..255."""
        from tallyboard.config_store import set_contrast

        set_contrast(self, value)

    def set_idle(self, dim_s, off_s, sleep_s):
        """The idle steps: seconds after the last press (0: never)."""
        from tallyboard.config_store import set_idle

        set_idle(self, dim_s, off_s, sleep_s)

    def defaults(self, game):
        """Default settings for a new ``game``: every setting plus ``players``."""
        from tallyboard.config_store import defaults

        return defaults(self, game)

    def set_defaults(self, game, values):
        """Make every setting in ``values`` (and ``players``) the default for
        ``game`` at once (config_store.set_defaults)."""
        from tallyboard.config_store import set_defaults

        set_defaults(self, game, values)

    def set_default(self, game, name, value):
        """Make ``value`` the default of setting ``name`` for ``game`` (checked)."""
        from tallyboard.config_store import set_defaults

        set_defaults(self, game, {name: value})

    def save(self):
        """Write the whole configuration (config_store.save)."""
        from tallyboard.config_store import save

        save(self)
