package faults

import (
	"encoding/json"
	"fmt"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// A faulty replayer: the rules of Quoridor written again, compactly, with
// knobs for the faults of third-party replayers. With no knob set it
// agrees with package rules (a test says so).

type board struct {
	pawn      [2]int // by player
	toMove    int
	h, v      uint64 // the anchors of the horizontal and of the vertical walls, a bit each (8*y+x)
	wallsLeft [2]int
}

var offsets = [8]int{9, 10, 1, -8, -9, -10, -1, 8}
var steps = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func inside(x, y int) bool { return x >= 0 && x < 9 && y >= 0 && y < 9 }

func (b *board) anchorAt(grid uint64, x, y int) bool {
	return x >= 0 && x < 8 && y >= 0 && y < 8 && grid>>(8*y+x)&1 != 0
}

// reaches reports whether a pawn on square from can walk to a square of
// rank goal (0 to 8), walls in the way as geometry g places them: the
// squares it can walk to found a rank at a time, as nine bits, until no
// more are found (g.reaches where g's lines are not spec/qf.md's).
func (b *board) reaches(g *geometry, from, goal int) bool {
	if g.lines() {
		return g.reaches(b, from, goal)
	}
	if from < 0 || from > 80 { // off the board, by square arithmetic
		return from/9 == goal
	}
	// east[y] has bit x set where a wall parts (x, y) from (x+1, y);
	// north[y] where one parts (x, y) from (x, y+1) (geometry.between).
	var east, north [9]uint16
	for y := range 9 {
		if y > 0 {
			east[y] |= uint16(b.v >> (8 * (y - 1)) & 0xff)
		}
		if y < 8 {
			east[y] |= uint16(b.v >> (8 * y) & 0xff)
			h := uint16(b.h >> (8 * y) & 0xff)
			north[y] = (h | h<<1) & 0x1ff
		}
	}
	var reached [9]uint16
	reached[from/9] = 1 << (from % 9)
	for grown := true; grown; {
		grown = false
		for y := range 9 {
			r := reached[y]
			if y > 0 {
				r |= reached[y-1] &^ north[y-1]
			}
			if y < 8 {
				r |= reached[y+1] &^ north[y]
			}
			for {
				next := r | (r&^east[y])<<1&0x1ff | r>>1&^east[y]
				if next == r {
					break
				}
				r = next
			}
			if r != reached[y] {
				reached[y], grown = r, true
			}
		}
	}
	return reached[goal] != 0
}

func (f reading) over(b *board) bool {
	return b.pawn[0]/9 == 8 || b.pawn[1]/9 == 0 && !knob(f, &f.k.BlackWinIgnored)
}

func (f reading) apply(b *board, m ref.Move) rules.Rule {
	if f.over(b) {
		return rules.GameOver
	}
	if m.Kind == ref.Wall {
		return f.wall(b, m.Orientation, int(m.Place))
	}
	to, k := f.pawn(b, int(m.Dir))
	if k != "" {
		return k
	}
	b.pawn[b.toMove] = to
	b.toMove = 1 - b.toMove
	return ""
}

func (f reading) wall(b *board, o ref.Orientation, p int) rules.Rule {
	if b.wallsLeft[b.toMove] <= 0 && !knob(f, &f.k.NoWallsLeftIgnored) {
		return rules.NoWallsLeft
	}
	same, other := b.grids(o)
	if overlaps(*same, o, p) || anchored(*other, p) && !knob(f, &f.k.CrossingAllowed) {
		return rules.WallsConflict
	}
	saved := *b
	*same |= anchor(p)
	g := f.geometryOf(b)
	blocked := !b.reaches(g, b.pawn[0], 8) || !b.reaches(g, b.pawn[1], 0)
	if knob(f, &f.k.OpponentPathUnchecked) {
		blocked = !b.reaches(g, b.pawn[b.toMove], [2]int{8, 0}[b.toMove])
	}
	if !knob(f, &f.k.NoPathCheck) && blocked {
		*b = saved
		return rules.NoPath
	}
	b.wallsLeft[b.toMove]--
	b.toMove = 1 - b.toMove
	return ""
}

// grids returns the board's grid of walls of orientation o, and the
// other's.
func (b *board) grids(o ref.Orientation) (same, other *uint64) {
	if o == ref.Vertical {
		return &b.v, &b.h
	}
	return &b.h, &b.v
}

// overlaps reports whether a wall of orientation o at anchor p is one of
// grid's, the walls of that orientation, or overlaps one: horizontal
// walls at p and p±1 in a row of anchors, vertical ones at p and p±8.
func overlaps(grid uint64, o ref.Orientation, p int) bool {
	x, y := p%8, p/8
	if o == ref.Vertical {
		return anchored(grid, p) || y > 0 && anchored(grid, p-8) || y < 7 && anchored(grid, p+8)
	}
	return anchored(grid, p) || x > 0 && anchored(grid, p-1) || x < 7 && anchored(grid, p+1)
}

// anchored reports whether grid has a wall at anchor p.
func anchored(grid uint64, p int) bool { return grid&anchor(p) != 0 }

// anchor returns the bit of anchor p in a grid. A place, 6 bits, is
// never outside 0 to 63; it panics as an index of 64 anchors would.
func anchor(p int) uint64 {
	if p < 0 || p > 63 {
		panic(fmt.Sprintf("index out of range [%d] with length 64", p))
	}
	return 1 << p
}

func (f reading) pawn(b *board, dir int) (int, rules.Rule) {
	me, opp := b.pawn[b.toMove], b.pawn[1-b.toMove]
	if knob(f, &f.k.SquareArithmetic) {
		to := me + offsets[dir]
		if to == opp {
			to += offsets[dir]
		}
		return to, ""
	}
	x, y := me%9, me/9
	dx, dy := steps[dir][0], steps[dir][1]
	g := f.geometryOf(b)
	if dx == 0 || dy == 0 {
		nx, ny := x+dx, y+dy
		if knob(f, &f.k.WrapAtEdge) && dy == 0 && (nx < 0 || nx > 8) && me+dx >= 0 && me+dx <= 80 {
			return me + dx, "" // from i1 east to a2
		}
		switch {
		case !inside(nx, ny):
			return 0, rules.OffBoard
		case g.between(b, x, y, dx, dy) && !g.stepIgnored.has(headingOf(dx, dy)):
			return 0, rules.WallBlocksMove
		case 9*ny+nx != opp:
			return 9*ny + nx, ""
		}
		jx, jy := nx+dx, ny+dy
		if jumpBlocked(g, b, nx, ny, dx, dy) {
			return 0, rules.JumpBlocked
		}
		return 9*jy + jx, ""
	}
	tx, ty := x+dx, y+dy
	if knob(f, &f.k.DiagonalJumps) && inside(tx, ty) && 9*ty+tx == opp && inside(tx+dx, ty+dy) {
		return 9*(ty+dy) + tx + dx, ""
	}
	if !inside(tx, ty) {
		return 0, rules.IllegalDiagonal
	}
	for _, via := range [2][2]int{{dx, 0}, {0, dy}} {
		ox, oy := x+via[0], y+via[1]
		if !inside(ox, oy) || 9*oy+ox != opp || g.between(b, x, y, via[0], via[1]) {
			continue
		}
		blocked := jumpBlocked(g, b, ox, oy, via[0], via[1])
		through := knob(f, &f.k.BlackSideStepsThrough) && b.toMove == 1
		if (blocked || knob(f, &f.k.SideStepWhileOpen)) && (!g.between(b, ox, oy, tx-ox, ty-oy) || through) {
			return 9*ty + tx, ""
		}
	}
	return 0, rules.IllegalDiagonal
}

// jumpBlocked reports whether the board's edge or a wall stands behind the
// opponent on (ox, oy), jumped over in the step (dx, dy), as geometry g
// places walls.
func jumpBlocked(g *geometry, b *board, ox, oy, dx, dy int) bool {
	if !inside(ox+dx, oy+dy) {
		return true
	}
	return g.between(b, ox, oy, dx, dy) && !g.jumpIgnored.has(headingOf(dx, dy))
}

// replay answers a replay request for a value already decoded.
func (f reading) replay(v *ref.Value) ([][2]int, json.RawMessage) {
	squares := [][2]int{}
	if v.Record == nil {
		return squares, json.RawMessage("null")
	}
	b := &board{pawn: [2]int{rules.WhiteStart, rules.BlackStart}, wallsLeft: [2]int{10, 10}}
	if s := v.State; s != nil {
		b.pawn = [2]int{s.White, s.Black}
		b.toMove = int(1 - s.LastMove.Player)
		switch {
		case knob(f, &f.k.FirstMoverParity):
			b.toMove = 1 - s.Turn%2 // white plays the odd turns
		case knob(f, &f.k.FirstMoverSame):
			b.toMove = int(s.LastMove.Player)
		}
		for p, g := range []ref.PlayerWalls{s.Walls.White, s.Walls.Black} {
			for _, a := range g.H {
				b.h |= anchor(a)
				if !knob(f, &f.k.StateWallsUncounted) {
					b.wallsLeft[p]--
				}
			}
			for _, a := range g.V {
				b.v |= anchor(a)
				if !knob(f, &f.k.StateWallsUncounted) {
					b.wallsLeft[p]--
				}
			}
		}
	}
	for i, m := range v.Record.Moves {
		if k := f.apply(b, m); k != "" {
			out, _ := json.Marshal(rules.Violation{Move: i, Kind: k})
			return squares, out
		}
		squares = append(squares, [2]int{b.pawn[0], b.pawn[1]})
	}
	return squares, json.RawMessage("null")
}
