package outsider

import (
	"fmt"
	"math/big"
)

// An encoder writes the canonical code of a value given as JSON text
// (spec/qf.md, "Encoding"). It keeps its memory from one value to the
// next.
type encoder struct {
	faults faultSet
	shaper shaper
	w      bitWriter
	wide   wideWriter
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
	unchecked := e.faults.has(MaskAndSpill) || e.faults.has(MaskedToWidth)
	if !unchecked {
		if err := checkRanges(v); err != nil {
			return "", err
		}
	}
	if v.State != nil && e.faults.has(WallsMergedSorted) {
		v.State.sortGroups()
	}
	e.w = bitWriter{out: e.w.out[:0], low: e.faults.has(PaddingLow), extra: e.faults.has(ExtraCharacter)}
	e.wide.reset(unchecked, e.faults.has(MaskAndSpill))
	e.write(v)
	e.wide.flush(&e.w)
	return e.w.code(), nil
}

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

// checkRanges returns out_of_range for the first field of v in layout
// order whose value is outside its range.
func checkRanges(v *Value) *codeError {
	inRange := func(x, max int64) bool { return 0 <= x && x <= max }
	if st := v.State; st != nil {
		if !inRange(st.White, maxSquare) {
			return outOfRange(field{name: stateWhite}, st.White, maxSquare)
		}
		if !inRange(st.Black, maxSquare) {
			return outOfRange(field{name: stateBlack}, st.Black, maxSquare)
		}
		for p := range 2 {
			for o, group := range st.Walls[p] {
				if len(group) > maxCount {
					return outOfRange(field{name: wallCount, player: p, orient: o}, int64(len(group)), maxCount)
				}
				for i, a := range group {
					if !inRange(a, maxAnchor) {
						return outOfRange(field{name: wallAnchor, player: p, orient: o, index: i}, a, maxAnchor)
					}
				}
			}
		}
		if st.Last.Wall && !inRange(st.Last.Place, maxAnchor) {
			return outOfRange(field{name: lastPlace}, st.Last.Place, maxAnchor)
		}
		if !inRange(st.Turn, maxTurn) {
			return outOfRange(field{name: stateTurn}, st.Turn, maxTurn)
		}
	}
	if rec := v.Record; rec != nil {
		if len(rec.Moves) > maxMoves {
			return outOfRange(field{name: movesCount}, int64(len(rec.Moves)), maxMoves)
		}
		for i, m := range rec.Moves {
			switch {
			case !m.Wall && !inRange(m.Dir, maxDir):
				return outOfRange(field{name: moveDir, index: i}, m.Dir, maxDir)
			case m.Wall && !inRange(m.Place, maxAnchor):
				return outOfRange(field{name: movePlace, index: i}, m.Place, maxAnchor)
			}
		}
	}
	return nil
}

// write writes the fields of v, whose values are all in range unless
// the encoder does not check them (MaskAndSpill, MaskedToWidth).
func (e *encoder) write(v *Value) {
	rec := v.Record
	if rec != nil && len(rec.Moves) == 0 && e.faults.has(EmptyRecordLost) {
		rec = nil
	}
	e.bit(v.State != nil)
	e.bit(rec != nil)
	if st := v.State; st != nil {
		e.put(st.White, squareWidth)
		e.put(st.Black, squareWidth)
		for p := range 2 {
			for _, group := range st.Walls[p] {
				e.put(int64(len(group)), countWidth)
				for _, a := range group {
					e.put(a, anchorWidth)
				}
			}
		}
		player := st.Last.Player
		if e.faults.has(PlayerFromParity) {
			player = parityPlayer(st.Turn)
		}
		e.put(int64(player), flagWidth)
		e.bit(st.Last.Wall)
		if st.Last.Wall {
			e.put(st.Last.Place, anchorWidth)
		}
		e.put(st.Turn, turnWidth)
	}
	if rec != nil {
		e.put(int64(len(rec.Moves)), movesWidth)
		for _, m := range rec.Moves {
			e.bit(m.Wall)
			if m.Wall {
				e.put(int64(m.Orientation), flagWidth)
				e.put(m.Place, anchorWidth)
			} else {
				e.put(m.Dir, dirWidth)
			}
		}
	}
}

// put writes x as a field of width bits.
func (e *encoder) put(x int64, width int) {
	if e.wide.on {
		e.wide.put(x, width)
	} else {
		e.w.put(uint32(x), width)
	}
}

func (e *encoder) bit(b bool) {
	if b {
		e.put(1, 1)
	} else {
		e.put(0, 1)
	}
}

// A wideWriter writes fields whose values may not fit their widths, as
// an encoder that checks no range does: into one big integer, each field
// shifting it left by its width. With spill, the value is added, as
// with a BigInt accumulator (acc << width) + x: its bits beyond the
// width carry into the fields before, and a negative value borrows from
// them (MaskAndSpill). Without, the value is masked to its width, as
// with x & (1<<width - 1) on a two's complement integer (MaskedToWidth).
// Either way the code holds the fields' bits only: what carries past the
// first bit is lost.
type wideWriter struct {
	on, spill bool
	acc, x    big.Int
	n         int // the bits written
}

func (w *wideWriter) reset(on, spill bool) {
	w.on, w.spill, w.n = on, spill, 0
	w.acc.SetInt64(0)
}

func (w *wideWriter) put(x int64, width int) {
	if !w.spill {
		x &= 1<<width - 1
	}
	w.acc.Lsh(&w.acc, uint(width))
	w.acc.Add(&w.acc, w.x.SetInt64(x))
	w.n += width
}

// flush writes the bits of the fields to bw, most significant first.
func (w *wideWriter) flush(bw *bitWriter) {
	if !w.on {
		return
	}
	w.acc.Mod(&w.acc, w.x.Lsh(big.NewInt(1), uint(w.n)))
	for i := w.n - 1; i >= 0; i-- {
		bw.put(uint32(w.acc.Bit(i)), 1)
	}
}

// A bitWriter writes fields as characters of the alphabet, six bits each,
// most significant first.
type bitWriter struct {
	out   []byte
	acc   uint32 // the bits not yet written, at most 5
	n     int    // how many
	low   bool   // PaddingLow: the last character's bits at its low end
	extra bool   // ExtraCharacter: an 'A' after a last character that the bits fill
}

// put writes the width low bits of x.
func (w *bitWriter) put(x uint32, width int) {
	for i := width - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | x>>i&1
		w.n++
		if w.n == 6 {
			w.out = append(w.out, alphabet[w.acc])
			w.acc, w.n = 0, 0
		}
	}
}

// code returns the code written, the last character filled with zero
// bits.
func (w *bitWriter) code() string {
	if w.n == 0 && w.extra {
		w.out = append(w.out, 'A')
	}
	if w.n > 0 {
		if w.low {
			w.out = append(w.out, alphabet[w.acc])
		} else {
			w.out = append(w.out, alphabet[w.acc<<(6-w.n)])
		}
		w.acc, w.n = 0, 0
	}
	return string(w.out)
}
