// The qf explorer. The reference runs in the page, compiled to
// WebAssembly (explore/wasm): qf.explain(input, profile) returns what
// qf explain says as JSON, qf.board(code, move, flags) package render's
// SVG. This file decodes nothing and draws no board itself; it lays out
// what the reference returns, and routes:
//
//   #                          the playground
//   #code=CODE&profile=lenient the playground with a code (profile optional)
//   #ID                        a vector, such as #strict/square-81-white
//   #flag=NAME                 a flag's note and its vectors
//   #EC-N                      an edge case of spec/qf.md
//   #edge-cases                the index of the edge cases
"use strict";

const vectors = window.QF_VECTORS || [];
const byId = new Map(vectors.map((v) => [v.id, v]));
const notes = window.QF_NOTES || {};
const edgeCases = window.QF_EDGE_CASES || [];
const $ = (id) => document.getElementById(id);
const sections = ["playground", "vector", "flag", "edge-case", "edge-cases", "missing"];
const FLAGS = 5; // highlight the last move, and the info bar
let ready = false;
let activeBoard = null;

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

// A Board shows a code's board, package render's SVG, and steps through
// its record with a slider, buttons and the arrow keys.
class Board {
  constructor(panel) {
    this.panel = panel;
    this.svg = el("div", { className: "board" });
    this.back = el("button", { type: "button", className: "back", title: "back (left arrow)", textContent: "◀" });
    this.next = el("button", { type: "button", className: "next", title: "next (right arrow)", textContent: "▶" });
    this.slider = el("input", { type: "range", className: "slider", min: 0, max: 0, value: 0 });
    this.slider.setAttribute("aria-label", "move");
    this.controls = el("div", { className: "controls" }, this.back, this.slider, this.next);
    this.info = el("p", { className: "move-info" });
    this.note = el("p", { className: "board-note" });
    panel.append(this.svg, this.controls, this.info, this.note);
    this.back.addEventListener("click", () => this.move(-1));
    this.next.addEventListener("click", () => this.move(1));
    this.slider.addEventListener("input", () => { this.step = Number(this.slider.value); this.draw(); });
  }

  // show draws code (which decodes strictly) with its replayed record, if
  // any, at its last legal move; or says why there is no board.
  show(code, record, none) {
    this.code = code;
    this.record = record;
    this.panel.hidden = false;
    if (!code) {
      this.svg.innerHTML = "";
      this.controls.hidden = true;
      this.info.textContent = "";
      this.note.textContent = none || "";
      this.panel.classList.add("empty");
      return;
    }
    this.panel.classList.remove("empty");
    this.note.textContent = "";
    this.step = record ? record.moves.length : 0;
    this.controls.hidden = !record || (record.moves.length === 0 && !record.violation);
    this.slider.max = record ? record.moves.length : 0;
    activeBoard = this;
    this.draw();
  }

  move(delta) {
    if (!this.record) return;
    const step = this.step + delta;
    if (step < 0 || step > this.record.moves.length) return;
    this.step = step;
    this.draw();
  }

  draw() {
    const svg = qf.board(this.code, this.step, FLAGS);
    this.svg.innerHTML = svg || "";
    if (!svg) this.note.textContent = "no board: " + qf.lastError;
    const r = this.record;
    this.slider.value = this.step;
    this.back.disabled = !r || this.step === 0;
    this.next.disabled = !r || this.step === r.moves.length;
    if (!r) {
      this.info.textContent = "";
      return;
    }
    const n = r.moves.length;
    let text = this.step === 0 ? "before the record's first move" : "";
    if (this.step > 0) {
      const m = r.moves[this.step - 1];
      text = `move ${this.step} of ${n}: ${m.player} ${m.notation} (${m.move}); white ${m.white}, black ${m.black}`;
    }
    if (this.step === n && r.violation) {
      const v = r.violation;
      text += `${text ? "; then " : ""}move ${v.move + 1} (record.moves[${v.move}]), ${v.player}'s ${v.what}, breaks the rules: ${v.kind}`;
    }
    this.info.textContent = text;
  }
}

const playBoard = new Board($("play-board"));
const vectorBoard = new Board($("vector-board"));

// chars splits s into its characters with their UTF-8 byte offsets, the
// offsets the reference speaks in.
function chars(s) {
  const out = [];
  let at = 0;
  for (const c of s) {
    const cp = c.codePointAt(0);
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    out.push({ text: c, start: at, end: at + n });
    at += n;
  }
  return out;
}

