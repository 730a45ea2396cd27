// SPDX-License-Identifier: MIT
// The board in a browser: the firmware on MicroPython's WebAssembly port,
// and the page as its hardware (panel, buttons, flash, clock, randomness).
//
// At load: the port (micropython.mjs / .wasm, from the pinned npm package),
// the firmware's compiled modules as `tricktally deploy` copies them
// (firmware.json + firmware.bin, made by `tricktally sim --web`) into the
// port's file system, the flash from the browser's storage, then
// webboard.py's Board: the firmware's App on the page's parts. Every call
// into it is followed by the same three things: the panel takes what the
// bus carried and the glass is painted if it changed, the flash is saved,
// and the next pass of the board's loop is timed as it asked.
//
// window.tricktally is what the tests and the benchmark read (the panel's
// RAM, the button events the firmware got, the timings).

import { loadMicroPython } from "./micropython.mjs";
import { Flash } from "./flash.mjs";
import { Glass, Panel } from "./panel.mjs";

// A Pico's MicroPython heap (as the 32-bit tests run it).
const HEAP = 240 * 1024;
const CODE_DIR = "/code";
const FLASH_DIR = "/flash";
const NAMES = ["up", "down", "left", "right", "ok", "back"];
const SCALE = 5;
const GAMES = { spades: "Joker Spades", wizard: "Wizard", hearts: "Hearts" };

const state = {
  ready: false,
  error: null,
  firstFrame: null, // ms from the navigation's start to the first frame painted
  pressToFrame: [], // ms from each key or button event to the frame it changed
  events: [], // "name kind" of each button event the firmware got
  frames: 0,
  nextPass: null, // ms until the board's loop runs again by itself (null: not before a button)
};
window.tricktally = state;

const statusLine = document.getElementById("status");

function say(text, isError) {
  statusLine.textContent = text;
  statusLine.classList.toggle("error", Boolean(isError));
}

function fail(error) {
  state.error = String((error && error.message) || error);
  say(`The board stopped: ${state.error}`, true);
  console.error(error);
}

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return as === "json" ? response.json() : new Uint8Array(await response.arrayBuffer());
}

function randomBelow(n) {
  return crypto.getRandomValues(new Uint32Array(1))[0] % n;
}

