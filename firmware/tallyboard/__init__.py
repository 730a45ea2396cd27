# SPDX-License-Identifier: MIT
"""TrickTally board application: screens, input, display, storage, serial link.

Hardware is reached only through small objects passed in (a display with the
framebuf drawing API, buttons that are plain callables, a clock, a byte
stream, a file system), so the same code runs on the board, in the simulator
and in tests. Pin numbers live only in tallyboard.boards.
"""

VERSION = "0.1.0"
