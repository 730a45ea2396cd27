# SPDX-License-Identifier: MIT
"""web/flash.mjs, the page's flash, on the MicroPython WebAssembly port in
Node.js: after every call that changes a file of the flash folder in any
way MicroPython can (create, append, overwrite in place with the same size,
rename, rename over a file, remove, an empty file, a file written in a
later call than the one that opened it), the stored item holds
exactly the folder; a call that changes nothing stores nothing; and a new
page restores the folder from it."""

import json
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]

# Each step: Python run on the port (one call from the page), and whether
# it changes the flash folder.
STEPS = [
    ("open('/flash/a', 'wb').write(b'one')", True),
    ("f = open('/flash/a', 'ab'); f.write(b' two'); f.close()", True),
    ("f = open('/flash/a', 'r+b'); f.write(b'ONE'); f.close()", True),  # same size, other bytes
    ("open('/flash/a', 'rb').read()", False),
    ("open('/tmp/elsewhere', 'wb').write(b'x')", False),
    ("open('/flash/b', 'wb').close()", True),  # an empty file
    ("os.rename('/flash/a', '/flash/c')", True),
    ("open('/flash/a', 'wb').write(b'new')", True),
    ("os.rename('/flash/c', '/flash/a')", True),  # over a file
    ("os.remove('/flash/b')", True),
    ("g = open('/flash/d', 'wb')", True),  # opened in one call...
    ("g.write(b'later'); g.flush()", True),  # ...written in the next
    ("g.close(); os.remove('/flash/d')", True),
    ("os.listdir('/flash')", False),
]

SCRIPT = """
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { Flash, KEY } from %(flash)s;

const store = new Map();
const storage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, v),
  removeItem: (k) => store.delete(k),
};
const files = (FS) => Object.fromEntries(FS.readdir("/flash").filter((n) => n[0] !== ".")
  .map((n) => [n, Buffer.from(FS.readFile("/flash/" + n)).toString("base64")]));
const stored = () => (store.has(KEY) ? JSON.parse(store.get(KEY)).files : {});

const mp = await loadMicroPython({});
const flash = new Flash(mp.FS, "/flash", storage);
flash.restore();
flash.save();
mp.runPython("import os");
const out = [];
for (const [code] of %(steps)s) {
  mp.runPython(code);
  const saved = flash.save();
  out.push({ saved, same: JSON.stringify(stored()) === JSON.stringify(files(mp.FS)) });
}
const again = await loadMicroPython({});
const other = new Flash(again.FS, "/flash", storage);
const problem = other.restore();
console.log(JSON.stringify({ steps: out, problem, restored: files(again.FS), stored: stored() }));
"""


def test_the_stored_flash_follows_every_change_and_restores():
    script = SCRIPT % {"flash": json.dumps((REPO / "web" / "flash.mjs").as_uri()), "steps": json.dumps(STEPS)}
    proc = subprocess.run(["node", "--input-type=module", "-e", script], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-1000:]
    result = json.loads(proc.stdout.splitlines()[-1])
    for (code, changes), step in zip(STEPS, result["steps"]):
        assert step == {"saved": changes, "same": True}, code
    assert result["problem"] is None
    assert result["restored"] == result["stored"] and sorted(result["restored"]) == ["a"]
