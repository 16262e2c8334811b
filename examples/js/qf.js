// An independent qf codec for node, written from spec/qf.md for the
// conformance suite's examples: decode(code, profile) returns the canonical
// JSON value or throws a QfError whose .qf is the error object; encode(value)
// returns the canonical code or throws a QfError.
"use strict";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const GROUPS = [["white", "h"], ["white", "v"], ["black", "h"], ["black", "v"]];

class QfError extends Error {
  constructor(obj) {
    super(`${obj.kind}${obj.field ? " at " + obj.field : ""}`);
    this.qf = obj;
  }
}

// decode reads code (a string) in the "strict" or "lenient" profile.
function decode(code, profile = "strict") {
  const sextets = [];
  for (let i = 0; i < code.length; i++) {
    const v = ALPHABET.indexOf(code[i]);
    if (v >= 0) sextets.push(v);
    else if (profile !== "lenient") {
      // Every character before this one is ASCII: i is also its byte offset.
      throw new QfError({ kind: "invalid_character", char: i });
    }
  }
  const total = sextets.length * 6;
  let pos = 0;
  const bit = (n) => (sextets[Math.floor(n / 6)] >> (5 - (n % 6))) & 1;
  const read = (width, field, max = 2 ** width - 1) => {
    if (pos + width > total) throw new QfError({ kind: "truncated", bit: pos, field });
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 2 + bit(pos + k);
    if (v > max) throw new QfError({ kind: "out_of_range", bit: pos, field });
    pos += width;
    return v;
  };

  const value = { state: null, record: null };
  const hasState = read(1, "flags.state");
  const hasRecord = read(1, "flags.record");
  if (hasState) {
    const state = { white: read(7, "state.white", 80), black: read(7, "state.black", 80), walls: { white: {}, black: {} } };
    for (const [player, o] of GROUPS) {
      const path = `state.walls.${player}.${o}`;
      const n = read(4, path + ".count", 10);
      const anchors = [];
      for (let i = 0; i < n; i++) anchors.push(read(6, `${path}[${i}]`));
      state.walls[player][o] = anchors;
    }
    const player = read(1, "state.last_move.player") ? "black" : "white";
    state.last_move = read(1, "state.last_move.kind")
      ? { player, kind: "wall", place: read(6, "state.last_move.place") }
      : { player, kind: "piece" };
    state.turn = read(10, "state.turn");
    value.state = state;
  }
  if (hasRecord) {
    const n = read(10, "record.moves.count");
    const moves = [];
    for (let i = 0; i < n; i++) {
      const path = `record.moves[${i}]`;
      if (read(1, path + ".kind") === 0) moves.push({ kind: "piece", dir: read(3, path + ".dir") });
      else {
        const orientation = read(1, path + ".orientation") ? "v" : "h";
        moves.push({ kind: "wall", orientation, place: read(6, path + ".place") });
      }
    }
    value.record = { moves };
  }
  if (profile === "lenient") return value;

  const used = Math.ceil(pos / 6);
  if (sextets.length > used) throw new QfError({ kind: "trailing_data", char: used });
  for (let n = pos; n < used * 6; n++) {
    if (bit(n)) throw new QfError({ kind: "nonzero_padding", bit: pos });
  }
  return value;
}

// encode writes the canonical code of value, a parsed canonical JSON value.
function encode(value) {
  checkShape(value);
  const bits = [];
  const put = (v, width, field, max = 2 ** width - 1) => {
    if (!(v >= 0 && v <= max)) throw new QfError({ kind: "out_of_range", field });
    for (let k = width - 1; k >= 0; k--) bits.push(Math.floor(v / 2 ** k) % 2);
  };
  const { state, record } = value;
  put(state ? 1 : 0, 1, "flags.state");
  put(record ? 1 : 0, 1, "flags.record");
  if (state) {
    put(state.white, 7, "state.white", 80);
    put(state.black, 7, "state.black", 80);
    for (const [player, o] of GROUPS) {
      const path = `state.walls.${player}.${o}`;
      const anchors = state.walls[player][o];
      put(anchors.length, 4, path + ".count", 10);
      anchors.forEach((a, i) => put(a, 6, `${path}[${i}]`));
    }
    const lm = state.last_move;
    put(lm.player === "black" ? 1 : 0, 1, "state.last_move.player");
    put(lm.kind === "wall" ? 1 : 0, 1, "state.last_move.kind");
    if (lm.kind === "wall") put(lm.place, 6, "state.last_move.place");
    put(state.turn, 10, "state.turn");
  }
  if (record) {
    put(record.moves.length, 10, "record.moves.count");
    record.moves.forEach((m, i) => {
      const path = `record.moves[${i}]`;
      put(m.kind === "wall" ? 1 : 0, 1, path + ".kind");
      if (m.kind === "piece") put(m.dir, 3, path + ".dir");
      else {
        put(m.orientation === "v" ? 1 : 0, 1, path + ".orientation");
        put(m.place, 6, path + ".place");
      }
    });
  }
  while (bits.length % 6) bits.push(0);
  let code = "";
  for (let i = 0; i < bits.length; i += 6) {
    code += ALPHABET[bits.slice(i, i + 6).reduce((v, b) => v * 2 + b, 0)];
  }
  return code;
}

