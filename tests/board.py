# SPDX-License-Identifier: MIT
"""`make test-board PORT=/dev/ttyACM0`: the device test payloads on a real
board, through mpremote, and the board's own figures.

The suites here take a ``run(name, data) -> JSON lines`` function, the
transport: ``BoardTransport`` (mpremote to an attached board), or the unix
port (tests/mpvm.py) and the WebAssembly port (tests/wasm32.py), on which
CI runs the very same suites (tests/test_board_runner.py). Only the
transport differs.

Suites: the platform's facts; core scoring vectors against CPython; the
journal on a folder of the flash (written, booted, damaged journals); the
longest scripted game through injected button events, with the journal on
the board's own littlefs (a folder of its flash) and the display on its real
I2C, ending as on CPython and fetched back whole by the serial link.
Figures: gc.mem_free() at its lowest, per-press time in real ms, flash
writes.
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile

from tests import mpvm

# Left on the board by a run, removed before and after it (with the
# payload's helper modules).
FLASH = "tt_flash"


def cleanup_script(extra=()):
    """MicroPython code that removes what a run leaves on the board: the
    journal folder, the data file and the ``extra`` file names."""
    return (
        "import os\n"
        "def _rm(p):\n"
        "    try:\n"
        "        if os.stat(p)[0] & 0x4000:\n"
        "            for n in os.listdir(p):\n"
        "                _rm(p + '/' + n)\n"
        "            os.rmdir(p)\n"
        "        else:\n"
        "            os.remove(p)\n"
        "    except OSError:\n"
        "        pass\n"
        "for _p in %r:\n"
        "    _rm(_p)\n" % ((FLASH, mpvm.DATA_FILE) + tuple(extra),)
    )


class BoardError(Exception):
    """The board could not be reached or a payload failed on it; str() is one line."""


def check_port(port):
    """Raise BoardError with one line when ``port`` is missing or names a
    device path that does not exist."""
    if not port:
        raise BoardError("make test-board needs the board's serial port: make test-board PORT=/dev/ttyACM0")
    if port.startswith("/dev/") and not os.path.exists(port):
        raise BoardError("no board at %s: is it plugged in and flashed with MicroPython? (ls /dev/ttyACM*)" % port)


def payload_argv(port, script, data_file, helpers=(), leaves=()):
    """The mpremote command that runs payload ``script`` on the board at
    ``port``: clear what an earlier run left, copy the data file (and
    compiled helper modules) to the flash, run the script, clear again
    (``leaves``: more names the payload writes)."""
    names = [pathlib.Path(helper).name for helper in helpers]
    cleanup = cleanup_script(names + list(leaves))
    argv = [sys.executable, "-m", "mpremote", "connect", port, "exec", cleanup]
    if data_file is not None:
        argv += ["+", "fs", "cp", str(data_file), ":" + mpvm.DATA_FILE]
    for helper, name in zip(helpers, names):
        argv += ["+", "fs", "cp", str(helper), ":" + name]
    argv += ["+", "run", str(script), "+", "exec", cleanup]
    return argv


class BoardTransport:
    """Runs payloads on the board at ``port`` through mpremote; the app must
    be deployed first (``deploy()``)."""

    def __init__(self, port, run=subprocess.run):
        check_port(port)
        self.port = port
        self.run = run

    def deploy(self):
        """Compile and copy the app as ``tricktally deploy`` does, and the
        host's stand-ins the payloads inject (the fake clock of board_game:
        host/tallyfakes), which ``remove_stand_ins`` takes off again."""
        from tricktally_host import deploy

        try:
            deploy.deploy(self.port, run=self.run, files=deploy.plan() + mpvm.stand_ins_plan())
        except deploy.DeployError as e:
            raise BoardError(str(e)) from e

    def remove_stand_ins(self):
        """Take the stand-ins (and what a run left) off the board: a board
        keeps only its own code. False when the board did not answer."""
        argv = [sys.executable, "-m", "mpremote", "connect", self.port, "exec", cleanup_script([mpvm.STAND_INS])]
        return self.run(argv, capture_output=True, text=True).returncode == 0

    def __call__(self, name, data=None, leaves=()):
        """Run payload ``name`` with ``data``; ``leaves``: files or folders
        it writes besides tt_flash (removed before and after)."""
        script = mpvm.PAYLOADS / (name + ".py")
        with tempfile.TemporaryDirectory(prefix="tt-board-") as tmp:
            tmp = pathlib.Path(tmp)
            helpers = tmp / "helpers"
            helpers.mkdir()
            mpvm._helpers(script.read_text(encoding="utf-8"), helpers)
            data_file = None
            if data is not None:
                data_file = tmp / mpvm.DATA_FILE
                data_file.write_text(data, encoding="utf-8")
            argv = payload_argv(self.port, script, data_file, sorted(helpers.iterdir()), leaves)
            proc = self.run(argv, capture_output=True, text=True)
        if proc.returncode or "Traceback" in (proc.stdout or ""):
            tail = ((proc.stdout or "") + (proc.stderr or "")).strip().splitlines()[-1:] or ["(no output)"]
            raise BoardError("payload %s failed on the board: %s" % (name, tail[0]))
        return [json.loads(line) for line in proc.stdout.splitlines() if line[:1] in ("{", "[")]


def unix_transport(name, data=None, leaves=()):
    """The same payloads on the MicroPython unix port (a fresh flash folder
    each run: nothing to clear)."""
    return mpvm.payload_lines(name, data=data)


def wasm32_transport(name, data=None, leaves=()):
    """The same payloads on the 32-bit WebAssembly port."""
    from tests import wasm32

    return wasm32.payload_lines(name, data=data)


# ----- the suites ------------------------------------------------------------


def suite_facts(run):
    """The platform: returns its facts (asserts it is a MicroPython with framebuf)."""
    facts = run("board_facts")[0]["facts"]
    if not facts["framebuf"]:
        raise BoardError("this MicroPython has no framebuf module: flash a standard build")
    return facts


def suite_core(run, count=12):
    """Scoring vectors replayed on the device give CPython's results;
    returns the number of vectors checked."""
    from tests.core.test_core_on_micropython import vectors
    from tests.payloads.core_vectors import replay_vector, through_json

    vs = vectors(count)
    lines = run("core_vectors", "\n".join(json.dumps(v) for v in vs))
    if len(lines) != len(vs):
        raise BoardError("core vectors: %d answers for %d vectors" % (len(lines), len(vs)))
    for v, got in zip(vs, lines):
        if got != replay_vector(v, through_json):
            raise BoardError("core vector %s (%s) differs from CPython" % (vs.index(v), v["name"]))
    return len(vs)


def suite_journal(run):
    """The journal on a folder of the device's flash (OsFS over its own file
    system: littlefs on a board): games written there give the PC's bytes
    and boot back; journals written on the PC (clean, torn, damaged) boot
    to the PC's games. Returns the number of journals checked."""
    from tallyboard.journal.encode import dumps
    from tests.firmware.test_journal_on_micropython import _cases

    cases, ops, expected, written = _cases()
    lines = [{"write": name, "ops": ops[name]} for name in sorted(ops)]
    lines += [{"boot": label, "hex": hexdata} for label, hexdata in cases]
    leaves = ["jw_" + name for name in sorted(ops)] + ["jb_" + label for label, _ in cases]
    out = run("journal_folder", "\n".join(json.dumps(x) for x in lines), leaves=leaves)
    checked = 0
    for d in out:
        if "write" in d:
            if bytes.fromhex(d["hex"]) != written[d["write"]]:
                raise BoardError("journal %s: the device wrote other bytes than the PC" % d["write"])
            if d["again"] != json.loads(dumps(expected[d["write"]][:3])):
                raise BoardError("journal %s: booted back as another game" % d["write"])
        elif "boot" in d:
            if d["got"] != json.loads(dumps(expected[d["boot"]])):
                raise BoardError("journal %s: the device booted it as another game" % d["boot"])
        checked += 1
    if checked != len(lines):
        raise BoardError("journal: %d answers for %d journals" % (checked, len(lines)))
    return checked


