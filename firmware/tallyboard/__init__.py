# SPDX-License-Identifier: MIT
"""TrickTally board application: screens, input, display, storage, serial link.

Hardware is reached only through small objects passed in (a display with the
framebuf drawing API, buttons that are plain callables, a clock, a byte
stream, a file system), so the same code runs on the board, in the simulator
and in tests. Pin numbers live only in tallyboard.boards.
"""

# Modules of the menus (their screens, the message screen their forms
# import, the moves, settings and language code they use), forgotten while
# a game is on screen (App.next_screen). Names under tallyboard, one string
# (one object, not a tuple of strings). The game's screens, forgotten on
# the home menu: tallyboard.ui.home.GAME_MODULES.
MENU_MODULES = ("ui.setup ui.home ui.menu ui.roster ui.settings ui.amend ui.space ui.games ui.choose ui.resume"
                " ui.message app_more config_store lang_file")
# The rules core's modules loaded on use (settings for a new game and the
# menus' forms, undo, amend, the record form, the English refusals),
# forgotten with the menus: nothing a game keeps refers to them
# (tricktally.game imports them inside the methods that use them).
CORE_MODULES = "settings undo amend record messages"

# sys.modules (one dict for the VM's life) is a default argument of the
# two functions below, so neither imports sys: on MicroPython ``import
# sys`` in a function is a whole import lookup at every call (sys is not
# in sys.modules), about 0.05 Pico ms (4 times the call's own work), and a
# game's first press and the return home unload some ten modules each.
# Not a global: the package's dict (its names and every loaded submodule)
# then grew a step, 224 bytes of the heap on a new-game form (mp_bench);
# ``del sys`` below frees the name.
import sys


def unload_all(names, package="tallyboard.", loaded=sys.modules):
    """``unload`` every module of ``names`` (a string such as MENU_MODULES;
    CORE_MODULES with ``package`` "tricktally.")."""
    for name in names.split():
        name = package + name
        if name in loaded:  # most of a list are not (a screen change: no time to lose)
            unload(name)


def unload(name, loaded=sys.modules):
    """Forget module ``name`` (e.g. "tallyboard.ui.setup") so its code can be
    collected once nothing refers to it; the next import loads it again.
    The board's RAM holds only the screens in use. Returns True if it was
    loaded."""
    if loaded.pop(name, None) is None:
        return False
    dot = name.rfind(".")
    parent = loaded.get(name[:dot])
    leaf = name[dot + 1:]
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
    return True


del sys
