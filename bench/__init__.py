# SPDX-License-Identifier: MIT
"""The measures that matter (`make bench`: bench/__main__.py). The
firmware's framebuf on CPython is the host's (a board has it built in),
installed before any benchmark imports the firmware."""

from tricktally_host import framebuf

framebuf.install()
