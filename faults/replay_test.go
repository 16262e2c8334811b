package faults

import (
	"math/rand/v2"
	"testing"
)

// TestReaches: the flood fill of reaches finds a rank where a search of
// the squares one step at a time does, on random walls.
func TestReaches(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const boards = 20000
	cut := 0
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
		if got, want := b.reaches(from, goal), b.searches(from, goal); got != want {
			t.Fatalf("walls h %#x v %#x, from %d to rank %d: reaches %v, a search %v", b.h, b.v, from, goal, got, want)
		}
		if !b.searches(from, goal) {
			cut++
		}
	}
	if cut < boards/20 || cut > boards/2 {
		t.Errorf("%d boards of %d cut the pawn off: the walls drawn tell little", cut, boards)
	}
	t.Logf("%d boards of %d cut the pawn off", cut, boards)
}

// searches is reaches as a breadth-first search, a square at a time.
func (b *board) searches(from, goal int) bool {
	var seen [81]bool
	queue := []int{from}
	seen[from] = true
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n/9 == goal {
			return true
		}
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			x, y := n%9+d[0], n/9+d[1]
			if inside(x, y) && !b.wallBetween(n%9, n/9, d[0], d[1]) && !seen[9*y+x] {
				seen[9*y+x] = true
				queue = append(queue, 9*y+x)
			}
		}
	}
	return false
}
