# SPDX-License-Identifier: MIT
"""Device-side test payloads: plain MicroPython scripts.

Each reads its input from ``tt_data.json`` in the current folder and prints
its results as JSON lines. They run on the unix port (tests/mpvm.py), and
unchanged on any MicroPython with the device tree deployed (``mpremote run``
after copying the data file). A ``# needs: PATH`` header line names helper
modules (paths from the repository root) that must sit beside the device
tree. CPython tests import their functions to compare results.
"""
