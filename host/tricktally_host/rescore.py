# SPDX-License-Identifier: MIT
"""Re-scoring a stored game under other house rules, through the rules core.

The record holds what happened at the table (bids, tricks, hearts, who took
the queen); the rules core scores it. Re-scoring replays those same facts,
hand by hand, into a new game of the core started with the other settings,
exactly as ``tricktally.record.from_record`` does: there is no second scorer
here, so a re-scored game agrees with the core by construction.

Facts a setting makes irrelevant are left out, and said so in ``notes``: the
jack of diamonds without ``omnibus``, the shooter's moon choice when ``moon``
is not ``choice``, the "first card played" step without delayed bidding.
Anything else the core refuses (a nil bid with ``nil`` off, a dealer's bid
that ``even_bids`` now forbids, a moon choice or a jack the record does not
have) stops the replay at that hand, and the refusal, naming the hand, the
seat and the rule, is kept in ``problem``: never dropped silently. When the
other settings end the game sooner (a lower target), the later hands are
listed in ``not_played``.
"""

import re

from tricktally import RuleError, new_game
from tricktally import settings as rules
from tricktally.record import CURRENT, from_record, summary
from tricktally_host.safe_text import visible

# Words accepted for on/off settings (RULES.md writes true and false).
BOOLEAN_WORDS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}
# Other names for a setting's value: the 2007 tournament wording of the
# Canadian rule is how players know canadian_zero.
ALIASES = {("even_bids", "2007"): "canadian_zero"}
# A target given with --set: a whole number written in digits 0-9 (not "²",
# "١٢", "1_000" or 5,000 nines), 1 to MAX_TARGET.
MAX_TARGET = 999999999
_WHOLE = re.compile(r"[0-9]{1,9}\Z")


