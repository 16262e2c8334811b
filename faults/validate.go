package faults

import (
	"slices"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// A faulty validator: the rules of a State as package rules applies them
// (rules.Validate), but where the knobs the validator reads part from
// them: walls that cross allowed (CrossingAllowed), paths looked for with
// walls where the board's geometry places them (BoardGeometry).

// validate returns the kinds of the rules that the State s breaks, as
// rules.Validate does but for the knobs: each read only where s has what
// it changes (walls that cross; any wall).
func (f reading) validate(s *ref.State) []rules.Rule {
	found := rules.Validate(s)
	b := &board{pawn: [2]int{s.White, s.Black}}
	conflict := false // walls that conflict, crossing apart
	for _, g := range []struct {
		o       ref.Orientation
		anchors []int
	}{{ref.Horizontal, s.Walls.White.H}, {ref.Vertical, s.Walls.White.V}, {ref.Horizontal, s.Walls.Black.H}, {ref.Vertical, s.Walls.Black.V}} {
		for _, a := range g.anchors {
			same, _ := b.grids(g.o)
			conflict = conflict || overlaps(*same, g.o, a&63)
			*same |= anchor(a & 63)
		}
	}
	if b.h&b.v != 0 && knob(f, &f.k.CrossingAllowed) {
		found = setRule(found, rules.WallsConflict, conflict)
	}
	if g := f.geometryOf(b); g.lines() {
		found = setRule(found, rules.NoPath, !b.reaches(g, s.White, 8) || !b.reaches(g, s.Black, 0))
	}
	return found
}

// setRule returns the rules found, sorted, with r among them when broken.
func setRule(found []rules.Rule, r rules.Rule, broken bool) []rules.Rule {
	found = slices.DeleteFunc(found, func(x rules.Rule) bool { return x == r })
	if broken {
		found = append(found, r)
		slices.Sort(found)
	}
	return found
}
