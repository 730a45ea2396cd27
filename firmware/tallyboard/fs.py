# SPDX-License-Identifier: MIT
"""Flat file stores for the board: ``OsFS`` (a folder through ``os``) and
``MemFS`` (in memory, with a power-cut hook for tests and the VM).

Both give: ``listdir()``, ``exists(name)``, ``size(name)``, ``read(name)``,
``read_at(name, offset, length)``, ``append(name, data)`` (appends and
flushes), ``write_file(name, data)`` (atomic replace), ``truncate(name,
length)`` (atomic), ``remove(name)``, ``free()`` and ``recover()``.

Atomic replace is three steps: write ``NAME.tmp``, rename it to ``NAME.new``
(now known complete), rename that over ``NAME``. A power cut can leave a
``.tmp`` (incomplete: dropped) or a ``.new`` (complete: ``recover()``
finishes the rename). Where renaming over an existing file fails (FAT), the
old file is removed first; the ``.new`` still holds the data meanwhile.
"""

TMP = ".tmp"
NEW = ".new"
CHUNK = 1024


class PowerCut(BaseException):
    """MemFS lost power: nothing after this write happened. A BaseException so
    that no ``except Exception`` in the code under test carries on after it."""


class _Atomic:
    """write_file, truncate and recover, built on each store's primitives:
    ``_put`` (create or overwrite, flushed), ``_rename`` (over an existing
    name if the store can), ``append``, ``remove``, ``listdir``, ``exists``."""

    def write_file(self, name, data):
        """Replace ``name`` by ``data`` atomically: after a power cut the file
        holds either the old or the new bytes (once ``recover()`` has run)."""
        try:
            self._put(name + TMP, data)
        except Exception:
            # A full flash: drop the partial copy, or it eats the space that
            # freeing a game is meant to win back.
            self._drop(name + TMP)
            raise
        self._commit(name)

    def _drop(self, name):
        try:
            if self.exists(name):
                self.remove(name)
        except Exception:  # noqa: BLE001 - the write's own error is reported
            pass

    def truncate(self, name, length):
        """Keep the first ``length`` bytes of ``name``, atomically (a copy,
        then a rename: MicroPython files have no truncate)."""
        tmp = name + TMP
        try:
            self._put(tmp, self.read_at(name, 0, min(CHUNK, length)))
            off = CHUNK
            while off < length:
                self.append(tmp, self.read_at(name, off, min(CHUNK, length - off)))
                off += CHUNK
        except Exception:
            self._drop(tmp)
            raise
        self._commit(name)

    def _commit(self, name):
        self._rename(name + TMP, name + NEW)
        self._replace(name + NEW, name)

    def _replace(self, src, dst):
        try:
            self._rename(src, dst)
        except OSError:
            # A store that cannot rename over a file: the data is safe in src.
            if self.exists(dst):
                self.remove(dst)
            self._rename(src, dst)

    def recover(self):
        """Finish or drop atomic writes a power cut interrupted. Returns the
        names it touched. Idempotent; call it once at boot."""
        touched = []
        for n in self.listdir():
            if n.endswith(TMP):
                self.remove(n)
                touched.append(n)
        for n in self.listdir():
            if n.endswith(NEW):
                self._replace(n, n[: -len(NEW)])
                touched.append(n)
        return touched


class OsFS(_Atomic):
    """Files in folder ``root`` through ``os`` (MicroPython or CPython).

    ``osmod`` and ``opener`` default to ``os`` and ``open``; tests pass a
    shim over another store (littlefs-python) to run this same code on it.
    """

    def __init__(self, root="", osmod=None, opener=None):
        if osmod is None:
            import os as osmod
        self.os = osmod
        self.open = opener or open
        root = root.rstrip("/") if root not in ("", "/") else root
        self.root = root
        if root not in ("", "/"):
            try:
                osmod.stat(root)
            except OSError:
                osmod.mkdir(root)
        self.recover()

    def path(self, name):
        """The path of ``name`` in the store."""
        if not self.root:
            return name
        if self.root == "/":
            return "/" + name
        return self.root + "/" + name

    def listdir(self):
        """Names of the files in the store."""
        return self.os.listdir(self.root or ".") if self.root else self.os.listdir()

    def exists(self, name):
        """True when ``name`` exists (MicroPython has no os.path)."""
        try:
            self.os.stat(self.path(name))
        except OSError:
            return False
        return True

    def size(self, name):
        """Size of ``name`` in bytes; OSError when it does not exist."""
        return self.os.stat(self.path(name))[6]

    def read(self, name):
        """All bytes of ``name``."""
        with self.open(self.path(name), "rb") as f:
            return f.read()

    def read_at(self, name, offset, length):
        """Up to ``length`` bytes of ``name`` from ``offset``."""
        with self.open(self.path(name), "rb") as f:
            f.seek(offset)
            return f.read(length)

    def append(self, name, data):
        """Append ``data`` to ``name`` (created if missing) and flush it to flash."""
        with self.open(self.path(name), "ab") as f:
            f.write(data)
            f.flush()
            self._sync(f)

    def _put(self, name, data):
        with self.open(self.path(name), "wb") as f:
            f.write(data)
            f.flush()
            self._sync(f)

    def _sync(self, f):
        # On a PC a flush reaches the OS, not the disk; fsync does. MicroPython's
        # flush already commits (littlefs sync), and its os has no fsync.
        fsync = getattr(self.os, "fsync", None)
        if fsync is not None:
            try:
                fsync(f.fileno())
            except (AttributeError, OSError, ValueError):
                pass

    def _rename(self, src, dst):
        self.os.rename(self.path(src), self.path(dst))

    def remove(self, name):
        """Delete ``name``."""
        self.os.remove(self.path(name))

    def free(self):
        """Free bytes in the store, or None when the store cannot tell."""
        try:
            st = self.os.statvfs(self.root or "/")
        except (AttributeError, OSError):
            return None
        frsize = st[1] or st[0]
        return frsize * st[4]