def shown(text, limit=40):
    """What the user typed, fit for one line of a message: controls escaped, cut short."""
    text = visible(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SettingError(ValueError):
    """A --set that names no setting, or gives a value the setting does not have; str() is one line."""


def setting_names(game_names):
    """The settings that may be changed for these games, in RULES.md order (never ``players``)."""
    out = []
    for name in game_names:
        for setting, _values, _open in rules.table(name):
            if setting not in out:
                out.append(setting)
    return out


def _values_text(name, values, open_):
    words = []
    for v in values:
        if isinstance(v, bool):
            words.append("on" if v else "off")
        else:
            words.append(str(v))
    for (setting, alias), value in sorted(ALIASES.items()):
        if setting == name:
            words[words.index(value)] += " (or %s)" % alias
    text = ", ".join(words)
    if open_:
        text += " or a whole number from 1 to %d" % MAX_TARGET
    return text


def parse_value(game_name, name, text):
    """The value of setting ``name`` of ``game_name`` that ``text`` gives
    (``on``/``off`` for yes-or-no settings, a whole number for targets).
    Raises SettingError listing the valid names or values."""
    if name == "players":
        raise SettingError("--set players: the player count is the players recorded; it cannot be changed")
    row = None
    for setting, values, open_ in rules.table(game_name):
        if setting == name:
            row = (values, open_)
    if row is None:
        raise SettingError(
            "--set %s=%s: %s has no setting %r (its settings: %s)"
            % (shown(name), shown(text), game_name, shown(name), ", ".join(setting_names([game_name])))
        )
    values, open_ = row
    word = text.strip().lower()
    word = ALIASES.get((name, word), word)
    for v in values:
        if isinstance(v, bool):
            if BOOLEAN_WORDS.get(word) is v:
                return v
        elif str(v) == word:
            return v
    if open_ and _WHOLE.match(word) and int(word) > 0:
        return int(word)
    raise SettingError("--set %s=%s: %s is one of %s" % (name, shown(text), name, _values_text(name, values, open_)))


def parse_pairs(pairs):
    """``["bags=off", ...]`` as ``{name: text}``; a malformed pair raises SettingError."""
    out = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name or not text.strip():
            raise SettingError("--set %s: give NAME=VALUE, e.g. --set bags=off" % shown(pair))
        out[name] = text
    return out


def changes_for(game_name, pairs):
    """The settings ``pairs`` (``{name: text}``) give a game of ``game_name``, checked."""
    return {name: parse_value(game_name, name, text) for name, text in pairs.items()}


class Rescored:
    """A stored game re-scored under other settings.

    ``played`` is the game as stored; ``rescored`` the core's game replayed
    with ``changes`` (setting -> value) over the stored settings, giving ``settings`` (complete hands up to ``problem``, if any); ``problem``
    the RuleError of the first hand the settings make illegal (None when
    every hand stands); ``not_played`` the numbers of stored hands the game
    would not have reached; ``notes`` what was left out and why.
    """

    def __init__(self, played, rescored, changes, problem, not_played, notes):
        self.played = played
        self.rescored = rescored
        self.changes = changes
        self.settings = rescored.settings
        self.problem = problem
        self.not_played = not_played
        self.notes = notes

    @property
    def outcome(self):
        """What the settings do to the game's result: 'illegal' (a hand
        breaks them), 'same_winner', 'winner_changes' (both ended, other
        winners), 'not_ended' (it ended as played, but would not have by its
        last hand), 'ends' (unfinished as played, it would have ended) or
        'unfinished' (neither way)."""
        if self.problem is not None:
            return "illegal"
        played, rescored = self.played.finished, self.rescored.finished
        if played and rescored:
            return "same_winner" if outcome(self.played) == outcome(self.rescored) else "winner_changes"
        if played:
            return "not_ended"
        return "ends" if rescored else "unfinished"

    @property
    def winner_changed(self):
        """True when the game ends both ways with other winners; None when a
        hand is illegal under the settings (no outcome)."""
        if self.problem is not None:
            return None
        return self.outcome == "winner_changes"

    def as_json(self):
        """A JSON-ready dict: both scored games (as `tricktally score --json`), the problem, notes."""
        problem = None
        if self.problem is not None:
            e = self.problem
            problem = {"hand": e.hand, "seat": e.seat, "rule": e.rule, "message": str(e)}
        return {
            "changes": dict(self.changes),
            "settings": {k: v for k, v in self.settings.items() if k != "players"},
            "played": summary(self.played),
            "rescored": summary(self.rescored),
            "problem": problem,
            "not_played": list(self.not_played),
            "notes": list(self.notes),
            "outcome": self.outcome,
            "winner_changed": self.winner_changed,
        }


def outcome(game):
    """(finished, winner names) of a game."""
    return game.finished, sorted(game.players[s] for s in game.winners)


def _adapt_hand(game, data, number, notes):
    """Hand ``data`` without the facts ``game``'s settings do not score."""
    if not isinstance(data, dict):
        return data
    s = game.settings
    drop = []
    if game.NAME == "hearts":
        if not s["omnibus"] and data.get("jack") is not None:
            drop.append("jack")
            notes.append("hand %d: the jack of diamonds is not scored (omnibus off)" % number)
        elif s["omnibus"] and data.get("jack") is None:
            raise RuleError(
                "the record does not say who took the jack of diamonds, which omnibus scores", hand=number, rule="omnibus"
            )
        if s["moon"] != "choice" and data.get("moon") is not None:
            drop.append("moon")
            notes.append("hand %d: the moon is scored %s, not as the shooter chose" % (number, s["moon"]))
    if not drop:
        return data
    return {k: v for k, v in data.items() if k not in drop}


def _replay_current(game, entries, notes):
    """Enter the unfinished hand's entries, minus steps the settings do not have."""
    for entry in entries:
        kind, seat, value = entry
        if game.current is None:
            notes.append("the unfinished hand would not be played: the game ends before it")
            return
        if kind == "first_card" and game.kind != "first_card":
            continue
        if kind == "jack" and not game.settings.get("omnibus"):
            continue
        if kind == "moon" and game.NAME == "hearts" and game.settings["moon"] != "choice":
            continue
        if game.kind == "first_card" and kind != "first_card" and kind != "trump":
            game.enter("first_card", None, 1)
        game.enter(kind, seat, value)


def rescore(record, changes, played=None):
    """Re-score the game of ``record`` with ``changes`` (setting name -> value,
    already checked with :func:`parse_value`) over its own settings.

    ``played`` is the game as stored (rebuilt from ``record`` when None).
    Returns a Rescored. Raises RuleError (rule: the setting) when the new
    settings do not go together or with the player count (partners for three).
    """
    if played is None:
        played = from_record(record)
    settings = dict(record.get("settings") or {})
    settings.update(changes)
    game = new_game(record["game"], record["players"], record.get("first_dealer", 0), settings)
    hands = record.get("hands") or []
    problem = None
    not_played = []
    notes = []
    for i in range(len(hands)):
        number = i + 1
        if game.current is None:
            not_played = list(range(number, len(hands) + 1))
            break
        try:
            data = _adapt_hand(game, hands[i], number, notes)
            for kind, seat, value in game.dict_to_entries(data, number):
                game.enter(kind, seat, value)
        except RuleError as e:
            problem = e
            break
    else:
        current = record.get(CURRENT) or []
        if current:
            try:
                _replay_current(game, current, notes)
            except RuleError as e:
                problem = e
    return Rescored(played, game, dict(changes), problem, not_played, notes)
