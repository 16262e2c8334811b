package ref_test

// Property tests with github.com/leanovate/gopter, from a fixed seed. A
// failure prints the seed; to try another, set QF_GOPTER_SEED.

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/commands"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

const gopterSeed = 20141121

// gopterProperties returns properties that run from the fixed seed, and a
// function that fails t, with the seed, when one of them failed.
func gopterProperties(t *testing.T) (*gopter.Properties, func()) {
	seed := int64(gopterSeed)
	if s := os.Getenv("QF_GOPTER_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("QF_GOPTER_SEED: %v", err)
		}
		seed = n
	}
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = 200
	properties := gopter.NewProperties(params)
	return properties, func() {
		var out strings.Builder
		if !properties.Run(gopter.NewFormatedReporter(true, 100, &out)) {
			t.Errorf("gopter properties failed with seed %d (rerun with QF_GOPTER_SEED=%d):\n%s", seed, seed, out.String())
		}
	}
}

var (
	gopterGroup = gen.IntRange(0, spec.MaxWallsPerGroup).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), gen.IntRange(0, spec.MaxAnchor))
	}, reflect.TypeOf([]int(nil)))

	gopterState = gopter.CombineGens(
		gen.IntRange(0, spec.MaxSquare), gen.IntRange(0, spec.MaxSquare),
		gopterGroup, gopterGroup, gopterGroup, gopterGroup,
		gen.IntRange(0, 1), gen.IntRange(0, 1), gen.IntRange(0, spec.MaxAnchor),
		gen.IntRange(0, spec.MaxTurn),
	).Map(func(f []any) *ref.State {
		s := &ref.State{
			White: f[0].(int), Black: f[1].(int),
			Walls: ref.Walls{
				White: ref.PlayerWalls{H: f[2].([]int), V: f[3].([]int)},
				Black: ref.PlayerWalls{H: f[4].([]int), V: f[5].([]int)},
			},
			LastMove: ref.LastMove{Player: ref.Player(f[6].(int)), Kind: ref.MoveKind(f[7].(int))},
			Turn:     f[9].(int),
		}
		if s.LastMove.Kind == ref.Wall {
			s.LastMove.Place = f[8].(int)
		}
		return s
	})

	gopterMove = gen.OneGenOf(
		gen.IntRange(0, 7).Map(ref.PieceMove),
		gopter.CombineGens(gen.IntRange(0, 1), gen.IntRange(0, spec.MaxAnchor)).Map(func(f []any) ref.Move {
			return ref.WallMove(ref.Orientation(f[0].(int)), f[1].(int))
		}),
	)

	gopterValue = gopter.CombineGens(gen.Bool(), gopterState, gen.Bool(), gen.SliceOf(gopterMove)).Map(func(f []any) *ref.Value {
		v := new(ref.Value)
		if f[0].(bool) {
			v.State = f[1].(*ref.State)
		}
		if f[2].(bool) {
			v.Record = &ref.Record{Moves: f[3].([]ref.Move)}
		}
		return v
	})
)

func TestGopterRoundTrip(t *testing.T) {
	properties, run := gopterProperties(t)
	properties.Property("decode(encode(v)) = v", prop.ForAll(func(v *ref.Value) string {
		code, err := ref.Encode(v)
		if err != nil {
			return err.Error()
		}
		got, err := ref.Decode(code)
		if err != nil {
			return err.Error()
		}
		return cmp.Diff(v, got, equateEmpty)
	}, gopterValue))
	properties.Property("encode(decode(s)) = s", prop.ForAll(func(v *ref.Value) string {
		code := mustEncode(v)
		got, err := ref.Decode(code)
		if err != nil {
			return err.Error()
		}
		if back := mustEncode(got); back != code {
			return fmt.Sprintf("%q re-encodes as %q", code, back)
		}
		return ""
	}, gopterValue))
	run()
}

