# SPDX-License-Identifier: MIT
"""The set-up of a ``tallyboard.display.Display``: checks the panel's size
and makes the framebuffer, the shadow copy, the page copies show()
compares and sends from, and the command buffers. It runs once at boot,
so it is a module of its own that Display.__init__ loads and forgets: a
game does not keep its code in RAM."""

from tallyboard.text import FrameBuffer, MONO_VLSB  # framebuf, or its CPython twin

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# As in tallyboard.display: the I2C control bytes and the chunk size.
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)
_CHUNK = const(16)


def init(d, i2c, addr, width, height):
    """Give the display ``d`` its buffers for a ``width`` x ``height`` panel
    at ``addr`` on ``i2c`` (see Display)."""
    if width < _CHUNK or width > 128 or width % _CHUNK:
        raise ValueError("SSD1306 width must be a multiple of 16 up to 128, not %r" % (width,))
    if height not in (16, 32, 64):
        raise ValueError("SSD1306 height must be 16, 32 or 64, not %r" % (height,))
    d.i2c = i2c
    d.addr = addr
    d.width = width
    d.height = height
    pages = height // 8
    size = width * pages
    # (The bytearrays are kept alive by their views: no attribute of their
    # own, and the fewer attributes, the smaller the instance's table.)
    d.buffer = memoryview(bytearray(size))
    d.fb = FrameBuffer(d.buffer, width, height, MONO_VLSB)
    shadow = memoryview(bytearray(size))
    d._page_views = [d.buffer[p * width:(p + 1) * width] for p in range(pages)]
    # The shadow's pages, then the whole shadow (for show()'s copy).
    d._shadow_views = [shadow[p * width:(p + 1) * width] for p in range(pages)] + [shadow]
    # With an overlay, the frame as drawn is kept in views like the
    # shadow's while the overlay draws on it (made at the first such show:
    # 1 KB only then).
    d._save_views = None
    # Pages of the frame as last drawn and shown (the shadow's views, or
    # the save's under an overlay): what keep/kept put back.
    d._kept_views = None
    d._zero = bytes(width)  # one blank page row, for keep()
    # show() copies a changed page of the frame to x and the shadow's to y,
    # and compares them chunk by chunk through the views xc and yc (made
    # once: a slice made in show() would be a heap object each time; the
    # last ones are empty: they always match, ending show()'s runs). tx is
    # x with one spare byte in front, for the data control byte.
    tx = memoryview(bytearray(width + 1))
    tx[0] = _CTRL_DATA
    x = tx[1:]
    y = memoryview(bytearray(width))
    # The chunks: _CHUNK columns each, on a grid that starts half a chunk
    # in (columns 0-7, 8-23, ..., width-8 to width-1; show() reckons their
    # edges the same way). The screens' text and columns then start or end
    # less often just inside a chunk: over the longest game (6-player
    # Wizard) a quarter fewer bytes for show() to trim one by one, 3% fewer
    # sent (4% on the presses that change the screen) than on a grid from 0.
    xc = [x[:_CHUNK // 2]]
    yc = [y[:_CHUNK // 2]]
    for k in range(_CHUNK // 2, width, _CHUNK):
        xc.append(x[k:k + _CHUNK])
        yc.append(y[k:k + _CHUNK])
    xc.append(x[width:])
    yc.append(y[width:])
    # Sets where the next data goes: control, column low, column high,
    # page. Its first 3 bytes (the last of the copies) set the column only,
    # for a later span on the same page; Display._command sends its
    # commands through them too.
    d._window = bytearray(4)
    d._window[0] = _CTRL_CMD
    d._copies = (tx, x, y, xc, yc, memoryview(d._window)[:3])
    d._valid = False  # the panel's RAM is unknown until the first show
    d.bytes_total = 0
    # ``overlay(display)`` changes every frame just before it is sent
    # (the battery mark and the pixel shift, tallyboard.keeper), or None.
    d.overlay = None
