package vectors_test

import (
	"testing"

	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// Every kind of violation has its flag.
func TestKindFlags(t *testing.T) {
	for _, k := range []rules.Rule{rules.GameOver, rules.OffBoard, rules.WallBlocksMove, rules.JumpBlocked, rules.IllegalDiagonal,
		rules.NoWallsLeft, rules.WallsConflict, rules.NoPath, rules.PawnsOverlap, rules.TooManyWalls, rules.LastMoveWallMissing} {
		if vectors.KindFlag(string(k)) == "" {
			t.Errorf("%s has no flag", k)
		}
	}
	if vectors.KindFlag("no_such_kind") != "" {
		t.Error("a kind the suite does not have has a flag")
	}
}
