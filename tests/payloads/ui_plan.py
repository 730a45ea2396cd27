# SPDX-License-Identifier: MIT
# needs: tests/firmware/ui_script.py
"""Payload: games and a tour of the other screens played through the UI
(tests/firmware/ui_script.py's ``play_plan``), for comparing the screens
frame by frame with CPython.

Input (tt_data.json): ``[[game, players, settings, hands], ...]``.
Prints one JSON line per game, then one for the tour: frame CRCs, bytes
sent per press, presses per hand, totals (``play_plan``'s output).
"""

import json

from ui_script import play_plan


def main():
    with open("tt_data.json") as f:
        plan = json.loads(f.read())
    for line in play_plan(plan):
        print(json.dumps(line))


if __name__ == "__main__":
    main()
