# SPDX-License-Identifier: MIT
"""The set-up of a ``tallyboard.display.Display``: checks the panel's size
and makes the framebuffer, the shadow copy and the send buffers. It runs
once at boot, so it is a module of its own that Display.__init__ loads and
forgets: a game does not keep its code in RAM."""

from tallyboard.text import FrameBuffer, MONO_VLSB  # framebuf, or its CPython twin

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# As in tallyboard.display: the I2C control bytes (commands, data), the
# SSD1306 window registers, the span step and the window's command bytes.
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SPAN_STEP = const(8)
_WINDOW_CMD = const(7)


def init(d, i2c, addr, width, height):
    """Give the display ``d`` its buffers for a ``width`` x ``height`` panel
    at ``addr`` on ``i2c`` (see Display)."""
    if width < 8 or width > 128 or width % _SPAN_STEP:
        raise ValueError("SSD1306 width must be a multiple of 8 up to 128, not %r" % (width,))
    if height not in (16, 32, 64):
        raise ValueError("SSD1306 height must be 16, 32 or 64, not %r" % (height,))
    d.i2c = i2c
    d.addr = addr
    d.width = width
    d.height = height
    d.pages = height // 8
    size = width * d.pages
    # raw[0] is spare: it holds _CTRL_DATA so the whole frame goes in one
    # transfer without copying. (The bytearrays are kept alive by their
    # views: no attribute of their own.)
    raw = bytearray(size + 1)
    raw[0] = _CTRL_DATA
    raw = memoryview(raw)
    d._frame = raw
    d.buffer = raw[1:]
    d.fb = FrameBuffer(d.buffer, width, height, MONO_VLSB)
    d._shadow = bytearray(size)
    shadow = memoryview(d._shadow)
    d._page_views = [d.buffer[p * width:(p + 1) * width] for p in range(d.pages)]
    d._shadow_views = [shadow[p * width:(p + 1) * width] for p in range(d.pages)]
    # With an overlay, the frame as drawn is kept here while the overlay
    # draws on it (made at the first such show: 1 KB only then).
    d._save = None
    d._save_views = None
    # Pages of the frame as last drawn and shown (the shadow, or _save
    # under an overlay): what keep/kept put back.
    d._kept_views = None
    d._zero = bytes(width)  # one blank page row, for keep()
    tx = bytearray(width + 1)
    tx[0] = _CTRL_DATA
    tx = memoryview(tx)
    d._txfb = FrameBuffer(tx[1:], width, 8, MONO_VLSB)
    # _sends[k] sends k * _SPAN_STEP data bytes.
    d._sends = [tx[:k * _SPAN_STEP + 1] for k in range(width // _SPAN_STEP + 1)]
    d._window = bytearray(_WINDOW_CMD)
    d._window[0] = _CTRL_CMD
    d._window[1] = _SET_COL_ADDR
    d._window[4] = _SET_PAGE_ADDR
    d._cmd = bytearray(3)
    d._cmd[0] = _CTRL_CMD
    d._cmd1 = memoryview(d._cmd)[:2]
    # Per-page dirty span found by show(): first column, byte count.
    d._lo = bytearray(d.pages)
    d._n = bytearray(d.pages)
    d._valid = False  # the panel's RAM is unknown until the first show
    d.bytes_total = 0
    # ``overlay(display)`` changes every frame just before it is sent
    # (the battery mark and the pixel shift, tallyboard.keeper), or None.
    d.overlay = None
