package faults

import (
	"math/rand/v2"
	"testing"
)

// TestReaches: the flood fill of reaches finds a rank where a search of
// the squares one step at a time (geometry.reaches) does, on random walls.
func TestReaches(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const boards = 20000
	cut := 0
	spec := &geometry{} // whose reaches is a search, a square at a time
	for n := range boards {
		b := &board{}
		for a := range 64 { // each anchor a wall with a chance of 1 in 16 to 5 in 16
			if r.IntN(16) <= n%5 {
				b.h |= 1 << a
			}
			if r.IntN(16) <= n%5 {
				b.v |= 1 << a
			}
		}
		from, goal := r.IntN(81), r.IntN(9)
		got, want := b.reaches(&geometry{}, from, goal), spec.reaches(b, from, goal)
		if got != want {
			t.Fatalf("walls h %#x v %#x, from %d to rank %d: reaches %v, a search %v", b.h, b.v, from, goal, got, want)
		}
		if !want {
			cut++
		}
	}
	if cut < boards/20 || cut > boards/2 {
		t.Errorf("%d boards of %d cut the pawn off: the walls drawn tell little", cut, boards)
	}
	t.Logf("%d boards of %d cut the pawn off", cut, boards)
}

// TestGeometry: a replayer whose moves west check the wall line one file
// east of the one they cross (`col = x` for `min(x, x+dx)`) is blocked
// stepping west from e5 by e5v, east of e5, and not by d5v, west of it;
// its moves east are spec/qf.md's; a path search goes by the same lines.
func TestGeometry(t *testing.T) {
	var g geometry
	g.shift[west] = 1
	e5v := &board{v: 1 << (8*4 + 4)} // anchor e5: between files e and f, ranks 5 and 6
	d5v := &board{v: 1 << (8*4 + 3)}
	for _, c := range []struct {
		b              *board
		x, dx          int
		spec, deviated bool
	}{
		{e5v, 4, -1, false, true}, // e5 west: e5v is behind
		{d5v, 4, -1, true, false}, // e5 west: d5v is crossed
		{e5v, 4, 1, true, true},   // e5 east: e5v is crossed either way
		{d5v, 3, 1, true, true},   // d5 east
		{e5v, 5, -1, true, false}, // f5 west: e5v crossed, the line checked is f's
	} {
		if got := (&geometry{}).between(c.b, c.x, 4, c.dx, 0); got != c.spec {
			t.Errorf("spec/qf.md's geometry, walls v %#x, file %d step %d: blocked %v", c.b.v, c.x, c.dx, got)
		}
		if got := g.between(c.b, c.x, 4, c.dx, 0); got != c.deviated {
			t.Errorf("moves west one file off, walls v %#x, file %d step %d: blocked %v", c.b.v, c.x, c.dx, got)
		}
	}
	// A pawn on b1 under b1h and beside b1v: its one way out is west, to
	// a1 and north, which the deviated moves west find walled (b1v).
	boxed := &board{h: 1 << 1, v: 1 << 1}
	if !boxed.reaches(&geometry{}, 1, 8) || boxed.reaches(&g, 1, 8) {
		t.Errorf("b1 boxed but for the west: a path %v by spec/qf.md's lines, %v by the deviated ones", boxed.reaches(&geometry{}, 1, 8), boxed.reaches(&g, 1, 8))
	}
	names := map[string]bool{}
	for _, f := range geometries() {
		if names[f.Name] || f.What == "" || f.Fix == "" || f.Rule == "" {
			t.Errorf("deviation %q: a name twice, or no words (%q, %q, %q)", f.Name, f.What, f.Fix, f.Rule)
		}
		names[f.Name] = true
	}
	if !names["west-checks-line-east"] || !names["east-west-checks-line-east"] || !names["vertical-wall-span-shifted"] {
		t.Errorf("deviations %v: the moves west one file east, both headings, the span, not all there", names)
	}
}

// TestGeometriesTogether: two deviations of the geometry in different
// ways can be had together, and their model has both; two shifts of one
// heading's line cannot.
func TestGeometriesTogether(t *testing.T) {
	steps, _ := Named("step-wall-ignored-west")
	jumps, _ := Named("jump-wall-ignored-south")
	if !Compatible(steps, jumps) {
		t.Fatal("steps west and jumps south ignoring walls cannot be had together")
	}
	k, _ := steps.knobs.with(jumps.knobs)
	if g := k.BoardGeometry; !g.stepIgnored.has(west) || !g.jumpIgnored.has(south) {
		t.Errorf("the two together: %+v", g)
	}
	var one, other geometry
	one.shift[west], other.shift[west] = 1, -1
	if Compatible(one.fault(), other.fault()) {
		t.Error("moves west one file east and one file west, had together")
	}
}
