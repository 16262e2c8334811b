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
// acc holds the next n bits of the code, the first in its highest bit.
// fill appends the bits of the characters that follow, eight characters
// at a time where it can, as encoding/base64 does; a read takes bits from
// the top. A decoder calls need before each group of at most needBits bits
// of fields, so that they are in acc unless the code ends first.
//
// In the lenient profile the reader skips bytes outside the alphabet. In
// the strict profile it stops at the first, as if the code ended there,
// and records its index in bad.
type bitReader struct {
	s       string
	next    int  // index in s of the next byte to look at
	lenient bool // skip bytes outside the alphabet
	bad     int  // strict: index of the byte outside the alphabet fill stopped at, or -1
	chars   int  // characters taken into acc
	acc     uint64
	n       int // bits held in acc
}

// needBits is the most bits of fields that a decoder reads between two
// calls of need: the flags and squares, 16 bits.
const needBits = 16

func newBitReader(s string, lenient bool) bitReader {
	return bitReader{s: s, lenient: lenient, bad: -1}
}

// need makes sure that acc holds needBits bits, or all that are left.
func (r *bitReader) need() {
	if r.n < needBits {
		r.fill()
	}
}

// fill takes eight characters into acc at once where it can; near the end
// of the code, or next to a byte outside the alphabet, it takes them one
// at a time while they fit.
func (r *bitReader) fill() {
	if r.n <= 64-48 && len(r.s)-r.next >= 8 {
		if x, ok := sextets8(r.s[r.next:]); ok {
			r.acc |= x << (64 - 48 - r.n)
			r.n += 48
			r.chars += 8
			r.next += 8
			return
		}
	}
	for r.n <= 64-6 && r.next < len(r.s) {
		c := sextets[r.s[r.next]]
		if c == invalid {
			if !r.lenient {
				r.bad = r.next
				r.s = r.s[:r.next]
				return
			}
			r.next++
			continue
		}
		r.acc |= uint64(c) << (64 - 6 - r.n)
		r.n += 6
		r.chars++
		r.next++
	}
}

// sextets8 returns the 48 bits of the first eight characters of s, which
// has eight, and whether all eight are in the alphabet.
func sextets8(s string) (uint64, bool) {
	s = s[:8]
	c0, c1, c2, c3 := sextets[s[0]], sextets[s[1]], sextets[s[2]], sextets[s[3]]
	c4, c5, c6, c7 := sextets[s[4]], sextets[s[5]], sextets[s[6]], sextets[s[7]]
	if c0|c1|c2|c3|c4|c5|c6|c7 == invalid {
		return 0, false
	}
	return uint64(c0)<<42 | uint64(c1)<<36 | uint64(c2)<<30 | uint64(c3)<<24 |
		uint64(c4)<<18 | uint64(c5)<<12 | uint64(c6)<<6 | uint64(c7), true
}

// pos returns the number of bits read: the offset of the next field.
func (r *bitReader) pos() int {
	return 6*r.chars - r.n
}

// padding returns the bits after the last field read up to the end of its
// character, and how many there are (0 to 5).
func (r *bitReader) padding() (bits, n int) {
	n = (6 - r.pos()%6) % 6
	return int(r.acc >> (64 - n)), n
}
