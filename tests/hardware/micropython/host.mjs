// Runs the section controller's firmware in the official MicroPython interpreter (its
// WebAssembly port, from npm) for tests/hardware/test_micropython.py.
//
// Usage: node host.mjs <micropython.mjs> <device dir>
// Every file of <device dir> is copied into the interpreter's file system as the board
// would hold it (main.py, gz/…, gz_config.json); harness.py there installs the fake
// ``machine`` and ``time`` modules, then main.main() runs with a serial line to this host.
//
// The hardware lives in the Python test, which talks to this process over its stdin and
// stdout, one line each way: "X <pins> <hex>" (an SPI transfer with the levels of the
// output pins as a bit mask; answered with the hex clocked in), "R" (serial bytes waiting
// for the device; answered with hex, or STOP to end the run), and one-way lines: "S <us>"
// (a sleep), "W" (watchdog fed), "O <hex>" (bytes the device wrote to USB serial),
// "RESET" (machine.reset()), "END <text>" (the interpreter stopped).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [moduleFile, deviceDir] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.resolve(moduleFile)).href);

function send(line) {
  fs.writeSync(1, line + "\n");
}

let pending = Buffer.alloc(0);
function receive() {
  const chunk = Buffer.alloc(65536);
  for (;;) {
    const end = pending.indexOf(10);
    if (end >= 0) {
      const line = pending.subarray(0, end).toString();
      pending = pending.subarray(end + 1);
      return line;
    }
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (err) {
      if (err.code === "EAGAIN") continue;
      throw err;
    }
    if (n === 0) process.exit(3); // the test went away
    pending = Buffer.concat([pending, chunk.subarray(0, n)]);
  }
}

globalThis.gzHost = (line) => {
  send(line);
  return line[0] === "X" || line === "R" ? receive() : "";
};

const output = (data) => send("O " + Buffer.from(data).toString("hex"));
const mp = await loadMicroPython({ stdout: output, stderr: output, linebuffer: false });

function copy(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = to + "/" + entry.name;
    if (entry.isDirectory()) {
      mp.FS.mkdir(target);
      copy(source, target);
    } else {
      mp.FS.writeFile(target, fs.readFileSync(source));
    }
  }
}
copy(deviceDir, "");

try {
  mp.runPython("import harness\nharness.boot()");
  send("END returned");
} catch (err) {
  send("END " + String(err.message || err).split("\n").filter(Boolean).slice(-1)[0]);
}
