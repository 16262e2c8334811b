package faults

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Deviations of the board's geometry: one model of a replayer whose walls
// stand in the way of moves otherwise than spec/qf.md's ("Wall anchors":
// a horizontal wall at anchor (x, y) separates rank y from rank y+1 in
// files x and x+1, a vertical one file x from file x+1 in ranks y and
// y+1), by parameters rather than shapes seen: the wall line a move in
// one heading checks, one file or rank off the line it crosses (as
// `col = x` or `col = x + dx` in place of `min(x, x + dx)` do); the files
// or ranks a wall covers, one off its anchor; walls ignored in the steps,
// or in the jumps, of one heading. The line a move checks is that of
// steps, jumps and side-steps alike, and of the paths that no_path
// looks for, in replay and in validation.

// A heading is the heading of an orthogonal move.
type heading uint8

const (
	north heading = iota
	east
	south
	west
)

var headingNames = [...]string{"north", "east", "south", "west"}

// headingOf returns the heading of the orthogonal step (dx, dy).
func headingOf(dx, dy int) heading {
	switch {
	case dy > 0:
		return north
	case dx > 0:
		return east
	case dy < 0:
		return south
	}
	return west
}

// headings is a set of headings, a bit each.
type headings uint8

func (h headings) has(x heading) bool { return h&(1<<x) != 0 }

const every headings = 1<<north | 1<<east | 1<<south | 1<<west

// A geometry is where a model's walls stand in the way of its moves. The
// zero geometry is spec/qf.md's.
type geometry struct {
	// shift is, by heading, how many files (east positive) or ranks
	// (north positive) the wall line a move checks lies off the line it
	// crosses.
	shift [4]int8
	// spanShifted is, by orientation, whether a wall covers the files (or
	// ranks) x-1 and x of its anchor, not x and x+1.
	spanShifted [2]bool
	// stepIgnored and jumpIgnored are the headings in which a wall does
	// not block a step, or a jump over the opponent.
	stepIgnored, jumpIgnored headings
}

// with returns g with the deviations of o too, and false where the two
// shift one heading's line differently (g's kept).
func (g geometry) with(o geometry) (geometry, bool) {
	ok := true
	for h, s := range o.shift {
		switch {
		case g.shift[h] == 0:
			g.shift[h] = s
		case s != 0 && s != g.shift[h]:
			ok = false
		}
	}
	g.spanShifted[0] = g.spanShifted[0] || o.spanShifted[0]
	g.spanShifted[1] = g.spanShifted[1] || o.spanShifted[1]
	g.stepIgnored |= o.stepIgnored
	g.jumpIgnored |= o.jumpIgnored
	return g, ok
}

// lines reports whether g checks other lines than spec/qf.md's, where
// paths too part from the spec's.
func (g *geometry) lines() bool { return g.shift != [4]int8{} || g.spanShifted != [2]bool{} }

// between reports whether a wall of the board b, as geometry g places
// walls, stands between square (x, y) and its orthogonal neighbour
// (x+dx, y+dy).
func (g *geometry) between(b *board, x, y, dx, dy int) bool {
	s := int(g.shift[headingOf(dx, dy)])
	if dy != 0 {
		row, lo := min(y, y+dy)+s, x-1
		if g.spanShifted[ref.Horizontal] {
			lo = x
		}
		return b.anchorAt(b.h, lo, row) || b.anchorAt(b.h, lo+1, row)
	}
	col, lo := min(x, x+dx)+s, y-1
	if g.spanShifted[ref.Vertical] {
		lo = y
	}
	return b.anchorAt(b.v, col, lo) || b.anchorAt(b.v, col, lo+1)
}

// reaches reports whether a pawn on square from can walk to a square of
// rank goal, the walls standing as g places them: a search of the squares
// it can walk to, a move at a time (a line that one heading checks
// otherwise makes the way back differ from the way there).
func (g *geometry) reaches(b *board, from, goal int) bool {
	if from < 0 || from > 80 {
		return from/9 == goal
	}
	var seen [81]bool
	seen[from] = true
	queue := []int{from}
	for len(queue) > 0 {
		sq := queue[0]
		queue = queue[1:]
		x, y := sq%9, sq/9
		if y == goal {
			return true
		}
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			nx, ny := x+d[0], y+d[1]
			if inside(nx, ny) && !seen[9*ny+nx] && !g.between(b, x, y, d[0], d[1]) {
				seen[9*ny+nx] = true
				queue = append(queue, 9*ny+nx)
			}
		}
	}
	return false
}

// geometryOf returns the geometry of the knobs as a move on board b reads
// it: spec/qf.md's, the knob not read, on a board with no walls, where
// every geometry answers alike.
func (f reading) geometryOf(b *board) *geometry {
	if b.h|b.v == 0 {
		return &geometry{}
	}
	knob(f, &f.k.BoardGeometry)
	return &f.k.BoardGeometry
}

