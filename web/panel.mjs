// SPDX-License-Identifier: MIT
// The page's SSD1306: the controller's side of the I2C bus, and its glass.
//
// Panel.write() decodes one transfer as the controller does (datasheet
// 8.1.5 and 10): a control byte (Co bit 7, D/C# bit 6); with Co=0 the rest
// of the transfer is all commands or all display data, with Co=1 one byte
// follows and then another control byte. Commands keep their state across
// transfers (a parameter may come in the next one). Display data goes into
// the 128x64 GDDRAM (1024 bytes, a byte is 8 rows of one column) by the
// addressing mode and the column/page window. The same decoding as the
// simulator's bus (the CPython one); the browser test compares the two.
//
// Panel.draw() paints the glass: lit pixels blue-white on black, at the
// contrast set, with a faint glow; dark while the display is off.

// Parameter bytes taken by each multi-byte command.
const PARAMS = new Map([
  [0x20, 1], [0x21, 2], [0x22, 2], [0x81, 1], [0x8d, 1], [0xa3, 2], [0xa8, 1], [0xad, 1],
  [0xd3, 1], [0xd5, 1], [0xd9, 1], [0xda, 1], [0xdb, 1], [0x26, 6], [0x27, 6], [0x29, 5], [0x2a, 5],
]);
const HORIZONTAL = 0;
const VERTICAL = 1;
const PAGE = 2;

export const WIDTH = 128;
export const HEIGHT = 64;

export class Panel {
  constructor() {
    this.gddram = new Uint8Array(WIDTH * HEIGHT / 8);
    this.contrast = 0x7f; // the controller's reset values
    this.on = false;
    this.inverted = false;
    this.entireOn = false;
    this.mode = PAGE;
    this.colStart = 0;
    this.colEnd = WIDTH - 1;
    this.pageStart = 0;
    this.pageEnd = 7;
    this.col = 0;
    this.page = 0;
    this.cmd = -1;
    this.params = [];
  }

  // One transfer, as hex text (what the board's bus hands the page).
  writeHex(hex) {
    const bytes = new Uint8Array(hex.length >> 1);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
    this.write(bytes);
  }

  write(data) {
    let i = 0;
    const n = data.length;
    while (i < n) {
      const ctrl = data[i++];
      if (ctrl & 0x3f) throw new Error(`bad SSD1306 control byte 0x${ctrl.toString(16)}`);
      const isData = (ctrl & 0x40) !== 0;
      if (ctrl & 0x80) {
        if (i < n) this.byte(data[i++], isData);
      } else {
        while (i < n) this.byte(data[i++], isData);
      }
    }
  }

  byte(b, isData) {
    if (isData) this.data(b);
    else this.commandByte(b);
  }

  commandByte(b) {
    if (this.cmd >= 0) {
      this.params.push(b);
      if (this.params.length === PARAMS.get(this.cmd)) {
        this.execute(this.cmd, this.params);
        this.cmd = -1;
        this.params = [];
      }
    } else if (PARAMS.has(b)) {
      this.cmd = b;
      this.params = [];
    } else {
      this.execute(b, []);
    }
  }

  execute(op, args) {
    if (op === 0x81) this.contrast = args[0];
    else if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa6 || op === 0xa7) this.inverted = op === 0xa7;
    else if (op === 0xa4 || op === 0xa5) this.entireOn = op === 0xa5;
    else if (op === 0x20) {
      this.mode = args[0] & 3;
      if (this.mode === 3) throw new Error("invalid SSD1306 addressing mode 3");
    } else if (op === 0x21) {
      this.colStart = args[0] & 0x7f;
      this.colEnd = args[1] & 0x7f;
      this.col = this.colStart;
    } else if (op === 0x22) {
      this.pageStart = args[0] & 7;
      this.pageEnd = args[1] & 7;
      this.page = this.pageStart;
    } else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0x0f) << 4);
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
  }

  data(b) {
    if (this.col < WIDTH && this.page < 8) this.gddram[this.page * WIDTH + this.col] = b;
    if (this.mode === HORIZONTAL) {
      if (this.col >= this.colEnd) {
        this.col = this.colStart;
        this.page = this.page >= this.pageEnd ? this.pageStart : this.page + 1;
      } else this.col += 1;
    } else if (this.mode === VERTICAL) {
      if (this.page >= this.pageEnd) {
        this.page = this.pageStart;
        this.col = this.col >= this.colEnd ? this.colStart : this.col + 1;
      } else this.page += 1;
    } else {
      this.col = this.col >= WIDTH - 1 ? 0 : this.col + 1;
    }
  }

  // 1 when pixel (x, y) is lit as a person sees it.
  lit(x, y) {
    if (!this.on) return 0;
    if (this.entireOn) return 1;
    const bit = (this.gddram[(y >> 3) * WIDTH + x] >> (y & 7)) & 1;
    return this.inverted ? bit ^ 1 : bit;
  }

  // The GDDRAM as hex (the tests compare it with the simulator's).
  hex() {
    let out = "";
    for (const b of this.gddram) out += (b < 16 ? "0" : "") + b.toString(16);
    return out;
  }
}

// Paints a Panel on a canvas of (WIDTH * scale) x (HEIGHT * scale) pixels:
// each pixel a square with a thin dark gap, as the OLED's dot matrix looks.
export class Glass {
  constructor(canvas, scale) {
    this.canvas = canvas;
    this.scale = scale;
    canvas.width = WIDTH * scale;
    canvas.height = HEIGHT * scale;
    this.ctx = canvas.getContext("2d");
    this.image = this.ctx.createImageData(canvas.width, canvas.height);
  }

  draw(panel) {
    const s = this.scale;
    const w = this.canvas.width;
    const px = this.image.data;
    // Brightness follows the contrast (the board dims to a low one), never
    // quite dark while on.
    const level = 0.45 + 0.55 * (panel.contrast / 255);
    const r = Math.round(200 * level), g = Math.round(235 * level), b = Math.round(255 * level);
    const gap = s >= 4 ? 1 : 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const on = panel.lit(x, y);
        for (let dy = 0; dy < s; dy++) {
          let at = ((y * s + dy) * w + x * s) * 4;
          for (let dx = 0; dx < s; dx++, at += 4) {
            const dot = on && dx < s - gap && dy < s - gap;
            px[at] = dot ? r : 4;
            px[at + 1] = dot ? g : 6;
            px[at + 2] = dot ? b : 10;
            px[at + 3] = 255;
          }
        }
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
  }
}
