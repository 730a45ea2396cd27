# SPDX-License-Identifier: MIT
"""TrickTally board application: screens, input, display, storage, serial link.

Hardware is reached only through small objects passed in (a display with the
framebuf drawing API, buttons that are plain callables, a clock, a byte
stream, a file system), so the same code runs on the board, in the simulator
and in tests. Pin numbers live only in tallyboard.boards.
"""

import sys


def unload_all(names, package="tallyboard."):
    """``unload`` every module of ``names``, a string of module names under
    ``package`` ("ui.setup ui.home"; "settings undo" with ``package``
    "tricktally.")."""
    for name in names.split():
        name = package + name
        if name in sys.modules:  # most of a list are not (a screen change: no time to lose)
            unload(name)


def unload(name):
    """Forget module ``name`` (e.g. "tallyboard.ui.setup") so its code can be
    collected once nothing refers to it; the next import loads it again.
    The board's RAM holds only the screens in use. Returns True if it was
    loaded."""
    if sys.modules.pop(name, None) is None:
        return False
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    leaf = name[dot + 1:]
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
    return True
