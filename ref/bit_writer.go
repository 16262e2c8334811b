package ref

// A bitWriter writes fields most significant bit first as Base64
// characters. acc holds the n bits written that do not yet fill a
// character; each time six are there, the top six become one character.
type bitWriter struct {
	buf []byte // the characters written
	acc uint32
	n   int // bits held in acc, always fewer than 6 between writes
}

// write appends the low width bits of v.
func (w *bitWriter) write(v, width int) {
	w.acc = w.acc<<width | uint32(v)
	w.n += width
	for w.n >= 6 {
		w.n -= 6
		w.buf = append(w.buf, alphabet[w.acc>>w.n&63])
	}
	w.acc &= 1<<w.n - 1
}

// String returns the characters written, the last one filled with zero
// bits. Nothing is added when the bits fill the last character exactly.
func (w *bitWriter) String() string {
	if w.n > 0 {
		w.write(0, 6-w.n)
	}
	return string(w.buf)
}
