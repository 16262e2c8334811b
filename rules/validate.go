package rules

import (
	"slices"

	"github.com/qf-format/qf-conformance/ref"
)

// Violations of a State (spec/qf.md, "Replay and validation").
const (
	PawnsOverlap        Rule = "pawns_overlap"          // both pawns on one square
	TooManyWalls        Rule = "too_many_walls"         // more than 10 walls for a player
	LastMoveWallMissing Rule = "last_move_wall_missing" // a wall last move at an anchor where the mover has no wall
	// WallsConflict and NoPath, as for a record move: two of the State's
	// walls conflict, or a player has no path to its goal rank.
)

// Rules lists every rule a record move or a State can break, those of
// moves in their order of precedence first.
var Rules = []Rule{GameOver, NoWallsLeft, WallsConflict, NoPath, OffBoard, WallBlocksMove, JumpBlocked, IllegalDiagonal,
	PawnsOverlap, TooManyWalls, LastMoveWallMissing}

// Validate returns the distinct kinds of the rules that s breaks, sorted;
// none for a valid State.
func Validate(s *ref.State) []Rule {
	var broken [len(stateRules)]bool
	breaks := func(k Rule) { broken[slices.Index(stateRules[:], k)] = true }
	if s.White == s.Black {
		breaks(PawnsOverlap)
	}
	count := [2]int{}
	var grid walls
	for _, g := range stateGroups(s) {
		for _, a := range g.anchors {
			count[g.owner]++
			if grid.conflicts(g.orientation, a) {
				breaks(WallsConflict)
			}
			grid.put(g.orientation, a)
		}
	}
	if count[ref.White] > WallsPerSide || count[ref.Black] > WallsPerSide {
		breaks(TooManyWalls)
	}
	if !grid.pathsOpen(s.White, s.Black) {
		breaks(NoPath)
	}
	if lm := s.LastMove; lm.Kind == ref.Wall {
		mine := s.Walls.Group(lm.Player)
		if !contains(mine.H, lm.Place) && !contains(mine.V, lm.Place) {
			breaks(LastMoveWallMissing)
		}
	}
	n := 0
	for _, b := range broken {
		if b {
			n++
		}
	}
	kinds := make([]Rule, 0, n)
	for k, b := range broken {
		if b {
			kinds = append(kinds, stateRules[k])
		}
	}
	return kinds
}

// stateRules lists the rules that a State can break, sorted, as Validate
// returns them.
var stateRules = [...]Rule{LastMoveWallMissing, NoPath, PawnsOverlap, TooManyWalls, WallsConflict}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}
