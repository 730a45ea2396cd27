# SPDX-License-Identifier: MIT
"""Open a page in Debian's headless chromium and report what happened.

The browser is driven over the Chrome DevTools Protocol on a pipe
(``--remote-debugging-pipe``: commands on fd 3, answers on fd 4, each a JSON
message ended by a NUL byte), so no extra library and no port are needed.
``Browser`` is one such browser with one tab (load, evaluate, keys,
screenshots, downloads, and what the page reported); ``render`` loads a
file with it, collects console messages, uncaught exceptions, log entries
and every network request, runs a few DOM checks and can save a
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


class Browser:
    """One headless chromium with one tab, driven over the DevTools pipe:
    ``with Browser() as b: b.goto(url); b.evaluate("1 + 1")``. Everything
    the tab reports (console, exceptions, log entries, requests) is kept
    for ``problems``. ``downloads``: a folder that takes the tab's
    downloads (``wait_download``)."""

    def __init__(self, width=1000, height=1300, downloads=None):
        self._profile = tempfile.TemporaryDirectory(prefix="tricktally-chromium-")
        profile = self._profile.name
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def wire():
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self._log = open(os.path.join(profile, "stderr.txt"), "w+b")
        self.proc = subprocess.Popen(
            [executable(), *FLAGS, "--user-data-dir=" + os.path.join(profile, "profile"), "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
            pass_fds=(3, 4),
            preexec_fn=wire,
        )
        os.close(to_r)
        os.close(from_w)
        self.pipe = _Pipe(self.proc, to_w, from_r)
        self._fds = (to_w, from_r)
        self.url = None
        try:
            target = self.pipe.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.pipe.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Runtime", "Log", "Network", "Page"):
                self.send(domain + ".enable")
            self.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            if downloads is not None:
                self.pipe.send("Browser.setDownloadBehavior",
                               {"behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True})
        except BaseException:
            self.close()
            raise
        self.pipe.events.clear()

    def send(self, method, params=None, timeout=30):
        """A DevTools command to the tab; its answer."""
        return self.pipe.send(method, params, session=self.session, timeout=timeout)

    def goto(self, url, timeout=60):
        """Load ``url`` and wait for its load event."""
        self.url = url
        self._loaded = len(self.pipe.events)
        self.send("Page.navigate", {"url": url})
        self._wait_load(timeout)

    def reload(self, timeout=60):
        """Reload the page and wait for its load event."""
        self._loaded = len(self.pipe.events)
        self.send("Page.reload", {"ignoreCache": False})
        self._wait_load(timeout)

    def _wait_load(self, timeout):
        deadline = time.monotonic() + timeout
        while not any(e.get("method") == "Page.loadEventFired" for e in self.pipe.events[self._loaded:]):
            self.pipe.events.append(self.pipe._read_message(deadline))

    def evaluate(self, expression, timeout=30):
        """The JSON value of ``expression`` in the page (a promise is
        awaited); RuntimeError with the page's message when it throws."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                          timeout=timeout)
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise RuntimeError("the page threw: %s" % details.get("exception", {}).get("description", details.get("text")))
        return reply["result"].get("value")

    def wait_until(self, expression, timeout=30, every=0.01):
        """Evaluate ``expression`` until it is truthy; its value. TimeoutError
        naming it otherwise."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError("the page never made %s true" % expression)
            time.sleep(every)

    def key(self, key, code=None, text=None, vk=0, shift=False, hold=0.0):
        """Press and let go of one key, as the keyboard sends it (``hold``:
        seconds between down and up)."""
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk, "modifiers": 8 if shift else 0}
        down = dict(params, type="keyDown")
        if text is not None:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", down)
        if hold:
            time.sleep(hold)
        self.send("Input.dispatchKeyEvent", dict(params, type="keyUp"))

    def mouse(self, x, y, hold=0.0):
        """Press the left mouse button at (x, y) in CSS pixels, and let go."""
        params = {"x": x, "y": y, "button": "left", "clickCount": 1}
        self.send("Input.dispatchMouseEvent", dict(params, type="mouseMoved", button="none", clickCount=0))
        self.send("Input.dispatchMouseEvent", dict(params, type="mousePressed"))
        if hold:
            time.sleep(hold)
        self.send("Input.dispatchMouseEvent", dict(params, type="mouseReleased"))

    def touch(self, x, y, hold=0.0):
        """Touch the screen at (x, y) with one finger, and lift it."""
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        if hold:
            time.sleep(hold)
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def screenshot(self, path, clip=None):
        """Save a PNG of the page (``clip``: {x, y, width, height} in CSS
        pixels, at scale 1)."""
        params = {"format": "png"}
        if clip is not None:
            params["clip"] = dict(clip, scale=1)
        data = self.send("Page.captureScreenshot", params, timeout=60)["data"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))

    def wait_download(self, timeout=30):
        """Wait for a download to complete; its file name as the page named it."""
        deadline = time.monotonic() + timeout
        seen = 0
        names = {}
        while True:
            for event in self.pipe.events[seen:]:
                params = event.get("params", {})
                if event.get("method") == "Browser.downloadWillBegin":
                    names[params["guid"]] = params["suggestedFilename"]
                elif event.get("method") == "Browser.downloadProgress" and params.get("state") == "completed":
                    self.pipe.events.remove(event)
                    return names[params["guid"]]
                elif event.get("method") == "Browser.downloadProgress" and params.get("state") == "canceled":
                    raise RuntimeError("the download was cancelled")
            seen = len(self.pipe.events)
            self.pipe.events.append(self.pipe._read_message(deadline))

    def problems(self, own=()):
        """(errors, requests) seen so far: console errors and warnings,
        uncaught exceptions, error log entries; and every request for a URL
        that is not the page itself, data: or blob:, nor starts with one of
        ``own`` (the page's own site)."""
        errors, requests = [], []
        for event in self.pipe.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                errors.append("console.%s: %s" % (params["type"], [a.get("value", a.get("description")) for a in params.get("args", [])]))
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                errors.append("exception: %s %s" % (details.get("text"), details.get("exception", {}).get("description", "")))
            elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
                errors.append("log: %s" % params["entry"].get("text"))
            elif method == "Network.requestWillBeSent":
                request_url = params["request"]["url"]
                if request_url == self.url or request_url.startswith(("data:", "blob:")):
                    continue
                if own and request_url.startswith(tuple(own)):
                    continue
                requests.append(request_url)
        return errors, requests

    def stderr(self):
        """What chromium logged so far."""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def close(self):
        """Close the browser and remove its profile."""
        if self.proc.poll() is None:
            try:
                self.pipe.send("Browser.close", timeout=10)
            except (RuntimeError, TimeoutError, OSError):
                pass
        for fd in self._fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self._fds = ()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()
        self._profile.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def render(page, screenshot=None, width=1000, height=1300):
    """Load file ``page`` in headless chromium. Returns a dict: ``errors``
    (console errors and warnings, uncaught exceptions, error log entries, as
    text), ``requests`` (URLs the page asked for beyond itself), ``probe``
    (PROBE's answer) and ``stderr`` (chromium's log). Saves a PNG of the top
    of the page to ``screenshot`` when given."""
    url = pathlib.Path(page).resolve().as_uri()
    with Browser(width, height) as browser:
        browser.goto(url)
        probe = browser.evaluate(PROBE)
        if screenshot:
            browser.screenshot(screenshot)
        errors, requests = browser.problems()
        stderr = browser.stderr()
    return {"errors": errors, "requests": requests, "probe": probe, "stderr": stderr}


if __name__ == "__main__":
    result = render(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
    print(json.dumps({k: v for k, v in result.items() if k != "stderr"}, ensure_ascii=False, indent=2))
    sys.exit(1 if result["errors"] or result["requests"] else 0)
