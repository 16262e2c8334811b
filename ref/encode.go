package ref

import (
	"math"
	"strconv"

	"github.com/qf-format/qf-conformance/spec"
)

// Encode returns the canonical code of v (spec/qf.md section "Encoding"):
// the fields in layout order, most significant bit first, six bits per
// character of the Base64 alphabet, the last character filled with zero
// bits, and no '=' padding.
//
// Encode refuses, with an *Error of kind ErrOutOfRange naming the field, any
// value outside its field's range: it never masks, wraps, sorts or
// de-duplicates. It refuses with ErrMalformed a Place or Dir set on a move
// of the other kind, which the code could not carry. Of several faults it
// reports the first in layout order. So for every v that Encode accepts,
// Decode(Encode(v)) equals v.
func Encode(v *Value) (string, error) {
	if v == nil {
		return "", &Error{Kind: ErrMalformed, Detail: "no value"}
	}
	e := encoder{w: bitWriter{buf: make([]byte, 0, spec.Chars(v.BitLen()))}}
	if err := e.value(v); err != nil {
		return "", err
	}
	return e.w.String(), nil
}

// BitLen returns the number of bits of v's code, without its padding bits:
// spec/qf.md section "Sizes". The code has spec.Chars(v.BitLen())
// characters.
func (v *Value) BitLen() int {
	n := spec.FlagBits
	if s := v.State; s != nil {
		n += spec.StateBits(s.Walls.Count(), s.LastMove.Kind == Wall)
	}
	if r := v.Record; r != nil {
		walls := 0
		for _, m := range r.Moves {
			if m.Kind == Wall {
				walls++
			}
		}
		n += spec.RecordBits(len(r.Moves)-walls, walls)
	}
	return n
}

// encoder checks and writes one value's fields in layout order. When trace
// is not nil, it also records every field written.
type encoder struct {
	w     bitWriter
	trace *[]FieldValue
}

// outOfRange says that the value v of a field, described, is out of its
// range 0-max: "move 1 direction 8 out of range 0-7". A JSON number
// beyond 64-bit integers, which reading saturated to the largest or
// smallest int, is said to be so rather than to be that int.
func outOfRange(described string, v, max int) string {
	s := described + " " + strconv.Itoa(v) + " out of range 0-" + strconv.Itoa(max)
	if v == math.MaxInt || v == math.MinInt {
		s = described + " out of range 0-" + strconv.Itoa(max) + ": a number beyond 64-bit integers"
	}
	return s
}

// field checks that v is in field f's range, with index i for a field that
// repeats, and writes it.
func (e *encoder) field(f spec.Field, i, v int) error {
	if v < 0 || v > f.Max {
		return &Error{
			Kind:   ErrOutOfRange,
			Field:  f.Path(i),
			Detail: outOfRange(f.Describe(i), v, f.Max),
		}
	}
	if e.trace != nil {
		offset := 6*len(e.w.buf) + e.w.n
		*e.trace = append(*e.trace, FieldValue{Path: f.Path(i), Offset: offset, Width: f.Width, Value: v})
	}
	e.w.write(v, f.Width)
	return nil
}

// mustBeZero refuses a value set in a field that the code does not carry.
func mustBeZero(f spec.Field, i, v int, why string) error {
	if v == 0 {
		return nil
	}
	return &Error{
		Kind:   ErrMalformed,
		Field:  f.Path(i),
		Detail: f.Describe(i) + " " + strconv.Itoa(v) + " set on " + why,
	}
}

func (e *encoder) value(v *Value) error {
	e.field(spec.StateFlag, 0, flag(v.State != nil))
	e.field(spec.RecordFlag, 0, flag(v.Record != nil))
	if v.State != nil {
		if err := e.state(v.State); err != nil {
			return err
		}
	}
	if v.Record != nil {
		return e.record(v.Record)
	}
	return nil
}

func flag(present bool) int {
	if present {
		return 1
	}
	return 0
}

func (e *encoder) state(s *State) error {
	if err := e.field(spec.White, 0, s.White); err != nil {
		return err
	}
	if err := e.field(spec.Black, 0, s.Black); err != nil {
		return err
	}
	groups := [4][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V}
	for g, layout := range spec.WallGroups {
		if err := e.field(layout.Count, 0, len(groups[g])); err != nil {
			return err
		}
		for i, p := range groups[g] {
			if err := e.field(layout.Anchor, i, p); err != nil {
				return err
			}
		}
	}
	lm := s.LastMove
	if err := e.field(spec.LastMovePlayer, 0, int(lm.Player)); err != nil {
		return err
	}
	if err := e.field(spec.LastMoveKind, 0, int(lm.Kind)); err != nil {
		return err
	}
	if lm.Kind == Wall {
		if err := e.field(spec.LastMovePlace, 0, lm.Place); err != nil {
			return err
		}
	} else if err := mustBeZero(spec.LastMovePlace, 0, lm.Place, "a pawn last move"); err != nil {
		return err
	}
	return e.field(spec.Turn, 0, s.Turn)
}

func (e *encoder) record(r *Record) error {
	if err := e.field(spec.MoveCount, 0, len(r.Moves)); err != nil {
		return err
	}
	for i, m := range r.Moves {
		if err := e.move(i, m); err != nil {
			return err
		}
	}
	return nil
}

func (e *encoder) move(i int, m Move) error {
	if err := e.field(spec.MoveKind, i, int(m.Kind)); err != nil {
		return err
	}
	if m.Kind == Piece {
		if err := e.narrowField(spec.MoveDir, i, m.Dir); err != nil {
			return err
		}
		if err := mustBeZero(spec.MoveOrientation, i, int(m.Orientation), "a pawn move"); err != nil {
			return err
		}
		return mustBeZero(spec.MovePlace, i, int(m.Place), "a pawn move")
	}
	if err := mustBeZero(spec.MoveDir, i, int(m.Dir), "a wall move"); err != nil {
		return err
	}
	if err := e.field(spec.MoveOrientation, i, int(m.Orientation)); err != nil {
		return err
	}
	return e.narrowField(spec.MovePlace, i, m.Place)
}

// narrowField is field for a Move's 16-bit field, whose largest and
// smallest values stand for any number beyond them (Move).
func (e *encoder) narrowField(f spec.Field, i int, v int16) error {
	if v == math.MaxInt16 || v == math.MinInt16 {
		return &Error{
			Kind:   ErrOutOfRange,
			Field:  f.Path(i),
			Detail: f.Describe(i) + " out of range 0-" + strconv.Itoa(f.Max) + ": a number beyond 16-bit integers",
		}
	}
	return e.field(f, i, int(v))
}
