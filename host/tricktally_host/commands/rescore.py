# SPDX-License-Identifier: MIT
"""`tricktally rescore GAME --set NAME=VALUE ...`: a stored game under other
house rules, side by side with the game as played; `--all` over a season."""

import sys

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktally import GAME_NAMES, RuleError
from tricktally_host.db import db_option, load_or_exit
from tricktally_host.league import game_option, season_or_exit, since_option, until_option
from tricktally_host.rescore import SettingError, changes_for, parse_pairs, rescore, setting_names
from tricktally_host.sheet import side_name
from tricktally_host.safe_text import json_text, safe


def _fail(message):
    click.echo("error: %s" % message, err=True)
    sys.exit(2)


def winners_text(game):
    """Who won ``game``, or why nobody has."""
    if game.finished:
        return ", ".join(game.players[s] for s in game.winners)
    return "nobody yet (%d hand%s, unfinished)" % (len(game.hands), "" if len(game.hands) == 1 else "s")


def side_by_side(result, title):
    """A rich table: each hand's running totals as played and as re-scored."""
    played, rescored = result.played, result.rescored
    table = Table(title=title)
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


def _print_one(ref, result):
    console = Console()
    changed = ", ".join("%s=%s" % item for item in sorted(_shown(result).items()))
    console.print(side_by_side(result, "%s %s under %s" % (result.played.NAME.capitalize(), ref, changed)))
    console.print(safe("As played:   " + winners_text(result.played)))
    if result.problem is not None:
        console.print(safe("Rescored:    cannot be scored: " + str(result.problem), style="bold red"))
    else:
        line = "Rescored:    " + winners_text(result.rescored)
        console.print(safe(line + ("   (winner changes)" if result.winner_changed else "   (same winner)"), style="bold"))
    if result.not_played:
        first, last = result.not_played[0], result.not_played[-1]
        console.print(
            "Hands %d-%d would not have been played: the game ends after hand %d." % (first, last, first - 1)
            if last > first
            else "Hand %d would not have been played: the game ends after hand %d." % (first, first - 1)
        )
    for note in result.notes:
        console.print(Text("note: " + note, style="dim"))


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
        _fail(e)
    except RuleError as e:
        _fail("--set: these settings do not go together for game %s: %s" % (info["ref"], e))
    if as_json:
        out = {"game": info["ref"]}
        out.update(result.as_json())
        click.echo(json_text(out, indent=2))
        return
    _print_one(info["ref"], result)


def season_summary(games, pairs):
    """Re-score every game of ``games`` that has all the settings of ``pairs``.

    Returns a dict: rescored (count), changed (list of per-game dicts: ref,
    game, played and rescored winners), illegal (ref, hand, rule, message),
    refused (ref, message: settings that do not go together for that game),
    left_out (game name -> count of games that lack one of the settings).
    """
    out = {"rescored": 0, "changed": [], "illegal": [], "refused": [], "left_out": {}}
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
        if result.problem is not None:
            e = result.problem
            out["illegal"].append({"game": info["ref"], "hand": e.hand, "seat": e.seat, "rule": e.rule, "message": str(e)})
        elif result.winner_changed:
            out["changed"].append(
                {
                    "game": info["ref"],
                    "kind": name,
                    "date": info["date"],
                    "played": winners_text(result.played),
                    "rescored": winners_text(result.rescored),
                }
            )
    return out


def _all(pairs, game_name, since, until, as_json, db_path):
    known = setting_names([game_name] if game_name else GAME_NAMES)
    for name, text in pairs.items():
        if name not in known:
            _fail("--set %s=%s: no %sgame has a setting %r (settings: %s)" % (
                name, text, game_name + " " if game_name else "", name, ", ".join(known)))
    # Check every value once against each game that has the setting, before any work.
    for kind in [game_name] if game_name else GAME_NAMES:
        names = setting_names([kind])
        try:
            changes_for(kind, {n: t for n, t in pairs.items() if n in names})
        except SettingError as e:
            _fail(e)
    report = season_summary(season_or_exit(db_path, game_name, since, until), pairs)
    if as_json:
        click.echo(json_text(report, indent=2))
        return
    console = Console()
    total = report["rescored"]
    changed = len(report["changed"])
    share = " (%.0f%%)" % (100.0 * changed / total) if total else ""
    settings_text = ", ".join("%s=%s" % item for item in sorted(pairs.items()))
    console.print("Rescored %d game%s under %s: the winner changes in %d%s." % (
        total, "" if total == 1 else "s", settings_text, changed, share), markup=False)
    if report["changed"]:
        table = Table(title="Games whose winner changes")
        for column in ("game", "kind", "date", "winner as played", "winner rescored"):
            table.add_column(column)
        for row in report["changed"]:
            table.add_row(row["game"], row["kind"], row["date"] or "—", safe(row["played"]), safe(row["rescored"]))
        console.print(table)
    for row in report["illegal"]:
        console.print(safe("cannot rescore %s: %s" % (row["game"], row["message"]), style="red"))
    for row in report["refused"]:
        console.print(safe("cannot rescore %s: %s" % (row["game"], row["message"]), style="red"))
    for kind, count in sorted(report["left_out"].items()):
        console.print("left out: %d %s game%s (no such setting)" % (count, kind, "" if count == 1 else "s"))


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
    the new settings make illegal is reported with the hand, the seat and the rule."""
    try:
        pairs = parse_pairs(pairs)
    except SettingError as e:
        _fail(e)
    if not pairs:
        _fail("give at least one --set NAME=VALUE (e.g. --set bags=off)")
    if every:
        if game_ref is not None:
            _fail("give a GAME or --all, not both")
        _all(pairs, game_name, since, until, as_json, db_path)
        return
    if game_ref is None:
        _fail("give a GAME (a ref from `tricktally games`), or --all for the whole season")
    if game_name or since is not None or until is not None:
        _fail("--game, --since and --until go with --all")
    _one(game_ref, pairs, as_json, db_path)