// shown returns how a character is shown: itself when printable ASCII, an
// escape otherwise.
function shown(c) {
  const cp = c.codePointAt(0);
  if (cp > 0x20 && cp < 0x7f) return c;
  if (cp === 0x20) return "␠";
  return "\\u{" + cp.toString(16) + "}";
}

const MAX_CELLS = 1500;

// showInput lays out the input character by character, each used one with
// its six bits coloured by the field they belong to, the bits past the
// fields as padding or trailing data, junk greyed, the fault marked.
function showInput(j) {
  const view = $("input-view");
  view.innerHTML = "";
  const fieldOf = [];
  j.fields.forEach((f, i) => { for (let b = f.offset; b < f.offset + f.width; b++) fieldOf[b] = i; });
  const usedAt = new Map(j.used.map((byte, k) => [byte, k]));
  const cs = chars(j.input);
  let from = 0;
  if (cs.length > MAX_CELLS) { // a window around the fault
    const fault = cs.findIndex((c) => c.end > j.span[0]);
    from = Math.max(0, Math.min((fault < 0 ? cs.length : fault) - MAX_CELLS / 2, cs.length - MAX_CELLS));
    view.append(el("span", { className: "more", textContent: `…${from} characters before… ` }));
  }
  for (const c of cs.slice(from, from + MAX_CELLS)) {
    // The positions of the character's bytes: one, or two to four for a
    // character that is not ASCII, each a character of the code.
    const ks = [];
    for (let i = c.start; i < c.end; i++) if (usedAt.has(i)) ks.push(usedAt.get(i));
    const cell = el("span", { className: "cell" });
    cell.append(el("span", { className: "char", textContent: shown(c.text) }));
    if (ks.length === 0) {
      cell.classList.add("junk");
      cell.title = "not in the alphabet" + (j.profile === "lenient" ? ": deleted" : "");
    }
    for (const k of ks) cell.append(bitsOf(j, k, fieldOf));
    if (ks.some((k) => j.values[k] < 0)) {
      cell.classList.add("junk");
      cell.title = ks.length > 1 ? `${ks.length} bytes, not in the alphabet: they hold no bits` : "not in the alphabet: it holds no bits";
    }
    if (!j.accepted && c.end > j.span[0] && c.start < j.span[1]) cell.classList.add("fault");
    view.append(cell);
  }
  if (from + MAX_CELLS < cs.length) view.append(el("span", { className: "more", textContent: ` …${cs.length - from - MAX_CELLS} characters more` }));
  if (!j.accepted && j.error.kind === "truncated") {
    view.append(el("span", { className: "cell fault end", textContent: "▲ the code ends here" }));
  }
}

// bitsOf returns the six bit positions of the code's character k: its
// bits coloured by field, or, for a byte outside the alphabet (strict
// decoding stops there), six empty positions.
function bitsOf(j, k, fieldOf) {
  const bits = el("span", { className: "bits" });
  const value = j.values[k];
  for (let b = 0; b < 6; b++) {
    const bit = 6 * k + b;
    const f = fieldOf[bit];
    const span = el("span", { textContent: value < 0 ? "·" : (value >> (5 - b)) & 1 });
    if (value < 0) {
      span.className = "none";
      span.title = `bits ${6 * k}-${6 * k + 5}: none, the byte is not in the alphabet`;
    } else if (f !== undefined) {
      span.className = "c" + (f % 6) + (j.fields[f].fault ? " fault" : "");
      span.dataset.field = f;
      span.title = `bit ${bit}: ${j.fields[f].path}`;
    } else {
      const padding = bit < Math.ceil(j.bits / 6) * 6;
      span.className = padding ? "pad" : "extra";
      span.title = `bit ${bit}: ` + (padding ? "padding" : j.accepted ? "ignored" : "not read");
    }
    bits.append(span);
  }
  return bits;
}

function showFields(j) {
  const body = $("fields").tBodies[0];
  body.innerHTML = "";
  j.fields.forEach((f, i) => {
    const row = body.insertRow();
    row.dataset.field = i;
    if (f.fault) row.classList.add("fault");
    const chars = f.first === f.last ? `${f.first}` : `${f.first}-${f.last}`;
    for (const [text, cls] of [[f.offset], [f.width], [f.bits, "c" + (i % 6)], [chars], [f.path], [f.value], [f.meaning]]) {
      const cell = row.insertCell();
      cell.textContent = text;
      if (cls) cell.className = cls;
    }
  });
  $("fields").hidden = j.fields.length === 0;
}

