# SPDX-License-Identifier: MIT
"""SSD1306 128x64 OLED over I2C, sending only what changed.

Drawing goes to ``Display.fb`` (MicroPython's framebuf.FrameBuffer; on
CPython its twin, see tallyboard.text). ``show()`` compares the framebuffer
with a shadow copy of what the panel holds, page by page (a page is 8
pixel rows, one byte a column) and in each page that differs chunk by
chunk: each run of differing chunks goes as one span, trimmed to its first
and last differing byte. The panel is in page addressing mode, so a span
costs 5 bytes besides its data: a command transfer (its control byte, then
the column and the page in three one-byte commands) and the data's control
byte; a later span on the same page 4 (the panel keeps the page: only the
column is set). It returns the number of bytes written to the bus, so
screens can be measured.

The compares and copies are C code over views made once (a page, a
chunk); show() allocates one slice a span, what it sends.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  (CPython)

# SSD1306 command registers (datasheet section 9).
_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)

# Page addressing (datasheet 10.1.3): the page, and the column's low and
# high nibbles, each a one-byte command.
_SET_PAGE = const(0xB0)
_SET_COL_HIGH = const(0x10)

# No operation: pads a one-byte command to the 3-byte command transfer.
_NOP = const(0xE3)

# I2C control bytes: Co=0 then D/C#: the rest of the transfer is commands
# (0x00) or display data (0x40).
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)

# Pages are compared in chunks of this many bytes (tallyboard.display_init
# cuts the page copies into them, on a grid that starts half a chunk in):
# a chunk that matches is never sent.
_CHUNK = const(16)


class Display:
    """SSD1306 on ``i2c`` (anything with ``writeto(addr, buf)``).

    ``fb`` is the framebuffer to draw on; ``show()`` updates the panel.
    """

    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False):
        # The buffers are made once, by tallyboard.display_init (forgotten
        # after: RAM on the board).
        from tallyboard import display_init, unload

        display_init.init(self, i2c, addr, width, height)
        unload("tallyboard.display_init")
        self.init_display(external_vcc)

    def init_display(self, external_vcc=False):
        """Send the power-up sequence (display on, page addressing)."""
        seq = bytes((
            _CTRL_CMD,
            _SET_DISP,  # off while configuring
            _SET_MEM_ADDR, 0x02,  # page addressing: a span is set in 3 one-byte commands
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | 0x01,  # column 127 mapped to SEG0
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | 0x08,  # scan from COM[N-1] to COM0
            _SET_DISP_OFFSET, 0x00,
            _SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_PRECHARGE, 0x22 if external_vcc else 0xF1,
            _SET_VCOM_DESEL, 0x30,
            _SET_CONTRAST, 0xFF,
            _SET_ENTIRE_ON,  # show RAM contents
            _SET_NORM_INV,  # not inverted
            _SET_CHARGE_PUMP, 0x10 if external_vcc else 0x14,
            _SET_DISP | 0x01,  # on
        ))
        self.i2c.writeto(self.addr, seq)
        self.bytes_total += len(seq)
        self._valid = False
        self.on = True

    def _command(self, cmd, arg=_NOP):
        # Through show()'s column transfer (the window's control byte and
        # next two; _copies[5] views them): no buffer of its own for these
        # rare commands.
        window = self._window
        window[1] = cmd
        window[2] = arg
        self.i2c.writeto(self.addr, self._copies[5])
        self.bytes_total += 3

    def contrast(self, value):
        """Set the contrast, 0..255."""
        if not 0 <= value <= 255:
            raise ValueError("contrast must be 0..255, not %r" % (value,))
        self._command(_SET_CONTRAST, value)

    def power(self, on):
        """Turn the panel on or off (RAM is kept while off: the SSD1306
        sleeps, its charge pump stops, and on again shows the same picture)."""
        self._command(_SET_DISP | (1 if on else 0))
        self.on = bool(on)

    def invert(self, on):
        """Show white on black (False) or black on white (True)."""
        self._command(_SET_NORM_INV | (1 if on else 0))

    def invalidate(self):
        """Forget what the panel holds: the next show() sends everything."""
        self._valid = False

    def keep(self, pages):
        """Start a redraw of only the 8-pixel ``pages`` (a bit mask, page 0
        = bit 0): clear them. ``kept()`` then puts every other page back as
        it was last shown, whatever the drawing did there (a line of text
        reaches 2 rows into the page above). Returns False before the
        first show(): nothing to put back yet (``keep(255)`` is a fast
        clear of the whole frame all the same)."""
        pv = self._page_views
        zero = self._zero
        for p in range(len(pv)):
            if pages >> p & 1:
                pv[p][:] = zero  # a copy in C: framebuf's fill sets pixel by pixel
        return self._kept_views is not None

    def kept(self, pages):
        """End the redraw ``keep(pages)`` began (see there)."""
        kv = self._kept_views
        pv = self._page_views
        for p in range(len(pv)):
            if not pages >> p & 1:
                pv[p][:] = kv[p]

    def show(self):
        """Send the changed parts of the framebuffer (after the overlay);
        return bytes sent. The framebuffer is left as drawn (the overlay
        goes on it for the send only)."""
        overlay = self.overlay
        if overlay is not None:
            saved = self._save_views
            if saved is None:
                save = memoryview(bytearray(len(self.buffer)))
                w = self.width
                # A loop, not a comprehension: one would close over save
                # and w, and every show() would make those cells.
                saved = self._save_views = []
                for p in range(len(self._page_views)):
                    saved.append(save[p * w:(p + 1) * w])
                saved.append(save)  # the whole frame last, as the shadow's
            saved[-1][:] = self.buffer
            overlay(self)
        valid = self._valid
        width = self.width
        pv = self._page_views
        sv = self._shadow_views
        tx, x, y, xc, yc, columns = self._copies
        at = self._window
        i2c = self.i2c
        addr = self.addr
        n = len(xc)
        last = n - 1  # the empty pair's index
        sent = 0
        for p in range(len(pv)):
            if not valid:  # the panel's RAM is unknown: every page whole
                x[:] = pv[p]
                at[1] = 0
                at[2] = _SET_COL_HIGH
                at[3] = _SET_PAGE | p
                i2c.writeto(addr, at)
                i2c.writeto(addr, tx)  # tx[0] is the data control byte
                sent += width + 5
                continue
            if pv[p] == sv[p]:
                continue
            x[:] = pv[p]  # copies in C, nothing allocated
            y[:] = sv[p]
            at[3] = _SET_PAGE | p
            # The page's first span sets the page too; the panel keeps it
            # for the others, which set only the column (a byte less).
            cmd = at
            over = 6  # bytes a span sends besides its data, plus one
            # Each run of differing chunks goes as one span, trimmed to
            # its first and last differing byte: a matching chunk between
            # two runs (_CHUNK bytes) costs more to send than a span of its
            # own (4 command bytes, the control byte, two transfers). The
            # last pair of chunk views is empty: it always matches, and
            # ends the last run. Chunk k > 0 starts at column 16k - 8
            # (display_init: the grid starts half a chunk in).
            k = 0
            while k < n:
                if xc[k] == yc[k]:
                    k += 1
                    continue
                j = k + 1
                while xc[j] != yc[j]:
                    j += 1
                a = k * _CHUNK - _CHUNK // 2 if k else 0
                while x[a] == y[a]:
                    a += 1
                b = j * _CHUNK - _CHUNK // 2 - 1 if j < last else width - 1
                while x[b] == y[b]:
                    b -= 1
                at[1] = a & 15
                at[2] = _SET_COL_HIGH | a >> 4
                i2c.writeto(addr, cmd)
                # The data control byte goes in the byte before column a
                # (tx's spare byte, or a column of this copy no longer
                # looked at): the span goes from the copy, one slice.
                tx[a] = _CTRL_DATA
                i2c.writeto(addr, tx[a:b + 2])
                sent += b - a + over  # the command bytes, the control byte, the data
                cmd = columns
                over = 5
                k = j + 1  # chunk j matched
        if sent:
            # Every differing byte went out: the panel now holds the frame.
            sv[-1][:] = self.buffer  # the whole shadow
            self._valid = True
            self.bytes_total += sent
        if overlay is not None:
            self.buffer[:] = saved[-1]
            self._kept_views = saved
        else:
            self._kept_views = sv  # the panel holds the frame as drawn
        return sent
