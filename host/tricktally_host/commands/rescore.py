# SPDX-License-Identifier: MIT
"""`tricktally rescore GAME --set NAME=VALUE ...`: a stored game under other
house rules, side by side with the game as played; `--all` over a season."""

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktally import GAME_NAMES, RuleError
from tricktally_host.db import db_option, exit_if_damaged, fail, load_or_exit
from tricktally_host.league import game_option, season_or_exit, since_option, until_option
from tricktally_host.rescore import SettingError, changes_for, parse_pairs, rescore, setting_names, shown
from tricktally_host.sheet import hands_text, side_name
from tricktally_host.safe_text import json_text, safe


def winners_text(game):
    """Who won ``game``, or why nobody has."""
    if game.finished:
        return ", ".join(game.players[s] for s in game.winners)
    return "nobody yet (%s, unfinished)" % hands_text(game.NAME, len(game.hands))


def side_by_side(result, title):
    """A rich table: each hand's running totals as played and as re-scored."""
    played, rescored = result.played, result.rescored
    table = Table(title=safe(title))
    table.add_column("hand" if played.NAME != "wizard" else "round", justify="right")
    for i in range(len(played.sides)):
        table.add_column(safe(side_name(played, i)), justify="right")
        table.add_column("→ new", justify="right")
    for index, hand in enumerate(played.hands):
        row = [str(index + 1)]
        for i in range(len(played.sides)):
            row.append(str(hand.totals[i]))
            if index < len(rescored.hands):
                value = rescored.hands[index].totals[i]
                row.append(Text(str(value), style="bold yellow" if value != hand.totals[i] else ""))
            elif result.problem is not None and index + 1 == result.problem.hand:
                row.append(Text("illegal", style="bold red"))
            else:
                row.append(Text("—", style="dim"))
        table.add_row(*row)
    return table


def rescored_line(result):
    """The line that says what the other settings make of the result."""
    rescored, played = result.rescored, result.played
    kind = result.outcome
    if kind == "winner_changes":
        return "Rescored:    %s   (winner changes)" % winners_text(rescored)
    if kind == "same_winner":
        return "Rescored:    %s   (same winner)" % winners_text(rescored)
    if kind == "not_ended":
        return "Rescored:    not ended: no winner after its %s   (as played, the game ended)" % hands_text(
            played.NAME, len(played.hands))
    if kind == "ends":
        return "Rescored:    %s   (the game would have ended; as played it goes on)" % winners_text(rescored)
    return "Rescored:    %s" % winners_text(rescored)


def _not_played_line(result):
    word = "Round" if result.played.NAME == "wizard" else "Hand"
    first, last = result.not_played[0], result.not_played[-1]
    if last > first:
        return "%ss %d-%d would not have been played: the game ends after %s %d." % (
            word, first, last, word.lower(), first - 1)
    return "%s %d would not have been played: the game ends after %s %d." % (word, first, word.lower(), first - 1)


def _print_one(ref, result):
    console = Console()
    changed = ", ".join("%s=%s" % item for item in sorted(_shown(result).items()))
    console.print(side_by_side(result, "%s %s under %s" % (result.played.NAME.capitalize(), ref, changed)))
    console.print(safe("As played:   " + winners_text(result.played)))
    if result.problem is None:
        console.print(safe(rescored_line(result), style="bold"))
    if result.not_played:
        console.print(_not_played_line(result), markup=False)
    for note in result.notes:
        console.print(safe("note: " + note, style="dim"))


def _shown(result):
    """The settings the user changed, as --set takes them (on/off for yes-or-no settings)."""
    out = {}
    for name, value in result.changes.items():
        out[name] = ("on" if value else "off") if isinstance(value, bool) else value
    return out


def _one(game_ref, pairs, as_json, db_path):
    info, record, played = load_or_exit(db_path, game_ref)
    try:
        changes = changes_for(played.NAME, pairs)
        result = rescore(record, changes, played)
    except SettingError as e:
        fail(e)
    except RuleError as e:
        fail("--set: these settings do not go together for game %s: %s" % (info["ref"], e))
    if as_json:
        out = {"game": info["ref"]}
        out.update(result.as_json())
        click.echo(json_text(out, indent=2))
    else:
        _print_one(info["ref"], result)
    if result.problem is not None:
        # A rule broken is an error, as `tricktally score` says of a record.
        changed = ", ".join("%s=%s" % item for item in sorted(_shown(result).items()))
        fail("game %s cannot be rescored under %s: %s" % (info["ref"], changed, result.problem))


