package ref

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/spec"
)

// Decode decodes a code in the strict profile of spec/qf.md, the profile a
// conforming decoder implements: it is Strict.Decode. Every byte of code must be in the Base64
// alphabet A-Z a-z 0-9 + /, with no padding, spaces or line breaks; the
// fields must fit in the code and in their ranges; and the code must end
// with its last field's character and with zero padding bits.
//
// Every string Decode accepts is the canonical code of its value: Encode
// gives it back byte for byte. On failure the error is an *Error reporting
// the first fault in the order of spec/qf.md section "Errors".
func Decode(code string) (*Value, error) {
	return decode(code, false, nil)
}

// A FieldValue is one field of a decoded code, for a field-by-field
// breakdown such as the worked examples of spec/qf.md.
type FieldValue struct {
	Path   string // such as "state.walls.white.h[1]"
	Offset int    // offset of the field's first bit
	Width  int    // width in bits
	Value  int
}

// Fields decodes code strictly, like Decode, and also returns its fields in
// order: those the encoder writes for the value, which are those of code,
// since a code that decodes strictly is canonical. On failure it returns
// no fields.
func Fields(code string) ([]FieldValue, *Value, error) {
	v, err := Decode(code)
	if err != nil {
		return nil, nil, err
	}
	var fields []FieldValue
	e := encoder{trace: &fields}
	if err := e.value(v); err != nil {
		return nil, nil, err // cannot happen: v came from Decode
	}
	return fields, v, nil
}

// decoder reads one code's fields in layout order. The first error is kept
// in err; once it is set, every field reads as 0, so that the callers need
// not check after each field (as in compress/bzip2's bit reader).
type decoder struct {
	r     bitReader
	err   error
	trace *[]FieldValue // when set, every field read is appended (Trace)
}

func decode(code string, lenient bool, trace *[]FieldValue) (*Value, error) {
	if !lenient {
		if err := checkAlphabet(code); err != nil {
			return nil, err
		}
	}
	d := decoder{r: bitReader{s: code, lenient: lenient}, trace: trace}
	v := d.value()
	if d.err == nil && !lenient {
		d.end()
	}
	if d.err != nil {
		return nil, d.err
	}
	return v, nil
}

// checkAlphabet returns an invalid_character error for the first byte of
// code outside the alphabet.
func checkAlphabet(code string) error {
	for i := 0; i < len(code); i++ {
		if sextets[code[i]] == invalid {
			return &Error{
				Kind:   ErrInvalidCharacter,
				Unit:   Char,
				Offset: i,
				Detail: "invalid character " + quoteChar(code[i:]),
			}
		}
	}
	return nil
}

// quoteChar quotes the character at the start of s, or its first byte when
// s does not start with valid UTF-8.
func quoteChar(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x (not UTF-8)", s[0])
	}
	return fmt.Sprintf("%q (U+%04X)", r, r)
}

// end checks what follows the last field: no more characters, and zero
// padding bits in the last one.
func (d *decoder) end() {
	bits := d.r.pos()
	if used := spec.Chars(bits); used < len(d.r.s) {
		d.err = &Error{
			Kind:   ErrTrailingData,
			Unit:   Char,
			Offset: used,
			Detail: fmt.Sprintf("trailing data: %d %s after the code's %d (%d bits)",
				len(d.r.s)-used, term.Plural(len(d.r.s)-used, "character"), used, bits),
		}
	} else if pad, n := d.r.padding(); pad != 0 {
		d.err = &Error{
			Kind:   ErrNonzeroPadding,
			Unit:   Bit,
			Offset: bits,
			Detail: fmt.Sprintf("nonzero padding bits %0*b after the last field", n, pad),
		}
	}
}

// field reads field f, with index i for a field that repeats, and checks
// its range. It returns 0 once d.err is set. The common case, the bits at
// hand and in range, is written out here, small enough for the compiler to
// inline; everything else goes through slowField.
func (d *decoder) field(f *spec.Field, i int) int {
	if n := d.r.n - f.Width; n >= 0 && d.trace == nil {
		if v := int(d.r.acc>>(uint(n)&63)) & (1<<(uint(f.Width)&63) - 1); v <= f.Max {
			d.r.n = n
			return v
		}
	}
	return d.slowField(f, i)
}

