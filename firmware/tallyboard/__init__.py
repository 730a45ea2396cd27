# SPDX-License-Identifier: MIT
"""TrickTally board application: screens, input, display, storage, serial link.

Hardware is reached only through small objects passed in (a display with the
framebuf drawing API, buttons that are plain callables, a clock, a byte
stream, a file system), so the same code runs on the board, in the simulator
and in tests. Pin numbers live only in tallyboard.boards.
"""

VERSION = "0.1.0"

# Screens of the menus, forgotten while a game is on screen (App.next_screen),
# and the game's screens, forgotten on the home menu (App.go_home).
MENU_MODULES = ("tallyboard.ui.setup", "tallyboard.ui.home", "tallyboard.ui.menu", "tallyboard.ui.roster",
                "tallyboard.ui.settings", "tallyboard.ui.amend", "tallyboard.ui.space", "tallyboard.ui.games",
                "tallyboard.ui.choose", "tallyboard.ui.resume")
GAME_MODULES = ("tallyboard.ui.entry", "tallyboard.ui.table", "tallyboard.ui.defaults", "tallyboard.ui.final",
                "tallyboard.ui.undo", "tallyboard.ui.moon", "tallyboard.ui.private", "tallyboard.ui.seats", "tallyboard.ui.bid_line")


def unload(name):
    """Forget module ``name`` (e.g. "tallyboard.ui.setup") so its code can be
    collected once nothing refers to it; the next import loads it again.
    The board's RAM holds only the screens in use. Returns True if it was
    loaded."""
    import sys

    if sys.modules.pop(name, None) is None:
        return False
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    leaf = name[dot + 1:]
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
    return True
