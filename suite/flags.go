package suite

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// The flags of a test made from a generated case: Fuzz, and those of what
// the reference makes of its input, as the suite's vectors name them
// (vectors.Notes).

// FuzzFlag is the flag of every vector that qf fuzz writes.
const FuzzFlag = "Fuzz"

func (decoding) flags(c Category, input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	if t.Error != nil {
		return tidy(append(flags, errorFlag(input, t.Error)))
	}
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(alphabet, r) {
			return r
		}
		return -1
	}, input)
	if clean != input || !utf8.ValidString(input) {
		flags = append(flags, "DeletionNotHoles")
	}
	if len(clean) > len(t.Canonical) {
		flags = append(flags, "TrailingData")
	} else if clean != t.Canonical {
		flags = append(flags, "NonzeroPadding")
	}
	if v, err := ref.Decode(t.Canonical); err == nil {
		flags = append(flags, valueFlags(v)...)
	}
	return tidy(flags)
}

func (encoding) flags(c Category, input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error == nil:
	case t.Error.Kind == string(ref.ErrMalformed):
		flags = append(flags, "Malformed")
	default:
		flags = append(flags, errorFlag("", t.Error))
	}
	return tidy(flags)
}

func (replaying) flags(c Category, input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error != nil:
		flags = append(flags, "NotACode")
	case t.Violation != nil:
		flags = append(flags, KindFlag(string(t.Violation.Kind)))
	}
	return tidy(flags)
}

func (validating) flags(c Category, input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error != nil:
		flags = append(flags, "NotACode")
	case t.Violations != nil:
		for _, k := range *t.Violations {
			flags = append(flags, KindFlag(k))
		}
	}
	return tidy(flags)
}

// tidy sorts flags and drops the repeated and empty ones.
func tidy(flags []string) []string {
	slices.Sort(flags)
	return slices.Compact(slices.DeleteFunc(flags, func(f string) bool { return f == "" }))
}

// errorFlag returns the flag of an error: its kind, and for an invalid
// character the class of the character.
func errorFlag(input string, e *spec.ErrorObject) string {
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

// valueFlags returns the flags of a decoded value's corners.
func valueFlags(v *ref.Value) []string {
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
	if _, ok := vectors.Notes[b.String()]; !ok {
		return ""
	}
	return b.String()
}
