package fuzzer

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/runner"
	"github.com/qf-format/qf-conformance/vectors"
)

// flagsOf returns the flags a vector of the case would carry: Fuzz, and
// the flags of what the reference makes of it, named as the suite names
// them (vectors.Notes).
func flagsOf(c fcase, t *vectors.Test) []string {
	flags := []string{"Fuzz"}
	add := func(f ...string) { flags = append(flags, f...) }
	switch c.cat.Name {
	case runner.CategoryStrict, runner.CategoryLenient:
		if t.Error != nil {
			add(errorFlag(c.input, t.Error))
			break
		}
		clean := strings.Map(func(r rune) rune {
			if strings.ContainsRune(alphabet, r) {
				return r
			}
			return -1
		}, c.input)
		if clean != c.input || !utf8.ValidString(c.input) {
			add("DeletionNotHoles")
		}
		if len(clean) > len(t.Canonical) {
			add("TrailingData")
		} else if clean != t.Canonical {
			add("NonzeroPadding")
		}
		if v, err := ref.Decode(t.Canonical); err == nil {
			add(valueFlags(v)...)
		}
	case runner.CategoryEncode:
		if t.Error != nil {
			if t.Error.Kind == string(ref.ErrMalformed) {
				add("Malformed")
			} else {
				add(errorFlag("", t.Error))
			}
		}
	case runner.CategoryReplay, runner.CategoryValidate:
		switch {
		case t.Error != nil:
			add("NotACode")
		case t.Violation != nil:
			add(kindFlag(string(t.Violation.Kind)))
		case t.Violations != nil:
			for _, k := range *t.Violations {
				add(kindFlag(k))
			}
		}
	}
	slices.Sort(flags)
	return slices.Compact(slices.DeleteFunc(flags, func(f string) bool { return f == "" }))
}

// errorFlag returns the flag of an error: its kind, and for an invalid
// character the class of the character.
func errorFlag(input string, e *ref.ErrorObject) string {
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
		switch {
		case e.Field == "state.white" || e.Field == "state.black":
			return "SquareRange"
		case strings.HasPrefix(e.Field, "state.walls.") && strings.HasSuffix(e.Field, ".count"):
			return "WallCountRange"
		case e.Field == "record.moves.count":
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

// kindFlag returns the flag of a rule's kind, its name in camel case
// ("illegal_diagonal", IllegalDiagonal), or "" when the suite has no such
// flag.
func kindFlag(kind string) string {
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

// expectation says in words what the reference expects of a test.
func expectation(t *vectors.Test) string {
	switch {
	case t.Error != nil:
		s := t.Error.Kind
		if t.Error.Bit != nil {
			s += fmt.Sprintf(" at bit %d", *t.Error.Bit)
		}
		if t.Error.Char != nil {
			s += fmt.Sprintf(" at char %d", *t.Error.Char)
		}
		if t.Error.Field != "" {
			s += " (" + t.Error.Field + ")"
		}
		return s
	case t.Squares != nil:
		if t.Violation != nil {
			return fmt.Sprintf("move %d is %s", t.Violation.Move, t.Violation.Kind)
		}
		return fmt.Sprintf("%d legal moves", len(*t.Squares))
	case t.Violations != nil:
		if len(*t.Violations) == 0 {
			return "no violations"
		}
		return strings.Join(*t.Violations, ", ")
	case t.Code != nil && t.Value != nil && t.Canonical == "":
		return "the code " + *t.Code
	}
	return "a valid code"
}
