package ref

import (
	"fmt"
	"strconv"
	"unicode/utf8"

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
	v, _, err := decode(nil, code, false, false)
	return v, err
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

// decoder reads one code's fields in layout order, each with field.
//
// A field that cannot be read (the code ends first) or is out of range is
// a fault. Faults are logged, not returned, so that the callers need not
// check after each field, as in compress/bzip2's bit reader: the first
// becomes the *Error when decoding ends. Reading goes on after it, at
// worst to the end of a count's items, and what it reads is never
// returned. For a trace, every field read is logged.
type decoder struct {
	r       bitReader
	tracing bool
	log     []read // the faults, or, when tracing, every field read
}

// A read is a field read: the field, its index for a field that repeats,
// its offset, its value and the bits that were left to read it, fewer
// than its width when the code ended first.
type read struct {
	field  *spec.Field
	index  int
	offset int
	value  int
	left   int
}

// faulty reports whether the field could not be read or is out of range.
func (r *read) faulty() bool { return r.left < r.field.Width || r.value > r.field.Max }

// decode decodes code into v, reusing what v holds, or into a new Value
// when v is nil, and returns the Value; on failure it returns none.
func decode(v *Value, code string, lenient, tracing bool) (*Value, []read, error) {
	d := decoder{r: newBitReader(code, lenient), tracing: tracing}
	v = d.value(v)
	if !lenient && (d.r.bad >= 0 || !spec.InAlphabet(code[d.r.next:])) {
		return nil, nil, invalidCharacter(code)
	}
	for i := range d.log {
		if r := &d.log[i]; r.faulty() {
			return nil, d.log[:i+1], r.err()
		}
	}
	if !lenient {
		if err := d.end(len(code)); err != nil {
			return nil, d.log, err
		}
	}
	return v, d.log, nil
}

// invalidCharacter returns the invalid_character error for the first byte
// of code outside the alphabet, which has one.
func invalidCharacter(code string) error {
	i := 0
	for sextets[code[i]] != invalid {
		i++
	}
	return &Error{
		Kind:   ErrInvalidCharacter,
		Unit:   Char,
		Offset: i,
		Detail: "invalid character " + quoteChar(code[i:]),
	}
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
func (d *decoder) end(chars int) error {
	bits := d.r.pos()
	if used := spec.Chars(bits); used < chars {
		return &Error{
			Kind:   ErrTrailingData,
			Unit:   Char,
			Offset: used,
			Detail: fmt.Sprintf("trailing data: %d %s after the code's %d (%d bits)",
				chars-used, plural(chars-used, "character"), used, bits),
		}
	}
	if pad, n := d.r.padding(); pad != 0 {
		return &Error{
			Kind:   ErrNonzeroPadding,
			Unit:   Bit,
			Offset: bits,
			Detail: fmt.Sprintf("nonzero padding bits %0*b after the last field", n, pad),
		}
	}
	return nil
}

// field reads field f, with index i for a field that repeats. Its bits
// are in the reader's acc, the caller having called need, unless the code
// has ended. A fault, or every read when tracing, is logged. Small enough
// to be inlined, it calls nothing but append.
func (d *decoder) field(f *spec.Field, i int) int {
	v := int(d.r.acc >> (64 - uint(f.Width)&63))
	if d.r.n < f.Width || v > f.Max || d.tracing {
		d.log = append(d.log, read{f, i, d.r.pos(), v, d.r.n})
	}
	d.r.acc <<= uint(f.Width) & 63
	d.r.n -= f.Width
	return v
}

// err returns the error of a faulty read.
func (r *read) err() error {
	f, path := r.field, r.field.Path(r.index)
	if r.left < f.Width {
		return &Error{
			Kind:   ErrTruncated,
			Unit:   Bit,
			Offset: r.offset,
			Field:  path,
			Detail: fmt.Sprintf("truncated: %s needs %d %s, %d left", f.Describe(r.index), f.Width, plural(f.Width, "bit"), max(r.left, 0)),
		}
	}
	return &Error{
		Kind:   ErrOutOfRange,
		Unit:   Bit,
		Offset: r.offset,
		Field:  path,
		Detail: f.Describe(r.index) + " " + strconv.Itoa(r.value) + " out of range 0-" + strconv.Itoa(f.Max),
	}
}

// fieldValue returns the read as a FieldValue.
func (r *read) fieldValue() FieldValue {
	return FieldValue{Path: r.field.Path(r.index), Offset: r.offset, Width: r.field.Width, Value: r.value}
}

func (d *decoder) value(v *Value) *Value {
	d.r.need()
	hasState := d.field(&spec.StateFlag, 0) == 1
	hasRecord := d.field(&spec.RecordFlag, 0) == 1
	var room []int
	if v == nil {
		v, room = newValue(hasState, hasRecord)
	} else {
		room = v.reuse(hasState, hasRecord)
	}
	if hasState {
		d.state(v.State, room)
	}
	if hasRecord {
		d.record(v.Record)
	}
	return v
}

// anchorRoom is the number of a State's anchors a Value has room for.
const anchorRoom = 8

// newValue allocates a Value at once with its State and Record, as its
// flags say it has them, and room for a few of the State's anchors, which
// it returns; a State's anchors, when there are more, and a Record's
// moves are allocated once each as they are read.
func newValue(hasState, hasRecord bool) (v *Value, room []int) {
	switch {
	case hasState && hasRecord:
		b := new(struct {
			value   Value
			state   State
			anchors [anchorRoom]int
			record  Record
		})
		b.value.State, b.value.Record = &b.state, &b.record
		return &b.value, b.anchors[:]
	case hasState:
		b := new(struct {
			value   Value
			state   State
			anchors [anchorRoom]int
		})
		b.value.State = &b.state
		return &b.value, b.anchors[:]
	case hasRecord:
		b := new(struct {
			value  Value
			record Record
		})
		b.value.Record = &b.record
		return &b.value, nil
	}
	return new(Value), nil
}

// reuse readies v to be decoded into, keeping its State and Record when
// the flags say the code has them, allocating them when v has none, and
// dropping them when the code has none. It returns room for anchors when
// it allocates a State, as newValue does.
func (v *Value) reuse(hasState, hasRecord bool) (room []int) {
	switch {
	case !hasState:
		v.State = nil
	case v.State == nil:
		b := new(struct {
			state   State
			anchors [anchorRoom]int
		})
		v.State, room = &b.state, b.anchors[:]
	}
	switch {
	case !hasRecord:
		v.Record = nil
	case v.Record == nil:
		v.Record = new(Record)
	}
	return room
}

// state reads a State chunk into s, its anchors as walls says. What s
// held before, but its lists' arrays, is zeroed first.
func (d *decoder) state(s *State, room []int) {
	*s = State{Walls: s.Walls}
	d.r.need()
	s.White = d.field(&spec.White, 0)
	s.Black = d.field(&spec.Black, 0)
	var anchors [len(spec.WallGroups) * (1<<4 - 1)]int // any 4-bit count
	var counts [len(spec.WallGroups)]int
	read := 0
	for g := range spec.WallGroups {
		counts[g] = d.group(&spec.WallGroups[g], anchors[read:])
		read += counts[g]
	}
	walls(&s.Walls, anchors[:read], counts, room)
	d.r.need()
	s.LastMove.Player = Player(d.field(&spec.LastMovePlayer, 0))
	s.LastMove.Kind = MoveKind(d.field(&spec.LastMoveKind, 0))
	if s.LastMove.Kind == Wall {
		s.LastMove.Place = d.field(&spec.LastMovePlace, 0)
	}
	d.r.need()
	s.Turn = d.field(&spec.Turn, 0)
}

// walls puts anchors, the four groups' in layout order, counts[g] of group
// g, into w's lists. A list keeps its array when it has room for its
// group; the others take theirs from room, or from one array allocated
// for them all when room is too small. A group with no anchors keeps its
// list, emptied: nil when it was nil.
func walls(w *Walls, anchors []int, counts [len(spec.WallGroups)]int, room []int) {
	lists := [...]*[]int{&w.White.H, &w.White.V, &w.Black.H, &w.Black.V}
	short := 0 // anchors of the groups whose lists have no room
	for g, list := range lists {
		if counts[g] > cap(*list) {
			short += counts[g]
		}
	}
	if short > len(room) {
		room = make([]int, short)
	}
	for g, list := range lists {
		n := counts[g]
		if n > cap(*list) {
			*list, room = room[:0:n], room[n:]
		}
		*list = append((*list)[:0], anchors[:n]...)
		anchors = anchors[n:]
	}
}

// group reads a wall group, its count and then that many anchors, into
// anchors, which has room for any count; it returns the count.
func (d *decoder) group(g *spec.WallGroup, anchors []int) int {
	d.r.need()
	n := d.field(&g.Count, 0)
	for i := range anchors[:n] {
		d.r.need()
		anchors[i] = d.field(&g.Anchor, i)
	}
	return n
}

// record reads a Record chunk into rec, its moves into rec.Moves's array
// when it has room for them. No moves are an empty list, never nil.
func (d *decoder) record(rec *Record) {
	d.r.need()
	n := d.field(&spec.MoveCount, 0)
	// The count is at most 1023, but a truncated code may hold far fewer
	// moves: allocate no more than the bits left could hold. When they
	// hold fewer than the count, the move after them is truncated, and
	// reading it logs the fault.
	moves := rec.Moves
	if k := min(n, d.movesLeft()); moves == nil || k > cap(moves) {
		moves = make([]Move, k)
	} else {
		moves = moves[:k]
	}
	for i := range moves {
		d.r.need()
		moves[i] = d.move(i)
	}
	if len(moves) < n {
		d.r.need()
		d.move(len(moves))
	}
	rec.Moves = moves
}

// movesLeft returns an upper bound of the moves the rest of the code can
// hold.
func (d *decoder) movesLeft() int {
	return max(0, d.r.n+6*(len(d.r.s)-d.r.next)) / spec.PieceMoveBits
}

func (d *decoder) move(i int) Move {
	if MoveKind(d.field(&spec.MoveKind, i)) == Piece {
		return Move{Kind: Piece, Dir: int16(d.field(&spec.MoveDir, i))}
	}
	o := Orientation(d.field(&spec.MoveOrientation, i))
	return Move{Kind: Wall, Orientation: o, Place: int16(d.field(&spec.MovePlace, i))}
}