// geometries lists the deviations of the board's geometry that the
// diagnosis searches, but those of the catalogue (step-wall-ignored-west,
// jump-wall-ignored-south): each heading's line one off either way; the
// lines of both headings of an axis one off the same way (the larger
// file's line for the smaller's, as `max` for `min`); each orientation's
// span one off; walls ignored in the steps, or in the jumps, of each
// heading, and of every heading.
func geometries() []*Fault {
	var out []*Fault
	for h := range heading(4) {
		for _, s := range []int8{-1, 1} {
			var g geometry
			g.shift[h] = s
			out = append(out, g.fault())
		}
	}
	for _, axis := range [][2]heading{{east, west}, {north, south}} {
		for _, s := range []int8{-1, 1} {
			var g geometry
			g.shift[axis[0]], g.shift[axis[1]] = s, s
			out = append(out, g.fault())
		}
	}
	for _, o := range []ref.Orientation{ref.Horizontal, ref.Vertical} {
		var g geometry
		g.spanShifted[o] = true
		out = append(out, g.fault())
	}
	for h := range heading(4) {
		if h != west {
			out = append(out, geometry{stepIgnored: 1 << h}.fault())
		}
		if h != south {
			out = append(out, geometry{jumpIgnored: 1 << h}.fault())
		}
	}
	return append(out, geometry{stepIgnored: every}.fault(), geometry{jumpIgnored: every}.fault())
}

// fault returns the fault of a replayer of geometry g, outside the
// catalogue.
func (g geometry) fault() *Fault {
	slug, what, fix, rule := g.describe()
	k := knobs{BoardGeometry: g}
	f := &Fault{Name: slug, Family: slug, What: what, Fix: fix, Kind: Rule, Rule: rule, knobs: k, index: 1 << 30}
	f.sets = k.set()
	return f
}

// describe returns a slug of the deviation g, what it is and what to
// change, as spec/qf.md says, and the rule it breaks first; g deviates in
// one way, or in one axis's two lines the same way.
func (g geometry) describe() (slug, what, fix string, rule rules.Rule) {
	const anchors = "a horizontal wall at anchor (x, y) separates rank y from rank y+1 in files x and x+1, a vertical one file x from file x+1 in ranks y and y+1 (spec/qf.md, Wall anchors)"
	switch {
	case g.stepIgnored == every:
		return "step-wall-ignored", "a wall never blocks a step",
			"a wall between the pawn and the square ahead blocks a step in every direction (wall_blocks_move)", rules.WallBlocksMove
	case g.jumpIgnored == every:
		return "jump-wall-ignored", "a wall behind the opponent never blocks a jump",
			"a wall behind the opponent blocks a jump in every direction (jump_blocked)", rules.JumpBlocked
	}
	for h := range heading(4) {
		if g.stepIgnored.has(h) {
			return "step-wall-ignored-" + headingNames[h], "a wall does not block a step " + headingNames[h],
				"a wall between the pawn and the square ahead blocks a step in every direction (wall_blocks_move)", rules.WallBlocksMove
		}
		if g.jumpIgnored.has(h) {
			return "jump-wall-ignored-" + headingNames[h], "a wall behind the opponent does not block a jump " + headingNames[h],
				"a wall behind the opponent blocks a jump in every direction (jump_blocked)", rules.JumpBlocked
		}
	}
	for o, name := range [2]string{"horizontal", "vertical"} {
		if g.spanShifted[o] {
			covers := "files x-1 and x"
			if o == int(ref.Vertical) {
				covers = "ranks y-1 and y"
			}
			return name + "-wall-span-shifted", fmt.Sprintf("a %s wall at anchor (x, y) taken to cover %s", name, covers),
				anchors, rules.WallBlocksMove
		}
	}
	var moved []string
	var s int8
	for h := range heading(4) {
		if g.shift[h] != 0 {
			moved, s = append(moved, headingNames[h]), g.shift[h]
		}
	}
	way := map[bool]string{true: "east", false: "west"}[s > 0]
	unit := "file"
	if moved[0] == "north" || moved[0] == "south" {
		way, unit = map[bool]string{true: "north", false: "south"}[s > 0], "rank"
	}
	moves := "a move " + moved[0]
	if len(moved) == 2 {
		moves = "moves " + moved[0] + " and " + moved[1]
	}
	slug = fmt.Sprintf("%s-checks-line-%s", strings.Join(moved, "-"), way)
	what = fmt.Sprintf("%s checked against the wall line one %s %s of the line crossed", moves, unit, way)
	var crossed []string
	for _, h := range moved {
		crossed = append(crossed, blockers[h])
	}
	return slug, what, strings.Join(crossed, "; ") + " (spec/qf.md, Wall anchors)", rules.WallBlocksMove
}

// blockers says, by heading, which walls stand in the way of a move.
var blockers = map[string]string{
	"north": "a move north from (x, y) is blocked by the horizontal walls at anchors (x-1, y) and (x, y)",
	"east":  "a move east from (x, y) is blocked by the vertical walls at anchors (x, y-1) and (x, y)",
	"south": "a move south from (x, y) is blocked by the horizontal walls at anchors (x-1, y-1) and (x, y-1)",
	"west":  "a move west from (x, y) is blocked by the vertical walls at anchors (x-1, y-1) and (x-1, y)",
}
