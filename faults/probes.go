package faults

import (
	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
)

// A Probe is an input that tells shapes of a family apart: the models of
// two of its faults answer it differently. A family whose shapes exclude
// one another, or differ where the vectors seldom look, has probes in its
// row of the Catalogue (Fault.Probes): one input, at least, where each
// pair of its shapes answers otherwise. The diagnosis's tests take a
// shape named for another as right only where neither the vectors nor
// these tell the two apart.
type Probe struct {
	Category suite.Category
	Input    string // a code, or for encoding a JSON text
}

func strict(codes ...string) []Probe  { return of(suite.Strict, codes...) }
func lenient(codes ...string) []Probe { return of(suite.Lenient, codes...) }
func encode(texts ...string) []Probe  { return of(suite.Encode, texts...) }
func replay(codes ...string) []Probe  { return of(suite.Replay, codes...) }

// both returns the probes of codes decoded strictly, then leniently.
func both(codes ...string) []Probe { return concat(strict(codes...), lenient(codes...)) }

func of(c suite.Category, inputs ...string) []Probe {
	var out []Probe
	for _, in := range inputs {
		out = append(out, Probe{c, in})
	}
	return out
}

func concat(ps ...[]Probe) []Probe {
	var out []Probe
	for _, p := range ps {
		out = append(out, p...)
	}
	return out
}

// initial returns the initial State, changed by edit.
func initial(edit func(*ref.State)) *ref.State {
	s := &ref.State{White: 4, Black: 76, Turn: 1}
	if edit != nil {
		edit(s)
	}
	return s
}

// stateJSON returns the JSON of the initial State changed by edit, with no
// record: a value the encoder may refuse.
func stateJSON(edit func(*ref.State)) string { return jsonOf(&ref.Value{State: initial(edit)}) }

func jsonOf(v *ref.Value) string {
	b, err := v.AppendJSON(nil)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func code(v *ref.Value) string {
	c, err := ref.Encode(v)
	if err != nil {
		panic(err)
	}
	return c
}

func game(s *ref.State, moves ...ref.Move) *ref.Value {
	return &ref.Value{State: s, Record: &ref.Record{Moves: moves}}
}

// parity is a State whose last move's player is not the one the turn's
// parity says: black moved last before an even turn.
func parity() *ref.Value {
	return &ref.Value{State: initial(func(s *ref.State) { s.LastMove.Player, s.Turn = ref.Black, 10 })}
}

// walls is a State whose walls are out of order, repeated, and crossing.
func walls() *ref.Value {
	return &ref.Value{State: initial(func(s *ref.State) {
		s.Walls.White.H, s.Walls.White.V = []int{63, 0, 63}, []int{9, 0}
		s.Walls.Black.H, s.Walls.Black.V = []int{40, 20}, []int{20}
	})}
}

// walls10 is a State with 10 walls in white's horizontal group.
func walls10() *ref.Value {
	return &ref.Value{State: initial(func(s *ref.State) { s.Walls.White.H = []int{0, 2, 4, 6, 16, 18, 20, 22, 32, 34} })}
}

// withPaddingBit returns code with its last bit, a padding bit, set.
func withPaddingBit(code string) string {
	b := bitstring.Bits(code)
	return bitstring.Code(b[:len(b)-1] + "1")
}

// elevenWalls is a record from the initial board in which white places
// eleven horizontal walls, none crossing and every path kept, while black
// steps south and north.
func elevenWalls() *ref.Value {
	var moves []ref.Move
	for i, a := range []int{0, 2, 4, 16, 18, 20, 32, 34, 36, 48, 50} {
		moves = append(moves, ref.WallMove(ref.Horizontal, a))
		if i < 10 {
			moves = append(moves, ref.PieceMove(4*(i%2^1)))
		}
	}
	return game(nil, moves...)
}
