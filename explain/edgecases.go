package explain

import (
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// EdgeCases returns the ids of the edge cases of spec/qf.md ("EC-1", ...)
// that the explained input touches, in order: the characters outside the
// alphabet it holds, how it ends, the corners of its value, and, for a
// record, the rules its moves meet at the edges. These are the edge
// cases a decoder of this input must get right.
func (e *Explanation) EdgeCases() []string {
	var ids []string
	add := func(ok bool, id string) {
		if ok && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	e.characters(add)
	e.ending(add)
	if v := e.Value; v != nil {
		valueCases(v, e.Canonical, add)
	}
	slices.SortFunc(ids, func(a, b string) int { return number(a) - number(b) })
	return ids
}

func number(id string) int {
	n := 0
	for _, c := range strings.TrimPrefix(id, "EC-") {
		n = 10*n + int(c-'0')
	}
	return n
}

// characters adds the edge cases of the characters outside the alphabet:
// '=', white space, other ASCII, non-ASCII; their deletion in the lenient
// profile; and a length of characters in the alphabet that Base64
// libraries refuse.
func (e *Explanation) characters(add func(bool, string)) {
	in, kept := e.Input, 0
	for i := 0; i < len(in); i++ {
		c := in[i]
		if strings.IndexByte(alphabet, c) >= 0 {
			kept++
			continue
		}
		add(c == '=', "EC-1")
		add(c == ' ' || c == '\t' || c == '\r' || c == '\n', "EC-2")
		add(c != '=' && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c < 0x80, "EC-3")
		add(c >= 0x80, "EC-4")
		add(e.Profile == ref.Lenient, "EC-5")
		if e.Profile == ref.Strict {
			return // the first is the error; what follows is not read
		}
	}
	add(kept%4 == 1 && e.Err == nil, "EC-25")
	add(len(in) > spec.MaxChars, "EC-22")
}

// ending adds the edge cases of how the code ends, and of its errors:
// truncation, trailing characters, padding bits, values out of range.
func (e *Explanation) ending(add func(bool, string)) {
	if err := e.Err; err != nil {
		add(err.Kind == ref.ErrTruncated, "EC-6")
		add(err.Kind == ref.ErrTrailingData, "EC-7")
		add(err.Kind == ref.ErrNonzeroPadding, "EC-8")
		f, _ := spec.FieldOf(err.Field)
		add(err.Kind == ref.ErrOutOfRange && (f == spec.White || f == spec.Black), "EC-11")
		add(err.Kind == ref.ErrOutOfRange && slices.ContainsFunc(spec.WallGroups[:], func(g spec.WallGroup) bool { return g.Count == f }), "EC-12")
		return
	}
	add(len(e.used) > (e.Bits+5)/6, "EC-7") // lenient: characters after the code, ignored
	add(strings.Contains(e.Padding, "1"), "EC-8")
	add(e.Bits%6 == 0, "EC-18")
}

// valueCases adds the edge cases of a value's corners.
func valueCases(v *ref.Value, canonical string, add func(bool, string)) {
	add(v.State == nil && v.Record == nil, "EC-9")
	add(v.Record != nil && len(v.Record.Moves) == 0, "EC-10")
	add(v.Record != nil && len(v.Record.Moves) == spec.MaxMoves, "EC-13")
	if s := v.State; s != nil {
		for _, g := range [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V} {
			add(!slices.IsSorted(g) || len(slices.Compact(slices.Clone(g))) < len(g), "EC-14")
		}
		violations := rules.Validate(s)
		add(slices.Contains(violations, rules.LastMoveWallMissing), "EC-15")
		add(s.Turn == 0 || canonical == "gkwAAAAQ", "EC-16")
		add(int(s.LastMove.Player) != s.Turn%2, "EC-19")
		add(s.LastMove.Kind == ref.Piece, "EC-20")
		add(len(violations) > 0, "EC-21")
		add(v.Record != nil && len(v.Record.Moves) > 0, "EC-23")
	}
	if v.Record != nil {
		_, violation := rules.Replay(v)
		add(violation != nil, "EC-21")
		add(violation != nil && (violation.Kind == rules.OffBoard || violation.Kind == rules.IllegalDiagonal), "EC-24")
	}
}