// The firmware's files (firmware.json: each one's path and place in the
// blob) into the port's file system, as deploying puts them on a flash.
function install(FS, manifest, blob) {
  for (const file of manifest.files) {
    const path = `${CODE_DIR}/${file.path}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, blob.subarray(file.offset, file.offset + file.size));
  }
}

async function boot() {
  // The port compiles while the firmware's files arrive.
  const [mp, manifest, blob, keys] = await Promise.all([
    loadMicroPython({
      heapsize: HEAP,
      stdout: (line) => console.log(line),
      stderr: (line) => console.error(line),
    }),
    fetchOk("firmware.json", "json"),
    fetchOk("firmware.bin"),
    fetchOk("keys.json", "json"),
  ]);
  performance.mark("tricktally-port");
  install(mp.FS, manifest, blob);
  performance.mark("tricktally-installed");
  const flash = new Flash(mp.FS, FLASH_DIR, localStorage);
  const restored = flash.restore();
  mp.runPython(`import sys\nsys.path[:0] = ["${CODE_DIR}"]\n`);
  const webboard = mp.pyimport("webboard");
  const board = webboard.Board(randomBelow);
  performance.mark("tricktally-booted");
  const panel = new Panel();
  const glass = new Glass(document.getElementById("oled"), SCALE);
  const step = board.step;
  const down = board.down;
  const up = board.buttons.up;
  const busy = board.buttons.busy;
  const takeBus = board.bus.take;
  const takeEvents = board.buttons.take;
  let timer = null;

  // After every call into the firmware: the panel (painted first, so it
  // is seen soonest), the events, the flash (saved before this task ends:
  // before any other event, a reload included). Returns when the new frame
  // was painted (performance.now()), or null when the frame did not change.
  function settle() {
    const sent = takeBus();
    let painted = null;
    if (sent) {
      for (const line of sent.split("\n")) panel.writeHex(line);
      glass.draw(panel);
      painted = performance.now();
      state.frames += 1;
      if (state.firstFrame === null) state.firstFrame = painted;
    }
    const events = takeEvents();
    if (events) state.events.push(...events.split(";"));
    flash.save();
    return painted;
  }

  // One pass of the board's loop, and the next one timed as it asks.
  function run() {
    clearTimeout(timer);
    timer = null;
    const wait = step();
    const painted = settle();
    state.nextPass = wait >= 0 ? wait : null;
    if (wait >= 0) timer = setTimeout(guarded(run), wait);
    return painted;
  }

  function press(i, long, since) {
    down(i, long);
    const painted = run();
    if (painted !== null && since !== undefined) state.pressToFrame.push(painted - since);
  }

  function release(i) {
    up(i);
    run();
  }

  run(); // the boot's frame and files, and the loop's first pass (as App.run)
  wireButtons(press, release);
  wireKeys(keys, press, release);
  gameList(webboard, board, settle);
  state.frame = () => panel.hex();
  // No button held, no event waiting: the last press has been handled.
  state.settled = () => !busy();
  state.ready = true;
  say(restored || `Board ${board.device_id} is on. Games are kept in this browser.`, Boolean(restored));
}

function guarded(f) {
  return (...args) => {
    if (state.error !== null) return;
    try {
      f(...args);
    } catch (e) {
      fail(e);
    }
  };
}

// The six buttons on the page: pointer down is the button's edge, up lets
// it go (mouse, touch and pen alike); holding one is a long press, as on
// the board.
function wireButtons(press, release) {
  for (const element of document.querySelectorAll("[data-button]")) {
    const i = NAMES.indexOf(element.dataset.button);
    let pointer = null;
    element.addEventListener("pointerdown", guarded((e) => {
      if (pointer !== null) return;
      pointer = e.pointerId;
      element.setPointerCapture(e.pointerId);
      element.classList.add("held");
      press(i, false, e.timeStamp);
      e.preventDefault();
    }));
    const letGo = guarded((e) => {
      if (e.pointerId !== pointer) return;
      pointer = null;
      element.classList.remove("held");
      release(i);
    });
    element.addEventListener("pointerup", letGo);
    element.addEventListener("pointercancel", letGo);
    element.addEventListener("lostpointercapture", letGo);
    element.addEventListener("contextmenu", (e) => e.preventDefault());
  }
}

// The keyboard: the terminal simulator's keys (keys.json, made from
// tricktally_host/sim/keys.py). A key held is a button held; a shifted key
// is a long press (held until the firmware's driver reports it).
function wireKeys(keys, press, release) {
  const held = new Map(); // event.code -> button index
  window.addEventListener("keydown", guarded((e) => {
    // Shortcuts stay the browser's; keys typed into the games list are its own.
    if (e.ctrlKey || e.altKey || e.metaKey || e.target.closest?.(".games")) return;
    const name = e.shiftKey && e.key.startsWith("Arrow") ? `Shift+${e.key}` : e.key;
    const hit = keys[name];
    if (hit === undefined) return;
    e.preventDefault();
    if (e.repeat || held.has(e.code)) return;
    const [button, long] = hit;
    const i = NAMES.indexOf(button);
    held.set(e.code, i);
    press(i, long, e.timeStamp);
  }));
  window.addEventListener("keyup", guarded((e) => {
    const i = held.get(e.code);
    if (i === undefined) return;
    held.delete(e.code);
    release(i);
  }));
  window.addEventListener("blur", guarded(() => {
    for (const i of held.values()) release(i);
    held.clear();
  }));
}

// The games on the flash, each downloadable as a record file. The list is
// read when it is looked at (focus, a pointer on it) and for a download,
// not after every press: reading it runs the app's code off the game loop.
function gameList(webboard, board, after) {
  const select = document.getElementById("games");
  const button = document.getElementById("download");

  function refresh() {
    const chosen = select.value;
    let found;
    try {
      found = JSON.parse(webboard.games(board));
    } catch (e) {
      // The list is the page's; the board goes on without it.
      say(`The list of games could not be read: ${e.message}`, true);
      console.error(e);
      return;
    } finally {
      after(); // reading the games may have had the journal write what was due
    }
    select.replaceChildren();
    for (const g of found) {
      const option = document.createElement("option");
      option.value = String(g.id);
      const how = g.open ? "on the board" : g.finished ? "finished" : "unfinished";
      option.textContent = `#${g.id} ${GAMES[g.game] || g.game}: ${g.players.join(", ")} (${how})`;
      select.append(option);
    }
    const open = found.find((g) => g.open);
    if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
    else if (open) select.value = String(open.id);
  }

  function download() {
    refresh();
    if (select.value === "") {
      say("There is no game on this board yet.", false);
      return;
    }
    const id = Number(select.value);
    const text = webboard.record(board, id);
    after();
    if (!text) {
      say(`Game ${id} holds no readable record.`, true);
      return;
    }
    const url = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `tricktally-${board.device_id}-game${id}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    button.blur(); // the keys go to the board again
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  select.addEventListener("focus", guarded(refresh));
  select.addEventListener("pointerdown", guarded(refresh));
  button.addEventListener("click", guarded(download));
  refresh();
}

// One board per browser: a second tab would write the same flash.
if (navigator.locks) {
  navigator.locks.request("tricktally-board", { ifAvailable: true }, async (lock) => {
    if (lock === null) {
      say("The board is already open in another tab of this browser: use that one.", true);
      return;
    }
    try {
      await boot();
    } catch (e) {
      fail(e);
      return;
    }
    await new Promise(() => {}); // held for the page's life
  });
} else {
  boot().catch(fail);
}
