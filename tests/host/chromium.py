# SPDX-License-Identifier: MIT
"""Open a page in Debian's headless chromium and report what happened.

The browser is driven over the Chrome DevTools Protocol on a pipe
(``--remote-debugging-pipe``: commands on fd 3, answers on fd 4, each a JSON
message ended by a NUL byte), so no extra library and no port are needed.
``render`` loads a file, collects console messages, uncaught exceptions,
log entries and every network request, runs a few DOM checks and can save a
screenshot. `make browser` installs chromium when it is missing.

Run as a script to take a screenshot: ``python -m tests.host.chromium PAGE.html OUT.png``.
"""

import base64
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
# The flags the issue asks for: no sandbox (root in a container), nothing
# fetched in the background, a fresh profile every run.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
    "--remote-debugging-pipe",
)
# What the page is asked once it has loaded (a JSON-able object).
PROBE = """({
  title: document.title,
  lang: document.documentElement.lang,
  tables: document.querySelectorAll('table').length,
  svgs: document.querySelectorAll('svg').length,
  games: document.querySelectorAll('details').length,
  headings: Array.from(document.querySelectorAll('h2')).map(h => h.textContent),
  scripts: document.querySelectorAll('script').length,
  injected: document.querySelectorAll('main b, main script, main img').length,
  width: document.documentElement.scrollWidth,
  height: document.documentElement.scrollHeight
})"""


class BrowserMissing(RuntimeError):
    """Chromium is not installed."""


def executable():
    """The chromium binary; BrowserMissing (one line saying how to get it) when absent."""
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not path:
        raise BrowserMissing("chromium is not installed: run `make browser` (it runs apt-get install -y chromium)")
    return path


class _Pipe:
    """The DevTools pipe of one chromium process."""

    def __init__(self, proc, to_browser, from_browser):
        self.proc = proc
        self.to_browser = to_browser
        self.from_browser = from_browser
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("chromium did not answer in time")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if ready:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe (exit %r)" % self.proc.poll())
                self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(raw)

    def send(self, method, params=None, session=None, timeout=30):
        """Send one command and wait for its answer; events meanwhile are kept in ``events``."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s failed: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=30):
        """Wait until event ``method`` has arrived (it may have already)."""
        deadline = time.monotonic() + timeout
        while not any(e.get("method") == method for e in self.events):
            self.events.append(self._read_message(deadline))


def render(page, screenshot=None, width=1000, height=1300):
    """Load file ``page`` in headless chromium. Returns a dict: ``errors``
    (console errors and warnings, uncaught exceptions, error log entries, as
    text), ``requests`` (URLs the page asked for beyond itself), ``probe``
    (PROBE's answer) and ``stderr`` (chromium's log). Saves a PNG of the top
    of the page to ``screenshot`` when given."""
    url = pathlib.Path(page).resolve().as_uri()
    with tempfile.TemporaryDirectory(prefix="tricktally-chromium-") as profile:
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def wire():
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        log = open(os.path.join(profile, "stderr.txt"), "w+b")
        proc = subprocess.Popen(
            [executable(), *FLAGS, "--user-data-dir=" + os.path.join(profile, "profile"), "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            pass_fds=(3, 4),
            preexec_fn=wire,
        )
        os.close(to_r)
        os.close(from_w)
        pipe = _Pipe(proc, to_w, from_r)
        try:
            target = pipe.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = pipe.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Runtime", "Log", "Network", "Page"):
                pipe.send(domain + ".enable", session=session)
            pipe.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
            pipe.events.clear()
            pipe.send("Page.navigate", {"url": url}, session=session)
            pipe.wait_for("Page.loadEventFired", timeout=60)
            probe = pipe.send("Runtime.evaluate", {"expression": PROBE, "returnByValue": True}, session=session)
            shot = None
            if screenshot:
                shot = pipe.send("Page.captureScreenshot", {"format": "png"}, session=session, timeout=60)["data"]
            try:
                pipe.send("Browser.close", timeout=10)
            except (RuntimeError, TimeoutError):
                pass
        finally:
            os.close(to_w)
            os.close(from_r)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.seek(0)
        stderr = log.read().decode("utf-8", "replace")
        log.close()
    if shot is not None:
        pathlib.Path(screenshot).write_bytes(base64.b64decode(shot))
    errors, requests = [], []
    for event in pipe.events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            errors.append("console.%s: %s" % (params["type"], [a.get("value") for a in params.get("args", [])]))
        elif method == "Runtime.exceptionThrown":
            errors.append("exception: %s" % params["exceptionDetails"].get("text"))
        elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
            errors.append("log: %s" % params["entry"].get("text"))
        elif method == "Network.requestWillBeSent":
            request_url = params["request"]["url"]
            if request_url != url and not request_url.startswith("data:"):
                requests.append(request_url)
    return {"errors": errors, "requests": requests, "probe": probe["result"]["value"], "stderr": stderr}


if __name__ == "__main__":
    result = render(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
    print(json.dumps({k: v for k, v in result.items() if k != "stderr"}, ensure_ascii=False, indent=2))
    sys.exit(1 if result["errors"] or result["requests"] else 0)
