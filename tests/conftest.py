# SPDX-License-Identifier: MIT
"""Test-wide setup: the firmware's framebuf on CPython (a board has it
built in; tricktally_host.framebuf stands in), installed before any test
imports the firmware. The MicroPython runner, tests/mpvm.py, compiles the
device tree once per session on first use. ``pg_server``: the session's
PostgreSQL server (tests/host/pg_server.py), started when a test first
needs it, stopped at the end."""

import os
import shutil
import tempfile

import pytest

from tests.host.pg_server import running_server
from tricktally_host import framebuf

framebuf.install()


@pytest.fixture(scope="session", autouse=True)
def own_cache_folder():
    # A sync into a server's database keeps its resume spool in the user's
    # cache folder: the tests' (and their commands') go to a folder of their own.
    folder = tempfile.mkdtemp(prefix="tricktally-cache-")
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = folder
    yield folder
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server():
    with running_server() as server:
        yield server

