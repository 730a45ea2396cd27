# SPDX-License-Identifier: MIT
"""What the hub tells each table's board when a round starts: where the
table's winner goes now (SEAT: the board shows "Table 3, seat 2" between
games) and the round's names at the board's table in seat order (ROSTER:
the board's next game is set up with them). The web side sends them with
the listener's ``send_seat`` and ``send_roster``."""

from tricktally_host.club import night_games, night_rows, results


def seat_orders(db, night_id, round_no):
    """{device: {"round", "table" (the board's), "seat": (round, table,
    seat) of the winner of the board's table in the round before, None in
    round 1 or when that table has no game, "names": the players at the
    board's table this round, in seat order}} for every board of the night."""
    round_no = night_rows.as_whole(round_no, "a round")
    with db.snapshot():
        night = night_rows.night(db, night_id)
        now = night_rows.seatings(db, night["id"], round_no)
        before = night_games.table_games(db, night["id"], round_no - 1) if round_no > 1 else []
    where = {p: (t, s) for t, table in enumerate(now, 1) for s, p in enumerate(table, 1)}
    out = {}
    for device, table in night["boards"].items():
        seat = None
        if table <= len(before) and before[table - 1] is not None:
            winner = results.finishing_order(before[table - 1].game)[0]
            seat = (round_no,) + where[winner]
        out[device] = {"round": round_no, "table": table, "seat": seat, "names": list(now[table - 1])}
    return out
