# SPDX-License-Identifier: MIT
"""The atomic replace of the file stores of tallyboard.fs (``write_file``,
``truncate``, ``recover``) for every store (``OsFS``, and
the host's ``tallyfakes.memfs.MemFS``), built on its primitives (``_put``,
``_rename``, ``append``, ``remove``, ``listdir``, ``exists``,
``read_at``).

``AtomicFiles`` offers these as its methods, loading this module when one
is first used: a key press in a game only appends, and this code is not in
RAM for it (the journal's ``rest`` lets it go).
"""

TMP = ".tmp"
NEW = ".new"
CHUNK = 1024


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
