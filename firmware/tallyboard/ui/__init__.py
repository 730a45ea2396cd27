# SPDX-License-Identifier: MIT
"""The board's screens: one module per screen or screen group.

A screen is an object with ``draw(app)`` (draws the whole screen into
``app.fb``; the display then sends only the pages that changed) and
``key(app, name, kind)`` (one button event). Screens never enter a value
themselves: they call ``app.enter(...)``, which checks it with the core,
writes it to the journal and decides the next screen.

A screen drawn on every ordinary key press may also have
``dirty(app, last)``: the 8-pixel pages (a bit mask) that can differ from
``last``, the screen of its class painted before. ``widgets.paint`` then
clears only those pages, draws the screen with the text elsewhere skipped
(``tallyboard.text.MASK``) and puts the other pages back as they were, so a
press costs the lines it changes, not the screen. A wrong mask shows stale
pixels: tests/firmware/test_ui_partial.py compares every press of whole
games with a full redraw.
"""
