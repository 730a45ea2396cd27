# SPDX-License-Identifier: MIT
"""What the league commands (ratings, rescore --all, report) share: picking
the stored games of a season, and the finishing order of a game.

A game's moment is when it started (the board's clock), else when it was
synced: the order `tricktally games` lists them in.
"""

import datetime

import click

from tricktally import GAME_NAMES
from tricktally_host.dates import LATEST
from tricktally_host.db import Database, DatabaseError, fail
from tricktally_host.records import RecordError


def moment(info):
    """Unix seconds a stored game counts from: its start, else its sync time."""
    return info["started"] if info["started"] is not None else int(info["synced_at"])


def parse_day(text, end=False):
    """Unix seconds of ``text`` (YYYY-MM-DD, or an ISO 8601 date and time, in
    local time unless it says otherwise). A bare date with ``end`` means the
    end of that day, so ``--until 2024-03-31`` takes in the whole 31st.
    Raises ValueError with one line naming what is wrong."""
    value = text.strip()
    try:
        day = datetime.date.fromisoformat(value)
    except ValueError:
        day = None
    if day is not None:
        when = datetime.datetime.combine(day, datetime.time.max if end else datetime.time.min)
    else:
        try:
            when = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise ValueError("%r is not a date: give YYYY-MM-DD (or YYYY-MM-DDTHH:MM)" % text) from None
    try:
        if when.tzinfo is None:
            when = when.astimezone()
        seconds = int(when.timestamp())
    except (OverflowError, OSError, ValueError):
        seconds = -1
    if not 0 <= seconds <= LATEST:
        raise ValueError("%r is out of range: give a date from 1970-01-01 to 2099-12-31" % text)
    return seconds


def _day_option(name, end, help_text):
    def convert(ctx, param, value):
        if value is None:
            return None
        try:
            return parse_day(value, end)
        except ValueError as e:
            raise click.BadParameter(str(e)) from None

    return click.option(name, callback=convert, metavar="DATE", help=help_text)


since_option = _day_option("--since", False, "Only games started on or after DATE (YYYY-MM-DD).")
until_option = _day_option("--until", True, "Only games started on or before DATE (YYYY-MM-DD, the whole day).")
game_option = click.option("--game", "game_name", type=click.Choice(GAME_NAMES), help="Only games of this kind.")


def in_season(info, game_name=None, since=None, until=None):
    """True when stored game ``info`` is of ``game_name`` (None: any) and
    started within [since, until] (Unix seconds, None: open)."""
    if game_name is not None and info["game"] != game_name:
        return False
    t = moment(info)
    return (since is None or t >= since) and (until is None or t <= until)


def season(db, game_name=None, since=None, until=None):
    """(info, record, game) of every stored game in the season, oldest first."""
    return [g for g in db.load_all() if in_season(g[0], game_name, since, until)]


def season_or_exit(db_path, game_name=None, since=None, until=None):
    """:func:`season` for a command, and the lines about stored games that
    could not be read (``Database.damaged``: the command shows the others,
    then ``db.exit_if_damaged``). A database that cannot be read prints one
    line and exits 2."""
    try:
        with Database(db_path, create=False) as db:
            return season(db, game_name, since, until), db.damaged
    except (DatabaseError, RecordError) as e:
        fail(e)


def side_ranks(game):
    """The finishing place of each side of ``game`` (1 = best, ties share a
    place), from the totals: highest first, lowest first in Hearts. For a
    finished game the winners are exactly the sides placed 1."""
    lowest = game.NAME == "hearts"
    totals = game.totals
    return [1 + sum(1 for u in totals if (u < t if lowest else u > t)) for t in totals]


def seat_ranks(game):
    """The finishing place of each seat (a partner shares the side's place)."""
    ranks = side_ranks(game)
    return [ranks[game.side_of(s)] for s in range(game.n)]
