# SPDX-License-Identifier: MIT
"""The simulator's serial port under a stable name.

A pseudo-terminal gets a new number on every start (/dev/pts/5, then
/dev/pts/3), so the simulator keeps a symbolic link to its pty in its flash
folder (``sim-flash/serial``) while it runs, and removes it on exit. The
PC tools (``tricktally sync`` without ``--port``) look there when no board
is on USB.

A simulator that was killed leaves its link behind, and the pty number it
names may since belong to someone else's terminal. So the simulator holds
a lock (flock) on its pty for as long as it runs: a link is live only when
its pty is still locked. The lock is released by the kernel however the
simulator ends.
"""

import fcntl
import os

FLASH = "sim-flash"  # the simulator's flash folder unless told otherwise
LINK = "serial"


def link_path(flash=FLASH):
    """Where the simulator with flash folder ``flash`` keeps its port link."""
    return os.path.join(flash, LINK)


def publish(flash, pty_fd, pty_path):
    """Lock the pty (``pty_fd``, a descriptor of ``pty_path``) and point the
    link in ``flash`` at it, replacing a link left behind; returns the link."""
    fcntl.flock(pty_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    link = link_path(flash)
    tmp = link + ".new"
    if os.path.lexists(tmp):
        os.remove(tmp)
    os.symlink(pty_path, tmp)
    os.replace(tmp, link)
    return link


def withdraw(flash, pty_path):
    """Remove the link in ``flash`` if it still names ``pty_path`` (another
    simulator may have taken the folder over since)."""
    link = link_path(flash)
    try:
        if os.readlink(link) == pty_path:
            os.remove(link)
    except OSError:
        pass


def find(flash=FLASH):
    """A running simulator's port: ``(pty_path, None)``; or ``(None, why)``
    with ``why`` one line when a link is there but its simulator is gone;
    ``(None, None)`` when there is no link."""
    link = link_path(flash)
    if not os.path.islink(link):
        return None, None
    target = os.readlink(link)
    stale = "%s is left from a simulator that is no longer running (ignored)" % link
    try:
        fd = os.open(target, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return None, stale
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return target, None  # locked: its simulator holds it
    finally:
        os.close(fd)  # (closing drops a lock we took)
    return None, stale
