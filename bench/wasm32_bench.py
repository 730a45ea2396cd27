# SPDX-License-Identifier: MIT
"""32-bit heap measures on the official MicroPython WebAssembly port
(tests/wasm32.py), the object sizes of a Pico or an ESP32.

- ``wasm32.import_bytes``: the live heap, after a collection, that importing
  the app and one game keeps: every tricktally/tallyboard module loaded by
  the end of the longest game, imported from the deployed .mpy files in
  dependency order (each module's own cost: docs/PICO_BUDGET.md's table).
- ``wasm32.heap_peak_bytes``: the highest live heap after a collection over
  the longest game (tests/board_keys.py LONGEST: 6-player Wizard, hidden
  bids, journal on the flash folder, serial link on and asked for every
  game at the end), less the heap the test payload held before the board
  booted. One collection after every key press.
- ``wasm32.boot_bytes``: the same after boot, before the first press.

``python -m bench.wasm32_bench --table`` prints the per-module table.
"""

import ast
import json
import sys

from bench.mp_bench import HARNESS
from tests import wasm32
from tests.board_keys import board_data, longest_game
from tests.mpvm import REPO

GOALS = {
    "wasm32.import_bytes": ("<=", 64 * 1024),
    "wasm32.heap_peak_bytes": ("<=", 96 * 1024),
}


def longest_game_steps():
    """(payload lines, runner steps) of the longest game on the port."""
    keys, _ = longest_game()
    return wasm32.run_steps("board_game", board_data(keys))


def source_of(module):
    """The repository source file of a device module name."""
    parts = module.split(".")
    base = REPO / ("shared" if parts[0] == "tricktally" else "firmware")
    path = base.joinpath(*parts)
    if path.is_dir():
        return path / "__init__.py"
    return path.with_suffix(".py")


def _top_level_imports(module):
    # Modules imported when ``module`` is imported: import statements outside
    # functions and classes (those inside run later, when called).
    tree = ast.parse(source_of(module).read_text(encoding="utf-8"))
    package = module if source_of(module).name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
                found.append(base)
                found.extend(base + "." + alias.name for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                visit(getattr(node, field, []))

    visit(tree.body)
    return found


def dependency_order(modules):
    """``modules`` ordered so that each comes after the modules (of the list)
    it imports at load time, parents before children."""
    wanted = set(modules)
    done = []

    def add(name, seen):
        if name in done or name in seen:
            return
        seen = seen | {name}
        parent = name.rpartition(".")[0]
        if parent in wanted:
            add(parent, seen)
        for dep in _top_level_imports(name):
            if dep in wanted and dep != name:
                add(dep, seen)
        done.append(name)

    for name in sorted(modules):
        add(name, frozenset())
    return done


def module_costs(modules):
    """[(module, live bytes its import kept)] importing ``modules`` in
    dependency order on the port, and the total."""
    order = dependency_order(modules)
    lines, steps = wasm32.run_steps("import_cost", json.dumps({"before": [], "modules": order}))
    by_label = steps["steps"]
    costs = []
    for (label, used), (_, before) in zip(by_label[2:], by_label[1:]):
        costs.append((label, used - before))
    return costs, by_label[-1][1] - by_label[1][1]


def measure():
    lines, steps = longest_game_steps()
    end = [line["end"] for line in lines if "end" in line][0]
    if not end["finished"]:
        raise ValueError("the longest game did not finish on the WebAssembly port")
    figures = steps["steps"]
    start = figures[0][1]
    peak = max(used for _, used in figures)
    _, total = module_costs([m for m in end["modules"] if m not in HARNESS])
    return {
        "wasm32.import_bytes": total,
        "wasm32.heap_peak_bytes": peak - start,
        "wasm32.boot_bytes": figures[1][1] - start,
    }


def table():
    """The per-module import cost table (markdown), for docs/PICO_BUDGET.md."""
    lines, _ = longest_game_steps()
    end = [line["end"] for line in lines if "end" in line][0]
    costs, total = module_costs([m for m in end["modules"] if m not in HARNESS])
    out = ["| module | bytes |", "|---|---:|"]
    for name, size in sorted(costs, key=lambda c: -c[1]):
        out.append("| %s | %d |" % (name, size))
    out.append("| **total** | **%d** |" % total)
    return "\n".join(out)


if __name__ == "__main__":
    if "--table" in sys.argv:
        print(table())
    else:
        print(json.dumps(measure(), indent=2))
