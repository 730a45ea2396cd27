# SPDX-License-Identifier: MIT
"""The Makefile installs the 32-bit port with `npm ci` from the pinned lock
file, and stops with one line naming what to install when Node.js is
missing, never skipping the 32-bit tests silently."""

import json
import os
import pathlib
import shutil
import subprocess

REPO = pathlib.Path(__file__).resolve().parent.parent


def test_the_port_is_pinned_exactly_in_package_json_and_the_lock():
    package = json.loads((REPO / "package.json").read_text())
    lock = json.loads((REPO / "package-lock.json").read_text())
    name = "@micropython/micropython-webassembly-pyscript"
    assert package["devDependencies"][name] == "1.27.0"
    entry = lock["packages"]["node_modules/" + name]
    assert entry["version"] == "1.27.0" and entry["integrity"].startswith("sha512-")


def test_make_test_and_bench_install_the_port_first():
    text = (REPO / "Makefile").read_text()
    assert "npm ci" in text
    for target in ("test", "bench"):
        line = [x for x in text.splitlines() if x.startswith(target + ":")][0]
        assert "npm" in line.split(":", 1)[1].split(), line


def test_without_node_make_stops_with_one_line_naming_it(tmp_path):
    for name in ("Makefile", "package.json", "package-lock.json"):
        shutil.copy(REPO / name, tmp_path / name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # a PATH with a shell and the basic tools, but no node and no npm
    for tool in ("sh", "touch", "python3"):
        found = shutil.which(tool)
        if found:
            os.symlink(found, bin_dir / tool)
    env = dict(os.environ, PATH=str(bin_dir))
    proc = subprocess.run([shutil.which("make"), "-s", "npm"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode != 0
    assert proc.stderr.splitlines()[0] == (
        "The 32-bit tests need Node.js 20 or newer: install it (Debian: apt-get install nodejs npm)")
    assert not (tmp_path / "node_modules").exists()
