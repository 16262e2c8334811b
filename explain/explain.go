// Package explain says what a qf code means, field by field, or exactly
// where and why it is rejected: the code behind `qf explain` and the
// explorer's playground. Each field read gets its bits, the characters
// they lie in and its meaning in words ("white pawn on e5", "wall c3h",
// "pawn north"), as in the worked examples of spec/qf.md; an error gets
// the characters to point at.
package explain

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
)

// An Explanation is a code read in one profile: its fields, and its value
// or the error that rejects it.
type Explanation struct {
	Input   string
	Profile ref.Profile
	// Fields are the fields read, in order: all of the code's when it
	// is accepted, those before the fault (and the field out of range,
	// marked Fault) when it is rejected.
	Fields []Field
	// Bits is the number of bits the fields take; Padding the bits after
	// them to the end of their last character, as a string of 0s and 1s.
	Bits    int
	Padding string
	// Value and Canonical are the decoded value and its canonical code,
	// when the code is accepted.
	Value     *ref.Value
	Canonical string
	// Err is why the code is rejected, nil when it is accepted; Span is
	// the input bytes it points at, [start, end).
	Err  *ref.Error
	Span [2]int
	// used lists, for each character whose bits the code has, its index
	// in Input: every byte in the strict profile, the bytes in the
	// alphabet in the lenient one.
	used []int
}

// A Field is one field read, with its bits and meaning.
type Field struct {
	ref.FieldValue
	Bits    string // the field's bits, most significant first
	Meaning string // what the value says, in words
	First   int    // the index in Input of the character holding its first bit
	Last    int    // and of the one holding its last bit
	Fault   bool   // the field is out of range: it is the error
}

const alphabet = spec.Alphabet

// Code reads input in profile p and explains it.
func Code(input string, p ref.Profile) *Explanation {
	e := &Explanation{Input: input, Profile: p}
	for i := 0; i < len(input); i++ {
		if p.Reads(input[i]) {
			e.used = append(e.used, i)
		}
	}
	fields, v, err := p.Trace(input)
	orientation := ref.Horizontal
	for _, f := range fields {
		x := Field{FieldValue: f, Bits: fmt.Sprintf("%0*b", f.Width, f.Value)}
		x.First, x.Last = e.charOf(f.Offset), e.charOf(f.Offset+f.Width-1)
		x.Meaning, orientation = meaning(f, orientation)
		e.Fields = append(e.Fields, x)
		e.Bits = f.Offset + f.Width
	}
	if err != nil {
		e.Err = err.(*ref.Error) // Trace returns no other errors
		e.Span = e.span()
		if e.Err.Kind == ref.ErrOutOfRange && len(e.Fields) > 0 {
			last := &e.Fields[len(e.Fields)-1]
			last.Fault = true
			last.Meaning = fmt.Sprintf("out of range 0-%d", layoutField(last.Path).Max)
		}
		return e
	}
	e.Value = v
	e.Canonical, _ = ref.Encode(v) // a decoded value always encodes
	if n := (6 - e.Bits%6) % 6; n > 0 && len(e.used) > 0 {
		c := strings.IndexByte(alphabet, input[e.used[(e.Bits-1)/6]])
		e.Padding = fmt.Sprintf("%0*b", n, c&(1<<n-1))
	}
	return e
}

// charOf returns the index in Input of the character holding bit b, or
// len(Input) for a bit past the last character.
func (e *Explanation) charOf(b int) int {
	if k := b / 6; k < len(e.used) {
		return e.used[k]
	}
	return len(e.Input)
}

