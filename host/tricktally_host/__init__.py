# SPDX-License-Identifier: MIT
"""The `tricktally` PC tools: score, sync, database, export, plots, stats, deploy, simulator."""

from tricktally_host import framebuf

# The firmware draws with framebuf, which a board has built in: the PC's
# goes in its place before any host module imports the firmware.
framebuf.install()
