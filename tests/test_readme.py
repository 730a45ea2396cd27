# SPDX-License-Identifier: MIT
"""The README's commands, run as written (with the board's port and a
database of the test's own)."""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
BIN = pathlib.Path(sys.executable).parent
BOARD_PORT = "/dev/ttyACM0"
CLUB_URL = "postgresql://club@clubhouse/tricktally"
FAMILY_FILE = "tricktally.sqlite"


def sh_blocks():
    return re.findall(r"```sh\n(.*?)```", README, re.S)


def pc_commands():
    """The `tricktally ...` lines of the README, comments dropped."""
    out = []
    for block in sh_blocks():
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("tricktally "):
                out.append(line)
    return out


def test_readme_starts_with_the_two_commands():
    first = sh_blocks()[0].splitlines()
    assert first[0].startswith("make sim") and first[1].startswith("make test")
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^sim: venv", makefile, re.M) and re.search(r"^test: venv", makefile, re.M)
    assert "make test" in (REPO / ".ci" / "run").read_text()


def test_readme_screenshots_exist():
    for name in re.findall(r"\((docs/screens/[^)]+\.png)\)", README):
        assert (REPO / name).stat().st_size > 200, name


@pytest.fixture
def board(tmp_path):
    """The simulated board (tricktally sim --headless) with the example games."""
    flash = tmp_path / "flash"
    imports = []
    for path in sorted((REPO / "examples").glob("*.json")):
        imports += ["--import", str(path)]
    proc = subprocess.Popen(
        [str(BIN / "tricktally"), "sim", "--headless", "--flash", str(flash), "--run-seconds", "0", *imports],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    line = proc.stdout.readline()
    assert line.startswith("serial: "), line + proc.stderr.read()
    yield line.split(": ", 1)[1].strip()
    proc.kill()
    proc.wait(10)


def test_every_pc_command_in_the_readme_runs(tmp_path, board, pg_server):
    commands = pc_commands()
    assert len(commands) >= 10
    work = tmp_path / "work"
    shutil.copytree(REPO / "examples", work / "examples")
    family = str(tmp_path / "db.sqlite")
    club = pg_server.new_database()
    # The board's port, the family's file and the club's database: the test's own.
    words = {BOARD_PORT: board, CLUB_URL: pg_server.url(club), FAMILY_FILE: family}
    assert sum(CLUB_URL in line for line in commands) >= 4
    env = dict(os.environ, TRICKTALLY_DB=family, PATH=str(BIN) + os.pathsep + os.environ["PATH"])
    for line in commands:
        argv = [words.get(word, word) for word in shlex.split(line)]
        if argv[1] == "sim":
            # The simulator runs until stopped: check it starts and serves.
            proc = subprocess.Popen(argv + ["--flash", str(tmp_path / "sim2")], cwd=work, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert proc.stdout.readline().startswith("serial: ")
            proc.kill()
            proc.wait(10)
            continue
        done = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, "%s\n%s%s" % (line, done.stdout, done.stderr)
        assert done.stdout.strip(), line
    assert (work / "game1.png").stat().st_size > 1000
    assert list((work / "exported").glob("*.csv"))
    assert (work / "club.html").stat().st_size > 1000 and (work / "club-backup.sqlite").exists()
    pg_server.drop_database(club)
