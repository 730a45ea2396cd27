# SPDX-License-Identifier: MIT
"""What the file stores of tallyboard.fs do besides appending and
overwriting: the atomic replace (``write_file``, ``truncate``, ``recover``)
of every store (``OsFS``, and the host's ``tallyfakes.memfs.MemFS``),
built on its primitives (``_put``, ``_rename``, ``append``, ``remove``,
``listdir``, ``exists``, ``read_at``), and OsFS's own ``listdir``,
``read``, ``remove``, ``_rename`` and ``free``.

The stores hand these out as their methods (``AtomicFiles.__getattr__``),
loading this module when one is first used: a key press in a game only
appends, and this code is not in RAM for it (tallyboard.journal forgets it
at the next entry or undo).
"""

TMP = ".tmp"
NEW = ".new"
CHUNK = 1024


def setup(fs, root, osmod, opener):
    """``OsFS.__init__``: the store's fields, its folder made if missing,
    and what a power cut left finished (``recover``)."""
    if osmod is None:
        import os as osmod
    fs.os = osmod
    fs.open = opener or open
    fs._fsync = getattr(osmod, "fsync", None)
    root = root.rstrip("/") if root not in ("", "/") else root
    fs.root = root
    # What a name's path starts with ("" for the current folder).
    fs.prefix = "" if not root else "/" if root == "/" else root + "/"
    if root not in ("", "/"):
        try:
            osmod.stat(root)
        except OSError:
            osmod.mkdir(root)
    fs.recover()  # through the store: a subclass may have its own


def write_file(fs, name, data):
    """Replace ``name`` by ``data`` atomically: after a power cut the file
    holds either the old or the new bytes (once ``recover()`` has run)."""
    try:
        fs._put(name + TMP, data)
    except Exception:
        # A full flash: drop the partial copy, or it eats the space that
        # freeing a game is meant to win back.
        _drop(fs, name + TMP)
        raise
    _commit(fs, name)


def _drop(fs, name):
    try:
        if fs.exists(name):
            fs.remove(name)
    except Exception:  # noqa: BLE001 - the write's own error is reported
        pass


def truncate(fs, name, length):
    """Keep the first ``length`` bytes of ``name``, atomically (a copy,
    then a rename: MicroPython files have no truncate)."""
    tmp = name + TMP
    try:
        fs._put(tmp, fs.read_at(name, 0, min(CHUNK, length)))
        off = CHUNK
        while off < length:
            fs.append(tmp, fs.read_at(name, off, min(CHUNK, length - off)))
            off += CHUNK
    except Exception:
        _drop(fs, tmp)
        raise
    _commit(fs, name)


def _commit(fs, name):
    fs._rename(name + TMP, name + NEW)
    _replace(fs, name + NEW, name)


def _replace(fs, src, dst):
    try:
        fs._rename(src, dst)
    except OSError:
        # A store that cannot rename over a file: the data is safe in src.
        if fs.exists(dst):
            fs.remove(dst)
        fs._rename(src, dst)


def recover(fs):
    """Finish or drop atomic writes a power cut interrupted. Returns the
    names it touched. Idempotent; call it once at boot."""
    touched = []
    for n in fs.listdir():
        if n.endswith(TMP):
            fs.remove(n)
            touched.append(n)
    for n in fs.listdir():
        if n.endswith(NEW):
            _replace(fs, n, n[: -len(NEW)])
            touched.append(n)
    return touched


# ----- OsFS's operations a key press never needs ---------------------------


def listdir(fs):
    """Names of the files in the store."""
    return fs.os.listdir(fs.root or ".") if fs.root else fs.os.listdir()


def read(fs, name):
    """All bytes of ``name``."""
    with fs.open(fs.prefix + name, "rb") as f:
        return f.read()


def _rename(fs, src, dst):
    fs.os.rename(fs.prefix + src, fs.prefix + dst)


def remove(fs, name):
    """Delete ``name``."""
    fs.os.remove(fs.prefix + name)


def free(fs):
    """Free bytes in the store, or None when the store cannot tell."""
    try:
        st = fs.os.statvfs(fs.root or "/")
    except (AttributeError, OSError):
        return None
    frsize = st[1] or st[0]
    return frsize * st[4]