def suite_game(run, i2c=False):
    """The longest scripted game through injected button events, journal on
    the device's flash, link on; checks it ends as on CPython and that the
    link fetches the whole journal. Returns the figures."""
    from tests import board_keys

    keys, session = board_keys.longest_game()
    lines = run("board_game", board_keys.board_data(keys, i2c=i2c))
    presses = [line for line in lines if "press" in line]
    if len(presses) != len(keys):
        raise BoardError("the game stopped after %d of %d presses" % (len(presses), len(keys)))
    end = [line["end"] for line in lines if "end" in line][0]
    want = board_keys.end_state(session)
    got = {k: end[k] for k in want}
    if got != want:
        raise BoardError("the game ended as %s, on CPython as %s" % (got, want))
    link = [line["link"] for line in lines if "link" in line][0]
    written = sum(p["written"] for p in presses)
    if set(link["status"]) != {"OK"} or not link["games"]:
        raise BoardError("the serial link answered %s" % link["status"])
    heap = [line["heap"] for line in lines if "heap" in line][0]
    ms = sorted(p["us"] / 1000.0 for p in presses)
    return {
        "presses": len(presses),
        "lowest_mem_free": heap["lowest_free"],
        "highest_mem_alloc": heap["highest_alloc"],
        "press_ms_p50": ms[len(ms) // 2],
        "press_ms_p95": ms[max(0, -(-len(ms) * 95 // 100) - 1)],
        "press_ms_max": ms[-1],
        "flash_writes": sum(p["writes"] for p in presses),
        "flash_bytes": written,
        "journal_bytes": sum(v[0] for v in link["games"].values()),
        "display_bytes": sum(p["display"] for p in presses),
    }


def run_all(run, i2c=False, echo=print):
    """Every suite over transport ``run``; returns the figures."""
    figures = {"facts": suite_facts(run)}
    echo("platform: %s" % json.dumps(figures["facts"]))
    figures["core_vectors"] = suite_core(run)
    echo("core vectors: %d match CPython" % figures["core_vectors"])
    figures["journals"] = suite_journal(run)
    echo("journal on the flash: %d journals written and booted as on CPython" % figures["journals"])
    figures["game"] = suite_game(run, i2c=i2c)
    echo("longest game: ends as on CPython; figures:")
    for key in sorted(figures["game"]):
        echo("  %-18s %s" % (key, figures["game"][key]))
    return figures


def main(argv):
    """``python -m tests.board PORT``: deploy, run every suite, print the figures."""
    port = argv[1] if len(argv) > 1 else ""
    try:
        board = BoardTransport(port)
        print("deploying the app to %s ..." % port, flush=True)
        board.deploy()
        try:
            figures = run_all(board, i2c=True)
        finally:
            board.remove_stand_ins()
    except BoardError as e:
        print("test-board: %s" % e, file=sys.stderr)
        return 2
    print("\nAll suites passed. Send this block back (see hardware/README.md):")
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
