# SPDX-License-Identifier: MIT
"""Flat file stores for the board: ``OsFS``, a folder through ``os``
(the host's ``tallyfakes.memfs.MemFS``, in memory for tests and the
simulator, is built on the same ``AtomicFiles``).

Each gives: ``listdir()``, ``exists(name)``, ``size(name)``, ``read(name)``,
``read_at(name, offset, length)``, ``append(name, data)`` (appends and
flushes), ``put(name, data)`` (overwrites), ``write_file(name, data)`` (atomic replace), ``truncate(name,
length)`` (atomic), ``remove(name)``, ``free()`` and ``recover()``.

Atomic replace is three steps: write ``NAME.tmp``, rename it to ``NAME.new``
(now known complete), rename that over ``NAME``. A power cut can leave a
``.tmp`` (incomplete: dropped) or a ``.new`` (complete: ``recover()``
finishes the rename). Where renaming over an existing file fails (FAT), the
old file is removed first; the ``.new`` still holds the data meanwhile.
"""

class AtomicFiles:
    """What every store adds to its primitives (``_put``: create or
    overwrite, flushed; ``_rename``: over an existing name if the store
    can; ``append``, ``remove``, ``listdir``, ``exists``, ``read_at``):
    ``put``, and ``write_file``, ``truncate`` and ``recover``, which are
    fs_more.py's functions, loaded when first used."""

    def put(self, name, data):
        """Create or overwrite ``name`` with ``data``, flushed: one write, not
        atomic (a power cut may leave it torn, except on littlefs, where a
        file changes at its sync)."""
        self._put(name, data)

    def __getattr__(self, name):
        # write_file, truncate, recover (and OsFS's listdir, read, remove,
        # _rename, free): fs_more's function of that name, bound to this
        # store (AttributeError when there is none).
        if name[:2] == "__":
            raise AttributeError(name)
        from tallyboard import fs_more

        f = getattr(fs_more, name)
        return lambda *args: f(self, *args)


class OsFS(AtomicFiles):
    """Files in folder ``root`` through ``os`` (MicroPython or CPython).
    What a key press never needs (listdir, read, remove, _rename, free) is
    in fs_more.py, loaded when first used.

    ``osmod`` and ``opener`` default to ``os`` and ``open``; tests pass a
    shim over another store (littlefs-python) to run this same code on it.
    """

    def __init__(self, root="", osmod=None, opener=None):
        # fs_more.setup (loaded for recover() anyway): a game keeps this
        # module in RAM, not that one.
        from tallyboard.fs_more import setup

        setup(self, root, osmod, opener)

    def exists(self, name):
        """True when ``name`` exists (MicroPython has no os.path)."""
        try:
            self.os.stat(self.prefix + name)
        except OSError:
            return False
        return True

    def size(self, name):
        """Size of ``name`` in bytes; OSError when it does not exist."""
        return self.os.stat(self.prefix + name)[6]

    def read_at(self, name, offset, length):
        """Up to ``length`` bytes of ``name`` from ``offset``."""
        with self.open(self.prefix + name, "rb") as f:
            f.seek(offset)
            return f.read(length)

    def append(self, name, data, mode="ab"):
        """Append ``data`` to ``name`` (created if missing) and flush it to
        flash; with ``mode`` "wb", write it over what ``name`` held."""
        with self.open(self.prefix + name, mode) as f:
            f.write(data)
            f.flush()
            # On a PC a flush reaches the OS, not the disk; fsync does.
            # MicroPython's flush already commits (littlefs sync), and its os
            # has no fsync.
            if self._fsync is not None:
                try:
                    self._fsync(f.fileno())
                except (AttributeError, OSError, ValueError):
                    pass

    def _put(self, name, data):
        # OsFS's own append, not a subclass's (a counting one counts _put).
        OsFS.append(self, name, data, "wb")

