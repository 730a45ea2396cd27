# SPDX-License-Identifier: MIT
"""Run device test payloads on a 32-bit MicroPython: the official
WebAssembly port (npm ``@micropython/micropython-webassembly-pyscript``,
pinned in package.json / package-lock.json, installed by ``npm ci``), run
by Node.js through tests/wasm32/run.mjs.

Its objects have a 32-bit board's sizes (``sys.maxsize`` is 2**31-1), so the
heap figures taken here are what a Pico or an ESP32 would see. The layout is
the board's: the compiled device tree (``tricktally deploy``'s plan, the
session tree of tests/mpvm.py) is copied into the port's file system at
/code, helper modules a payload ``# needs:`` at /helpers, and the payload
runs in /flash, a file system folder holding ``tt_data.json`` and whatever
the code writes (the journal).

One thing differs from a board: this port runs ``gc.collect()`` only between
calls from JavaScript. Payloads that measure the heap expose a
``steps(data)`` generator; ``run_steps`` drives it from the top level and
gets the live heap after a collection at every step.
"""

import json
import pathlib
import shutil
import subprocess
import tempfile

from tests import mpvm

REPO = mpvm.REPO
RUNNER = REPO / "tests" / "wasm32" / "run.mjs"
PACKAGE = REPO / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "package.json"
PINNED = "1.27.0"

# The first heap area. A Pico's MicroPython heap is 245,888 bytes; this port
# adds areas when an allocation finds no room (it cannot collect in the
# middle of a call), so the figures come from gc.mem_alloc() after a
# collection, not from running out.
HEAPSIZE = 240 * 1024
TIMEOUT = 900


class Wasm32Error(AssertionError):
    """The payload raised on the WebAssembly port, or the port could not run;
    str() names what went wrong (with the VM's traceback)."""


def node_binary():
    """The ``node`` command; Wasm32Error naming what to install when missing."""
    found = shutil.which("node")
    if found is None:
        raise Wasm32Error("Node.js is not installed: install Node.js 20 or newer (Debian: apt-get install nodejs npm)")
    return found


def check_installed():
    """Raise Wasm32Error with one line when the pinned port is not installed."""
    node_binary()
    if not PACKAGE.exists():
        raise Wasm32Error("the MicroPython WebAssembly port is not installed: run `npm ci` in %s (make test does)" % REPO)
    version = json.loads(PACKAGE.read_text())["version"]
    if version != PINNED:
        raise Wasm32Error("node_modules holds micropython-webassembly-pyscript %s, not %s: run `npm ci`" % (version, PINNED))


def _run(script, data, heap, stepped, save, root):
    check_installed()
    work = pathlib.Path(tempfile.mkdtemp(prefix="tt-wasm32-"))
    try:
        code_dir = pathlib.Path(root) if root is not None else mpvm.session_tree()
        helpers = work / "helpers"
        helpers.mkdir()
        mpvm._helpers(script, helpers)
        flash = work / "flash"
        flash.mkdir()
        if data is not None:
            (flash / mpvm.DATA_FILE).write_text(data, encoding="utf-8")
        script_path = work / "payload.py"
        script_path.write_text(script, encoding="utf-8")
        spec = {
            "heapsize": heap or HEAPSIZE,
            "copy": [[str(code_dir), "/code"], [str(helpers), "/helpers"], [str(flash), "/flash"]],
            "path": ["/code", "/helpers"],
            "cwd": "/flash",
            "script": str(script_path),
            "stepped": stepped,
            "save": ["/flash", str(save)] if save is not None else None,
        }
        spec_path = work / "spec.json"
        spec_path.write_text(json.dumps(spec), encoding="utf-8")
        try:
            proc = subprocess.run([node_binary(), str(RUNNER), str(spec_path)], cwd=REPO, capture_output=True,
                                  text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired as e:
            raise Wasm32Error("the WebAssembly port ran over %d s" % TIMEOUT) from e
        if proc.returncode:
            raise Wasm32Error("MicroPython (wasm32) raised (exit status %d):\n%s%s"
                              % (proc.returncode, proc.stderr, proc.stdout[-2000:]))
        return proc.stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_payload(name, data=None, heap=None, save=None, root=None):
    """Run payload ``tests/payloads/NAME.py`` as a script, with ``data``
    (str) as the flash's ``tt_data.json``; returns what it printed. ``save``
    (a host folder) receives the flash folder's files afterwards."""
    script = (mpvm.PAYLOADS / (name + ".py")).read_text(encoding="utf-8")
    return _run(script, data, heap, False, save, root)


def payload_lines(name, data=None, heap=None, save=None, root=None):
    """run_payload, parsed: the JSON value of every printed line that starts
    with ``{`` or ``[``."""
    return _json_lines(run_payload(name, data, heap, save, root))


def run_steps(name, data, heap=None, save=None, root=None):
    """Drive payload NAME's ``steps(data)`` generator from the top level.
    Returns (lines, steps): the JSON lines it printed, and the runner's
    ``{"empty": live bytes of the fresh VM, "steps": [[label, live bytes
    after a collection], ...]}`` (the first label is "start": the payload
    compiled and its data read)."""
    script = (mpvm.PAYLOADS / (name + ".py")).read_text(encoding="utf-8")
    lines = _json_lines(_run(script, data, heap, True, save, root))
    found = [line["wasm32"] for line in lines if isinstance(line, dict) and "wasm32" in line]
    if len(found) != 1:
        raise Wasm32Error("the runner printed no step figures")
    return [line for line in lines if not (isinstance(line, dict) and "wasm32" in line)], found[0]


def _json_lines(out):
    return [json.loads(line) for line in out.splitlines() if line[:1] in ("{", "[")]
