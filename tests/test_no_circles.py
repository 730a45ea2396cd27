# SPDX-License-Identifier: MIT
"""No import circle among the device modules of shared/ and firmware/: a
module you change can then break only the modules above it. Lazy imports
and modules named by their dotted name in a string count (the app loads and
forgets modules by name); tools/import_graph.py reads them, and its own
tests (tests/test_import_graph.py) prove it finds such circles."""

from tools import import_graph


def test_no_import_circle_among_the_device_modules():
    found = import_graph.circles(import_graph.graph())
    assert found == [], "import circles (python tools/import_graph.py shows every arrow):\n" + "\n".join(
        "  circle: " + ", ".join(group) for group in found)
