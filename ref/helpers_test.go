package ref_test

import (
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/bitstring"

	"github.com/qf-format/qf-conformance/ref"
)

// The helpers in this file build codes bit by bit, independently of the
// encoder, so that tests can make codes the encoder refuses to write.

// bits returns the concatenation of fields, each a string of '0' and '1'.
func bits(fields ...string) string { return strings.Join(fields, "") }

// b formats v as width bits, most significant first.
func b(v, width int) string { return bitstring.Field(v, width) }

// toCode writes a string of '0' and '1' as Base64 characters.
func toCode(bits string) string { return bitstring.Code(bits) }

// stateBits returns the bits of a State with the given squares, no walls,
// a pawn last move by white and turn 1.
func stateBits(white, black int) string {
	return bits(b(white, 7), b(black, 7), "0000", "0000", "0000", "0000", "0", "0", b(1, 10))
}

// maxValue returns the longest value: 40 walls, a wall last move and 1023
// wall moves (spec.MaxChars characters).
func maxValue() *ref.Value { return gen.MaxValue() }

func mustEncode(v *ref.Value) string {
	s, err := ref.Encode(v)
	if err != nil {
		panic(err)
	}
	return s
}