// span returns the input bytes the error points at: the character outside
// the alphabet, the characters after the code, those holding the field out
// of range or the padding bits, or the end of the input for a truncated
// code.
func (e *Explanation) span() [2]int {
	err := e.Err
	switch {
	case err.Kind == ref.ErrInvalidCharacter:
		return [2]int{err.Offset, err.Offset + runeLen(e.Input[err.Offset:])}
	case err.Kind == ref.ErrTrailingData:
		return [2]int{err.Offset, len(e.Input)}
	case err.Kind == ref.ErrTruncated:
		return [2]int{len(e.Input), len(e.Input)}
	case err.Kind == ref.ErrOutOfRange && len(e.Fields) > 0:
		f := e.Fields[len(e.Fields)-1]
		return [2]int{f.First, f.Last + 1}
	}
	c := e.charOf(err.Offset) // nonzero padding: the last character
	return [2]int{c, min(c+1, len(e.Input))}
}

// runeLen returns the length of the character at the start of s: a UTF-8
// sequence, or one byte that is not one.
func runeLen(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return 1
	}
	return n
}

// meaning says what field f's value means. orientation is that of the
// record's move being read, for its place, and meaning returns it updated.
func meaning(f ref.FieldValue, orientation ref.Orientation) (string, ref.Orientation) {
	v := f.Value
	who := "white"
	if strings.HasPrefix(f.Path, "state.walls.black.") || f.Path == spec.Black.Name {
		who = "black"
	}
	anchorOrientation := ref.Horizontal
	if strings.Contains(f.Path, ".v[") || strings.Contains(f.Path, ".v.") {
		anchorOrientation = ref.Vertical
	}
	switch layoutField(f.Path) {
	case spec.StateFlag:
		return choose(v, "no State", "a State follows"), orientation
	case spec.RecordFlag:
		return choose(v, "no record", "a record follows"), orientation
	case spec.White, spec.Black:
		return fmt.Sprintf("%s pawn on %s", who, rules.SquareName(v)), orientation
	case spec.WallGroups[0].Count, spec.WallGroups[1].Count, spec.WallGroups[2].Count, spec.WallGroups[3].Count:
		kind := choose(int(anchorOrientation), "horizontal", "vertical")
		return fmt.Sprintf("%s has %d %s %s", who, v, kind, term.Plural(v, "wall")), orientation
	case spec.WallGroups[0].Anchor, spec.WallGroups[1].Anchor, spec.WallGroups[2].Anchor, spec.WallGroups[3].Anchor:
		return fmt.Sprintf("%s wall %s", who, rules.WallName(anchorOrientation, v)), orientation
	case spec.LastMovePlayer:
		return choose(v, "white", "black") + " moved last", orientation
	case spec.LastMoveKind:
		return choose(v, "the last move was a pawn's", "the last move was a wall"), orientation
	case spec.LastMovePlace:
		return "a wall anchored at " + rules.SquareName(rules.Square(v%rules.AnchorSize, v/rules.AnchorSize)), orientation
	case spec.Turn:
		return fmt.Sprintf("turn %d: the move about to be played", v), orientation
	case spec.MoveCount:
		return fmt.Sprintf("%d %s", v, term.Plural(v, "move")), orientation
	case spec.MoveKind:
		return fmt.Sprintf("move %d: %s", moveNumber(f.Path), choose(v, "a pawn move", "a wall")), orientation
	case spec.MoveDir:
		return "pawn " + rules.DirectionWords[v], orientation
	case spec.MoveOrientation:
		return choose(v, "horizontal", "vertical"), ref.Orientation(v)
	case spec.MovePlace:
		return "wall " + rules.WallName(orientation, v), orientation
	}
	return "", orientation
}

// moveNumber returns the number, from 1, of the record's move at path
// "record.moves[i]...".
func moveNumber(path string) int {
	var i int
	fmt.Sscanf(path, "record.moves[%d]", &i)
	return i + 1
}

func choose(v int, zero, one string) string {
	if v == 0 {
		return zero
	}
	return one
}

// layoutField returns the field of the layout at path, or a field of no
// width for a path that names none.
func layoutField(path string) spec.Field {
	f, _ := spec.FieldOf(path)
	return f
}
