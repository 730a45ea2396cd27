# SPDX-License-Identifier: MIT
"""Build the board-in-a-browser's static folder.

The folder holds, all fetched by relative URLs:

- the page: ``index.html``, ``board.css`` and the page's modules
  (``board.mjs``, ``panel.mjs``, ``flash.mjs``), copied from ``web/``;
- the port: ``micropython.mjs`` and ``micropython.wasm`` of the pinned npm
  package ``@micropython/micropython-webassembly-pyscript``;
- the firmware: every file of ``tricktally deploy``'s plan, compiled and
  staged by the deploy code itself, plus the page's board wiring
  (``web/webboard.py``, compiled the same way), packed into one
  ``firmware.bin`` with its table of contents ``firmware.json``;
- ``keys.json``: the browser's keys, each mapped through the terminal
  simulator's own table (tricktally_host.sim.keys) to a button and a kind.
"""

import json
import pathlib
import shutil
import string
import tempfile

from tricktally_host import deploy
from tricktally_host.sim import keys

REPO = deploy.REPO
PAGE = REPO / "web"
PAGE_FILES = ("index.html", "board.css", "board.mjs", "panel.mjs", "flash.mjs")
WIRING = "webboard.py"
PORT_NAME = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
# The .mpy the pinned port loads: version 6 (its sys.implementation._mpy is
# 774, version 6 sub-version 3, no native code) with at most 31 bits of
# small int, as a 32-bit port has (tests/web/test_build.py asks the port).
MPY_VERSION = 6
SMALL_INT_BITS = 31
DEFAULT_OUT = REPO / "build" / "web"

# Each browser key (KeyboardEvent.key; "Shift+" before a shifted arrow) and
# what a terminal sends for it: the terminal's table then says which button
# it is. Letters are the same character in both.
BROWSER_KEYS = {
    "ArrowUp": "\x1b[A",
    "ArrowDown": "\x1b[B",
    "ArrowRight": "\x1b[C",
    "ArrowLeft": "\x1b[D",
    "Shift+ArrowUp": "\x1b[1;2A",
    "Shift+ArrowDown": "\x1b[1;2B",
    "Shift+ArrowRight": "\x1b[1;2C",
    "Shift+ArrowLeft": "\x1b[1;2D",
    "Enter": "\r",
    " ": " ",
    "Backspace": "\x7f",
    "Escape": "\x1b",
}


class BuildError(Exception):
    """The folder cannot be built; str() is one line naming what is missing."""


def port_folder(root=REPO):
    """The installed port's folder; BuildError naming the fix when it is
    missing or not the version package.json pins."""
    root = pathlib.Path(root)
    folder = root / "node_modules" / PORT_NAME
    pinned = json.loads((root / "package.json").read_text(encoding="utf-8"))["devDependencies"][PORT_NAME]
    try:
        found = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except OSError:
        raise BuildError("the MicroPython WebAssembly port is not installed: run `make npm` (npm ci) in %s" % root)
    if found != pinned:
        raise BuildError("node_modules holds %s %s, not the pinned %s: run `make npm`" % (PORT_NAME, found, pinned))
    return folder


def key_table():
    """{browser key: [button, long]}: every key the terminal simulator knows
    that a browser names (keys.decode says what each is)."""
    table = {}
    sent = dict(BROWSER_KEYS)
    for ch in string.ascii_letters + string.digits:
        sent[ch] = ch
    for name, chars in sent.items():
        decoded = keys.decode(chars)
        if len(decoded) == 1 and decoded[0][0] in keys.BUTTONS:
            button, kind = decoded[0]
            table[name] = [button, kind == keys.LONG]
    return table


def check_mpy(path):
    """BuildError unless ``path`` is a .mpy the pinned port loads."""
    head = pathlib.Path(path).read_bytes()[:4]
    if len(head) < 4 or head[:1] != b"M" or head[1] != MPY_VERSION or head[3] > SMALL_INT_BITS:
        raise BuildError("%s is not a .mpy file the WebAssembly port loads (version %d, up to %d-bit small ints): "
                         "header %s" % (path, MPY_VERSION, SMALL_INT_BITS, head.hex()))


def stage_firmware(dest, root=REPO):
    """Stage the deploy plan and the page's wiring into ``dest`` (target
    paths, as on a board's flash). Returns the relative paths, sorted."""
    dest = pathlib.Path(dest)
    wiring = deploy.FilePlan(pathlib.Path(root) / "web" / WIRING, WIRING[: -len(".py")] + ".mpy", True)
    try:
        deploy.stage(deploy.plan(root) + [wiring], dest)
    except deploy.DeployError as e:
        raise BuildError(" ".join(str(e).split()))  # mpy-cross's traceback, on one line
    paths = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    for rel in paths:
        if rel.endswith(".mpy"):
            check_mpy(dest / rel)
    return paths


def pack(folder, paths, out):
    """Write ``paths`` (relative to ``folder``) one after another into
    ``out/firmware.bin`` and their table into ``out/firmware.json``."""
    out = pathlib.Path(out)
    entries = []
    offset = 0
    with open(out / "firmware.bin", "wb") as blob:
        for rel in paths:
            data = (pathlib.Path(folder) / rel).read_bytes()
            blob.write(data)
            entries.append({"path": rel, "offset": offset, "size": len(data)})
            offset += len(data)
    table = {"format": "tricktally-web/1", "mpy": MPY_VERSION, "files": entries}
    (out / "firmware.json").write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")


def build(out=DEFAULT_OUT, root=REPO):
    """Build the static folder into ``out`` (made if missing; the files it
    holds are replaced). Returns the folder as a Path."""
    root = pathlib.Path(root)
    out = pathlib.Path(out)
    port = port_folder(root)
    out.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(root / "web" / name, out / name)
    for name in PORT_FILES:
        shutil.copyfile(port / name, out / name)
    with tempfile.TemporaryDirectory(prefix="tricktally-web-") as tmp:
        pack(tmp, stage_firmware(tmp, root), out)
    (out / "keys.json").write_text(json.dumps(key_table(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return out
