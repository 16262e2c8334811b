package gen

import (
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// MaxValue returns a longest value: 40 walls, a wall last move and 1023
// wall moves, spec.MaxBits bits, spec.MaxChars characters.
func MaxValue() *ref.Value {
	anchors := func(from int) []int {
		a := make([]int, spec.MaxWallsPerGroup)
		for i := range a {
			a[i] = (from + 7*i) % 64
		}
		return a
	}
	moves := make([]ref.Move, spec.MaxMoves)
	for i := range moves {
		moves[i] = ref.WallMove(ref.Orientation(i%2), (i*5)%64)
	}
	return &ref.Value{
		State: &ref.State{
			White: 4, Black: 76,
			Walls: ref.Walls{
				White: ref.PlayerWalls{H: anchors(0), V: anchors(1)},
				Black: ref.PlayerWalls{H: anchors(2), V: anchors(3)},
			},
			LastMove: ref.LastMove{Player: ref.Black, Kind: ref.Wall, Place: 63},
			Turn:     spec.MaxTurn,
		},
		Record: &ref.Record{Moves: moves},
	}
}
