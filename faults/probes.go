package faults

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/suite"
)

// A Probe is an input that tells shapes of a family apart: the models of
// two of its faults answer it differently. The diagnosis asks the
// implementation such inputs when its tests could not tell which shape it
// has.
type Probe struct {
	Category suite.Category
	Input    string // a code, or for encoding a JSON text
}

// Probes returns the inputs that tell the shapes of a family apart.
func Probes(family string) []Probe { return probes()[family] }

func strict(codes ...string) []Probe  { return of(suite.Strict, codes...) }
func lenient(codes ...string) []Probe { return of(suite.Lenient, codes...) }
func encode(texts ...string) []Probe  { return of(suite.Encode, texts...) }
func replay(codes ...string) []Probe  { return of(suite.Replay, codes...) }

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

// The probes of each family whose shapes exclude one another, or differ
// where the vectors seldom look: one input, at least, where each pair of
// its shapes answers otherwise. Built when first asked for, not at the
// start of every qf process.
var probes = sync.OnceValue(func() map[string][]Probe {
	return map[string][]Probe{
		// A character in the place of one of the initial board's: read as
		// one hole, the board; as two, another.
		// The same in a record, for a decoder that refuses a State.
		"junk-as-zeros": concat(strict("gkwAéAAQ", "gkwA🙂AAQ", "gkwA AAQ", "QEéAQ", "QE🙂AQ", "QE AQ"),
			lenient("gkwAéAAQ", "gkwA🙂AAQ", "gkwA AAQ", "QEéAQ", "QE🙂AQ", "QE AQ")),
		"crash-on-short-input": strict("", "g", "gkwAAAA"),
		"zero-fill":            strict("gkwAAAA", "QEB", "g"),
		"equals-sign":          concat(strict("gkwAAAAQ=", "=gkwAAAAQ"), lenient("gkwAAAAQ=")),
		"one-profile":          concat(strict("gkwAAAAQA", "gkw AAAQ", "gkwAAAAR"), lenient("gkwAAAAQA", "gkw AAAQ", "gkwAAAAR")),
		"base64-library": concat(strict("AAA=", "QA==", "QEBAQ", "QE\nBA", "gkwAAAAQ\n", "Q-A", "QB/"),
			encode(`{"state":null,"record":{"moves":[]}}`, `{"state":null,"record":null}`, `{"state":null,"record":{"moves":[{"kind":"wall","orientation":"vertical","place":63}]}}`)),
		"encoder-overflow": encode(stateJSON(func(s *ref.State) { s.White = 200 }), stateJSON(func(s *ref.State) { s.Turn = 2000 }),
			stateJSON(func(s *ref.State) { s.Walls.White.H = []int{100} }), stateJSON(func(s *ref.State) { s.Black = 127 })),
		"empty-record":       concat(strict("QA"), encode(`{"state":null,"record":{"moves":[]}}`)),
		"player-from-parity": concat(strict(code(parity())), encode(jsonOf(parity()))),
		"walls-reordered":    concat(strict(code(walls())), encode(jsonOf(walls()))),
		"chunk-rejected":     strict("A", "gkwAAAAQ", "QA"),
		"rules-applied": strict(code(game(&ref.State{White: 8, Black: 76, LastMove: ref.LastMove{Player: ref.Black}, Turn: 2}, ref.PieceMove(2))),
			code(game(nil, ref.PieceMove(1))), code(game(nil, ref.WallMove(ref.Horizontal, 18), ref.WallMove(ref.Horizontal, 18))),
			code(game(nil, ref.PieceMove(4)))),
		"one-error-kind":   concat(strict("=", "g", "gkwAAAAQA"), encode(stateJSON(func(s *ref.State) { s.White = 81 }), `{"state":7}`)),
		"square-range":     strict(code(&ref.Value{State: &ref.State{White: 80, Black: 79, Turn: 1}}), bitstring.Code("10"+bitstring.Field(81, 7)+strings.Repeat("0", 40))),
		"wall-count-range": strict(code(walls10()), bitstring.Code("10"+bitstring.Field(4, 7)+bitstring.Field(76, 7)+bitstring.Field(11, 4)+strings.Repeat("0", 80))),
		"padding-ignored":  strict("B", "gkwAAAAR", withPaddingBit(code(game(nil, ref.PieceMove(0), ref.PieceMove(4))))),
		// Eleven walls placed by white from the initial board: the
		// eleventh is no_walls_left, unless the limit is not kept at all;
		// a replay that counts only the State's walls still counts these.
		"walls-left-unchecked": replay(code(elevenWalls())),
	}
})

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
	b, err := json.Marshal(v)
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
