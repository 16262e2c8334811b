package outsider

import "fmt"

// An encoder writes the canonical code of a value given as JSON text
// (spec/qf.md, "Encoding"). It keeps its memory from one value to the
// next.
type encoder struct {
	faults faultSet
	doc    jsonDoc
	shaper shaper
	w      bitWriter
}

// encode returns the code of the JSON value text, or its error:
// malformed before out_of_range, the first in layout order.
func (e *encoder) encode(text []byte) (string, *codeError) {
	root, ok := e.doc.parse(text)
	if !ok {
		return "", inValue(kindMalformed, "", "the value is not JSON in UTF-8")
	}
	e.shaper.faults, e.shaper.doc = e.faults, &e.doc
	v, err := e.shaper.value(root)
	if err != nil {
		return "", err
	}
	if err := checkRanges(v); err != nil {
		return "", err
	}
	e.w = bitWriter{out: e.w.out[:0], low: e.faults.has(PaddingLow)}
	e.write(v)
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

// write writes the fields of v, whose values are all in range.
func (e *encoder) write(v *Value) {
	w := &e.w
	w.bit(v.State != nil)
	w.bit(v.Record != nil)
	if st := v.State; st != nil {
		w.put(uint32(st.White), squareWidth)
		w.put(uint32(st.Black), squareWidth)
		for p := range 2 {
			for _, group := range st.Walls[p] {
				w.put(uint32(len(group)), countWidth)
				for _, a := range group {
					w.put(uint32(a), anchorWidth)
				}
			}
		}
		w.put(uint32(st.Last.Player), flagWidth)
		w.bit(st.Last.Wall)
		if st.Last.Wall {
			w.put(uint32(st.Last.Place), anchorWidth)
		}
		w.put(uint32(st.Turn), turnWidth)
	}
	if rec := v.Record; rec != nil {
		w.put(uint32(len(rec.Moves)), movesWidth)
		for _, m := range rec.Moves {
			w.bit(m.Wall)
			if m.Wall {
				w.put(uint32(m.Orientation), flagWidth)
				w.put(uint32(m.Place), anchorWidth)
			} else {
				w.put(uint32(m.Dir), dirWidth)
			}
		}
	}
}

// A bitWriter writes fields as characters of the alphabet, six bits each,
// most significant first.
type bitWriter struct {
	out []byte
	acc uint32 // the bits not yet written, at most 5
	n   int    // how many
	low bool   // PaddingLow: the last character's bits at its low end
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

func (w *bitWriter) bit(b bool) {
	if b {
		w.put(1, 1)
	} else {
		w.put(0, 1)
	}
}

// code returns the code written, the last character filled with zero
// bits.
func (w *bitWriter) code() string {
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
