# SPDX-License-Identifier: MIT
"""Device-side test payloads: plain MicroPython scripts.

Each reads its input from ``tt_data.json`` in the current folder and prints
its results as JSON lines. They run on the unix port (tests/mpvm.py), and
unchanged on any MicroPython with the device tree deployed (``mpremote run``
after copying the data file). A ``# needs: PATH`` header line names helper
modules (paths from the repository root) that must sit beside the device
tree. CPython tests import their functions to compare results.

The same scripts run on the 32-bit WebAssembly port (tests/wasm32.py) and on
an attached board (tests/board.py, ``make test-board``). A payload that
measures the heap also exposes a ``steps(data)`` generator (one step per
unit of work): the WebAssembly port collects garbage only between calls
from JavaScript, so its runner drives the steps from there.
"""