// checkShape throws a malformed error unless value has exactly the shape of
// the canonical JSON, with integers where numbers go (their ranges are
// encode's to check). Of several faults it reports the first in the order of
// spec/qf.md, "Errors": the keys of each object in canonical order, each
// missing or checked in depth as it comes, then the unknown keys, the first
// in byte order.
function checkShape(value) {
  const bad = (field) => { throw new QfError(field ? { kind: "malformed", field } : { kind: "malformed" }); };
  const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  const byteOrder = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  // object checks x's keys, in order, with check(key, value, path), then
  // refuses its other keys.
  const object = (x, path, keys, check) => {
    if (!isObject(x)) bad(path);
    for (const k of keys) {
      if (!(k in x) || (x[REPEATED] && x[REPEATED].has(k))) bad(child(path, k));
      check(k, x[k], child(path, k));
    }
    for (const k of Object.keys(x).sort(byteOrder)) if (!keys.includes(k)) bad(child(path, k));
  };
  const integer = (x, path) => { if (typeof x !== "number" || !Number.isInteger(x)) bad(path); };
  const oneOf = (x, path, names) => { if (!names.includes(x)) bad(path); };
  const list = (x, path, item) => {
    if (!Array.isArray(x)) bad(path);
    x.forEach((a, i) => item(a, `${path}[${i}]`));
  };
  // lastMove and move have keys that depend on their kind, read first.
  const lastMove = (lm, path) => {
    const keys = isObject(lm) && lm.kind === "wall" ? ["player", "kind", "place"] : ["player", "kind"];
    object(lm, path, keys, (k, x, p) => {
      if (k === "player") oneOf(x, p, ["white", "black"]);
      else if (k === "kind") oneOf(x, p, ["piece", "wall"]);
      else integer(x, p);
    });
  };
  const move = (m, path) => {
    if (!isObject(m)) bad(path);
    if (!("kind" in m)) bad(path + ".kind");
    oneOf(m.kind, path + ".kind", ["piece", "wall"]);
    const keys = m.kind === "piece" ? ["kind", "dir"] : ["kind", "orientation", "place"];
    object(m, path, keys, (k, x, p) => {
      if (k === "orientation") oneOf(x, p, ["h", "v"]);
      else if (k !== "kind") integer(x, p);
    });
  };

  object(value, "", ["state", "record"], (k, x, p) => {
    if (x === null) return;
    if (k === "state") {
      object(x, p, ["white", "black", "walls", "last_move", "turn"], (k, x, p) => {
        if (k === "walls") {
          object(x, p, ["white", "black"], (_, group, p) =>
            object(group, p, ["h", "v"], (_, anchors, p) => list(anchors, p, integer)));
        } else if (k === "last_move") lastMove(x, p);
        else integer(x, p);
      });
    } else {
      object(x, p, ["moves"], (_, moves, p) => list(moves, p, move));
    }
  });
}

// child returns the path of member key of the object at path (spec/qf.md,
// "Errors"): .key for a key of ASCII letters, digits and _, else the key as
// a JSON string in brackets. JSON.stringify escapes as the spec says; a lone
// surrogate, which JSON.parse keeps, is U+FFFD there.
function child(path, key) {
  if (/^[A-Za-z0-9_]+$/.test(key)) return path ? path + "." + key : key;
  return `${path}[${JSON.stringify(key.replace(/\p{Surrogate}/gu, "\ufffd"))}]`;
}

// REPEATED marks an object whose JSON text repeated a key: JSON.parse keeps
// the last value and forgets the others, and spec/qf.md makes a repeated key
// malformed. markRepeated sets it, a Set of the keys, on the objects of
// parsed (JSON.parse's value of text) that repeat one.
const REPEATED = Symbol("repeated keys");

// A JSON token, leading space skipped: a string (and the colon after a key),
// a bracket, a comma, or a literal or number.
const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")(\s*:)?|([{[])|([}\]])|,|[^\s,{}[\]":]+)/y;

function markRepeated(text, parsed) {
  const stack = [{ path: [], keys: new Set(), key: null, index: 0 }];
  TOKEN.lastIndex = 0;
  let m;
  // The first token is the top-level container itself.
  if (!(m = TOKEN.exec(text)) || !m[3]) return parsed;
  stack[0].keys = m[3] === "{" ? new Set() : null;
  while (stack.length && (m = TOKEN.exec(text))) {
    const top = stack[stack.length - 1];
    if (m[2]) { // a key
      const key = JSON.parse(m[1]);
      if (top.keys.has(key)) mark(parsed, top.path, key);
      top.keys.add(key);
      top.key = key;
    } else if (m[3]) {
      const step = top.keys ? top.key : top.index;
      stack.push({ path: [...top.path, step], keys: m[3] === "{" ? new Set() : null, key: null, index: 0 });
    } else if (m[4]) stack.pop();
    else if (m[0].trim() === "," && !top.keys) top.index++;
  }
  return parsed;
}

// mark adds key to the REPEATED set of the object at path in parsed.
function mark(parsed, path, key) {
  let x = parsed;
  for (const step of path) x = x[step];
  if (!x[REPEATED]) Object.defineProperty(x, REPEATED, { value: new Set() });
  x[REPEATED].add(key);
}

module.exports = { decode, encode, markRepeated, QfError };
