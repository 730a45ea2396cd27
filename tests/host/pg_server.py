# SPDX-License-Identifier: MIT
"""A real PostgreSQL server for the tests: Debian's `postgresql` package
(`make postgres` installs it), run from a temporary data folder on a free
local port and a unix socket in that folder, stopped afterwards.

initdb and postgres refuse to run as root (CI runs as root): there the
server runs as the `postgres` system user the package creates (else
`nobody`), through util-linux's setpriv, which also asks the kernel to stop
it (SIGINT, a fast shutdown) should the test process die without stopping
it. Its settings are for tests (no fsync: nothing here must outlive the
machine) unless ``durable`` (the benchmarks': a server as a club runs it);
logins are trusted from this machine but for one user with a password
(:data:`PASSWORD_USER`), for the tests of refused logins.
"""

import contextlib
import glob
import os
import pathlib
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

# What the games database can be: the host tests that touch it run on each.
BACKENDS = ("sqlite", "postgresql")
SUPERUSER = "tt"
PASSWORD_USER = "tt_pw"
PASSWORD = "Sesame-0pen!"  # what a test checks is never printed


class MissingPostgres(RuntimeError):
    """The server's programs are not installed."""


def binaries():
    """The folder of Debian's PostgreSQL programs (the newest version), or
    of `postgres` on the PATH; MissingPostgres when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"),
                   key=lambda p: [int(x) for x in re.findall(r"\d+", p)])
    if found:
        return pathlib.Path(found[-1]).parent
    on_path = shutil.which("postgres")
    if on_path:
        return pathlib.Path(on_path).parent
    raise MissingPostgres("PostgreSQL is not installed: run `make postgres` (Debian: apt-get install postgresql)")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _runner():
    """(user name, uid, gid) the server runs as: ourselves unless root."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return me.pw_name, me.pw_uid, me.pw_gid
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
            return name, entry.pw_uid, entry.pw_gid
        except KeyError:
            continue
    raise MissingPostgres("no unprivileged user to run PostgreSQL as (neither postgres nor nobody exists)")


class PgServer:
    """One PostgreSQL server in a temporary folder; ``start``, ``stop``
    (also mid-test, and ``start`` again on the same data), ``url``."""

    def __init__(self, durable=False):
        self.durable = durable  # a server as a club runs it (fsync on): for figures
        self.bin = binaries()
        self.user, self.uid, self.gid = _runner()
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="tricktally-pg-"))
        os.chown(self.root, self.uid, self.gid)
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.log = self.root / "server.log"
        self.port = None
        self.proc = None
        self._count = 0
        self._initdb()

    def _as_runner(self, argv, **kwargs):
        wrap = ["setpriv", "--pdeathsig", "INT"]
        if os.geteuid() == 0:
            wrap += ["--reuid=%d" % self.uid, "--regid=%d" % self.gid, "--clear-groups"]
        return subprocess.Popen(wrap + ["--"] + [str(a) for a in argv], cwd=self.root, **kwargs)

    def _initdb(self):
        proc = self._as_runner([self.bin / "initdb", "-D", self.data, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                                "--locale=C.UTF-8", "--no-sync"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        out, _ = proc.communicate(timeout=120)
        if proc.returncode:
            raise RuntimeError("initdb failed:\n%s" % out[-2000:])
        # Logins from this machine are trusted, but for one user with a password.
        (self.data / "pg_hba.conf").write_text(
            "local all %s scram-sha-256\nlocal all all trust\n"
            "host all %s 127.0.0.1/32 scram-sha-256\nhost all all 127.0.0.1/32 trust\n" % (PASSWORD_USER, PASSWORD_USER))

    def start(self):
        """Start the server (on the port it had, when started before) and
        wait until it takes connections."""
        for _attempt in range(3):
            self.port = self.port or _free_port()
            log = open(self.log, "ab")
            quick = [] if self.durable else [
                "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
            self.proc = self._as_runner([
                self.bin / "postgres", "-D", self.data, "-p", self.port,
                "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=%s" % self.socket_dir,
                "-c", "max_connections=80", "-c", "shared_buffers=32MB", "-c", "dynamic_shared_memory_type=mmap",
            ] + quick, stdout=log, stderr=subprocess.STDOUT)
            log.close()
            if self._wait_ready():
                self._setup()
                return self
            self.proc.wait(10)
            if "could not bind" in self.log.read_text(errors="replace"):
                self.port = None  # someone took the port meanwhile
                continue
            break
        raise RuntimeError("PostgreSQL did not start:\n%s" % self.log.read_text(errors="replace")[-3000:])

    def _wait_ready(self):
        import psycopg

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                psycopg.connect(self.dsn("postgres"), connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.1)
        return False

    def _setup(self):
        self.admin("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '%s') THEN"
                   " CREATE ROLE %s LOGIN PASSWORD '%s'; END IF; END $$" % (PASSWORD_USER, PASSWORD_USER, PASSWORD))

    def dsn(self, dbname, user=SUPERUSER):
        return "host=127.0.0.1 port=%d user=%s dbname=%s" % (self.port, user, dbname)

    def url(self, dbname, user=SUPERUSER, password=None):
        """The URL a person gives ``--db``: ``postgresql://user@127.0.0.1:PORT/dbname``."""
        auth = user + (":" + password if password else "")
        return "postgresql://%s@127.0.0.1:%d/%s" % (auth, self.port, dbname)

    def admin(self, statement, dbname="postgres"):
        """Run one statement as the superuser (autocommit); its rows, if any."""
        import psycopg

        with psycopg.connect(self.dsn(dbname), autocommit=True) as conn:
            cur = conn.execute(statement)
            return cur.fetchall() if cur.description else None

    def new_database(self, owner=SUPERUSER):
        """Create an empty database; returns its name."""
        self._count += 1
        name = "t%d_%d" % (os.getpid(), self._count)
        self.admin("CREATE DATABASE %s OWNER %s" % (name, owner))
        return name

    def drop_database(self, name, reached=False):
        """Drop a database, ending the sessions still on it. ``reached``:
        first assert that some session went to it (a test on this backend
        proves something only if tricktally went there, not, say, to a
        file named like the URL)."""
        sessions = self.admin("SELECT sessions FROM pg_stat_database WHERE datname = '%s'" % name)
        self.admin("DROP DATABASE IF EXISTS %s WITH (FORCE)" % name)
        assert not reached or (sessions and sessions[0][0]), "nothing ever reached the PostgreSQL database %s" % name

    def stop(self, how=signal.SIGINT):
        """Stop the server: SIGINT a fast shutdown (sessions ended, what
        was committed kept), SIGQUIT or SIGKILL as if it crashed."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(how)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        if how == signal.SIGKILL:
            # Its sessions notice the postmaster is gone and exit on their own.
            time.sleep(0.5)

    def remove(self):
        """Stop the server and remove its folder."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def running_server(durable=False):
    """A started PgServer, stopped and removed afterwards (also on failure)."""
    server = PgServer(durable)
    try:
        server.start()
        yield server
    finally:
        server.remove()
