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
    ``put``, and the atomic replace: ``write_file``, ``truncate`` and
    ``recover``, done by fs_more.py, loaded when first used (a key press in
    a game only appends)."""

    def put(self, name, data):
        """Create or overwrite ``name`` with ``data``, flushed: one write, not
        atomic (a power cut may leave it torn, except on littlefs, where a
        file changes at its sync)."""
        self._put(name, data)

    def write_file(self, name, data):
        """Replace ``name`` by ``data`` atomically (fs_more.write_file)."""
        from tallyboard.fs_more import write_file

        write_file(self, name, data)

    def truncate(self, name, length):
        """Keep the first ``length`` bytes of ``name``, atomically (fs_more.truncate)."""
        from tallyboard.fs_more import truncate

        truncate(self, name, length)

    def recover(self):
        """Finish or drop the atomic writes a power cut interrupted; returns
        the names it touched (fs_more.recover)."""
        from tallyboard.fs_more import recover

        return recover(self)


class OsFS(AtomicFiles):
    """Files in folder ``root`` through ``os`` (MicroPython or CPython).

    ``osmod`` and ``opener`` default to ``os`` and ``open``; tests pass a
    shim over another store (littlefs-python) to run this same code on it.
    """

    def __init__(self, root="", osmod=None, opener=None):
        if osmod is None:
            import os as osmod
        self.os = osmod
        self.open = opener or open
        self._fsync = getattr(osmod, "fsync", None)
        root = root.rstrip("/") if root not in ("", "/") else root
        self.root = root
        # What a name's path starts with ("" for the current folder).
        self.prefix = "" if not root else "/" if root == "/" else root + "/"
        if root not in ("", "/"):
            try:
                osmod.stat(root)
            except OSError:
                osmod.mkdir(root)
        self.recover()  # what a power cut left half done

    def listdir(self):
        """Names of the files in the store."""
        return self.os.listdir(self.root or ".") if self.root else self.os.listdir()

    def read(self, name):
        """All bytes of ``name``."""
        with self.open(self.prefix + name, "rb") as f:
            return f.read()

    def remove(self, name):
        """Delete ``name``."""
        self.os.remove(self.prefix + name)

    def _rename(self, src, dst):
        self.os.rename(self.prefix + src, self.prefix + dst)

    def free(self):
        """Free bytes in the store, or None when the store cannot tell."""
        try:
            st = self.os.statvfs(self.root or "/")
        except (AttributeError, OSError):
            return None
        frsize = st[1] or st[0]
        return frsize * st[4]

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

