# SPDX-License-Identifier: MIT
# needs: tests/payloads/board_io.py tests/payloads/club_board.py
"""Payload: one round of a club night at one table (issue 27), the real
firmware on Wi-Fi as in club_board.py (its ClubBoard: the app with the
real buttons, the journal on the flash folder, the club's link to the
hub on the PC). The board boots (a board is switched on for the round),
joins the hub and waits for the round's players, which the hub sends
(ROSTER); a seat the hub sent meanwhile (SEAT: where this table's last
winner sits now) is on the screen, read and put away with BACK; then
the players start the game (its seats are the roster's names, in order)
and play it by the keys; then the board runs until the hub acknowledged
every game.

Input (tt_data.json): club_board.py's (host, port, device, key, pace_ms,
backoff, keys) and ``roster`` (the names to wait for), ``wait_s`` (the
most to wait for them, and for the acknowledgement).

Output, JSON lines: ``{"entry": ...}`` as club_board.py prints them, and
``{"end": {"roster": names the board had, "seat_shown": the lines of a
seat message shown before the game or None, "seat": the last SEAT,
"games": ..., "acked": ..., "screen": ..., "sessions": ...}}``.
"""

import json
import time

from club_board import ClubBoard


def main():
    with open("tt_data.json") as f:
        data = json.loads(f.read())
    board = ClubBoard(data)
    app = board.app
    wait_ms = int(data.get("wait_s", 120) * 1000)
    end = time.ticks_add(time.ticks_ms(), wait_ms)
    want = data["roster"]
    while list(app.config.roster) != want and time.ticks_diff(end, time.ticks_ms()) > 0:
        board.run(20)
    roster = list(app.config.roster)
    shown = None
    if roster == want:
        board.run(200)  # a seat sent with the roster is shown by the next passes
        if app.screen.__class__.__name__ == "Message":
            shown = list(app.screen.lines)
            board.press("b")
        pace = data.get("pace_ms", 30)
        for key in data["keys"]:
            board.press(key)
            board.run(pace)
    end = time.ticks_add(time.ticks_ms(), wait_ms)
    while not board.acked() and time.ticks_diff(end, time.ticks_ms()) > 0:
        board.run(20)
    link = app.link
    screen = app.screen
    print(json.dumps({"end": {
        "roster": roster, "seat_shown": shown, "seat": list(link.seat) if link.seat else None,
        "games": board.games(), "acked": board.acked(), "entries": board.entries,
        "screen": [screen.__class__.__name__, getattr(screen, "title", None), getattr(screen, "lines", None)],
        "sessions": link.stream.session}}))


main()
