# SPDX-License-Identifier: MIT
"""Where the text layer and the core keep their RAM down (docs/MEMORY.md,
"The core and the text layer"): font modules forgotten once read, the
CPython framebuffer the host's (never on the board), and the same on the
MicroPython unix port."""

import json
import sys

from tallyboard import text
from tests.mpvm import run_micropython


def test_fonts_are_read_then_their_modules_forgotten():
    assert "tallyboard.font_small" not in sys.modules
    assert "tallyboard.font_big" not in sys.modules
    # what the fonts draw from is kept by the Font objects
    assert isinstance(text.SMALL.cut[3].buf, bytearray)  # the strip framebuffer's bytes
    assert text.SMALL.glyph(ord("é")) is not None and text.BIG.glyph(ord("7")) is not None and text.BIG.glyph(ord("A")) is None
    # BIG's map stops at its last character ('?', 0x3F), and beyond it
    # a code point is simply not in the font
    assert len(text.BIG.map) == 0x40  # (the map starts at code point 0)
    assert text.BIG.glyph(0x41) is None and text.BIG.glyph(0xE9) is None


def test_on_cpython_the_firmware_draws_with_the_hosts_framebuf():
    from tricktally_host import framebuf

    assert text.FrameBuffer is framebuf.FrameBuffer
    assert text.MONO_VLSB == framebuf.MONO_VLSB
    # with the bytearray whose extend() takes a string, as MicroPython's
    assert text.bytearray is framebuf.bytearray


def test_on_micropython_fonts_and_amend_stay_out_of_ram_and_text_draws():
    out = run_micropython(
        """
import gc, json, sys
from tallyboard import text
from tallyboard.text import FrameBuffer, MONO_VLSB
from tricktally import new_game
fb = FrameBuffer(bytearray(128 * 8), 128, 64, MONO_VLSB)
x = text.draw(fb, "Año 10", 0, 0)
lit = sum(1 for i in range(128) for j in range(10) if fb.pixel(i, j))
g = new_game("wizard", ["A", "B", "C"])
print(json.dumps({"x": x, "lit": lit, "loaded": sorted(m for m in sys.modules if "font" in m or "amend" in m or "hand" in m)}))
"""
    )
    line = json.loads(out.strip().splitlines()[-1])
    assert line["loaded"] == []
    assert line["x"] == 6 * 6
    assert line["lit"] > 0
    # the same pixels as on CPython
    fb2 = text.FrameBuffer(bytearray(128 * 8), 128, 64, text.MONO_VLSB)
    text.draw(fb2, "Año 10", 0, 0)
    assert line["lit"] == sum(1 for i in range(128) for j in range(10) if fb2.pixel(i, j))
