// SPDX-License-Identifier: MIT
// Run one device test payload on the official MicroPython WebAssembly port
// (npm @micropython/micropython-webassembly-pyscript): a 32-bit MicroPython
// with a working garbage collector, framebuf and a file system (its FS).
//
//   node tests/wasm32/run.mjs SPEC.json
//
// SPEC is written by tests/wasm32.py:
//   heapsize   first heap area in bytes (this port adds areas when it must)
//   copy       [[host folder, FS folder], ...] copied in, recursively
//   path       FS folders put first on sys.path (the deployed code)
//   cwd        FS folder the payload runs in (the flash: tt_data.json)
//   script     host path of the payload (plain MicroPython source)
//   stepped    false: run the script as __main__.
//              true: run it as a module, then drive its steps(data)
//              generator from the top level, one next() per call, and
//              collect the garbage between steps (see below)
//   save       [FS folder, host folder]: copied back out after the run
//
// Why steps: this port defers gc.collect() to the top level (between calls
// from JavaScript), because it cannot see the references held in
// WebAssembly locals. A collection asked for inside running Python code
// never happens there, so live-heap figures must be taken between calls.
// After every step this runner collects and reads gc.mem_alloc(), and
// prints {"wasm32": {"empty": ..., "steps": [[label, live bytes], ...]}}.
//
// The payload's output goes to stdout as it prints it. A Python exception
// prints its traceback to stderr and exits with status 1.

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function copyIn(FS, hostDir, fsDir) {
  mkdirs(FS, fsDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const src = path.join(hostDir, entry.name);
    const dst = fsDir + "/" + entry.name;
    if (entry.isDirectory()) {
      copyIn(FS, src, dst);
    } else {
      FS.writeFile(dst, fs.readFileSync(src));
    }
  }
}

function copyOut(FS, fsDir, hostDir) {
  fs.mkdirSync(hostDir, { recursive: true });
  for (const name of FS.readdir(fsDir)) {
    if (name === "." || name === "..") continue;
    const src = fsDir + "/" + name;
    const dst = path.join(hostDir, name);
    if (FS.isDir(FS.stat(src).mode)) {
      copyOut(FS, src, dst);
    } else {
      fs.writeFileSync(dst, FS.readFile(src));
    }
  }
}

function mkdirs(FS, dir) {
  let at = "";
  for (const part of dir.split("/").filter(Boolean)) {
    at += "/" + part;
    if (!FS.analyzePath(at).exists) FS.mkdir(at);
  }
}

// Live heap after a collection: ask for one, return to the top level (where
// this port runs it), then read what is still allocated.
function liveBytes(mp) {
  mp.runPython("gc.collect()");
  mp.runPython("tt_live = gc.mem_alloc()");
  return mp.globals.get("tt_live");
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const mp = await loadMicroPython({
    heapsize: spec.heapsize,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  for (const [hostDir, fsDir] of spec.copy) copyIn(mp.FS, hostDir, fsDir);
  mkdirs(mp.FS, spec.cwd);
  const source = fs.readFileSync(spec.script, "utf8");
  let status = 0;
  try {
    mp.runPython(
      "import gc, os, sys\n" +
        `sys.path[:0] = ${JSON.stringify(spec.path)}\n` +
        `os.chdir(${JSON.stringify(spec.cwd)})\n`,
    );
    if (!spec.stepped) {
      mp.runPython(source);
    } else {
      const steps = [];
      const empty = liveBytes(mp);
      mp.runPython("__name__ = 'tt_payload'");
      mp.runPython(source);
      mp.runPython(
        "import json\n" +
          "with open('tt_data.json') as f:\n" +
          "    tt_steps = steps(json.loads(f.read()))\n",
      );
      steps.push(["start", liveBytes(mp)]);
      for (;;) {
        mp.runPython("tt_label = next(tt_steps, None)");
        const label = mp.globals.get("tt_label");
        if (label === null || label === undefined) break;
        steps.push([label, liveBytes(mp)]);
      }
      process.stdout.write(JSON.stringify({ wasm32: { empty, steps } }) + "\n");
    }
  } catch (e) {
    process.stderr.write(String(e && e.message ? e.message : e) + "\n");
    status = 1;
  }
  if (spec.save) copyOut(mp.FS, spec.save[0], spec.save[1]);
  // exitCode, not exit(): output written to a pipe is not cut short.
  process.exitCode = status;
}

main();