// explainCode shows what the reference says of the playground's input.
function explainCode() {
  const input = $("code").value;
  const lenient = document.querySelector("input[name=profile]:checked").value === "lenient";
  history.replaceState(null, "", "#code=" + encodeURIComponent(input) + (lenient ? "&profile=lenient" : ""));
  document.body.dataset.route = location.hash.slice(1);
  const j = JSON.parse(qf.explain(input, lenient ? "lenient" : "strict"));
  const verdict = $("verdict");
  verdict.className = j.accepted ? "ok" : "bad";
  if (input === "") {
    verdict.textContent = "Paste a code above.";
    verdict.className = "";
  } else if (j.accepted) {
    verdict.textContent = `Accepted (${j.profile}): ` + j.text.split("\n")[0].replace(/^.*?\), /, "");
  } else {
    verdict.textContent = `Rejected (${j.profile}): ${j.error.message}`;
  }
  // An empty input is no error to show: the prompt is all there is.
  if (input === "") $("input-view").replaceChildren();
  else showInput(j);
  showFields(j);
  $("canonical").textContent = j.accepted ? `canonical code: ${j.canonical}${j.canonical === input ? " (the input)" : ""}` : "";
  $("violations").textContent = j.violations ? "the State breaks the rules: " + j.violations.join(", ") : "";
  $("play-edge-cases").replaceChildren(...(j.edge_cases.length && input !== "" ? ["edge cases it touches: ", ...edgeCaseLinks(j.edge_cases)] : []));
  $("value").textContent = j.accepted ? JSON.stringify(j.value, null, 2) : "";
  $("value-panel").hidden = !j.accepted;
  $("text").textContent = j.text;
  $("text-panel").hidden = input === "";
  if (j.accepted) playBoard.show(j.canonical, j.record || null);
  else playBoard.show("", null, input === "" ? "" : "no board: the code is rejected");
}

function showPlayground(code, lenient) {
  $("code").value = code;
  document.querySelector(`input[name=profile][value=${lenient ? "lenient" : "strict"}]`).checked = true;
  explainCode();
}

function flagLinks(names) {
  const out = [];
  names.forEach((name, i) => {
    if (i) out.push(", ");
    const a = el("a", { href: "#flag=" + encodeURIComponent(name), textContent: name });
    if (notes[name]) a.title = notes[name].description;
    out.push(a);
  });
  return out;
}

function refLinks(refs) {
  const out = [];
  (refs || []).forEach((ref, i) => {
    if (i) out.push(", ");
    out.push(/^EC-\d+$/.test(ref) ? el("a", { href: "#" + ref, textContent: ref }) : `spec/qf.md, “${ref}”`);
  });
  return out;
}

function playgroundLink(code, lenient) {
  return "#code=" + encodeURIComponent(code) + (lenient ? "&profile=lenient" : "");
}

// A vector's kind, as its bar in the list and its label show it: ok
// (decodes, or encodes, and for a replay or a validation breaks no
// rule), breaks (decodes, but a move of its record or its position breaks
// the rules) or refused (does not decode, or does not encode).
function kindOf(v) {
  if (v.result !== "valid") return "refused";
  if (v.op === "replay" && v.expected.violation) return "breaks";
  if (v.op === "validate" && v.expected.length > 0) return "breaks";
  return "ok";
}

// verdictOf returns what holds of a vector, in words, each part with its
// kind: whether it decodes (in its profile) or encodes, and for a replay
// or a validation what the rules say of it. The result of the vector
// file, "valid", says only that the code decodes strictly: a replay with
// an illegal move is "valid" there, and no page calls it so.
function verdictOf(v) {
  const how = v.op === "encode" ? "encode" : "decode " + (v.profile === "lenient" ? "leniently" : "strictly");
  if (v.result !== "valid") return [["refused", `does not ${how}: ${v.expected.kind}`]];
  if (v.op === "decode") return [["ok", "decodes " + (v.profile === "lenient" ? "leniently" : "strictly")]];
  if (v.op === "encode") return [["ok", "encodes"]];
  const parts = [["", "decodes strictly"]];
  if (v.op === "validate") {
    parts.push(v.expected.length ? ["breaks", "the position breaks the rules: " + v.expected.join(", ")] : ["ok", "the position breaks no rule"]);
    return parts;
  }
  const n = v.expected.squares.length;
  const x = v.expected.violation;
  if (x) parts.push(["breaks", `illegal move: move ${x.move + 1} (record.moves[${x.move}]) breaks the rules, ${x.kind}`]);
  else parts.push(["ok", n === 0 ? "no move to replay" : `every move legal (${n} ${n === 1 ? "move" : "moves"})`]);
  return parts;
}

