# SPDX-License-Identifier: MIT
"""What the journal and the settings report, worded in the board's language.

The journal and config.py keep their English sentences for the PC and the
serial link (docs/JOURNAL.md); for the screen they also leave a small
record of what happened: a journal note ``(kind, game id, records kept,
bytes kept, detail)`` (journal.Stored), a config ``problem_kind`` and a
ConfigError's ``note``. This module turns those, and the core's refusals
(``explain``), into sentences from the language table. Only boot, a
damaged game being opened and a refused write or entry need it: callers
import it then and unload it right after (RAM).
"""

from tallyboard.i18n import t, tn

# Journal note kind -> the key of its sentence ("{0}": "Game 3", the word
# for a game played, key game_n).
_JOURNAL = {
    "torn": "note_torn",
    "cut": "note_cut",
    "stuck": "note_cut",
    "unreadable": "note_unreadable",
    "newer": "note_newer",
    "read_failed": "note_read_failed",
    "removed": "note_removed",
}


# The errors a flash write or read gives, by number (MicroPython's errno
# module has no names for some of them, and ports differ: one table).
_ERRNO = {2: "ENOENT", 5: "EIO", 12: "ENOMEM", 13: "EACCES", 17: "EEXIST", 19: "ENODEV", 22: "EINVAL", 28: "ENOSPC", 30: "EROFS"}


def errno_name(e):
    """An OSError's short technical name ("ENOSPC", "errno 84"), or the
    exception's type name: kept in a journal note (journal.boot) for what
    it says, never shown (journal_note, refusal put it in words)."""
    code = e.args[0] if isinstance(e, OSError) and e.args else None
    if isinstance(code, int):
        return _ERRNO.get(code) or "errno %d" % code
    return type(e).__name__


def journal_note(note):
    """One journal note (a tuple, see journal.Stored) as a sentence."""
    kind, gid, records, size, detail = note
    game = t("game_n").format(gid)
    key = _JOURNAL.get(kind, "note_unreadable")
    if kind == "newer":
        text = t(key).format(game, records)
    else:
        text = t(key).format(game)
    if kind in ("torn", "cut", "stuck"):
        # Plural always: what is kept holds a whole start record at least.
        size_text = t("note_bytes").format(size)
        text += " " + tn("note_kept_one", "note_kept", records).format(records, size_text)
    if kind == "stuck":
        # What stopped the repair, in words: a full memory, or a write.
        text += " " + t("note_stuck_full" if detail == "ENOSPC" else "note_stuck")
    return text


def config_problem(kind):
    """config.json's problem at boot (Config.problem_kind) as a sentence."""
    return t("note_cfg_bad" if kind == "bad_value" else "note_cfg_unreadable")


def boot_text(stored, notices, problem_kind):
    """Everything the "Journal check" message says at boot, or None."""
    parts = []
    for s in stored:
        if s.note is not None:
            parts.append(journal_note(s.note))
    for note in notices:
        parts.append(journal_note(note))
    if problem_kind:
        parts.append(config_problem(problem_kind))
    return " / ".join(parts) if parts else None


def explain(err, names=None):
    """A refusal from the core (a RuleError) in the current language: the
    player concerned and why, as a sentence (the rule's name in RULES.md is
    for the PC's messages, not the players)."""
    text = t("rule_" + err.rule)
    if text.startswith("rule_"):  # no sentence for this rule
        text = t("rule_other")
    if err.seat is not None and names and 0 <= err.seat < len(names):
        return t("who") % (names[err.seat], text)
    return text[0].upper() + text[1:]


def refusal(e, names=None):
    """Why a write or a setting was refused (the exception ``e`` it raised)
    as a sentence: a rule, a setting, a damaged game, or a failed write."""
    note = getattr(e, "note", None)
    if hasattr(e, "rule"):
        return explain(e, names)
    if isinstance(note, tuple) and len(note) == 3:  # config.ConfigError
        kind, number, name = note
        if kind == "name":
            return t("cfg_name").format(number)
        if kind == "roster":
            return t("cfg_roster").format(number)
        if kind == "twice":
            return t("cfg_twice").format(name)
        return t("cfg_value")
    if isinstance(note, tuple):  # a read-only game (journal.JournalError)
        return journal_note(note)
    # A write the flash refused: what happened and what to do.
    return t("write_full" if errno_name(e) == "ENOSPC" else "write_failed")
