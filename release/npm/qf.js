#!/usr/bin/env node
// qf, the command of the qf conformance suite, for node: it runs the
// native qf of this platform, from the package qf-conformance-<os>-<cpu>
// that npm installed beside this one, with the arguments, the standard
// streams and the exit status passed through.
"use strict";
const { spawn } = require("child_process");

const supported = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64", "win32-arm64"];
const platform = `${process.platform}-${process.arch}`;
if (!supported.includes(platform)) {
  console.error(`qf: no qf binary for ${platform} in this package (it has ${supported.join(", ")}); with Go: go install github.com/qf-format/qf-conformance/cmd/qf@latest`);
  process.exit(2);
}
let bin;
try {
  bin = require.resolve(`qf-conformance-${platform}/bin/qf${process.platform === "win32" ? ".exe" : ""}`);
} catch {
  console.error(`qf: the package qf-conformance-${platform} is not installed: npm installs it with qf-conformance, as an optional dependency (not with --omit=optional)`);
  process.exit(2);
}
const child = spawn(bin, process.argv.slice(2), { stdio: "inherit" });
// An interrupt from the terminal reaches qf too, which ends its run and
// reports; wait for it rather than die first.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {});
child.on("error", (err) => {
  console.error(`qf: cannot run ${bin}: ${err.message}`);
  process.exit(2);
});
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
});
