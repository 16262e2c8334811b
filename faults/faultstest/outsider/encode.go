package outsider

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// An encoder writes the canonical code of a value given as JSON text
// (spec/qf.md, "Encoding"): one value.
//
// It writes the fields into one big integer, each field shifting it left
// by its width, and takes the code from its bits. An encoder that checks
// no range writes values that may not fit their widths: with
// MaskAndSpill, the value is added, as with a BigInt accumulator
// (acc << width) + x: its bits beyond the width carry into the fields
// before, and a negative value borrows from them; with MaskedToWidth,
// the value is masked to its width, as with x & (1<<width - 1) on a two's
// complement integer. Either way the code holds the fields' bits only:
// what carries past the first bit is lost.
type encoder struct {
	faults   faultSet
	shaper   shaper
	checking bool       // write checks ranges instead of writing
	err      *codeError // the first field out of range, when checking
	acc      big.Int    // the fields written
	n        int        // their bits
}

// encode returns the code of the JSON value text, or its error:
// malformed before out_of_range, the first in layout order.
func (e *encoder) encode(text []byte) (string, *codeError) {
	root, ok := parseJSON(text)
	if !ok {
		return "", inValue(kindMalformed, "", "the value is not JSON in UTF-8")
	}
	e.shaper.faults = e.faults
	v, err := e.shaper.value(root)
	if err != nil {
		return "", err
	}
	if !e.faults.has(MaskAndSpill) && !e.faults.has(MaskedToWidth) {
		e.checking = true
		if e.write(v); e.err != nil {
			return "", e.err
		}
		e.checking = false
	}
	if v.State != nil && e.faults.has(WallsMergedSorted) {
		v.State.sortGroups()
	}
	e.write(v)
	return e.code(), nil
}

// put writes x as the field f of width bits, whose values are 0 to max;
// when checking, it keeps the error of the first value out of range.
func (e *encoder) put(f field, x int64, width int, max int64) {
	if e.checking {
		if e.err == nil && (x < 0 || x > max) {
			e.err = outOfRange(f, x, max)
		}
		return
	}
	if !e.faults.has(MaskAndSpill) {
		x &= 1<<width - 1
	}
	e.acc.Lsh(&e.acc, uint(width))
	e.acc.Add(&e.acc, big.NewInt(x))
	e.n += width
}

// bit writes a flag, the field f.
func (e *encoder) bit(f field, b bool) { e.put(f, int64(b2i(b)), flagWidth, 1) }

// outOfRange returns out_of_range at the field f, for the value x: an
// integer, or for a count the length of a list.
func outOfRange(f field, x, max int64) *codeError {
	value := fmt.Sprint(x)
	switch {
	case x >= hugeInt:
		value = "of 2^50 or more"
	case x <= -hugeInt:
		value = "of -2^50 or less"
	}
	return inValue(kindOutOfRange, f.path(), fmt.Sprintf("%s %s out of range 0-%d", f.words(), value, max))
}

// write writes the fields of v in layout order.
func (e *encoder) write(v *Value) {
	rec := v.Record
	if rec != nil && len(rec.Moves) == 0 && e.faults.has(EmptyRecordLost) {
		rec = nil
	}
	e.bit(field{name: flagsState}, v.State != nil)
	e.bit(field{name: flagsRecord}, rec != nil)
	if st := v.State; st != nil {
		e.put(field{name: stateWhite}, st.White, squareWidth, maxSquare)
		e.put(field{name: stateBlack}, st.Black, squareWidth, maxSquare)
		for p := range 2 {
			for o, group := range st.Walls[p] {
				e.put(field{name: wallCount, player: p, orient: o}, int64(len(group)), countWidth, maxCount)
				for i, a := range group {
					e.put(field{name: wallAnchor, player: p, orient: o, index: i}, a, anchorWidth, maxAnchor)
				}
			}
		}
		player := st.Last.Player
		if e.faults.has(PlayerFromParity) {
			player = parityPlayer(st.Turn)
		}
		e.bit(field{name: lastPlayer}, player == black)
		e.bit(field{name: lastKind}, st.Last.Wall)
		if st.Last.Wall {
			e.put(field{name: lastPlace}, st.Last.Place, anchorWidth, maxAnchor)
		}
		e.put(field{name: stateTurn}, st.Turn, turnWidth, maxTurn)
	}
	if rec != nil {
		e.put(field{name: movesCount}, int64(len(rec.Moves)), movesWidth, maxMoves)
		for i, m := range rec.Moves {
			e.bit(field{name: moveKind, index: i}, m.Wall)
			if m.Wall {
				e.bit(field{name: moveOrientation, index: i}, m.Orientation == vertical)
				e.put(field{name: movePlace, index: i}, m.Place, anchorWidth, maxAnchor)
			} else {
				e.put(field{name: moveDir, index: i}, m.Dir, dirWidth, maxDir)
			}
		}
	}
}

// code returns the code of the bits written: six a character, most
// significant first, the last character filled with zero bits after them
// (before them with PaddingLow), and with ExtraCharacter an 'A' after a
// last character that the bits fill.
func (e *encoder) code() string {
	e.acc.Mod(&e.acc, new(big.Int).Lsh(big.NewInt(1), uint(e.n)))
	bits := e.acc.Text(2)
	bits = strings.Repeat("0", e.n-len(bits)) + bits
	switch r := e.n % 6; {
	case r == 0 && e.faults.has(ExtraCharacter):
		bits += "000000"
	case r > 0 && e.faults.has(PaddingLow):
		bits = bits[:e.n-r] + strings.Repeat("0", 6-r) + bits[e.n-r:]
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
