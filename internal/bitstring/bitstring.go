// Package bitstring writes qf codes bit by bit from strings of '0' and '1',
// independently of the reference encoder, so that tests and the vector
// generator can write any code, including those the encoder refuses to
// write (a square of 81, a wall count of 15, nonzero padding bits).
package bitstring

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/spec"
)

const alphabet = spec.Alphabet

// Field formats v as width bits, most significant first. It panics if v
// does not fit: a caller that wants the low bits of a value says so.
func Field(v, width int) string {
	if v < 0 || v >= 1<<width {
		panic(fmt.Sprintf("bitstring: %d does not fit in %d bits", v, width))
	}
	return fmt.Sprintf("%0*b", width, v)
}

// Code writes bits, a string of '0' and '1', as Base64 characters, six bits
// each, the last one filled with zero bits.
func Code(bits string) string {
	for len(bits)%6 != 0 {
		bits += "0"
	}
	var sb strings.Builder
	for i := 0; i < len(bits); i += 6 {
		v := 0
		for _, c := range bits[i : i+6] {
			if c != '0' && c != '1' {
				panic(fmt.Sprintf("bitstring: %q is not a bit", c))
			}
			v = v<<1 | int(c-'0')
		}
		sb.WriteByte(alphabet[v])
	}
	return sb.String()
}

// Bits returns the bits of code, six per character. It panics on a
// character outside the alphabet.
func Bits(code string) string {
	var sb strings.Builder
	for i := 0; i < len(code); i++ {
		v := strings.IndexByte(alphabet, code[i])
		if v < 0 {
			panic(fmt.Sprintf("bitstring: %q is not in the alphabet", code[i]))
		}
		sb.WriteString(Field(v, 6))
	}
	return sb.String()
}
