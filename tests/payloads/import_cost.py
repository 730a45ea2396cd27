# SPDX-License-Identifier: MIT
"""Payload: heap bytes a module import keeps, after gc.collect().

Input (tt_data.json): {"before": [modules imported first], "modules": [...]}.
Imports ``before`` (their cost is not counted), collects, then imports every
name in ``modules`` in order and prints one JSON line per module:
{"module": NAME, "bytes": heap kept by that import and what it pulled in}
then {"total": bytes of all of ``modules``} and {"loaded": [every module
now in sys.modules]}.

``steps(data)`` imports one module a step (label: its name, "before" for
the modules not counted): the WebAssembly port's runner drives it from the
top level, where that port collects (tests/wasm32.py).
"""

import gc
import json
import sys


def steps(data):
    """Import ``data["before"]``, then each of ``data["modules"]``, one a step."""
    for name in data["before"]:
        __import__(name)
    yield "before"
    for name in data["modules"]:
        __import__(name)
        yield name


def loaded():
    """Every module now in sys.modules, sorted."""
    return sorted(sys.modules.keys())


def main():
    with open("tt_data.json") as f:
        data = json.loads(f.read())
    start = None
    before = 0
    for label in steps(data):
        gc.collect()
        used = gc.mem_alloc()
        if start is None:
            start = used
        else:
            print(json.dumps({"module": label, "bytes": used - before}))
        before = used
    gc.collect()
    print(json.dumps({"total": gc.mem_alloc() - start}))
    print(json.dumps({"loaded": loaded()}))


if __name__ == "__main__":
    main()
