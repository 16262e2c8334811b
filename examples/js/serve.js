#!/usr/bin/env node
// The conformance protocol (spec/protocol.md) for qf.js and rules.js: one JSON request
// per line on stdin, one response per line on stdout.
//
//   go run ./cmd/qf check -- node examples/js/serve.js
"use strict";
const readline = require("readline");
const { decode, encode, QfError } = require("./qf.js");
const { replay, validate } = require("./rules.js");

const out = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

function answer(req) {
  const id = req.id === undefined ? null : req.id;
  const attempt = (f) => {
    try { return { id, ...f() }; }
    catch (e) { if (e instanceof QfError) return { id, error: e.qf }; throw e; }
  };
  switch (req.op) {
    case "hello":
      return { id, name: "qf.js (examples/js)", version: "1.0.0", ops: ["decode", "encode", "replay", "validate"], profiles: ["strict", "lenient"] };
    case "decode": {
      const profile = req.profile === undefined ? "strict" : req.profile;
      if (typeof req.code !== "string") return { id, error: { kind: "bad_request" } };
      if (profile !== "strict" && profile !== "lenient") return { id, error: { kind: "unsupported" } };
      return attempt(() => ({ value: decode(req.code, profile) }));
    }
    case "encode":
      if (!("value" in req)) return { id, error: { kind: "bad_request" } };
      return attempt(() => ({ code: encode(req.value) }));
    case "replay":
    case "validate":
      if (typeof req.code !== "string") return { id, error: { kind: "bad_request" } };
      return attempt(() => {
        const value = decode(req.code, "strict");
        return req.op === "replay" ? replay(value) : { violations: validate(value.state) };
      });
    default:
      return { id, error: { kind: typeof req.op === "string" ? "unsupported" : "bad_request" } };
  }
}

readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => {
  let req;
  try { req = JSON.parse(line); } catch { req = undefined; }
  if (req === null || typeof req !== "object" || Array.isArray(req)) out({ id: null, error: { kind: "bad_request" } });
  else out(answer(req));
});
