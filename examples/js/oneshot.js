#!/usr/bin/env node
// A oneshot adapter for qf.js: reads a code on stdin; prints its value as
// JSON and exits 0, or prints the error to stderr and exits 1.
"use strict";
const { decode, QfError } = require("./qf.js");

const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  // Bytes that are not UTF-8 become U+FFFD, at the same first offset.
  const code = Buffer.concat(chunks).toString("utf8");
  try {
    process.stdout.write(JSON.stringify(decode(code)) + "\n");
    process.exit(0);
  } catch (e) {
    if (!(e instanceof QfError)) throw e;
    process.stderr.write(JSON.stringify(e.qf) + "\n");
    process.exit(1);
  }
});
