# SPDX-License-Identifier: MIT
"""`tricktally sim --web`: the board in a browser.

``build`` makes a static folder from the page's sources (``web/`` in the
repository), the firmware as ``tricktally deploy`` compiles it, and the
official MicroPython WebAssembly port from ``node_modules``; ``serve``
serves that folder on 127.0.0.1 (nothing but files: the folder works on
any static host). The firmware runs in the page; see web/board.mjs.
"""
