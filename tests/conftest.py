# SPDX-License-Identifier: MIT
"""Test-wide setup (none needed: the MicroPython runner, tests/mpvm.py,
compiles the device tree once per session on first use)."""
