# SPDX-License-Identifier: MIT
"""The hub's board listener in a process of its own, for the club's load
and fault tests and the load bench (issue 27): ``python -m tests.club_hub
--db URL --port N`` runs ``tricktally_host.club.listener.BoardListener``
on 127.0.0.1 over the database and prints every event as a JSON line
(the stored record left out: its game id, size and status stay), the
first line being ``{"listening": [host, port]}``. It runs until killed
or until its standard input closes.

``HubProcess`` starts it, collects its events from a thread, and stops it
gently or kills it (SIGKILL, as a crash or a pulled plug does) and starts
it again on the same port.
"""

import argparse
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading

REPO = pathlib.Path(__file__).resolve().parent.parent


class HubProcess:
    """The listener's process over database ``url`` (a path or URL)."""

    def __init__(self, url, port=0, keepalive=10.0, ack_every=300.0):
        self.url = str(url)
        self.port = port
        self.keepalive = keepalive
        self.ack_every = ack_every
        self.proc = None
        self.events = []
        self.starts = 0
        self._cond = threading.Condition()
        self._reader = None

    def start(self):
        """Start it (on the port it had, once started) and wait until it listens."""
        argv = [sys.executable, "-m", "tests.club_hub", "--db", self.url, "--port", str(self.port),
                "--keepalive", str(self.keepalive), "--ack-every", str(self.ack_every)]
        self.proc = subprocess.Popen(argv, cwd=str(REPO), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        first = self.proc.stdout.readline()
        if not first.startswith("{"):
            self.kill()
            raise RuntimeError("the hub did not start: %r" % first)
        self.port = json.loads(first)["listening"][1]
        self.starts += 1
        self._reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True)
        self._reader.start()
        return self

    def _read(self, proc):
        for line in proc.stdout:
            if line.startswith("{"):
                event = json.loads(line)
                event["run"] = self.starts
                with self._cond:
                    self.events.append(event)
                    self._cond.notify_all()

    def of(self, kind, device=None):
        """The events of ``kind`` so far (of board ``device``)."""
        with self._cond:
            return [e for e in self.events if e["event"] == kind and (device is None or e["device"] == device)]

    def kill(self):
        """SIGKILL: the process dies where it stands (no goodbye to any board)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)
        self._join()

    def stop(self):
        """Close its input: the listener stops gently (every board's
        connection closed, what was stored stays)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._join()

    def _join(self):
        if self._reader is not None:
            self._reader.join(10)
        if self.proc is not None:
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    stream.close()
                except (OSError, ValueError):
                    pass
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tests.club_hub")
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--keepalive", type=float, default=10.0)
    parser.add_argument("--ack-every", type=float, default=300.0)
    args = parser.parse_args(argv)
    from tricktally_host.club.listener import BoardListener
    from tricktally_host.db import Database

    lock = threading.Lock()

    def on_event(event):
        event = dict(event)
        event.pop("record", None)
        with lock:
            sys.stdout.write(json.dumps(event) + "\n")
            sys.stdout.flush()

    url = args.db
    listener = BoardListener(lambda: Database(url), host="127.0.0.1", port=args.port, on_event=on_event,
                             keepalive=args.keepalive, ack_every=args.ack_every)
    host, port = listener.start()
    sys.stdout.write(json.dumps({"listening": [host, port]}) + "\n")
    sys.stdout.flush()
    try:
        sys.stdin.read()  # until the parent closes it (or dies)
    finally:
        listener.stop()
    os._exit(0)


if __name__ == "__main__":
    main()
