# SPDX-License-Identifier: MIT
"""`make venv` prints nothing that looks like a problem: the Makefile's
install command, run again, says nothing about the project (setuptools'
"Editable installation" notice is information, and is filtered)."""

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _install_command():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    quiet = re.search(r'^PIP_QUIET := PYTHONWARNINGS="([^"]+)"$', text, re.M)
    assert quiet, "the Makefile names the warnings it filters"
    line = [ln for ln in text.splitlines() if "pip install --quiet -e" in ln]
    assert len(line) == 1 and "$(PIP_QUIET)" in line[0]
    return quiet.group(1)


def test_the_editable_install_prints_no_setuptools_warning():
    filters = _install_command()
    env = dict(os.environ, PYTHONWARNINGS=filters)
    # --no-deps: only the project itself is built again (editable, in place).
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", "."],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    # This machine's own pip configuration may add "Location ... is
    # ignored" notes about its local indexes: not the project's output.
    ours = [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.strip() and "is ignored: it is neither a file nor a directory" not in ln]
    assert ours == [], "\n".join(ours)