function showVector(v) {
  $("vector-id").textContent = v.id;
  $("vector-comment").textContent = v.comment;
  const verdict = [];
  verdictOf(v).forEach(([kind, text], i) => {
    if (i) verdict.push(" · ");
    verdict.push(el("span", { className: kind ? "verdict-" + kind : "", textContent: text }));
  });
  $("vector-meta").replaceChildren(...verdict, ` · ${v.file}` + (v.profile ? ` · ${v.profile} profile` : ""));
  $("vector-flags").replaceChildren(...(v.flags.length ? ["flags: ", ...flagLinks(v.flags)] : ["no flags"]));
  $("vector-input").textContent = v.input_hex ? `bytes (hex): ${v.input_hex}` : v.input;
  let explain = "";
  if (v.op === "encode") explain = v.board ? playgroundLink(v.board, false) : "";
  else if (!v.input_hex) explain = playgroundLink(v.input, v.profile === "lenient");
  $("vector-explain").hidden = !explain;
  $("vector-explain").href = explain || "#";
  $("vector-explain").textContent = v.op === "encode" ? "explain the expected code in the playground" : "explain the input in the playground";
  $("vector-expected").textContent = JSON.stringify(v.expected, null, 2);
  if (v.board) {
    const j = JSON.parse(qf.explain(v.board, "strict"));
    vectorBoard.show(v.board, j.record || null);
  } else {
    vectorBoard.show("", null, v.op === "encode" ? "no board: the value does not encode" : "no board: the input does not decode strictly");
  }
}

function vectorLinks(list, ids) {
  list.replaceChildren(...ids.map((id) => el("li", {}, el("a", { href: "#" + id, textContent: id }))));
}

function showFlag(name) {
  const note = notes[name];
  if (!note) return showMissing(`No flag ${name}.`);
  $("flag-name").textContent = name;
  $("flag-description").textContent = note.description;
  $("flag-refs").replaceChildren(...(note.refs && note.refs.length ? ["See ", ...refLinks(note.refs), "."] : []));
  vectorLinks($("flag-vectors"), vectors.filter((v) => v.flags.includes(name)).map((v) => v.id));
}

function showEdgeCase(id) {
  const ec = edgeCases.find((e) => e.id === id);
  if (!ec) return showMissing(`No edge case ${id}.`);
  $("ec-title").innerHTML = `${ec.id}: ${ec.title}`; // HTML written by qf explore from spec/qf.md
  $("ec-text").innerHTML = ec.html;
  const flags = Object.keys(notes).filter((f) => (notes[f].refs || []).includes(id)).sort();
  $("ec-flags").replaceChildren(...(flags.length ? ["Flags: ", ...flagLinks(flags)] : []));
  vectorLinks($("ec-vectors"), vectors.filter((v) => v.flags.some((f) => flags.includes(f))).map((v) => v.id));
}

// edgeCaseVectors returns the ids of the vectors of an edge case: those
// with a flag whose note refers to it.
function edgeCaseVectors(id) {
  const flags = Object.keys(notes).filter((f) => (notes[f].refs || []).includes(id));
  return vectors.filter((v) => v.flags.some((f) => flags.includes(f))).map((v) => v.id);
}

function showEdgeCaseIndex() {
  $("ec-index").tBodies[0].replaceChildren(...edgeCases.map((ec) => {
    const title = el("td");
    title.innerHTML = ec.title; // HTML written by qf explore from spec/qf.md
    return el("tr", {}, el("td", {}, el("a", { href: "#" + ec.id, textContent: ec.id })), title,
      el("td", { textContent: String(edgeCaseVectors(ec.id).length) }));
  }));
}

// edgeCaseLinks returns links to the edge cases of ids, with their titles.
function edgeCaseLinks(ids) {
  const out = [];
  ids.forEach((id, i) => {
    const ec = edgeCases.find((e) => e.id === id);
    const a = el("a", { href: "#" + id, textContent: id });
    if (ec) a.title = ec.title.replace(/<[^>]*>/g, "");
    if (i > 0) out.push(", ");
    out.push(a);
  });
  return out;
}

