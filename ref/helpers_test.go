package ref_test

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// The helpers in this file build codes bit by bit, independently of the
// encoder, so that tests can make codes the encoder refuses to write.

// bits returns the concatenation of fields, each a string of '0' and '1'
// or an int formatted to a width with b(v, width).
func bits(fields ...string) string { return strings.Join(fields, "") }

// b formats v as width bits, most significant first.
func b(v, width int) string { return fmt.Sprintf("%0*b", width, v) }

// toCode writes a string of '0' and '1' as Base64 characters, filling the
// last one with zeros.
func toCode(bitString string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for len(bitString)%6 != 0 {
		bitString += "0"
	}
	var sb strings.Builder
	for i := 0; i < len(bitString); i += 6 {
		v := 0
		for _, c := range bitString[i : i+6] {
			v = v<<1 | int(c-'0')
		}
		sb.WriteByte(alphabet[v])
	}
	return sb.String()
}

// stateBits returns the bits of a State with the given squares, no walls,
// a pawn last move by white and turn 1.
func stateBits(white, black int) string {
	return bits(b(white, 7), b(black, 7), "0000", "0000", "0000", "0000", "0", "0", b(1, 10))
}

// maxValue returns the longest value: 40 walls, a wall last move and 1023
// wall moves (spec.MaxChars characters).
func maxValue() *ref.Value {
	anchors := func(from int) []int {
		a := make([]int, spec.MaxWallsPerGroup)
		for i := range a {
			a[i] = (from + 7*i) % 64
		}
		return a
	}
	moves := make([]ref.Move, spec.MaxMoves)
	for i := range moves {
		moves[i] = ref.WallMove(ref.Orientation(i%2), (i*5)%64)
	}
	return &ref.Value{
		State: &ref.State{
			White: 4, Black: 76,
			Walls: ref.Walls{
				White: ref.Group{H: anchors(0), V: anchors(1)},
				Black: ref.Group{H: anchors(2), V: anchors(3)},
			},
			LastMove: ref.LastMove{Player: ref.Black, Kind: ref.Wall, Place: 63},
			Turn:     spec.MaxTurn,
		},
		Record: &ref.Record{Moves: moves},
	}
}

func mustEncode(v *ref.Value) string {
	s, err := ref.Encode(v)
	if err != nil {
		panic(err)
	}
	return s
}
