# SPDX-License-Identifier: MIT
"""MicroPython's ``framebuf`` module on CPython: adafruit_framebuf's
``FrameBuffer`` with the few calls that behave differently from
MicroPython's C code made to match it exactly, so the same drawing calls
give the same bytes on both (tests compare the two).

The firmware imports ``framebuf``, which a board has built in; on the PC
``install()`` puts this module in its place before the firmware is
imported (the simulator, the host's commands, the tests' conftest, the
benchmarks), as the simulator injects its other stand-ins (tallyfakes).

- ``rect`` takes ``fill`` positionally (MicroPython) and, unfilled, draws
  its four edges where they are, clipped, instead of clipping the rectangle
  first and drawing edges along the screen border (adafruit);
- ``line`` uses MicroPython's integer Bresenham (adafruit's float version
  picks different pixels on some slopes);
- ``blit`` (missing in adafruit) with ``key`` and ``palette``;
- ``text`` is refused: the two libraries ship different fonts. Use
  ``tallyboard.text``, which owns its fonts.

And ``bytearray``, whose ``extend`` takes a string too (its UTF-8 bytes), as
MicroPython's does: tallyboard.text reads a string's bytes that way, and
takes this one where its ``framebuf`` has it.

Only the 1-bit MONO_VLSB layout (the SSD1306's page layout) is supported.
"""

import sys

import adafruit_framebuf as _af

MONO_VLSB = _af.MVLSB


class FrameBuffer(_af.FrameBuffer):
    """adafruit_framebuf.FrameBuffer, byte-for-byte like MicroPython's."""

    def __init__(self, buf, width, height, buf_format=MONO_VLSB, stride=None):
        if buf_format != MONO_VLSB:
            raise ValueError("the CPython FrameBuffer supports MONO_VLSB only, not format %r" % (buf_format,))
        need = ((height + 7) // 8) * (stride or width)
        if len(buf) < need:
            raise ValueError("framebuffer needs %d bytes, buffer has %d" % (need, len(buf)))
        super().__init__(buf, width, height, buf_format, stride)

    def rect(self, x, y, w, h, c, fill=False):
        """Outline (or with ``fill``, filled) rectangle, as MicroPython."""
        if fill:
            self.fill_rect(x, y, w, h, c)
            return
        # MicroPython draws four clipped fill_rects (framebuf.c).
        _af.FrameBuffer.rect(self, x, y, w, 1, c, fill=True)
        _af.FrameBuffer.rect(self, x, y + h - 1, w, 1, c, fill=True)
        _af.FrameBuffer.rect(self, x, y, 1, h, c, fill=True)
        _af.FrameBuffer.rect(self, x + w - 1, y, 1, h, c, fill=True)

    def fill_rect(self, x, y, w, h, c):
        """Filled rectangle, clipped to the buffer."""
        _af.FrameBuffer.rect(self, x, y, w, h, c, fill=True)

    def hline(self, x, y, w, c):
        """Horizontal line of ``w`` pixels."""
        _af.FrameBuffer.rect(self, x, y, w, 1, c, fill=True)

    def vline(self, x, y, h, c):
        """Vertical line of ``h`` pixels."""
        _af.FrameBuffer.rect(self, x, y, 1, h, c, fill=True)

    def _set(self, x, y, c):
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
            if c:
                self.buf[i] |= bit
            else:
                self.buf[i] &= ~bit & 0xFF

    def _get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def line(self, x1, y1, x2, y2, c):
        """Line from (x1, y1) to (x2, y2): MicroPython's algorithm."""
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self._set(y1, x1, c)
            else:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._set(x2, y2, c)

    def blit(self, src, x, y, key=-1, palette=None):
        """Copy ``src`` (a FrameBuffer) to (x, y), as MicroPython:
        ``palette`` maps source colours, then pixels equal to ``key``
        are skipped."""
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        if key == -1 and palette is None and y % 8 == 0:
            # Whole pages (the display's span copy): bytes, not pixels.
            self._copy_pages(src, x, y)
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def _copy_pages(self, src, x, y):
        x0 = max(0, x)
        x1 = max(0, -x)
        n = min(self.width, x + src.width) - x0
        p0 = max(0, y) >> 3
        p1 = max(0, -y) >> 3
        pages = min((self.height + 7) >> 3, (y + src.height + 7) >> 3) - p0
        for k in range(max(0, pages)):
            if (p1 + k) * 8 >= src.height:
                break
            d = (p0 + k) * self.stride + x0
            s = (p1 + k) * src.stride + x1
            if src.height - (p1 + k) * 8 >= 8 and self.height - (p0 + k) * 8 >= 8:
                self.buf[d:d + n] = src.buf[s:s + n]
            else:
                # A partial page (a height that is not a multiple of 8): pixels.
                for cx in range(n):
                    for r in range(min(8, src.height - (p1 + k) * 8, self.height - (p0 + k) * 8)):
                        self._set(x0 + cx, (p0 + k) * 8 + r, src._get(x1 + cx, (p1 + k) * 8 + r))

    def text(self, *args, **kwargs):
        """Refused: use tallyboard.text (the fonts differ per library)."""
        raise NotImplementedError("use tallyboard.text.draw: framebuf fonts differ between MicroPython and CPython")


class bytearray(bytearray):  # noqa: A001 (it stands in for the builtin in tallyboard.text)
    """The builtin bytearray, with ``extend`` taking a string as MicroPython's
    does (a string lends its UTF-8 bytes there)."""

    def extend(self, items):
        """Append ``items`` (bytes, ints or a string's UTF-8 bytes)."""
        super().extend(items.encode() if isinstance(items, str) else items)


def install():
    """Make ``import framebuf`` give this module (idempotent; a
    ``framebuf`` already imported is left alone)."""
    sys.modules.setdefault("framebuf", sys.modules[__name__])