// slowField reads field f like field, filling the reader first when
// needed, and sets d.err for a field that cannot be read or is out of
// range. After an error the reader is emptied, so that every later field
// comes here and reads 0.
func (d *decoder) slowField(f *spec.Field, i int) int {
	if d.err != nil {
		return 0
	}
	v, ok := d.r.read(uint(f.Width))
	if ok && d.trace != nil {
		*d.trace = append(*d.trace, FieldValue{Path: f.Path(i), Offset: d.r.pos() - f.Width, Width: f.Width, Value: v})
	}
	switch {
	case !ok:
		d.err = &Error{
			Kind:   ErrTruncated,
			Unit:   Bit,
			Offset: d.r.pos(),
			Field:  f.Path(i),
			Detail: fmt.Sprintf("truncated: %s needs %d %s, %d left", f.Describe(i), f.Width, term.Plural(f.Width, "bit"), d.r.n),
		}
	case v > f.Max:
		d.err = &Error{
			Kind:   ErrOutOfRange,
			Unit:   Bit,
			Offset: d.r.pos() - f.Width,
			Field:  f.Path(i),
			Detail: f.Describe(i) + " " + strconv.Itoa(v) + " out of range 0-" + strconv.Itoa(f.Max),
		}
	default:
		return v
	}
	d.r.n, d.r.next = 0, len(d.r.s)
	return 0
}

func (d *decoder) value() *Value {
	hasState := d.field(&spec.StateFlag, 0)
	hasRecord := d.field(&spec.RecordFlag, 0)
	var v *Value
	if hasState == 1 {
		v = d.state()
	} else {
		v = new(Value)
	}
	if hasRecord == 1 {
		v.Record = d.record()
	}
	return v
}

// stateBlock is a Value with its State and room for the State's wall
// anchors, so that decoding a State allocates once.
type stateBlock struct {
	value   Value
	state   State
	anchors [len(spec.WallGroups) * spec.MaxWallsPerGroup]int
}

// state reads a State chunk and returns it in a new Value.
func (d *decoder) state() *Value {
	b := new(stateBlock)
	b.value.State = &b.state
	s := &b.state
	s.White = d.field(&spec.White, 0)
	s.Black = d.field(&spec.Black, 0)
	free := b.anchors[:0]
	for g, list := range [...]*[]int{&s.Walls.White.H, &s.Walls.White.V, &s.Walls.Black.H, &s.Walls.Black.V} {
		*list, free = d.group(&spec.WallGroups[g], free)
	}
	s.LastMove.Player = Player(d.field(&spec.LastMovePlayer, 0))
	s.LastMove.Kind = Kind(d.field(&spec.LastMoveKind, 0))
	if s.LastMove.Kind == Wall {
		s.LastMove.Place = d.field(&spec.LastMovePlace, 0)
	}
	s.Turn = d.field(&spec.Turn, 0)
	return &b.value
}

// group reads a wall group: its count, then that many anchors. It stores
// the anchors at the end of free, which has room for them, and returns
// them (nil for none) and free extended by them.
func (d *decoder) group(g *spec.WallGroup, free []int) (anchors, rest []int) {
	n := d.field(&g.Count, 0)
	if n == 0 {
		return nil, free
	}
	start := len(free)
	for i := 0; i < n; i++ {
		free = append(free, d.field(&g.Anchor, i))
	}
	return free[start:len(free):len(free)], free
}

func (d *decoder) record() *Record {
	n := d.field(&spec.MoveCount, 0)
	// The count is at most 1023, but a truncated code may hold far fewer
	// moves: allocate no more than the bits left could hold.
	moves := make([]Move, 0, min(n, d.movesLeft()))
	for i := 0; i < n && d.err == nil; i++ {
		moves = append(moves, d.move(i))
	}
	return &Record{Moves: moves}
}

// movesLeft returns an upper bound of the moves the rest of the code can
// hold.
func (d *decoder) movesLeft() int {
	return (d.r.n + 6*(len(d.r.s)-d.r.next)) / spec.PieceMoveBits
}

func (d *decoder) move(i int) Move {
	if Kind(d.field(&spec.MoveKind, i)) == Piece {
		return Move{Kind: Piece, Dir: d.field(&spec.MoveDir, i)}
	}
	o := Orientation(d.field(&spec.MoveOrientation, i))
	return Move{Kind: Wall, Orientation: o, Place: d.field(&spec.MovePlace, i)}
}
