# SPDX-License-Identifier: MIT
"""Helpers of the PC tools' tests (issue 24): the `tricktally` command run
in-process, checks of its one-line errors, and small databases."""

import hashlib
import json
import pathlib

from click.testing import CliRunner

from tricktally_host.cli import main
from tricktally_host.db import Database

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
# 2026-11-28 08:52 UTC and the hours after it.
WHEN = 1795855920


def cli(*args, env=None):
    """Run ``tricktally ARGS`` in this process: the click Result (stdout,
    stderr, exit_code, exception)."""
    return CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=True)


def one_error(result):
    """Assert ``result`` ended with exit status 2 and exactly one line on
    stderr, ``error: ...``, and no traceback; return that line."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


def ok(result):
    """Assert ``result`` exited 0 with nothing on stderr but notes; return stdout."""
    assert result.exit_code == 0, (result.exit_code, result.stdout, result.stderr, result.exception)
    return result.stdout


def example(name):
    """The record of examples/NAME.json."""
    return json.loads((EXAMPLES / (name + ".json")).read_text(encoding="utf-8"))


def examples_db(path, device="SIMD"):
    """A database holding the three examples as games 1 (wizard), 2
    (spades) and 3 (hearts) of ``device``, ten minutes apart from WHEN."""
    with Database(path) as db:
        for i, name in enumerate(("wizard", "spades", "hearts")):
            record = example(name)
            record["created"] = WHEN + 600 * i
            db.store_game(device, i + 1, record, 10 + i, "%08x" % i)
    return path


def digest(path):
    """SHA-256 of a file's bytes (a database must be left exactly as it was)."""
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()
