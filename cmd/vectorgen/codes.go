package main

import (
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// Codes built bit by bit, for tests of values the encoder refuses to write.
// The widths are literals on purpose, not package spec's: the vectors must
// not trust the layout they test (spec/layout.go says so too).

var f = bitstring.Field

// code writes the concatenated bit strings as a code.
func code(bits ...string) string { return bitstring.Code(strings.Join(bits, "")) }

// noWalls is the bits of four empty wall groups.
const noWalls = "0000" + "0000" + "0000" + "0000"

// stateBits returns the bits of a State chunk with the given squares, no
// walls, a pawn last move by white, and the turn.
func stateBits(white, black, turn int) string {
	return f(white, 7) + f(black, 7) + noWalls + "0" + "0" + f(turn, 10)
}

// groupBits returns the bits of a wall group of the given anchors.
func groupBits(anchors ...int) string {
	bits := f(len(anchors), 4)
	for _, a := range anchors {
		bits += f(a, 6)
	}
	return bits
}

// seq returns n anchors from, from+step, ... (mod 64).
func seq(n, from, step int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = (from + i*step) % 64
	}
	return a
}

func mustEncode(v *ref.Value) string {
	c, err := ref.Encode(v)
	if err != nil {
		panic(err)
	}
	return c
}

// The longest code, and the longest whose last character has padding bits
// (its last move is a pawn move, 4 bits shorter than a wall).
var (
	maxCode       = mustEncode(gen.MaxValue())
	maxPaddedCode = func() string {
		v := gen.MaxValue()
		v.Record.Moves[spec.MaxMoves-1] = ref.PieceMove(2)
		return mustEncode(v)
	}()
)

// initial is the State of the initial position as the fansite writes it.
func initial() *ref.State { return &ref.State{White: 4, Black: 76, Turn: 1} }
