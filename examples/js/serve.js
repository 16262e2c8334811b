#!/usr/bin/env node
// The conformance protocol (spec/protocol.md) for qf.js and rules.js: one JSON request
// per line on stdin, one response per line on stdout.
//
//   qf check -- node examples/js/serve.js
"use strict";
const readline = require("readline");
const { decode, encode, markRepeated, QfError } = require("./qf.js");
const { replay, validate } = require("./rules.js");

const out = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

// Numbers in their exact decimal value (spec/qf.md, "Canonical JSON"): JSON.parse would round
// 3.99999999999999999999 to 4 and 1e-400 to 0, and make 1e400 infinite. exactNumbers rewrites
// the number tokens of a JSON text so that JSON.parse keeps what matters: a number that is not
// an integer becomes a string (refused as not an integer), an integer too large for a double to
// hold exactly becomes 1e300 with its sign (out of range all the same), and the others their
// plain digits.
function exactNumbers(text) {
  return text.replace(/"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => {
    if (token[0] === '"') return token;
    const [, sign, int, frac = "", exp = "0"] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
    let digits = (int + frac).replace(/^0+/, "");
    if (digits === "") return "0";
    const kept = digits.replace(/0+$/, "");
    const scale = Number(exp) - frac.length + (digits.length - kept.length);
    if (scale < 0) return JSON.stringify(token);
    if (kept.length + scale > 15) return sign + "1e300";
    return sign + kept + "0".repeat(scale);
  });
}

// The deepest nesting of a request line's JSON text, the request object counting as 1, and
// whether a member name of the request object repeats: JSON.parse sees neither (it keeps the
// last of repeated names). The text is JSON already, so strings are skipped whole.
function shape(text) {
  const token = /"(?:[^"\\]|\\.)*"\s*:?|[[\]{}]/g;
  let depth = 0, deepest = 0, repeated = false;
  const names = new Set();
  for (let m; (m = token.exec(text)); ) {
    const t = m[0];
    if (t === "[" || t === "{") deepest = Math.max(deepest, ++depth);
    else if (t === "]" || t === "}") depth--;
    else if (depth === 1 && t.endsWith(":")) {
      const name = JSON.parse(t.slice(0, -1).trimEnd());
      repeated ||= names.has(name);
      names.add(name);
    }
  }
  return { deepest, repeated };
}

// An id as the response echoes it: a lone surrogate, which JSON.parse keeps from an escape
// ("\ud800"), becomes U+FFFD (spec/protocol.md, "Framing").
function wellFormed(v) {
  if (typeof v === "string") return v.toWellFormed();
  if (Array.isArray(v)) return v.map(wellFormed);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toWellFormed(), wellFormed(x)]));
}

function answer(req, line) {
  const id = req.id === undefined ? null : wellFormed(req.id);
  const attempt = (f) => {
    try { return { id, ...f() }; }
    catch (e) { if (e instanceof QfError) return { id, error: e.qf }; throw e; }
  };
  switch (req.op) {
    case "hello":
      return { id, name: "qf.js (examples/js)", version: "1.1.0", ops: ["decode", "encode", "replay", "validate"], profiles: ["strict", "lenient"] };
    case "decode": {
      const profile = req.profile === undefined ? "strict" : req.profile;
      if (typeof req.code !== "string" || typeof profile !== "string") return { id, error: { kind: "bad_request" } };
      if (profile !== "strict" && profile !== "lenient") return { id, error: { kind: "unsupported" } };
      return attempt(() => ({ value: decode(req.code, profile) }));
    }
    case "encode":
      if (!("value" in req)) return { id, error: { kind: "bad_request" } };
      return attempt(() => {
        const text = exactNumbers(line); // keys repeated in the value are malformed: markRepeated finds them
        return { code: encode(markRepeated(text, JSON.parse(text)).value) };
      });
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
  if (req === null || typeof req !== "object" || Array.isArray(req)) return out({ id: null, error: { kind: "bad_request" } });
  const { deepest, repeated } = shape(line);
  if (deepest > 10000 || repeated) return out({ id: null, error: { kind: "bad_request" } }); // spec/protocol.md, "Framing"
  out(answer(req, line));
});
