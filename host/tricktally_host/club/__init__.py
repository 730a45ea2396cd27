# SPDX-License-Identifier: MIT
"""A club's hub (issue 27, docs/CLUB.md): boards on Wi-Fi send every
entry to it as it is made.

- ``listener``: the board listener, a TCP server the hub runs (``tricktally
  club serve``, or alone in tests): it proves each board's key, stores
  with the USB sync's code (tricktally_host.sync) and tells the hub's
  other parts what happened (events, status, seats);
- ``port``: a board's socket as the serial-like port the USB sync's
  client (tricktally_host.link_client) reads and writes, sealing and
  checking every frame of a proved session;
- ``enroll``: enrolling a board over USB (``tricktally club enroll``);
- ``night``: a club night in the database (the web side's one import):
  the director's changes, and, from the modules below it, its readers:
  ``night_rows`` (the night's rows), ``night_games`` (which stored game
  is which table's, with ``amended``: the director's amendments applied
  to a copy of the record), ``results`` (finishing orders, standings),
  ``table_status``, ``night_sheets`` (running sheets, seat cards, the
  night's report), ``seat_orders``; ``movement`` (pure: who sits where)
  and ``passwords`` (the director's, hashed).
"""
