# SPDX-License-Identifier: MIT
"""One framebuffer API on the board and on the PC.

On MicroPython this is the builtin ``framebuf``. On CPython it is
adafruit_framebuf's ``FrameBuffer`` with the few calls that behave
differently from MicroPython's C code made to match it exactly, so the same
drawing calls give the same bytes on both (tests compare the two):

- ``rect`` takes ``fill`` positionally (MicroPython) and, unfilled, draws
  its four edges where they are, clipped, instead of clipping the rectangle
  first and drawing edges along the screen border (adafruit);
- ``line`` uses MicroPython's integer Bresenham (adafruit's float version
  picks different pixels on some slopes);
- ``blit`` (missing in adafruit) with ``key`` and ``palette``;
- ``text`` is refused: the two libraries ship different fonts. Use
  ``tallyboard.text``, which owns its fonts.

Only the 1-bit MONO_VLSB layout (the SSD1306's page layout) is supported on
CPython.
"""

try:
    from framebuf import FrameBuffer, MONO_VLSB  # noqa: F401  (MicroPython)
except ImportError:
    from tallyboard.fb_cpython import FrameBuffer, MONO_VLSB  # noqa: F401
