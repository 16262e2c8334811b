package vectors

import (
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// The flags of what an input is, named as the suite's vectors name them
// (Notes): for the tests that qf fuzz writes of what it finds.

// ErrorFlag returns the flag of the error e of decoding or encoding
// input: its kind, and for an invalid character the class of the
// character; "" for an error no flag names.
func ErrorFlag(input string, e *spec.ErrorObject) string {
	switch e.Kind {
	case string(ref.ErrInvalidCharacter):
		if e.Char == nil || *e.Char >= len(input) {
			return ""
		}
		switch c := input[*e.Char]; {
		case c == '=':
			return "EqualsSign"
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			return "Whitespace"
		case c < 0x80:
			return "OtherAscii"
		}
		return "NonAscii"
	case string(ref.ErrTruncated):
		return "Truncated"
	case string(ref.ErrTrailingData):
		return "TrailingData"
	case string(ref.ErrNonzeroPadding):
		return "NonzeroPadding"
	case string(ref.ErrOutOfRange):
		switch f, _ := spec.FieldOf(e.Field); {
		case f == spec.White || f == spec.Black:
			return "SquareRange"
		case slices.ContainsFunc(spec.WallGroups[:], func(g spec.WallGroup) bool { return g.Count == f }):
			return "WallCountRange"
		case f == spec.MoveCount:
			return "MoveCountLimit"
		}
		return "EncoderOverflow"
	}
	return ""
}

// ValueFlags returns the flags of a value's corners: neither chunk, an
// empty record, walls out of order or repeated, a pawn last move.
func ValueFlags(v *ref.Value) []string {
	var flags []string
	switch {
	case v.State == nil && v.Record == nil:
		flags = append(flags, "NeitherChunk")
	case v.Record != nil && len(v.Record.Moves) == 0:
		flags = append(flags, "EmptyRecord")
	}
	if s := v.State; s != nil {
		for _, g := range [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V} {
			if !slices.IsSorted(g) || len(slices.Compact(slices.Clone(g))) < len(g) {
				flags = append(flags, "WallOrder")
			}
		}
		if s.LastMove.Kind == ref.Piece {
			flags = append(flags, "PawnLastMove")
		}
	}
	return flags
}

// KindFlag returns the flag of a rule's kind, its name in camel case
// ("illegal_diagonal", IllegalDiagonal), or "" when the suite has no such
// flag.
func KindFlag(kind string) string {
	var b strings.Builder
	for _, word := range strings.Split(kind, "_") {
		if word != "" {
			b.WriteString(strings.ToUpper(word[:1]) + word[1:])
		}
	}
	if _, ok := Notes[b.String()]; !ok {
		return ""
	}
	return b.String()
}

// RuleFlags maps the id of a rule of spec/qf.md, section "Replay and
// validation", that rules.Position.RuleID finds deciding a move to the flag
// of the replay vectors whose record plays such a move.
var RuleFlags = map[string]string{
	"R-3": "NoWallsLeft", "R-4": "Step", "R-5": "WallBlocksMove", "R-6": "Jump", "R-7": "JumpBlocked", "R-8": "SideStep",
	"R-9": "DiagonalAlone", "R-10": "DiagonalOpenJump", "R-11": "DiagonalWallBetween", "R-12": "DiagonalWallBeyond",
	"R-13": "DiagonalOffBoard", "R-14": "OffBoard", "R-15": "WallPlaced", "R-16": "WallsConflict", "R-17": "NoPath", "R-18": "GameOver",
}
