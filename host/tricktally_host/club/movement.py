# SPDX-License-Identifier: MIT
"""A club night's movements: who sits where in the next round
(docs/CLUB.md, "Club nights"). Pure functions, no database.

A table is a list of player names in seat order (seat 1 first); a round
is a list of tables (table 1 first). Every player sits once a round and
every table is full: a night's player count is tables x seats.

- ``first_round``: the players as the director listed them, table by
  table.
- ``progressive``: from the results of a round, the next one: the winner
  of table k >= 2 moves up to table k-1 and takes the seat of that table's
  last-placed player, who moves down to table k's winner's seat; table 1's
  winner stays, and everyone else keeps table and seat.
- ``round_robin``: a fixed schedule for rounds of whole games, a function
  of the player list and the round only (two hub processes compute the
  same): every player meets as many different opponents as it can.
"""

MOVEMENTS = ("progressive", "round_robin")
# Swap passes that look for a round with fewer repeated meetings; each
# pass only takes strict improvements, so it ends well before this.
_MAX_PASSES = 8


def check_shape(players, seats_per_table):
    """The table count for ``players`` at tables of ``seats_per_table``;
    ValueError naming what is wrong (no player twice, tables full)."""
    if not isinstance(seats_per_table, int) or isinstance(seats_per_table, bool) or seats_per_table < 2:
        raise ValueError("seats per table must be a whole number 2 or more, not %r" % (seats_per_table,))
    if not players:
        raise ValueError("a night needs players")
    if len(set(players)) != len(players):
        twice = sorted({p for p in players if players.count(p) > 1})
        raise ValueError("a player is listed twice: %s" % ", ".join(twice))
    if len(players) % seats_per_table:
        raise ValueError("%d players do not fill tables of %d: the player count must be tables x seats"
                         % (len(players), seats_per_table))
    return len(players) // seats_per_table


def first_round(players, seats_per_table):
    """Round 1: the players in the order given, ``seats_per_table`` a table."""
    check_shape(players, seats_per_table)
    s = seats_per_table
    return [list(players[i:i + s]) for i in range(0, len(players), s)]


def progressive(tables_result, seats=None):
    """The next round's tables (players in seat order) after a progressive
    round. ``tables_result[k]`` is table k+1's players in finishing order
    (winner first, last-placed last), or None when the table has no
    result (its players stay, nobody moves across its borders); ``seats[k]``
    the table's players in the seat order they played in (default: the
    finishing order). The winner of table k >= 2 and the last-placed
    player of table k-1 swap seats; everyone else stays where they sat."""
    if seats is None:
        seats = tables_result
    if len(seats) != len(tables_result):
        raise ValueError("the results name %d tables, the seats %d" % (len(tables_result), len(seats)))
    out = []
    for k, (order, seated) in enumerate(zip(tables_result, seats)):
        if seated is None or len(seated) < 2 or (order is not None and sorted(order) != sorted(seated)):
            raise ValueError("table %d: its result and its seats name other players" % (k + 1))
        out.append(list(seated))
    for k in range(1, len(tables_result)):
        if tables_result[k] is None or tables_result[k - 1] is None:
            continue
        up, down = tables_result[k][0], tables_result[k - 1][-1]
        i, j = seats[k].index(up), seats[k - 1].index(down)
        out[k][i], out[k - 1][j] = down, up
    return out


def round_robin(players, seats_per_table, round_no):
    """Round ``round_no`` (1-based) of the fixed schedule of ``players`` at
    tables of ``seats_per_table``: the tables, players in seat order.

    Put the players on a grid, seats_per_table rows by tables columns (the
    i-th player at row i mod seats, column i div seats). In round r the
    player at row j, column c sits at table (c + j(r-1)) mod tables, at seat
    (j + r - 1) mod seats: every table gets one player of each row. When
    the table count is a prime at least the seat count, two players meet at
    most once in the first ``tables`` rounds (the rows of an affine plane).
    Otherwise the round is then improved by swapping players between
    tables while that lowers the count of meetings it repeats (the earlier
    rounds computed the same way). Rounds 1 are ``first_round``."""
    tables = check_shape(players, seats_per_table)
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no < 1:
        raise ValueError("a round is a whole number from 1, not %r" % (round_no,))
    met = {}
    for r in range(1, round_no + 1):
        grid = _grid_round(len(players), seats_per_table, tables, r)
        if r > 1:
            grid = _fewer_repeats(grid, met)
        for table in grid:
            for a in table:
                for b in table:
                    if a < b:
                        met[a, b] = met.get((a, b), 0) + 1
    s = seats_per_table
    # Seats turn with the round, so nobody always deals first.
    return [[players[i] for i in sorted(table, key=lambda i: ((i % s) + round_no - 1) % s)] for table in grid]


def _grid_round(count, s, tables, r):
    """Round ``r`` of the grid, as player indexes per table."""
    out = [[] for _ in range(tables)]
    for i in range(count):
        row, column = i % s, i // s
        out[(column + row * (r - 1)) % tables].append(i)
    return out


def _repeats(table, met):
    return sum(met.get((a, b), 0) for a in table for b in table if a < b)


def _fewer_repeats(grid, met):
    """``grid`` with players swapped between tables while a swap lowers
    the meetings it repeats (``met``: pair -> times met); deterministic."""
    grid = [sorted(t) for t in grid]
    cost = [_repeats(t, met) for t in grid]
    for _ in range(_MAX_PASSES):
        better = False
        for x in range(len(grid)):
            for y in range(len(grid)):
                if x == y or not cost[x]:
                    continue
                for i in range(len(grid[x])):
                    for j in range(len(grid[y])):
                        a, b = grid[x], grid[y]
                        a2 = a[:i] + [b[j]] + a[i + 1:]
                        b2 = b[:j] + [a[i]] + b[j + 1:]
                        ca, cb = _repeats(a2, met), _repeats(b2, met)
                        if ca + cb < cost[x] + cost[y]:
                            grid[x], grid[y], cost[x], cost[y] = a2, b2, ca, cb
                            better = True
                            if not cost[x]:
                                break
                    if not cost[x]:
                        break
        if not better:
            break
    return [sorted(t) for t in grid]
