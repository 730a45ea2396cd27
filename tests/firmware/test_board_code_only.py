# SPDX-License-Identifier: MIT
"""Only board code on the board: the firmware imports none of the host's
modules (the stand-ins and the CPython framebuf are injected by the host,
as a board injects its real parts), and on CPython it finds its
``framebuf`` only where the host put one."""

import ast
import json
import subprocess
import sys

from tests.mpvm import REPO, run_micropython
from tools import import_graph

HOST_PACKAGES = ("tricktally_host", "tallyfakes", "adafruit_framebuf", "tests")


def test_no_device_module_imports_a_host_module():
    found = []
    for name, path in import_graph.device_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            found += ["%s imports %s" % (name, n) for n in names if n.split(".")[0] in HOST_PACKAGES]
    assert found == []


def test_on_cpython_the_firmware_needs_the_hosts_framebuf():
    # A fresh interpreter that has not installed tricktally_host.framebuf:
    # the firmware has no CPython fallback of its own.
    code = ("import sys; sys.path[:0] = [%r, %r]\n"
            "try:\n    import tallyboard.text\nexcept ImportError as e:\n    print(e.name)\n"
            "else:\n    print('imported')\n" % (str(REPO / "shared"), str(REPO / "firmware")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["framebuf"]
    code += "from tricktally_host import framebuf\nframebuf.install()\nimport tallyboard.text\nprint(tallyboard.text.bytearray is framebuf.bytearray)\n"
    out = subprocess.run([sys.executable, "-c", code.replace("print('imported')", "pass")], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["framebuf", "True"]


def test_on_micropython_text_keeps_the_builtin_bytearray():
    out = run_micropython("import framebuf, json\nfrom tallyboard import text\n"
                          "print(json.dumps([text.bytearray is bytearray, text.FrameBuffer is framebuf.FrameBuffer]))\n")
    assert json.loads(out.strip().splitlines()[-1]) == [True, True]
