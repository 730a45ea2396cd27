# SPDX-License-Identifier: MIT
"""The texts of the core's refusals live in tricktally.messages, by key:
every key the rules raise has a text taking exactly the values they give,
every text is used, and a refusal reads the same as a sentence."""

import ast
import pathlib
import re

import pytest

import tricktally
from tricktally import RuleError, new_game
from tricktally.messages import TEXT

CORE = pathlib.Path(tricktally.__file__).parent
PLACEHOLDER = re.compile(r"%[rds]")


def raised_keys():
    """(file, key, number of values) of every keyed refusal in the core:
    ``self._error(key, seat, rule, *values)`` and ``RuleError(key, ...,
    fill=(values))``."""
    found = []
    for path in sorted(CORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "_error":
                assert isinstance(node.args[0], ast.Constant), (path.name, ast.dump(node))
                found.append((path.name, node.args[0].value, len(node.args) - 3))
            elif isinstance(func, ast.Name) and func.id == "RuleError":
                fill = [k.value for k in node.keywords if k.arg == "fill"]
                if fill:
                    assert isinstance(fill[0], ast.Tuple), (path.name, ast.dump(node))
                    found.append((path.name, node.args[0].value, len(fill[0].elts)))
    return found


def test_every_key_raised_has_a_text_with_as_many_blanks_as_values():
    found = raised_keys()
    assert len(found) > 30  # the scan really finds the refusals
    for name, key, count in found:
        assert key in TEXT, (name, key)
        assert len(PLACEHOLDER.findall(TEXT[key])) == count, (name, key, TEXT[key])


def test_every_text_is_raised_somewhere():
    assert sorted(TEXT) == sorted(set(key for _, key, _ in raised_keys()))


def test_the_game_modules_hold_no_refusal_text():
    # The texts are what this split keeps out of the board's RAM: a long
    # string constant in a module loaded during play is one that got back in.
    for name in ("__init__.py", "game.py", "spades.py", "wizard.py", "hearts.py"):
        tree = ast.parse((CORE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        assert " " not in arg.value, (name, arg.value)


@pytest.mark.parametrize(
    "entries, text",
    [
        ([("bid", 0, 2)], "hand 1, seat 0 (Ana): expected the bid of seat 1 (Ben), not bid [rule: order]"),
        ([("tricks", 1, 0)], "hand 1, seat 1 (Ben): expected the bid of seat 1 (Ben), not tricks [rule: order]"),
        ([("bid", 1, 1), ("bid", 2, 9)], "hand 1, seat 2 (Cy): bids in round 1 are 0 to 1, not 9 [rule: bid_range]"),
        ([("trump", 1, "S")], "hand 1, seat 1 (Ben): trump is entered for the hand, not for a seat [rule: order]"),
        ([("trump", None, "X")], "hand 1: trump is one of S, H, D, C or none, not 'X' [rule: trump]"),
    ],
)
def test_refusals_read_as_before(entries, text):
    game = new_game("wizard", ["Ana", "Ben", "Cy"])
    with pytest.raises(RuleError) as info:
        for kind, seat, value in entries:
            game.enter(kind, seat, value)
    assert str(info.value) == text


def test_a_text_given_as_it_is_is_kept():
    # The PC's own refusals (records, amending) pass their text, no key.
    e = RuleError("the game would end before this hand", hand=3, rule="game_over")
    assert str(e) == "hand 3: the game would end before this hand [rule: game_over]"
    assert (e.hand, e.seat, e.rule) == (3, None, "game_over")


def test_a_keyed_refusal_carries_its_values_for_micropython_tracebacks():
    # MicroPython prints an uncaught exception from its args, not __str__:
    # the key and the values must be there (tests/firmware/test_wasm32.py
    # checks the traceback on the port).
    e = RuleError("game", rule="game", fill=("chess",))
    assert e.args == ("game", ("chess",))
    assert str(e) == "unknown game 'chess' (spades, wizard or hearts) [rule: game]"