class MemFS(_Atomic):
    """Files in memory: for tests and the simulator.

    ``files`` seeds the store ({name: bytes}). ``capacity`` (bytes) makes
    ``free()`` answer. Power cuts: with ``cut_after_writes=N`` the Nth write
    (append, overwrite, rename or remove) raises PowerCut; ``tear=k`` keeps
    the first k bytes of that write's data (append and overwrite; ``None``
    keeps nothing, and the file is not even created); every later call
    raises PowerCut too. ``reboot()`` gives a fresh MemFS holding what
    survived. ``on_write(fs, op, name, data)``, if given, is called before
    each write. ``writes`` counts the writes made.
    """

    def __init__(self, files=None, cut_after_writes=None, tear=None, capacity=None, on_write=None):
        self.files = {}
        if files:
            for name in files:
                self.files[name] = bytearray(files[name])
        self.cut = cut_after_writes
        self.tear = tear
        self.capacity = capacity
        self.on_write = on_write
        self.writes = 0
        self.dead = False

    def reboot(self):
        """A new MemFS (no cut pending) holding the bytes that survived."""
        return MemFS(self.files, capacity=self.capacity)

    def _alive(self):
        if self.dead:
            raise PowerCut("the power is off")

    def _write(self, op, name, data=None):
        """Count one write. Returns -1 when it happens in full; when it is the
        cut, how many bytes of ``data`` reach the store (None: not even the
        file's creation), and the caller raises PowerCut after applying them."""
        self._alive()
        self.writes += 1
        if self.on_write is not None:
            self.on_write(self, op, name, data)
        if self.cut is not None and self.writes >= self.cut:
            self.dead = True
            return self.tear if self.tear is None else min(self.tear, len(data or b""))
        if self.capacity is not None and data is not None:
            grow = len(data) if op == "append" else len(data) - len(self.files.get(name, b""))
            if self._used() + grow > self.capacity:
                raise OSError(28, "no space left on device")
        return -1

    def _cut_done(self):
        raise PowerCut("power cut at write %d" % self.writes)

    def _used(self):
        total = 0
        for name in self.files:
            total += len(self.files[name])
        return total

    def listdir(self):
        """Names of the files in the store."""
        self._alive()
        return list(self.files.keys())

    def exists(self, name):
        """True when ``name`` exists."""
        self._alive()
        return name in self.files

    def _get(self, name):
        self._alive()
        if name not in self.files:
            raise OSError(2, "no such file: %s" % name)
        return self.files[name]

    def size(self, name):
        """Size of ``name`` in bytes; OSError when it does not exist."""
        return len(self._get(name))

    def read(self, name):
        """All bytes of ``name``."""
        return bytes(self._get(name))

    def read_at(self, name, offset, length):
        """Up to ``length`` bytes of ``name`` from ``offset``."""
        return bytes(self._get(name)[offset : offset + length])

    def append(self, name, data):
        """Append ``data`` to ``name`` (created if missing)."""
        keep = self._write("append", name, data)
        if keep is None:
            self._cut_done()
        if name not in self.files:
            self.files[name] = bytearray()
        if keep < 0:
            self.files[name].extend(data)
            return
        self.files[name].extend(data[:keep])
        self._cut_done()

    def _put(self, name, data):
        keep = self._write("put", name, data)
        if keep is None:
            self._cut_done()
        if keep < 0:
            self.files[name] = bytearray(data)
            return
        self.files[name] = bytearray(data[:keep])
        self._cut_done()

    def _rename(self, src, dst):
        self._get(src)
        if self._write("rename", src) != -1:
            self._cut_done()
        self.files[dst] = self.files.pop(src)

    def remove(self, name):
        """Delete ``name``."""
        self._get(name)
        if self._write("remove", name) != -1:
            self._cut_done()
        del self.files[name]

    def free(self):
        """Free bytes (``capacity`` minus what the files hold), or None."""
        self._alive()
        if self.capacity is None:
            return None
        return max(0, self.capacity - self._used())
