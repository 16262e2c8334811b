package ref

import "github.com/qf-format/qf-conformance/spec"

// alphabet is the standard Base64 alphabet; a character's index is the six
// bits it stands for.
const alphabet = spec.Alphabet

// sextets maps a byte to the six bits it stands for, or to invalid for a
// byte outside the alphabet.
var sextets = func() (t [256]uint8) {
	for i := range t {
		t[i] = invalid
	}
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = uint8(i)
	}
	return t
}()

const invalid = 0xff

// A bitReader reads the bits of a qf code most significant bit first, six
// bits per character, without decoding the text up front.
//
// acc holds the n bits of the characters read so far that no field has
// used yet, the oldest in the high positions. A read of width bits takes
// the top width of them; when fewer are there, fill first appends the six
// bits of as many further characters as fit in acc. So the reader may have
// looked at characters past the last field: chars counts the characters
// taken into acc, and the bits used so far are 6*chars - n.
//
// In lenient mode the reader skips bytes outside the alphabet; in strict
// mode the caller has checked that there are none.
type bitReader struct {
	s       string
	next    int  // index in s of the next byte to look at
	lenient bool // skip bytes outside the alphabet
	chars   int  // characters taken into acc
	acc     uint64
	n       int // bits held in acc
}

// read returns the next width bits, width <= 58, as an unsigned integer.
// It returns false, and uses nothing, when fewer than width bits are left.
func (r *bitReader) read(width uint) (int, bool) {
	if uint(r.n) < width {
		return r.fillAndRead(width)
	}
	r.n -= int(width)
	return int(r.acc>>uint(r.n)) & (1<<width - 1), true
}

// fillAndRead is read when acc holds too few bits.
func (r *bitReader) fillAndRead(width uint) (int, bool) {
	if !r.fill(width) {
		return 0, false
	}
	return r.read(width)
}

// fill takes characters into acc until it holds at least width bits and
// as many more characters as fit. It reports whether width bits are there.
func (r *bitReader) fill(width uint) bool {
	for r.n <= 64-6 && r.next < len(r.s) {
		c := sextets[r.s[r.next]]
		r.next++
		if c == invalid && r.lenient {
			continue
		}
		r.acc = r.acc<<6 | uint64(c)
		r.n += 6
		r.chars++
	}
	return uint(r.n) >= width
}

// pos returns the number of bits read: the offset of the next field.
func (r *bitReader) pos() int {
	return 6*r.chars - r.n
}

// padding returns the bits after the last field read up to the end of its
// character, and how many there are (0 to 5).
func (r *bitReader) padding() (bits uint64, n int) {
	n = (6 - r.pos()%6) % 6
	return r.acc >> (r.n - n) & (1<<n - 1), n
}
