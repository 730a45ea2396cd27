# SPDX-License-Identifier: MIT
"""TrickTally board application: screens, input, display, storage, serial link.

Hardware is reached only through small objects passed in (a display with the
framebuf drawing API, buttons that are plain callables, a clock, a byte
stream, a file system), so the same code runs on the board, in the simulator
and in tests. Pin numbers live only in tallyboard.boards.
"""

VERSION = "0.1.0"

# Modules of the menus (their screens, the message screen their forms
# import, the moves and settings code they use), forgotten while a game is
# on screen (App.next_screen); and the game's screens, forgotten on the
# home menu (App.go_home). Names under tallyboard, one string each (one
# object, not a tuple of strings).
MENU_MODULES = ("ui.setup ui.home ui.menu ui.roster ui.settings ui.amend ui.space ui.games ui.choose ui.resume"
                " ui.message app_more config_store")
GAME_MODULES = "ui.entry ui.table ui.defaults ui.final ui.undo ui.moon ui.private ui.seats ui.bid_line ui.trump"


def unload_all(names):
    """``unload`` every module of ``names`` (MENU_MODULES or GAME_MODULES)."""
    for name in names.split():
        unload("tallyboard." + name)


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