function showMissing(text) {
  show("missing");
  $("missing-text").textContent = text;
}

function show(section) {
  for (const s of sections) $(s).hidden = s !== section;
}

// hashParams parses "code=...&profile=..." with decodeURIComponent, which
// keeps '+' (a Base64 character) as it is.
function hashParams(h) {
  const p = {};
  for (const part of h.split("&")) {
    const i = part.indexOf("=");
    if (i > 0) {
      try { p[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1)); } catch { p[part.slice(0, i)] = part.slice(i + 1); }
    }
  }
  return p;
}

function route() {
  if (!ready) return;
  const h = location.hash.slice(1);
  let selected = "";
  activeBoard = null;
  if (h === "" || h.startsWith("code=")) {
    show("playground");
    const p = hashParams(h);
    showPlayground(p.code || "", p.profile === "lenient");
    activeBoard = playBoard;
  } else if (h.startsWith("flag=")) {
    show("flag");
    showFlag(hashParams(h).flag);
  } else if (/^EC-\d+$/.test(h)) {
    show("edge-case");
    showEdgeCase(h);
  } else if (h === "edge-cases") {
    show("edge-cases");
    showEdgeCaseIndex();
  } else {
    let id = h;
    try { id = decodeURIComponent(h); } catch { /* as it is */ }
    const v = byId.get(id);
    if (v) {
      show("vector");
      showVector(v);
      selected = id;
      activeBoard = vectorBoard;
    } else {
      showMissing(`No vector ${id}.`);
    }
  }
  document.querySelectorAll("#list a.selected").forEach((a) => a.classList.remove("selected"));
  const a = selected && document.querySelector(`#list a[data-id="${CSS.escape(selected)}"]`);
  if (a) { a.classList.add("selected"); a.scrollIntoView({ block: "nearest" }); }
  closeMenu();
  document.body.dataset.route = h;
}

function fillList() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const items = [];
  for (const v of vectors) {
    const text = (v.id + " " + v.flags.join(" ") + " " + v.comment).toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const a = el("a", { href: "#" + v.id, textContent: v.id, className: kindOf(v) });
    a.dataset.id = v.id;
    items.push(el("li", {}, a));
  }
  $("list").replaceChildren(...items);
  $("count").textContent = `${items.length} of ${vectors.length} vectors`;
}

function closeMenu() {
  document.body.classList.remove("menu-open");
  $("menu").setAttribute("aria-expanded", "false");
}

$("menu").addEventListener("click", () => {
  const open = document.body.classList.toggle("menu-open");
  $("menu").setAttribute("aria-expanded", String(open));
});
$("filter").addEventListener("input", fillList);
$("code").addEventListener("input", explainCode);
document.querySelectorAll("input[name=profile]").forEach((r) => r.addEventListener("change", explainCode));
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") && e.target.type !== "range") return;
  if (!activeBoard) return;
  if (e.key === "ArrowRight") { activeBoard.move(1); e.preventDefault(); }
  if (e.key === "ArrowLeft") { activeBoard.move(-1); e.preventDefault(); }
});
// Hovering a field's row or bit lights up its bits, row and characters.
for (const id of ["fields", "input-view"]) {
  $(id).addEventListener("mouseover", (e) => {
    const t = e.target.closest("[data-field]");
    document.querySelectorAll(".hot").forEach((x) => x.classList.remove("hot"));
    if (t) document.querySelectorAll(`[data-field="${t.dataset.field}"]`).forEach((x) => x.classList.add("hot"));
  });
}
window.addEventListener("hashchange", route);
if (window.QF_SUITE) $("suite").textContent = `suite ${window.QF_SUITE.version}`;
fillList();

// start loads the reference: the module is gzipped in qf-wasm.js, since a
// page from file:// may not fetch the files beside it.
async function start() {
  try {
    const gz = Uint8Array.from(atob(window.QF_WASM_GZ), (c) => c.charCodeAt(0));
    const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"));
    const bytes = await new Response(stream).arrayBuffer();
    const go = new Go();
    const loaded = new Promise((resolve) => { window.qfReady = resolve; });
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    go.run(instance);
    await loaded;
  } catch (e) {
    $("loading").textContent = "The reference could not be loaded: " + e;
    console.error("qf explorer:", e);
    return;
  }
  ready = true;
  window.QF_LOAD_MS = performance.now();
  $("loading").hidden = true;
  document.body.dataset.ready = "1";
  route();
}
start();
