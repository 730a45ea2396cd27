# SPDX-License-Identifier: MIT
"""The board's own settings: roster of player names, language, contrast, the
idle steps (dim, screen off, sleep) and the default rules of each game,
kept in ``config.json`` on the flash.

``Config`` holds the values, which a game reads (the keeper's contrast and
idle delays). Reading, checking and writing the file is
tallyboard.config_store: loaded at boot and when a menu changes a setting
(``config.set_roster(...)`` finds ``set_roster(config, ...)`` there through
``Config.__getattr__``), forgotten while a game is on screen.

Every change is written at once with ``fs.write_file`` (atomic replace), so a
power cut keeps either the old or the new file. A missing or unreadable file
gives the defaults (``problem`` then says why, in English for the serial
log; ``problem_kind`` says it as a code the screen words in the board's
language, tallyboard.notes) and never stops the board. A refused setting
raises config_store.ConfigError, a ValueError whose ``note`` is that code
for the screen.
"""

# The roster's limits (the roster screen and config_store check them).
MAX_NAMES = 12
MAX_NAME = 10


class Config:
    """Settings of the board, loaded from ``fs`` and saved on every change
    (the changes: tallyboard.config_store)."""

    def __init__(self, fs):
        self.fs = fs
        from tallyboard.config_store import load

        load(self)

    def __getattr__(self, name):
        # Called only for a name the settings do not have: a change or a
        # question for the file (tallyboard.config_store, loaded now).
        from tallyboard import config_store

        change = getattr(config_store, name, None) if name[0] != "_" else None
        if change is None:
            raise AttributeError(name)
        return lambda *args: change(self, *args)
