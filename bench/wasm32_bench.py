# SPDX-License-Identifier: MIT
"""32-bit heap measures on the official MicroPython WebAssembly port
(tests/wasm32.py), the object sizes of a Pico or an ESP32: the binding
memory goals (a board is 32-bit; the 64-bit unix port's figures,
bench/mp_bench.py, are a guard and figures to watch).

- ``wasm32.heap_peak_bytes`` (goal <= 96 KB): the highest live heap after
  a collection over the longest game (tests/board_keys.py LONGEST), less
  the heap the test payload held before the board booted: boot; the
  6-player Wizard game with hidden bids, key press by key press through
  the real buttons, journal on the flash folder, serial link on; then the
  PC's sync as tricktally_host.sync asks it, burst by burst (HELLO, TIME,
  LIST, FETCH in windows of pieces with SUM, ACK;
  tests/payloads/board_io.py). One collection after boot, after every key
  press and after every burst; ``check_run`` refuses a run that missed
  any of them.
- ``wasm32.import_bytes`` (goal <= 64 KB): the live heap, after a
  collection, that importing the app and one game keeps: every
  tricktally/tallyboard module loaded at the longest game's middle press
  (the app and one game, in play), imported from the deployed .mpy files
  in dependency order (each module's own cost: docs/PICO_BUDGET.md's
  table).
- ``wasm32.boot_bytes``: the live heap after boot, before the first press.
- ``wasm32.wifi.heap_peak_bytes`` (goal <= 96 KB, as a board with a radio
  enrolled in a club plays it: docs/CLUB.md): the same longest game with
  the club's link on and the hub on the other end of a fake socket in the
  payload's process (tests/payloads/fake_hub.py: it proves the key, sets
  the time and answers every push as the hub's listener does; its own
  code is imported first and not counted, its objects and the names it
  interns are). A collection after boot, after every key press and its
  pause, and after every pass of the loop that answered the hub (a push's
  answer); the highest of them, less
  the heap before the board booted. No USB sync at the end (the hub has
  every game already). ``wasm32.wifi.boot_bytes`` and
  ``wasm32.wifi.import_bytes`` (the modules loaded at the middle press,
  the club's link's among them) are watched.

``python -m bench.wasm32_bench --table`` prints the per-module table.
"""

import ast
import json
import sys

from tests import wasm32
from tests.board_keys import board_data, longest_game
from tests.mpvm import REPO

GOALS = {
    "wasm32.import_bytes": ("<=", 64 * 1024),
    "wasm32.heap_peak_bytes": ("<=", 96 * 1024),
    "wasm32.wifi.heap_peak_bytes": ("<=", 96 * 1024),
}


def longest_game_steps():
    """(payload lines, runner steps) of the longest game on the port,
    checked by ``check_run``."""
    keys, _ = longest_game()
    lines, steps = wasm32.run_steps("board_game", board_data(keys))
    check_run(["start"] + [label for label, _ in steps["steps"][1:]], len(keys), lines)
    return lines, steps


def check_run(labels, presses, lines):
    """Raise ValueError unless the step ``labels`` (the runner's "start"
    first) and the payload's ``lines`` are the whole longest game: boot,
    every one of ``presses`` key presses, the game finished, then the PC's
    sync (HELLO, TIME, LIST, FETCH bursts, ACK) answered OK throughout."""
    want = ["start", "boot"] + list(range(presses))
    if labels[:len(want)] != want:
        raise ValueError("the run did not boot and press every key in order: %r" % (labels[:8],))
    sync = labels[len(want):]
    if sync[:3] != ["link hello", "link time", "link list"] or "link fetch" not in sync or sync[-1] != "link ack":
        raise ValueError("the run did not end with the PC's whole sync: %r" % (sync,))
    end = [line["end"] for line in lines if "end" in line]
    link = [line["link"] for line in lines if "link" in line]
    if not end or not end[0]["finished"]:
        raise ValueError("the longest game did not finish")
    if not link or set(link[0]["status"]) != {"OK"} or not link[0]["games"]:
        raise ValueError("the sync was refused: %r" % (link[0]["status"] if link else None,))


def wifi_steps():
    """(payload lines, runner steps) of the longest game played by a
    board in a club (the hub's link on, ``live``), checked by
    ``check_wifi_run``."""
    keys, _ = longest_game()
    data = json.loads(board_data(keys, link=False))
    data["wifi"] = "live"
    lines, steps = wasm32.run_steps("board_game", json.dumps(data))
    check_wifi_run([label for label, _ in steps["steps"]], len(keys), lines)
    return lines, steps


def check_wifi_run(labels, presses, lines):
    """Raise ValueError unless the run booted (after the payload's hub was
    imported), pressed every key in order, finished the game, and the hub
    proved the key once and stored the pushes (heard them, acknowledged,
    and stored bytes)."""
    if labels[:3] != ["start", "hub", "boot"]:
        raise ValueError("the run did not start with the hub imported, then boot: %r" % (labels[:4],))
    pressed = [label for label in labels[3:] if label != "hub"]
    if pressed != list(range(presses)):
        raise ValueError("the run did not press every key in order")
    end = [line["end"] for line in lines if "end" in line]
    if not end or not end[0]["finished"]:
        raise ValueError("the longest game did not finish")
    hub = end[0].get("hub") or {}
    if hub.get("connections") != 1 or not hub.get("pushes") or not hub.get("acks") or not hub.get("stored"):
        raise ValueError("the hub did not sync the game: %r" % (hub,))
    if labels.count("hub") < presses // 2:
        raise ValueError("too few steps in the hub's syncs: %d" % labels.count("hub"))


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
    figures = steps["steps"]
    start = figures[0][1]
    peak = max(used for _, used in figures)
    _, total = module_costs(end["modules"])
    out = {
        "wasm32.import_bytes": total,
        "wasm32.heap_peak_bytes": peak - start,
        "wasm32.boot_bytes": figures[1][1] - start,
    }
    out.update(measure_wifi())
    return out


def measure_wifi():
    """The figures of the longest game played by a board in a club."""
    lines, steps = wifi_steps()
    figures = steps["steps"]
    start = figures[1][1]  # the payload's hub imported: its code is not the board's
    end = [line["end"] for line in lines if "end" in line][0]
    _, total = module_costs(end["modules"])
    return {
        "wasm32.wifi.heap_peak_bytes": max(used for _, used in figures[2:]) - start,
        "wasm32.wifi.boot_bytes": figures[2][1] - start,
        "wasm32.wifi.import_bytes": total,
    }


def table():
    """The per-module import cost table (markdown), for docs/PICO_BUDGET.md."""
    lines, _ = longest_game_steps()
    end = [line["end"] for line in lines if "end" in line][0]
    costs, total = module_costs(end["modules"])
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
