# SPDX-License-Identifier: MIT
"""Files the commands write (export, plot, report): never over the
database, never over an existing file unless asked, never half written.

``check_target`` refuses, with one line and before anything is done, a
path that is the database or one of its files (its ``-wal``, ``-shm`` and
``-journal`` files, the sync's resume folder), however it is spelt (a
relative path, a symbolic or hard link), and an existing file unless
``force``. ``write_atomic`` writes through a temporary file in the same
folder, renamed over the target once complete: a reader (or a failure
half-way) never sees half a file.
"""

import os
import pathlib
import tempfile

# The files SQLite keeps beside a database, and the sync's resume folder.
_COMPANIONS = ("-wal", "-shm", "-journal")
_SPOOL = ".journals"


class OutputError(Exception):
    """A file that must not be written (the database, or one that exists
    without ``force``); str() is one line."""


def _same(a, b):
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def database_files(db_path):
    """The database at ``db_path`` and the files that belong to it."""
    db = os.path.realpath(str(db_path))
    return [db] + [db + c for c in _COMPANIONS]


def is_database_file(path, db_path):
    """True when writing ``path`` would write over the database at
    ``db_path`` or one of its files (or into its resume folder)."""
    target = os.path.realpath(str(path))
    for own in database_files(db_path):
        if _same(target, own):
            return True
    spool = os.path.realpath(str(db_path)) + _SPOOL
    return target == spool or target.startswith(spool + os.sep)


def check_target(path, db_path, force=False, what="file"):
    """Raise OutputError unless ``path`` may be written: not a file of the
    database at ``db_path`` (None: nothing to protect), not a folder, and
    not an existing file unless ``force``."""
    path = pathlib.Path(path)
    if db_path is not None and is_database_file(path, db_path):
        raise OutputError("%s is the database's own file (%s): nothing written; choose another %s"
                          % (path, db_path, what))
    try:
        folder = path.is_dir()
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (path, e.strerror or e)) from e
    if folder:
        raise OutputError("%s is a folder: give a %s name" % (path, what))
    if not force and os.path.lexists(path):
        raise OutputError("%s already exists: nothing written; use --force to replace it" % path)


def _file_mode(path):
    # An existing file keeps its mode; a new one gets 0666 less the umask,
    # like any file a program creates (mkstemp would leave it 0600).
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path, data):
    """Write bytes ``data`` to ``path`` through a temporary file, so a reader never sees half a file."""
    path = pathlib.Path(path)
    mode = _file_mode(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix[:16])
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
