package ref

import "github.com/qf-format/qf-conformance/spec"

// A CodeDifference is where a code first differs from a canonical one,
// read as bits, six a character, most significant first.
type CodeDifference struct {
	Char  int    // the character, from 0
	Bit   int    // the bit, from 0
	Field string // the path of the canonical code's field that holds the bit; "" past its fields (the padding, or past its end)
}

// FirstDifference returns where got first differs from want, a code that
// decodes strictly (a canonical code), bit by bit; a character of got
// outside the alphabet differs in all of its bits. When one code is a
// prefix of the other, the difference is at the end of the shorter. It
// returns false when the codes are the same, or want does not decode.
func FirstDifference(want, got string) (CodeDifference, bool) {
	if want == got {
		return CodeDifference{}, false
	}
	fields, _, err := Fields(want)
	if err != nil {
		return CodeDifference{}, false
	}
	at := 6 * min(len(want), len(got))
	for i := 0; i < min(len(want), len(got)); i++ {
		if want[i] == got[i] {
			continue
		}
		w, g := sextet(want[i]), sextet(got[i])
		bit := 0
		if g >= 0 {
			for bit < 5 && (w>>(5-bit))&1 == (g>>(5-bit))&1 {
				bit++
			}
		}
		at = 6*i + bit
		break
	}
	d := CodeDifference{Char: at / 6, Bit: at}
	for _, f := range fields {
		if at < f.Offset+f.Width {
			d.Field = f.Path
			break
		}
	}
	return d, true
}

// sextet returns the value of a character of the alphabet, or -1.
func sextet(c byte) int {
	for i := range len(spec.Alphabet) {
		if spec.Alphabet[i] == c {
			return i
		}
	}
	return -1
}
