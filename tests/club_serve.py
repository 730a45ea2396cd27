# SPDX-License-Identifier: MIT
"""The hub as a club runs it, for the night's end-to-end tests (issue
27): ``tricktally club serve`` in a process of its own on 127.0.0.1
(``ServedHub``: the pages and the board listener, stopped with Ctrl-C's
signal), and the director at its pages with a plain HTTP client
(``Director``: the login form, the session cookie, the CSRF token of
each form, the night's actions as its forms post them)."""

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.parse
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServedHub:
    """`tricktally club serve --db URL` with the director's password in
    ``password_file``; ``web`` its base URL, ``board_port`` the boards'."""

    def __init__(self, url, password_file):
        self.url = str(url)
        self.password_file = str(password_file)
        self.proc = None
        self.web = None
        self.board_port = None
        self.output = []

    def start(self, timeout=60):
        for _attempt in range(3):
            port, self.board_port = free_port(), free_port()
            exe = os.path.join(os.path.dirname(sys.executable), "tricktally")
            self.proc = subprocess.Popen(
                [exe, "club", "serve", "--db", self.url, "--host", "127.0.0.1", "--port", str(port),
                 "--board-port", str(self.board_port), "--password-file", self.password_file],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            line = self.proc.stdout.readline()
            self.output.append(line)
            if line.startswith("the hub is at"):
                self.web = "http://127.0.0.1:%d" % port
                return self
            self.stop()  # a port taken meanwhile: another pair
        raise RuntimeError("the hub did not start: %r" % self.output)

    def stop(self):
        """Ctrl-C's signal: the hub stops cleanly; what was stored stays."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.output.append(self.proc.stdout.read())
        self.proc.stdout.close()
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


class Director:
    """The director at hub ``web`` (its base URL) with ``password``."""

    def __init__(self, web, password):
        self.web = web
        self.password = password
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path):
        with self.opener.open(self.web + path, timeout=30) as answer:
            return answer.read().decode("utf-8")

    def post(self, path, fields, form_page):
        """Post ``fields`` to ``path`` with the CSRF token of ``form_page``
        (the page whose form it is); the page it is sent on to."""
        page = self.get(form_page)
        found = re.search(r'name="csrf" value="([^"]+)"', page)
        assert found, "no CSRF token on %s" % form_page
        data = urllib.parse.urlencode(dict(fields, csrf=found.group(1))).encode()
        with self.opener.open(self.web + path, data=data, timeout=60) as answer:
            return answer.geturl(), answer.read().decode("utf-8")

    def login(self):
        self.post("/director/login", {"password": self.password}, "/director")

    def create_night(self, name, game, players, tables, seats, movement, rounds):
        """The night's id, from the page the form leads to."""
        where, _page = self.post("/director/night", {
            "name": name, "game": game, "players": "\n".join(players), "tables": tables, "seats": seats,
            "movement": movement, "rounds": rounds}, "/director")
        found = re.search(r"/director/night/(\d+)", where)
        assert found, "creating the night led to %s" % where
        return int(found.group(1))

    def act(self, night_id, action, **fields):
        """``assign`` (table, device), ``start``, ``end``: the night's forms."""
        page = "/director/night/%d" % night_id
        return self.post("%s/%s" % (page, action), fields, page)
