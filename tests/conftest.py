# SPDX-License-Identifier: MIT
"""Test-wide setup: the firmware's framebuf on CPython (a board has it
built in; tricktally_host.framebuf stands in), installed before any test
imports the firmware. The MicroPython runner, tests/mpvm.py, compiles the
device tree once per session on first use."""

from tricktally_host import framebuf

framebuf.install()
