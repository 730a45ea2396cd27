# SPDX-License-Identifier: MIT
"""The game journal: one append-only file per game on the board's flash,
one record per confirmed entry (docs/JOURNAL.md).

Its modules stack in layers, each importing only those below it:

- ``record``: the record line: its format, its CRC, the fast writer of
  entries and undos;
- ``encode``: the generic record writer (compact JSON);
- ``read``: checking lines and replaying records (boot, the PC's sync);
- ``files``: what the journal knows of each game: its files' names and
  sizes (``GameFile``), its listing (``Stored``);
- ``boot``: boot and repair, the opening of a stored game;
- ``sync``: what the serial link asks;
- ``games``: new games, amendments, the end, deletes, space;
- ``journal``: ``Journal``, what the app holds: entries and undos, the
  tail file and its fold, and every other operation as a method that loads
  its layer.

A game keeps ``journal``, ``files`` and ``record`` in RAM; the others load
when used and leave with ``Journal.rest``.
"""