func TestGopterRangeLimits(t *testing.T) {
	properties, run := gopterProperties(t)
	properties.Property("squares above 80 are out of range at their first bit", prop.ForAll(func(white, black int) bool {
		_, err := ref.Decode(toCode(bits("10", stateBits(white, black))))
		switch {
		case white > spec.MaxSquare:
			e, ok := err.(*ref.Error)
			return ok && e.Kind == ref.ErrOutOfRange && e.Offset == 2
		case black > spec.MaxSquare:
			e, ok := err.(*ref.Error)
			return ok && e.Kind == ref.ErrOutOfRange && e.Offset == 9
		}
		return err == nil
	}, gen.IntRange(0, 127), gen.IntRange(0, 127)))
	properties.Property("the encoder refuses turns and directions past their widths", prop.ForAll(func(turn, dir int) bool {
		v := &ref.Value{State: &ref.State{Turn: turn}, Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(dir)}}}
		_, err := ref.Encode(v)
		e, _ := err.(*ref.Error)
		switch {
		case turn > spec.MaxTurn:
			return e != nil && e.Kind == ref.ErrOutOfRange && e.Field == "state.turn"
		case dir > 7:
			return e != nil && e.Kind == ref.ErrOutOfRange && e.Field == "record.moves[0].dir"
		}
		return err == nil
	}, gen.IntRange(0, 2*spec.MaxTurn), gen.IntRange(0, 15)))
	run()
}

// recordModel is the expected state of a record built move by move: the
// bits of its moves, written by hand from the layout, and their number.
type recordModel struct {
	moveBits string
	n        int
}

// code returns the code the model expects, or "" past 1023 moves.
func (m recordModel) code() string {
	if m.n > spec.MaxMoves {
		return ""
	}
	return toCode("01" + b(m.n, 10) + m.moveBits)
}

// addMoves is a command: append k copies of a move to the record under
// test, then encode it.
type addMoves struct {
	move ref.Move
	k    int
}

func (c addMoves) Run(sut commands.SystemUnderTest) commands.Result {
	v := sut.(*ref.Value)
	for i := 0; i < c.k; i++ {
		v.Record.Moves = append(v.Record.Moves, c.move)
	}
	code, err := ref.Encode(v)
	if err != nil {
		return err
	}
	return code
}

func (c addMoves) NextState(state commands.State) commands.State {
	m := state.(recordModel)
	bits := "0" + b(int(c.move.Dir), 3)
	if c.move.Kind == ref.Wall {
		bits = "1" + b(int(c.move.Orientation), 1) + b(int(c.move.Place), 6)
	}
	m.moveBits += strings.Repeat(bits, c.k)
	m.n += c.k
	return m
}

func (c addMoves) PreCondition(state commands.State) bool { return true }

func (c addMoves) PostCondition(state commands.State, result commands.Result) *gopter.PropResult {
	m := state.(recordModel)
	want := m.code()
	switch got := result.(type) {
	case string:
		if got != want {
			return gopter.NewPropResult(false, fmt.Sprintf("after %d moves: code %q, want %q", m.n, got, want))
		}
		v, err := ref.Decode(got)
		if err != nil || len(v.Record.Moves) != m.n {
			return gopter.NewPropResult(false, fmt.Sprintf("after %d moves: %q decodes to %v", m.n, got, err))
		}
	case *ref.Error:
		if want != "" || got.Kind != ref.ErrOutOfRange || got.Field != "record.moves.count" {
			return gopter.NewPropResult(false, fmt.Sprintf("after %d moves: %v", m.n, got))
		}
	}
	return &gopter.PropResult{Status: gopter.PropTrue}
}

func (c addMoves) String() string { return fmt.Sprintf("add %d×%+v", c.k, c.move) }

func TestGopterRecordCommands(t *testing.T) {
	properties, run := gopterProperties(t)
	cmds := &commands.ProtoCommands{
		NewSystemUnderTestFunc: func(commands.State) commands.SystemUnderTest {
			return &ref.Value{Record: &ref.Record{}}
		},
		InitialStateGen: gen.Const(recordModel{}),
		GenCommandFunc: func(commands.State) gopter.Gen {
			// Mostly single moves; sometimes a run of up to 300, so that
			// sequences cross the 1023-move limit.
			return gopter.CombineGens(gopterMove, gen.Weighted([]gen.WeightedGen{
				{Weight: 9, Gen: gen.Const(1)},
				{Weight: 1, Gen: gen.IntRange(1, 300)},
			})).Map(func(f []any) commands.Command {
				return addMoves{move: f[0].(ref.Move), k: f[1].(int)}
			})
		},
	}
	properties.Property("a record built move by move encodes as the model's bits", commands.Prop(cmds))
	run()
}
