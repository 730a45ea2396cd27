# SPDX-License-Identifier: MIT
"""A simulated I2C bus with an SSD1306 on it, for tests and the simulator.

``SimI2C.writeto`` decodes what a driver sends exactly as the controller
does: each transfer starts with a control byte (Co bit 7, D/C# bit 6);
with Co=0 the rest of the transfer is all commands or all display data,
with Co=1 one byte follows and then another control byte. Commands keep
their state across transfers (a parameter may arrive in the next one).
Display data is written to a model of the 128x64 GDDRAM (MONO_VLSB page
layout, 1024 bytes) following the addressing mode and the column/page
window, so tests can check that the panel shows the framebuffer.
Every byte is counted in ``bytes_sent`` (the I2C address byte is not).
"""

# Parameter bytes taken by each multi-byte command.
_PARAMS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column window
    0x22: 2,  # page window
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # IREF select (SSD1306B)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide
    0xD9: 1,  # pre-charge
    0xDA: 1,  # COM pins
    0xDB: 1,  # VCOMH deselect
    0x26: 6, 0x27: 6,  # horizontal scroll setup
    0x29: 5, 0x2A: 5,  # vertical and horizontal scroll setup
}

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class SimI2C:
    """An I2C bus holding one simulated SSD1306 at ``addr``."""

    def __init__(self, addr=0x3C, width=128, height=64):
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.gddram = bytearray(width * self.pages)
        self.bytes_sent = 0
        self.transfers = 0
        self.contrast = 0x7F  # the controller's reset values
        self.on = False
        self.inverted = False
        self.entire_on = False
        self.mode = PAGE
        self.col_start, self.col_end = 0, width - 1
        self.page_start, self.page_end = 0, self.pages - 1
        self.col = 0
        self.page = 0
        self.commands = []  # every decoded command: (opcode, params tuple)
        self._cmd = None
        self._params = []

    # -- the bus ---------------------------------------------------------
    def writeto(self, addr, buf, start=0, end=None):
        """Write ``buf[start:end]`` to the device at ``addr`` (an OSError
        with errno 19, like MicroPython, when nothing answers there)."""
        if addr != self.addr:
            raise OSError(19, "no I2C device at address 0x%02x" % addr)
        data = bytes(buf)[start:end]
        self.transfers += 1
        self.bytes_sent += len(data)
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                raise ValueError("bad SSD1306 control byte 0x%02x" % ctrl)
            is_data = bool(ctrl & 0x40)
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
            else:
                while i < n:
                    self._byte(data[i], is_data)
                    i += 1
        return n

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # -- commands --------------------------------------------------------
    def _command_byte(self, b):
        if self._cmd is not None:
            self._params.append(b)
            if len(self._params) == _PARAMS[self._cmd]:
                self._execute(self._cmd, tuple(self._params))
                self._cmd = None
                self._params = []
            return
        if b in _PARAMS:
            self._cmd = b
            self._params = []
        else:
            self._execute(b, ())

    def _execute(self, op, args):
        self.commands.append((op, args))
        if op == 0x81:
            self.contrast = args[0]
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op == 0x20:
            self.mode = args[0] & 3
            if self.mode == 3:
                raise ValueError("invalid SSD1306 addressing mode 3")
        elif op == 0x21:
            self.col_start = args[0] & 0x7F
            self.col_end = args[1] & 0x7F
            self.col = self.col_start
        elif op == 0x22:
            self.page_start = args[0] & 7
            self.page_end = args[1] & 7
            self.page = self.page_start
        elif op <= 0x0F:  # page mode: lower column nibble
            self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:  # page mode: upper column nibble
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif 0xB0 <= op <= 0xB7:  # page mode: page
            self.page = op & 7

    # -- display data ----------------------------------------------------
    def _data(self, b):
        if self.col < self.width and self.page < self.pages:
            self.gddram[self.page * self.width + self.col] = b
        if self.mode == HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page addressing: the column wraps within the page
            self.col = 0 if self.col >= self.width - 1 else self.col + 1

    # -- looking at the panel --------------------------------------------
    def pixel(self, x, y):
        """1 if the panel's RAM has pixel (x, y) set, else 0."""
        return (self.gddram[(y >> 3) * self.width + x] >> (y & 7)) & 1

    def rows(self):
        """The panel as ``height`` strings of '#' (lit) and '.'."""
        out = []
        for y in range(self.height):
            out.append("".join("#" if self.pixel(x, y) else "." for x in range(self.width)))
        return out

    def visible(self, x, y):
        """1 if pixel (x, y) is lit as a viewer sees it (power, invert and
        entire-on applied)."""
        if not self.on:
            return 0
        if self.entire_on:
            return 1
        return self.pixel(x, y) ^ (1 if self.inverted else 0)
