# SPDX-License-Identifier: MIT
"""The board's screens: one module per screen or screen group.

A screen is an object with ``draw(app)`` (draws the whole screen into
``app.fb``; the display then sends only the pages that changed) and
``key(app, name, kind)`` (one button event). Screens never enter a value
themselves: they call ``app.enter(...)``, which checks it with the core,
writes it to the journal and decides the next screen.
"""
