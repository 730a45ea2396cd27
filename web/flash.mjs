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
//
// A save looks at the files only when a call changed one: the port's file
// system is watched where every change goes through it (Emscripten's FS
// calls that its system calls make), as a flash chip sees every write.

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

// True when open() flags (a number or a mode string) may change the file.
function changes(flags) {
  if (typeof flags === "string") return flags !== "r";
  return (flags & 3) !== 0 || (flags & (64 | 512)) !== 0; // write access, O_CREAT, O_TRUNC
}

export class Flash {
  // FS: the port's file system (Emscripten's); dir: the board's folder.
  constructor(FS, dir, storage) {
    this.FS = FS;
    this.dir = dir;
    this.storage = storage;
    this.kept = new Map(); // file name -> bytes as last stored
    this.encoded = new Map(); // file name -> those bytes in base64
    this.touched = true; // a call may have changed a file of the folder
    this.watch();
  }

  // Wrap the FS calls that change files: each marks the folder touched when
  // the file may be in it (a path it cannot tell counts as in it).
  watch() {
    const FS = this.FS;
    const inside = (path) => typeof path !== "string" || !path.startsWith("/") || path.startsWith(this.dir + "/");
    const wrap = (name, paths) => {
      const original = FS[name];
      FS[name] = (...args) => {
        for (const path of paths(...args)) if (inside(path)) this.touched = true;
        return original.apply(FS, args);
      };
    };
    wrap("open", (path, flags) => (changes(flags) ? [path] : []));
    wrap("write", (stream) => [stream && stream.path]);
    wrap("rename", (from, to) => [from, to]);
    wrap("unlink", (path) => [path]);
    wrap("rmdir", (path) => [path]);
    wrap("mkdir", (path) => [path]);
    wrap("doTruncate", (stream, node) => [stream ? stream.path : FS.getPath(node)]);
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
      for (const name of Object.keys(files)) {
        this.kept.set(name, fromBase64(files[name]));
        this.encoded.set(name, files[name]);
      }
    } catch (e) {
      const aside = `${KEY}.unreadable-${Date.now()}`;
      this.storage.setItem(aside, text);
      this.storage.removeItem(KEY);
      this.kept.clear();
      this.encoded.clear();
      return `The stored flash could not be read (${e.message}); it is kept as ${aside} and the board starts empty.`;
    }
    for (const [name, bytes] of this.kept) FS.writeFile(`${dir}/${name}`, bytes);
    return null;
  }

  // Store the folder if a call changed it since the last save; true when
  // it did.
  save() {
    if (!this.touched) return false;
    this.touched = false;
    const { FS, dir } = this;
    const now = new Map();
    let changed = false;
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const bytes = FS.readFile(`${dir}/${name}`);
      now.set(name, bytes);
      const before = this.kept.get(name);
      if (before === undefined || !same(before, bytes)) {
        this.encoded.set(name, toBase64(bytes));
        changed = true;
      }
    }
    for (const name of this.kept.keys()) {
      if (!now.has(name)) {
        this.encoded.delete(name);
        changed = true;
      }
    }
    if (!changed) return false;
    const files = {};
    for (const name of now.keys()) files[name] = this.encoded.get(name);
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
