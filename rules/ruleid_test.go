package rules

import (
	"math/rand/v2"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// RuleID agrees with Apply on every move from positions of random games:
// the rules that allow a move for the legal moves, and for the others the
// rule of the violation Apply reports; every id is reached.
func TestRuleIDAgreesWithApply(t *testing.T) {
	allows := map[string]bool{"R-4": true, "R-6": true, "R-8": true, "R-15": true}
	kind := map[string]Rule{"R-3": NoWallsLeft, "R-5": WallBlocksMove, "R-7": JumpBlocked, "R-9": IllegalDiagonal, "R-10": IllegalDiagonal,
		"R-11": IllegalDiagonal, "R-12": IllegalDiagonal, "R-13": IllegalDiagonal, "R-14": OffBoard, "R-16": WallsConflict, "R-17": NoPath, "R-18": GameOver}
	seen := map[string]int{}
	r := rand.New(rand.NewPCG(1, 2))
	var moves []ref.Move
	for d := 0; d < 8; d++ {
		moves = append(moves, ref.PieceMove(d))
	}
	for a := 0; a < 64; a++ {
		moves = append(moves, ref.WallMove(ref.Horizontal, a), ref.WallMove(ref.Vertical, a))
	}
	for game := 0; game < 40; game++ {
		p := Start(&ref.Value{})
		for ply := 0; ply < 60; ply++ {
			for _, m := range moves {
				id := p.RuleID(m)
				seen[id]++
				_, k := p.Apply(m)
				if allows[id] != (k == "") || !allows[id] && kind[id] != k {
					t.Fatalf("game %d ply %d, %s: RuleID %q, Apply %q", game, ply, MoveName(m), id, k)
				}
			}
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			// Pawn moves mostly, so that pawns meet and walls pile up.
			m := legal[r.IntN(len(legal))]
			if pawns := p.PawnMoves(); r.IntN(3) > 0 && len(pawns) > 0 {
				m = pawns[r.IntN(len(pawns))]
			}
			p, _ = p.Apply(m)
		}
	}
	// Pawns side by side, walls about them: the diagonals' every reason.
	for i := 0; i < 3000; i++ {
		w := r.IntN(81)
		x, y := XY(w)
		d := directions[2*r.IntN(4)]
		if !onBoard(x+d.dx, y+d.dy) {
			continue
		}
		s := &ref.State{White: w, Black: Square(x+d.dx, y+d.dy), LastMove: ref.LastMove{Player: ref.Black}, Turn: 9}
		for n := r.IntN(5); n > 0; n-- {
			a := min(max(Square(x, y)/Size*8+x-1+r.IntN(3)-8*r.IntN(2), 0), 63)
			if r.IntN(2) == 0 {
				s.Walls.White.H = append(s.Walls.White.H, a)
			} else {
				s.Walls.Black.V = append(s.Walls.Black.V, a)
			}
		}
		p := Start(&ref.Value{State: s})
		for d := 0; d < 8; d++ {
			m := ref.PieceMove(d)
			id := p.RuleID(m)
			seen[id]++
			if _, k := p.Apply(m); allows[id] != (k == "") || !allows[id] && kind[id] != k {
				t.Fatalf("%+v, %s: RuleID %q, Apply %q", s, MoveName(m), id, k)
			}
		}
	}
	for _, id := range []string{"R-3", "R-4", "R-5", "R-6", "R-7", "R-8", "R-9", "R-10", "R-11", "R-12", "R-13", "R-14", "R-15", "R-16", "R-17", "R-18"} {
		if seen[id] == 0 {
			t.Errorf("%s never reached", id)
		}
	}
}
