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
- ``enroll``: enrolling a board over USB (``tricktally club enroll``).
"""
