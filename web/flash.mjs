// SPDX-License-Identifier: MIT
// The board's flash in the browser: a folder of the MicroPython port's
// file system, kept in localStorage.
//
// save() runs after every call into the firmware (a press, a pass of its
// loop, the boot). A call runs to its end before the page can do anything
// else, a reload included, so what the journal confirmed in a call is in
// the browser's storage before the next event: the journal's power-cut
// guarantee holds across a reload. localStorage, not IndexedDB: its writes
// are done when setItem returns, where an IndexedDB transaction still
// pending at a reload is lost. The whole folder is one item, so the stored
// flash is always one the board had between two calls.

export const KEY = "tricktally-flash/1";

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class Flash {
  // FS: the port's file system (Emscripten's); dir: the board's folder.
  constructor(FS, dir, storage) {
    this.FS = FS;
    this.dir = dir;
    this.storage = storage;
    this.kept = new Map(); // file name -> bytes as last stored
  }

  // Put the stored files into the folder. Returns null, or one line saying
  // what could not be read (the unreadable item is kept aside, not lost).
  restore() {
    const { FS, dir } = this;
    if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    const text = this.storage.getItem(KEY);
    if (text === null) return null;
    let files;
    try {
      files = JSON.parse(text).files;
      if (typeof files !== "object" || files === null) throw new Error("no files");
      for (const name of Object.keys(files)) this.kept.set(name, fromBase64(files[name]));
    } catch (e) {
      const aside = `${KEY}.unreadable-${Date.now()}`;
      this.storage.setItem(aside, text);
      this.storage.removeItem(KEY);
      this.kept.clear();
      return `The stored flash could not be read (${e.message}); it is kept as ${aside} and the board starts empty.`;
    }
    for (const [name, bytes] of this.kept) FS.writeFile(`${dir}/${name}`, bytes);
    return null;
  }

  // Store the folder if it changed since the last save; true when it did.
  save() {
    const { FS, dir } = this;
    const now = new Map();
    let changed = false;
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const bytes = FS.readFile(`${dir}/${name}`);
      now.set(name, bytes);
      const before = this.kept.get(name);
      if (before === undefined || !same(before, bytes)) changed = true;
    }
    if (!changed && now.size === this.kept.size) return false;
    const files = {};
    for (const [name, bytes] of now) files[name] = toBase64(bytes);
    this.storage.setItem(KEY, JSON.stringify({ files }));
    this.kept = now;
    return true;
  }

  // Bytes held by the stored files (for the page's status line).
  bytes() {
    let total = 0;
    for (const bytes of this.kept.values()) total += bytes.length;
    return total;
  }
}
