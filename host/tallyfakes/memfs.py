# SPDX-License-Identifier: MIT
"""An in-memory file store with power cuts, for tests and the simulator.

``MemFS`` gives what ``tallyboard.fs.OsFS`` gives (the same atomic replace,
from ``AtomicFiles``) and can lose power at any write. A board has its
flash (OsFS): this store is the host's.
"""

from tallyboard.fs import AtomicFiles


class PowerCut(BaseException):
    """MemFS lost power: nothing after this write happened. A BaseException so
    that no ``except Exception`` in the code under test carries on after it."""


class MemFS(AtomicFiles):
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
