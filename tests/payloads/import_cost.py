# SPDX-License-Identifier: MIT
"""Payload: heap bytes a module import keeps, after gc.collect().

Input (tt_data.json): {"before": [modules imported first], "modules": [...]}.
Imports ``before`` (their cost is not counted), collects, then imports every
name in ``modules`` in order and prints one JSON line per module:
{"module": NAME, "bytes": heap kept by that import and what it pulled in}
then {"total": bytes of all of ``modules``} and {"loaded": [every module
now in sys.modules]}.
"""

import gc
import json
import sys

with open("tt_data.json") as f:
    DATA = json.loads(f.read())
for name in DATA["before"]:
    __import__(name)
DATA = DATA["modules"]
gc.collect()
start = gc.mem_alloc()
for name in DATA:
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    print(json.dumps({"module": name, "bytes": gc.mem_alloc() - before}))
gc.collect()
print(json.dumps({"total": gc.mem_alloc() - start}))
print(json.dumps({"loaded": sorted(sys.modules.keys())}))
