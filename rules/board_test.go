package rules

import (
	"math/rand/v2"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// orthogonal are the four straight steps, for pathByBFS.
var orthogonal = [4]step{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// pathByBFS is reach as a breadth-first search of the squares, one step
// at a time: the flood fill must agree with it.
func pathByBFS(w *walls, from, goal int) bool {
	seen := map[int]bool{from: true}
	queue := []int{from}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		x, y := XY(n)
		if y == goal {
			return true
		}
		for _, d := range orthogonal {
			nx, ny := x+d.dx, y+d.dy
			if onBoard(nx, ny) && !w.blocked(x, y, d.dx, d.dy) && !seen[Square(nx, ny)] {
				seen[Square(nx, ny)] = true
				queue = append(queue, Square(nx, ny))
			}
		}
	}
	return false
}

// The flood fill of reach agrees with a search one step at a time, on
// 20,000 boards of 0 to 40 walls, crossing and overlapping ones included,
// from every kind of square to both goal ranks; many of them cut a path.
func TestReachAgreesWithSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(20261124, 3))
	cut := 0
	for i := 0; i < 20000; i++ {
		var w walls
		for n := r.IntN(41); n > 0; n-- {
			w.put(ref.Orientation(r.IntN(2)), r.IntN(AnchorSize*AnchorSize))
		}
		from := r.IntN(Size * Size)
		for _, goal := range []int{0, Size - 1, r.IntN(Size)} {
			want := pathByBFS(&w, from, goal)
			o := w.openings()
			if got := o.reach(from, goal); got != want {
				t.Fatalf("walls h %v v %v, from %s to rank %d: reach %v, the search %v", w.h, w.v, SquareName(from), goal+1, got, want)
			}
			if !want {
				cut++
			}
		}
	}
	if cut < 1000 {
		t.Errorf("only %d of the boards cut a path: too few to tell", cut)
	}
}
