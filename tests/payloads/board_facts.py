# SPDX-License-Identifier: MIT
"""Payload: what MicroPython this is, in one JSON line: ``{"facts":
{"platform", "version", "maxsize", "mpy", "framebuf", "heap"}}`` (``heap``:
free plus allocated bytes after a collection, or None on a port whose
collector runs only between calls). No input."""

import gc
import json
import sys


def facts():
    """The platform facts as a dict."""
    try:
        import framebuf  # noqa: F401

        has_framebuf = True
    except ImportError:
        has_framebuf = False
    gc.collect()
    impl = sys.implementation
    return {"platform": sys.platform, "version": list(impl.version[:3]), "maxsize": sys.maxsize,
            "mpy": getattr(impl, "_mpy", None), "framebuf": has_framebuf,
            "heap": gc.mem_free() + gc.mem_alloc() if hasattr(gc, "mem_free") else None}


if __name__ == "__main__":
    print(json.dumps({"facts": facts()}))
