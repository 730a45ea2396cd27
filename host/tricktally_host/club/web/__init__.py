# SPDX-License-Identifier: MIT
"""The hub's web side (``tricktally club serve``; docs/CLUB.md, "The hub:
running a night"): the night's pages for everyone, read only, and the
director's page behind the password.

- ``app``: the Starlette app, its routes and the director's actions;
- ``views``: what each page shows, read from the night's model (club.night);
- ``pages``: the pages as HTML text, every name escaped;
- ``words``: their words in en, es, pt, it, fr;
- ``live``: the database threads, the board listener's events, and the
  live pages' Server-Sent Events;
- ``security``: the director's password, sessions, CSRF, checked forms;
- ``serve``: uvicorn and the board listener in one process;
- ``static/``: the pages' CSS and their one script (live.js).
"""
