# SPDX-License-Identifier: MIT
"""`make bench`: run every bench/*_bench.py, print a table, write bench-results.json.

Each module defines ``measure()`` returning a flat dict of measure name to
number, and ``GOALS``, a dict of measure name to (comparison, goal) where
comparison is "<=" or ">=" (measures without a goal are figures to watch).
"""

import importlib
import json
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))


def main(argv):
    only = argv[1:]
    results = {}
    goals = {}
    for path in sorted(HERE.glob("*_bench.py")):
        name = path.stem
        if only and name not in only:
            continue
        module = importlib.import_module("bench." + name)
        start = time.time()
        print("running %s ..." % name, flush=True)
        results.update(module.measure())
        goals.update(getattr(module, "GOALS", {}))
        print("  done in %.1f s" % (time.time() - start), flush=True)
    out = ROOT / "bench-results.json"
    previous = json.loads(out.read_text()) if out.exists() and only else {}
    previous.update(results)
    out.write_text(json.dumps(previous, indent=2, sort_keys=True) + "\n")
    failed = 0
    width = max([len(k) for k in results] + [10])
    print()
    print("%-*s  %14s  %10s  %s" % (width, "measure", "value", "goal", "met"))
    for key in sorted(results):
        value = results[key]
        goal = goals.get(key)
        if goal:
            op, target = goal
            met = value <= target if op == "<=" else value >= target
            failed += 0 if met else 1
            goal_text, met_text = "%s %s" % (op, target), "yes" if met else "NO"
        else:
            goal_text, met_text = "", "(watch)"
        shown = "%.3f" % value if isinstance(value, float) else str(value)
        print("%-*s  %14s  %10s  %s" % (width, key, shown, goal_text, met_text))
    print("\nwrote %s; %d goal(s) not met" % (out.name, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
