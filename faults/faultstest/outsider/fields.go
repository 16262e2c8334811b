package outsider

import (
	"cmp"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

// A fieldIO goes through the fields of a code in layout order (walk), and
// reads each into a Value, or checks or writes each of a Value's. An
// error ends the walk: the fields after it are passed over. It writes
// the fields into one big integer, (acc << width) + x: with MaskAndSpill
// a value's bits beyond its width carry into the fields before, and a
// negative value borrows from them; otherwise the value is masked to its
// width (two's complement, MaskedToWidth). What carries past the first
// bit is lost.
type fieldIO struct {
	faults faultSet
	mode   ioMode
	err    *spec.ErrorObject // the first error
	// The bounds of squares and wall counts, and the turn's width, which
	// faults of reading change.
	maxSquare, maxCount int64
	turnWidth           int
	r                   bitReader // reading
	moveBits            []int     // reading: the offset of each move's first bit
	acc                 big.Int   // writing: the fields written
	n                   int       // writing: their bits
}

// An ioMode is what a fieldIO does with the fields.
type ioMode uint8

const (
	reading ioMode = iota
	checking
	writing
)

// newFieldIO returns a fieldIO for mode, with the bounds of spec/qf.md,
// "Layout".
func newFieldIO(faults faultSet, mode ioMode) *fieldIO {
	return &fieldIO{faults: faults, mode: mode, maxSquare: maxSquare, maxCount: maxCount, turnWidth: turnWidth}
}

// field reads x as the field f, of width bits and values 0 to max, or
// checks it, or writes it.
func (io *fieldIO) field(f field, x *int64, width int, max int64) {
	switch {
	case io.err != nil:
	case io.mode == reading:
		start := io.r.pos
		v, ok := io.r.read(width)
		switch {
		case !ok && f.inRecord() && io.faults[CrashTruncatedRecord]:
			panic(fmt.Sprintf("outsider: index out of range [%d] with length %d", (start+width-1)/6, len(io.r.s)))
		case !ok:
			io.err = atBit(kindTruncated, start, f.path(), f.words()+" runs past the last bit")
		case int64(v) > max:
			io.err = outOfRange(f, int64(v), max)
			io.err.Bit = &start
		}
		*x = int64(v)
	case io.mode == checking:
		if *x < 0 || *x > max {
			io.err = outOfRange(f, *x, max)
		}
	default:
		v := *x
		if !io.faults[MaskAndSpill] {
			v &= 1<<width - 1
		}
		io.acc.Lsh(&io.acc, uint(width))
		io.acc.Add(&io.acc, big.NewInt(v))
		io.n += width
	}
}

// flag reads, checks or writes the one-bit field f, b, and returns it.
func (io *fieldIO) flag(f field, b bool) bool {
	x := int64(b2i(b))
	io.field(f, &x, flagWidth, 1)
	return x == 1
}

// outOfRange returns out_of_range at the field f, for the value x: an
// integer, or for a count the length of a list.
func outOfRange(f field, x, max int64) *spec.ErrorObject {
	value := fmt.Sprint(x)
	switch {
	case x >= hugeInt:
		value = "of 2^50 or more"
	case x <= -hugeInt:
		value = "of -2^50 or less"
	}
	return inValue(kindOutOfRange, f.path(), fmt.Sprintf("%s %s out of range 0-%d", f.words(), value, max))
}

// walk goes through the fields of v in layout order; reading, it fills
// v, a new Value.
func (io *fieldIO) walk(v *Value) {
	hasState := io.flag(field{name: flagsState}, v.State != nil)
	hasRecord := io.flag(field{name: flagsRecord}, v.Record != nil)
	if io.mode == reading && io.err == nil {
		io.err = io.chunks(hasState, hasRecord)
	}
	if hasState {
		v.State = cmp.Or(v.State, new(State)) // new when reading
		io.state(v.State)
	}
	if hasRecord {
		v.Record = cmp.Or(v.Record, new(Record)) // new when reading
		io.record(v.Record)
	}
}

// chunks refuses the combinations of chunks that the decoder does not
// know, with invalid_character at char 0, the character of the flags: a
// State (RecordsOnly), or neither chunk (NeitherChunkRefused).
func (io *fieldIO) chunks(state, record bool) *spec.ErrorObject {
	switch {
	case state && io.faults[RecordsOnly]:
		return atChar(kindInvalidCharacter, 0, "not a record: the code holds a State")
	case !state && !record && io.faults[NeitherChunkRefused]:
		return atChar(kindInvalidCharacter, 0, "the code holds neither a State nor a record")
	}
	return nil
}

func (io *fieldIO) state(st *State) {
	io.field(field{name: stateWhite}, &st.White, squareWidth, io.maxSquare)
	io.field(field{name: stateBlack}, &st.Black, squareWidth, io.maxSquare)
	for p := range 2 {
		for o := range 2 {
			n := int64(len(st.Walls[p][o]))
			io.field(field{name: wallCount, player: p, orient: o}, &n, countWidth, io.maxCount)
			if io.mode == reading {
				st.Walls[p][o] = make([]int64, n)
			}
			for i := range st.Walls[p][o] {
				io.field(field{name: wallAnchor, player: p, orient: o, index: i}, &st.Walls[p][o][i], anchorWidth, maxAnchor)
			}
		}
	}
	st.Last.Player = b2i(io.flag(field{name: lastPlayer}, st.Last.Player == black))
	if st.Last.Wall = io.flag(field{name: lastKind}, st.Last.Wall); st.Last.Wall {
		io.field(field{name: lastPlace}, &st.Last.Place, anchorWidth, maxAnchor)
	}
	io.field(field{name: stateTurn}, &st.Turn, io.turnWidth, maxTurn)
}

func (io *fieldIO) record(rec *Record) {
	n := int64(len(rec.Moves))
	io.field(field{name: movesCount}, &n, movesWidth, maxMoves)
	if io.mode == reading {
		rec.Moves = make([]Move, n)
	}
	for i := range rec.Moves {
		m := &rec.Moves[i]
		io.moveBits = append(io.moveBits, io.r.pos)
		if m.Wall = io.flag(field{name: moveKind, index: i}, m.Wall); !m.Wall {
			io.field(field{name: moveDir, index: i}, &m.Dir, dirWidth, maxDir)
			continue
		}
		m.Orientation = b2i(io.flag(field{name: moveOrientation, index: i}, m.Orientation == vertical))
		io.field(field{name: movePlace, index: i}, &m.Place, anchorWidth, maxAnchor)
	}
}

// code returns the code of the bits written: six a character, most
// significant first, the last character filled with zero bits after them
// (before them with PaddingLow), and with ExtraCharacter an 'A' after a
// last character that the bits fill.
func (io *fieldIO) code() string {
	io.acc.Mod(&io.acc, new(big.Int).Lsh(big.NewInt(1), uint(io.n)))
	bits := io.acc.Text(2)
	bits = strings.Repeat("0", io.n-len(bits)) + bits
	switch r := io.n % 6; {
	case r == 0 && io.faults[ExtraCharacter]:
		bits += "000000"
	case r > 0 && io.faults[PaddingLow]:
		bits = bits[:io.n-r] + strings.Repeat("0", 6-r) + bits[io.n-r:]
	case r > 0:
		bits += strings.Repeat("0", 6-r)
	}
	out := make([]byte, len(bits)/6)
	for i := range out {
		c, _ := strconv.ParseUint(bits[6*i:6*i+6], 2, 8)
		out[i] = alphabet[c]
	}
	return string(out)
}
