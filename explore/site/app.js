// The qf vector explorer: lists window.QF_VECTORS, shows one at a time,
// draws its board as SVG and steps through its record.
"use strict";

const vectors = window.QF_VECTORS || [];
const byId = new Map(vectors.map((v) => [v.id, v]));
const $ = (id) => document.getElementById(id);
let current = null; // the vector shown
let step = 0; // its step: 0 the start, k after k moves

// Board geometry, as the Go renderer's (package render).
const CELL = 40, LEFT = 28, TOP = 12, SIZE = 9;
const FILES = "abcdefghi";
const squareName = (n) => FILES[n % 9] + (Math.floor(n / 9) + 1);
const px = (bx) => LEFT + bx * CELL;
const py = (by) => TOP + (SIZE - by) * CELL;

function svgBoard(board, k) {
  const [white, black, nwalls, toMove, turn] = board.steps[k];
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${LEFT + SIZE * CELL + 8}" height="${TOP + SIZE * CELL + 24}" font-family="sans-serif" font-size="13">`,
    `<rect x="${LEFT}" y="${TOP}" width="${SIZE * CELL}" height="${SIZE * CELL}" fill="#6b4f2f"/>`];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      parts.push(`<rect x="${px(x) + 3}" y="${py(y + 1) + 3}" width="${CELL - 6}" height="${CELL - 6}" fill="#ecdcbc"/>`);
    }
  }
  for (let i = 0; i < SIZE; i++) {
    parts.push(`<text x="${px(i) + CELL / 2}" y="${TOP + SIZE * CELL + 17}" text-anchor="middle">${FILES[i]}</text>`);
    parts.push(`<text x="${LEFT / 2}" y="${py(i) - CELL / 2 + 5}" text-anchor="middle">${i + 1}</text>`);
  }
  board.walls.slice(0, nwalls).forEach(([owner, orientation, anchor], i) => {
    const x = anchor % 8, y = Math.floor(anchor / 8);
    const [x0, y0, x1, y1] = orientation === 0 ? [x, y + 1, x + 2, y + 1] : [x + 1, y, x + 1, y + 2];
    const left = Math.min(px(x0), px(x1)), right = Math.max(px(x0), px(x1));
    const top = Math.min(py(y0), py(y1)), bottom = Math.max(py(y0), py(y1));
    const last = i === nwalls - 1 && k > 0 && board.steps[k - 1][2] < nwalls;
    const fill = last ? "#d62828" : owner === 0 ? "#f0c060" : "#3b2414";
    const name = squareName(9 * y + x) + (orientation === 0 ? "h" : "v");
    parts.push(`<rect class="wall" data-wall="${name}" x="${left - 3 + (right > left ? 2 : 0)}" y="${top - 3 + (bottom > top ? 2 : 0)}" ` +
      `width="${right - left + 6 - (right > left ? 4 : 0)}" height="${bottom - top + 6 - (bottom > top ? 4 : 0)}" rx="2" fill="${fill}"/>`);
  });
  [["white", white, "#fafafa", "#222"], ["black", black, "#222", "#fafafa"]].forEach(([name, sq, fill, stroke]) => {
    const cx = px(sq % 9) + CELL / 2, cy = py(Math.floor(sq / 9) + 1) + CELL / 2;
    parts.push(`<circle class="pawn ${name}" data-square="${squareName(sq)}" cx="${cx}" cy="${cy}" r="13" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`);
  });
  parts.push("</svg>");
  return parts.join("");
}

function showBoard() {
  const b = current.board;
  const last = b.steps.length - 1;
  $("board").innerHTML = svgBoard(b, step);
  $("step").textContent = last === 0 ? "no moves" : `move ${step} of ${last}`;
  const [, , , toMove, turn] = b.steps[step];
  let info = `turn ${turn}, ${toMove === 0 ? "white" : "black"} to move`;
  if (step === last && b.violation) info += `; then ${b.violation}`;
  $("info").textContent = info;
  $("back").disabled = step === 0;
  $("next").disabled = step === last;
}

function show(id) {
  current = byId.get(id);
  if (!current) return;
  step = 0;
  document.querySelectorAll("#list li.selected").forEach((li) => li.classList.remove("selected"));
  const li = document.querySelector(`#list li[data-id="${CSS.escape(id)}"]`);
  if (li) { li.classList.add("selected"); li.scrollIntoView({ block: "nearest" }); }
  $("id").textContent = current.id;
  $("comment").textContent = current.comment;
  $("meta").innerHTML = "";
  const verdict = document.createElement("span");
  verdict.className = "verdict-" + current.result;
  verdict.textContent = current.result;
  $("meta").append(verdict, ` · ${current.file} · flags: ${current.flags.join(", ") || "none"}`);
  $("input").textContent = current.input_hex ? `bytes (hex): ${current.input_hex}` : current.input;
  $("expected").textContent = current.expected;
  const fields = current.fields || [];
  $("fields-panel").hidden = fields.length === 0;
  $("fields").tBodies[0].innerHTML = "";
  for (const f of fields) {
    const row = $("fields").tBodies[0].insertRow();
    for (const cell of [f.offset, f.width, f.value.toString(2).padStart(f.width, "0"), f.path, f.value]) {
      row.insertCell().textContent = cell;
    }
  }
  $("board-panel").hidden = !current.board;
  if (current.board) showBoard();
}

function move(delta) {
  if (!current || !current.board) return;
  const next = step + delta;
  if (next < 0 || next >= current.board.steps.length) return;
  step = next;
  showBoard();
}

function fillList() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const list = $("list");
  list.innerHTML = "";
  let n = 0;
  for (const v of vectors) {
    const text = (v.id + " " + v.flags.join(" ") + " " + v.comment).toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const li = document.createElement("li");
    li.textContent = v.id;
    li.dataset.id = v.id;
    li.className = v.result + (current && v.id === current.id ? " selected" : "");
    list.append(li);
    n++;
  }
  $("count").textContent = `${n} of ${vectors.length} vectors`;
}

$("list").addEventListener("click", (e) => {
  const li = e.target.closest("li");
  if (li) location.hash = li.dataset.id;
});
$("filter").addEventListener("input", fillList);
$("back").addEventListener("click", () => move(-1));
$("next").addEventListener("click", () => move(1));
document.addEventListener("keydown", (e) => {
  if (e.target === $("filter")) return;
  if (e.key === "ArrowRight") move(1);
  if (e.key === "ArrowLeft") move(-1);
});
window.addEventListener("hashchange", () => show(decodeURIComponent(location.hash.slice(1))));
if (window.QF_SUITE) $("suite").textContent = `suite ${window.QF_SUITE.version}, ${window.QF_SUITE.digest}`;
fillList();
show(location.hash ? decodeURIComponent(location.hash.slice(1)) : vectors.length ? vectors[0].id : "");
