// Replay and validation for qf.js, written from spec/qf.md section
// "Replay and validation": replay(value) returns {squares, violation},
// validate(state) the sorted kinds of the rules a State breaks.
"use strict";

const N = 9;
const xy = (sq) => [sq % N, Math.floor(sq / N)];
const on = (x, y) => x >= 0 && x < N && y >= 0 && y < N;
const STEPS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

class Board {
  constructor() {
    this.h = new Set(); // anchors of horizontal walls
    this.v = new Set();
  }
  has(grid, x, y) { return x >= 0 && x < 8 && y >= 0 && y < 8 && grid.has(8 * y + x); }
  // Is there a wall between (x, y) and its orthogonal neighbour (x+dx, y+dy)?
  blocked(x, y, dx, dy) {
    if (dy !== 0) { const row = Math.min(y, y + dy); return this.has(this.h, x - 1, row) || this.has(this.h, x, row); }
    const col = Math.min(x, x + dx);
    return this.has(this.v, col, y - 1) || this.has(this.v, col, y);
  }
  conflicts(o, p) {
    const [same, other] = o === "h" ? [this.h, this.v] : [this.v, this.h];
    const x = p % 8, y = Math.floor(p / 8);
    if (same.has(p) || other.has(p)) return true;
    if (o === "h") return (x > 0 && same.has(p - 1)) || (x < 7 && same.has(p + 1));
    return (y > 0 && same.has(p - 8)) || (y < 7 && same.has(p + 8));
  }
  reaches(from, goalRank) {
    const seen = new Set([from]);
    const queue = [from];
    while (queue.length) {
      const sq = queue.shift();
      const [x, y] = xy(sq);
      if (y === goalRank) return true;
      for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
        const nx = x + dx, ny = y + dy;
        if (on(nx, ny) && !this.blocked(x, y, dx, dy) && !seen.has(N * ny + nx)) {
          seen.add(N * ny + nx);
          queue.push(N * ny + nx);
        }
      }
    }
    return false;
  }
}

const GOAL = [8, 0]; // white's goal rank, black's

function stateWalls(state) {
  const out = [];
  for (const [p, player] of [[0, "white"], [1, "black"]]) {
    for (const o of ["h", "v"]) for (const a of state.walls[player][o]) out.push([p, o, a]);
  }
  return out;
}

function replay(value) {
  const squares = [];
  if (value.record === null) return { squares, violation: null };
  const board = new Board();
  const pawn = [4, 76];
  const left = [10, 10];
  let toMove = 0;
  if (value.state !== null) {
    const s = value.state;
    pawn[0] = s.white; pawn[1] = s.black;
    toMove = s.last_move.player === "white" ? 1 : 0;
    for (const [p, o, a] of stateWalls(s)) { (o === "h" ? board.h : board.v).add(a); left[p]--; }
  }
  const moves = value.record.moves;
  for (let i = 0; i < moves.length; i++) {
    const kind = play(moves[i]);
    if (kind) return { squares, violation: { move: i, kind } };
    squares.push([pawn[0], pawn[1]]);
  }
  return { squares, violation: null };

  function play(m) {
    if (Math.floor(pawn[0] / N) === GOAL[0] || Math.floor(pawn[1] / N) === GOAL[1]) return "game_over";
    if (m.kind === "wall") {
      if (left[toMove] <= 0) return "no_walls_left";
      if (board.conflicts(m.orientation, m.place)) return "walls_conflict";
      const grid = m.orientation === "h" ? board.h : board.v;
      grid.add(m.place);
      if (!board.reaches(pawn[0], GOAL[0]) || !board.reaches(pawn[1], GOAL[1])) { grid.delete(m.place); return "no_path"; }
      left[toMove]--;
      toMove = 1 - toMove;
      return null;
    }
    const [x, y] = xy(pawn[toMove]);
    const opp = pawn[1 - toMove];
    const [dx, dy] = STEPS[m.dir];
    let to;
    if (dx === 0 || dy === 0) {
      const nx = x + dx, ny = y + dy;
      if (!on(nx, ny)) return "off_board";
      if (board.blocked(x, y, dx, dy)) return "wall_blocks_move";
      to = N * ny + nx;
      if (to === opp) {
        if (!on(nx + dx, ny + dy) || board.blocked(nx, ny, dx, dy)) return "jump_blocked";
        to = N * (ny + dy) + nx + dx;
      }
    } else {
      const tx = x + dx, ty = y + dy;
      to = null;
      if (on(tx, ty)) {
        for (const [vx, vy] of [[dx, 0], [0, dy]]) {
          const ox = x + vx, oy = y + vy;
          if (!on(ox, oy) || N * oy + ox !== opp || board.blocked(x, y, vx, vy)) continue;
          const jumpBlocked = !on(ox + vx, oy + vy) || board.blocked(ox, oy, vx, vy);
          if (jumpBlocked && !board.blocked(ox, oy, tx - ox, ty - oy)) to = N * ty + tx;
        }
      }
      if (to === null) return "illegal_diagonal";
    }
    pawn[toMove] = to;
    toMove = 1 - toMove;
    return null;
  }
}

function validate(state) {
  if (state === null) return [];
  const found = new Set();
  if (state.white === state.black) found.add("pawns_overlap");
  const board = new Board();
  const count = [0, 0];
  for (const [p, o, a] of stateWalls(state)) {
    count[p]++;
    if (board.conflicts(o, a)) found.add("walls_conflict");
    (o === "h" ? board.h : board.v).add(a);
  }
  if (count[0] > 10 || count[1] > 10) found.add("too_many_walls");
  if (!board.reaches(state.white, GOAL[0]) || !board.reaches(state.black, GOAL[1])) found.add("no_path");
  const lm = state.last_move;
  if (lm.kind === "wall") {
    const mine = state.walls[lm.player];
    if (!mine.h.includes(lm.place) && !mine.v.includes(lm.place)) found.add("last_move_wall_missing");
  }
  return [...found].sort();
}

module.exports = { replay, validate };
