# SPDX-License-Identifier: MIT
"""Serve the board's static folder on this machine (Python's http.server).

Nothing but the folder's files: the page needs no server logic, so any
static host serves it as well. Bound to 127.0.0.1: the page is for this
machine's browser. The browser keeps the games per address, port included,
so the same port finds them again (DEFAULT_PORT).
"""

import functools
import http.server
import threading

HOST = "127.0.0.1"
DEFAULT_PORT = 8037
# Types the page needs that not every Python's table has: the port is
# compiled by the browser only when served as application/wasm, and a
# module script must be JavaScript.
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".bin": "application/octet-stream"}


class WebError(Exception):
    """The folder cannot be served; str() is one line."""


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        # A rebuilt folder is picked up at the next load.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass  # one line per file would bury the address


def make_server(folder, port=DEFAULT_PORT, host=HOST):
    """An HTTP server for ``folder`` on ``host:port`` (port 0: any free
    one), not yet serving. WebError when the port cannot be had."""
    handler = functools.partial(_Files, directory=str(folder))
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as e:
        raise WebError("cannot serve on %s:%d: %s (pick another port with --web-port; the games kept in the browser "
                       "belong to the address they were played at)" % (host, port, e.strerror or e))
    server.daemon_threads = True
    return server


def url_of(server):
    """The page's address on ``server``."""
    host, port = server.server_address[:2]
    return "http://%s:%d/" % (host, port)


def serve_forever(server, echo=print, open_browser=False):
    """Serve until Ctrl-C, after printing the address."""
    url = url_of(server)
    echo("the board is at %s (Ctrl-C stops the server)" % url)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


class Background:
    """``make_server`` served from a thread, for tests and benchmarks:
    ``with Background(folder) as url: ...``."""

    def __init__(self, folder, port=0):
        self.server = make_server(folder, port)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return url_of(self.server)

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
