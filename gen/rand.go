package gen

import (
	"math/rand/v2"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// A Rand draws values from a seed. It uses only the PCG generator's raw
// output, which math/rand/v2 fixes, so the same seed gives the same values
// with every Go version and on every machine.
type Rand struct {
	pcg  *rand.PCG
	long bool // whether it draws long inputs (WithLongInputs)

	// Memory that Mutate reuses from one code to the next.
	decoded  ref.Value
	fieldsAt []fieldAt
	limited  []fieldAt
	trees    arena // EncodeValue's
}

// NewRand returns a Rand seeded with seed.
func NewRand(seed uint64) *Rand {
	return &Rand{pcg: rand.NewPCG(seed, 0x71665f766563) /* "qf_vec" */}
}

// WithLongInputs returns r, set to draw long inputs too, as qf fuzz
// does: a bounded share of its codes and JSON texts (Input, Code,
// EncodeValue) hold a long name, string, list or run of characters
// (gen/long.go). A Rand of NewRand draws none, so that the diagnosis's
// probes, which tell apart the shapes of the catalogue's faults (none of
// which long inputs show), draw what they drew before long inputs were.
func (r *Rand) WithLongInputs() *Rand {
	r.long = true
	return r
}

// A Mark is where a Rand's draws have got to: a Rand rewound to it draws
// again, value for value, what it drew after it.
type Mark struct{ pcg rand.PCG }

// Mark returns where r's draws have got to.
func (r *Rand) Mark() Mark { return Mark{*r.pcg} }

// Rewind sets r back to m, a mark of its own, so that it draws again what
// it drew after m. (What else r holds is memory it reuses, not state.)
func (r *Rand) Rewind(m Mark) { *r.pcg = m.pcg }

// Intn returns a number in 0..n-1 (n > 0). It is small enough to be
// inlined, so that the remainder by a constant n, most of the calls, is a
// multiplication rather than a division.
func (r *Rand) Intn(n int) int {
	return int(r.uint64() % uint64(n))
}

// uint64 returns the generator's next 64 bits. It is not inlined, so that
// Intn is.
//
//go:noinline
func (r *Rand) uint64() uint64 {
	return r.pcg.Uint64()
}

// Value returns a value from the whole space: either chunk, both or
// neither; 0 to 10 walls per group; every anchor, square, direction and
// turn. Records are mostly short, 0 to 30 moves, sometimes up to 120, and
// in 2 cases of 100 up to 1023, so that a few hundred values stay within a
// few megabytes of vectors.
func (r *Rand) Value() *ref.Value {
	v := new(ref.Value)
	if r.Intn(2) == 0 {
		v.State = r.State()
	}
	if r.Intn(2) == 0 {
		var n int
		switch p := r.Intn(100); {
		case p < 88:
			n = r.Intn(31)
		case p < 98:
			n = r.Intn(121)
		default:
			n = r.Intn(spec.MaxMoves + 1)
		}
		v.Record = &ref.Record{Moves: make([]ref.Move, n)}
		for i := range v.Record.Moves {
			v.Record.Moves[i] = r.Move()
		}
	}
	return v
}

// State returns a random State.
func (r *Rand) State() *ref.State {
	group := func() []int {
		n := r.Intn(spec.MaxWallsPerGroup + 1)
		if n == 0 {
			return nil
		}
		a := make([]int, n)
		for i := range a {
			a[i] = r.Intn(spec.MaxAnchor + 1)
		}
		return a
	}
	s := &ref.State{
		White: r.Intn(spec.MaxSquare + 1),
		Black: r.Intn(spec.MaxSquare + 1),
		Walls: ref.Walls{
			White: ref.PlayerWalls{H: group(), V: group()},
			Black: ref.PlayerWalls{H: group(), V: group()},
		},
		LastMove: ref.LastMove{Player: ref.Player(r.Intn(2)), Kind: ref.MoveKind(r.Intn(2))},
		Turn:     r.Intn(spec.MaxTurn + 1),
	}
	if s.LastMove.Kind == ref.Wall {
		s.LastMove.Place = r.Intn(spec.MaxAnchor + 1)
	}
	return s
}

// Move returns a random move.
func (r *Rand) Move() ref.Move {
	if r.Intn(2) == 0 {
		return ref.PieceMove(r.Intn(8))
	}
	return ref.WallMove(ref.Orientation(r.Intn(2)), r.Intn(spec.MaxAnchor+1))
}
