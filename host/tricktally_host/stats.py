# SPDX-License-Identifier: MIT
"""Per-player statistics over the stored games.

Players are matched by name, exactly as entered (the board's roster keeps
names consistent). Scores differ in kind from game to game (Hearts counts
down, Wizard swings), so everything but games and wins is given per game.

Definitions (docs/RECORD.md repeats them):
- games: games the player sat in, finished or not; finished: of those, the
  finished ones; wins: finished games the player won (a shared win counts
  for each winner, and both partners of a winning partnership win).
- bids: bids the player made in complete hands (Spades and Wizard; Hearts
  has none). A Wizard bid is made when the player took exactly the bid.
  A Spades bid is made when the player's side made its contract (the side
  took at least the sum of its non-nil bids), and a nil or blind nil bid
  when the player took no trick. bid_accuracy = made / bids (None without
  bids).
- bid_error: the mean distance between a player's own bid and own tricks
  (a nil counts as a bid of 0), per bid: 0 for a perfect bidder.
- avg_score: the mean of the player's side's score per complete hand (in a
  partnership both partners are credited with the side's score).
"""

from tricktally.spades import BLIND_NIL


def bid_made(game, hand, seat):
    """Did ``seat`` make its bid in complete ``hand``? None in Hearts (no bids)."""
    if game.NAME == "hearts":
        return None
    bid = hand.get("bid", seat)
    tricks = hand.get("tricks", seat)
    if game.NAME == "wizard":
        return tricks == bid
    if bid == 0 or bid == BLIND_NIL:
        return tricks == 0
    side = game.sides[game.side_of(seat)]
    contract = sum(hand.get("bid", s) for s in side if hand.get("bid", s) > 0)
    took = sum(hand.get("tricks", s) for s in side)
    return took >= contract


def _blank(player, game=None):
    row = {"player": player}
    if game is not None:
        row["game"] = game
    row.update(games=0, finished=0, wins=0)
    if game is not None:
        row.update(hands=0, points=0, bids=0, bids_made=0, bid_miss=0)
    return row


def player_stats(games):
    """Stats of every player over ``games`` (an iterable of rebuilt Game objects).

    Returns ``{"players": [...], "by_game": [...]}``: per player (games,
    finished, wins, win_rate), and per game name and player (the same plus
    hands, points, avg_score, bids, bids_made, bid_accuracy, bid_error); both sorted by
    player, by_game by game name first.
    """
    overall = {}
    per_game = {}
    for game in games:
        for seat, name in enumerate(game.players):
            rows = (
                overall.setdefault(name, _blank(name)),
                per_game.setdefault((game.NAME, name), _blank(name, game.NAME)),
            )
            for row in rows:
                row["games"] += 1
                if game.finished:
                    row["finished"] += 1
                    if seat in game.winners:
                        row["wins"] += 1
            row = rows[1]
            side = game.side_of(seat)
            for hand in game.hands:
                row["hands"] += 1
                row["points"] += hand.scores[side]
                made = bid_made(game, hand, seat)
                if made is not None:
                    row["bids"] += 1
                    row["bids_made"] += int(made)
                    row["bid_miss"] += abs(hand.get("tricks", seat) - max(hand.get("bid", seat), 0))
    for row in list(overall.values()) + list(per_game.values()):
        row["win_rate"] = _ratio(row["wins"], row["finished"])
        if "hands" in row:
            row["avg_score"] = _ratio(row["points"], row["hands"])
            row["bid_accuracy"] = _ratio(row["bids_made"], row["bids"])
            row["bid_error"] = _ratio(row.pop("bid_miss"), row["bids"])
    return {
        "players": [overall[k] for k in sorted(overall)],
        "by_game": [per_game[k] for k in sorted(per_game)],
    }


def _ratio(a, b):
    return round(a / b, 4) if b else None