def season_summary(games, pairs):
    """Re-score every game of ``games`` that has all the settings of ``pairs``.

    Returns a dict: rescored (count), changed (list of per-game dicts: ref,
    game, date, played and rescored winners: games that end both ways with
    other winners), not_ended (the same for games that ended as played but
    would not have by their last hand), ends (unfinished games that would
    have ended), illegal (ref, hand, rule, message), refused (ref, message:
    settings that do not go together for that game), left_out (game name ->
    count of games that lack one of the settings).
    """
    out = {"rescored": 0, "changed": [], "not_ended": [], "ends": [], "illegal": [], "refused": [], "left_out": {}}
    checked = {}
    for info, record, played in games:
        name = played.NAME
        if name not in checked:
            applies = all(p in setting_names([name]) for p in pairs)
            checked[name] = changes_for(name, pairs) if applies else None
        changes = checked[name]
        if changes is None:
            out["left_out"][name] = out["left_out"].get(name, 0) + 1
            continue
        try:
            result = rescore(record, changes, played)
        except RuleError as e:
            out["refused"].append({"game": info["ref"], "message": str(e)})
            continue
        out["rescored"] += 1
        kind = result.outcome
        if kind == "illegal":
            e = result.problem
            out["illegal"].append({"game": info["ref"], "hand": e.hand, "seat": e.seat, "rule": e.rule, "message": str(e)})
        elif kind in ("winner_changes", "not_ended", "ends"):
            key = {"winner_changes": "changed", "not_ended": "not_ended", "ends": "ends"}[kind]
            out[key].append(
                {
                    "game": info["ref"],
                    "kind": name,
                    "date": info["date"],
                    "played": winners_text(result.played),
                    "rescored": winners_text(result.rescored),
                }
            )
    return out


def _count(n, what):
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def _all(pairs, game_name, since, until, as_json, db_path):
    known = setting_names([game_name] if game_name else GAME_NAMES)
    for name, text in pairs.items():
        if name not in known:
            fail("--set %s=%s: no %sgame has a setting %r (settings: %s)" % (
                shown(name), shown(text), game_name + " " if game_name else "", shown(name), ", ".join(known)))
    # Check every value once against each game that has the setting, before any work.
    for kind in [game_name] if game_name else GAME_NAMES:
        names = setting_names([kind])
        try:
            changes_for(kind, {n: t for n, t in pairs.items() if n in names})
        except SettingError as e:
            fail(e)
    games, damaged = season_or_exit(db_path, game_name, since, until)
    report = season_summary(games, pairs)
    if as_json:
        click.echo(json_text(report, indent=2))
        exit_if_damaged(damaged)
        return
    console = Console()
    total = report["rescored"]
    changed = len(report["changed"])
    share = " (%.0f%%)" % (100.0 * changed / total) if total else ""
    settings_text = ", ".join("%s=%s" % item for item in sorted(pairs.items()))
    console.print("Rescored %s under %s: the winner changes in %d%s." % (
        _count(total, "game"), settings_text, changed, share), markup=False)
    if report["not_ended"]:
        console.print("%s that ended as played would not have ended by %s last hand (no winner)." % (
            _count(len(report["not_ended"]), "game"), "its" if len(report["not_ended"]) == 1 else "their"), markup=False)
    if report["ends"]:
        console.print("%s still going as played would have ended." % _count(len(report["ends"]), "game"), markup=False)
    for key, title in (("changed", "Games whose winner changes"), ("not_ended", "Games that would not have ended"),
                       ("ends", "Games that would have ended")):
        if not report[key]:
            continue
        table = Table(title=title)
        for column in ("game", "kind", "date", "winner as played", "winner rescored"):
            table.add_column(column)
        for row in report[key]:
            table.add_row(safe(row["game"]), row["kind"], row["date"] or "—", safe(row["played"]), safe(row["rescored"]))
        console.print(table)
    for row in report["illegal"] + report["refused"]:
        console.print(safe("cannot rescore %s: %s" % (row["game"], row["message"]), style="red"))
    for kind, count in sorted(report["left_out"].items()):
        console.print("left out: %d %s game%s (no such setting)" % (count, kind, "" if count == 1 else "s"))
    exit_if_damaged(damaged)


@click.command("rescore")
@click.argument("game_ref", metavar="[GAME]", required=False)
@click.option("--set", "pairs", multiple=True, metavar="NAME=VALUE",
              help="A setting to change (repeat it): e.g. bags=off, even_bids=2007, target=300.")
@click.option("--all", "every", is_flag=True, help="Every stored game of the season instead of one: how often the winner changes.")
@game_option
@since_option
@until_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@db_option
def command(game_ref, pairs, every, game_name, since, until, as_json, db_path):
    """Replay GAME (a ref from `tricktally games`) through the rules under other
    settings and show its sheet as played and as it would have been. A hand
    the new settings make illegal is reported with the hand, the seat and the
    rule (exit status 2, as `tricktally score` does for a record)."""
    try:
        pairs = parse_pairs(pairs)
    except SettingError as e:
        fail(e)
    if not pairs:
        fail("give at least one --set NAME=VALUE (e.g. --set bags=off)")
    if every:
        if game_ref is not None:
            fail("give a GAME or --all, not both")
        _all(pairs, game_name, since, until, as_json, db_path)
        return
    if game_ref is None:
        fail("give a GAME (a ref from `tricktally games`), or --all for the whole season")
    if game_name or since is not None or until is not None:
        fail("--game, --since and --until go with --all")
    _one(game_ref, pairs, as_json, db_path)
