package ref_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

func TestEncodeCodes(t *testing.T) {
	cases := []struct {
		name string
		v    *ref.Value
		want string
	}{
		{"neither chunk (EC-9)", &ref.Value{}, "A"},
		// 12 bits fill two characters exactly: no third (EC-18).
		{"empty record (EC-10)", &ref.Value{Record: &ref.Record{}}, "QA"},
		{"initial board (EC-16)", &ref.Value{State: &ref.State{White: 4, Black: 76, Turn: 1}}, "gkwAAAAQ"},
		{"order and duplicates kept (EC-14)", &ref.Value{State: &ref.State{White: 4, Black: 76,
			Walls: ref.Walls{White: ref.PlayerWalls{H: []int{63, 0, 63}}}, Turn: 1}},
			toCode(bits("10", b(4, 7), b(76, 7), b(3, 4), b(63, 6), b(0, 6), b(63, 6), "0000", "0000", "0000", "0", "0", b(1, 10)))},
		{"player kept whatever the turn (EC-19)", &ref.Value{State: &ref.State{White: 4, Black: 76,
			LastMove: ref.LastMove{Player: ref.Black}, Turn: 2}},
			toCode(bits("10", stateBits(4, 76)[:30], "1", "0", b(2, 10)))},
		{"limits", &ref.Value{
			State: &ref.State{White: spec.MaxSquare, Black: 0,
				LastMove: ref.LastMove{Player: ref.White, Kind: ref.Wall, Place: spec.MaxAnchor}, Turn: spec.MaxTurn},
			Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(7), ref.WallMove(ref.Vertical, 63)}}},
			toCode(bits("11", b(80, 7), b(0, 7), "0000000000000000", "0", "1", b(63, 6), b(1023, 10),
				b(2, 10), "0", "111", "1", "1", b(63, 6)))},
	}
	for _, c := range cases {
		got, err := ref.Encode(c.v)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if got := mustEncode(maxValue()); len(got) != spec.MaxChars {
		t.Errorf("maximum code has %d characters, want %d", len(got), spec.MaxChars)
	}
}

func TestEncodeErrors(t *testing.T) {
	state := func(edit func(s *ref.State)) *ref.Value {
		s := &ref.State{White: 4, Black: 76, Turn: 1}
		edit(s)
		return &ref.Value{State: s}
	}
	moves := func(m ...ref.Move) *ref.Value {
		return &ref.Value{Record: &ref.Record{Moves: m}}
	}
	eleven := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	cases := []struct {
		name  string
		v     *ref.Value
		kind  ref.ErrorKind
		field string
	}{
		{"nil", nil, ref.ErrMalformed, ""},
		{"white 81 (EC-11)", state(func(s *ref.State) { s.White = 81 }), ref.ErrOutOfRange, "state.white"},
		{"white 200 (EC-17)", state(func(s *ref.State) { s.White = 200 }), ref.ErrOutOfRange, "state.white"},
		{"white -1", state(func(s *ref.State) { s.White = -1 }), ref.ErrOutOfRange, "state.white"},
		{"black 81", state(func(s *ref.State) { s.Black = 81 }), ref.ErrOutOfRange, "state.black"},
		{"11 walls (EC-12)", state(func(s *ref.State) { s.Walls.White.H = eleven }), ref.ErrOutOfRange, "state.walls.white.h.count"},
		{"16 walls", state(func(s *ref.State) { s.Walls.Black.V = append(eleven, eleven[:5]...) }), ref.ErrOutOfRange, "state.walls.black.v.count"},
		{"anchor 64", state(func(s *ref.State) { s.Walls.Black.H = []int{0, 64} }), ref.ErrOutOfRange, "state.walls.black.h[1]"},
		{"anchor -1", state(func(s *ref.State) { s.Walls.White.V = []int{-1} }), ref.ErrOutOfRange, "state.walls.white.v[0]"},
		{"player 2", state(func(s *ref.State) { s.LastMove.Player = 2 }), ref.ErrOutOfRange, "state.last_move.player"},
		{"kind 2", state(func(s *ref.State) { s.LastMove.Kind = 2 }), ref.ErrOutOfRange, "state.last_move.kind"},
		{"last move place 64", state(func(s *ref.State) { s.LastMove = ref.LastMove{Kind: ref.Wall, Place: 64} }), ref.ErrOutOfRange, "state.last_move.place"},
		{"place on a pawn last move", state(func(s *ref.State) { s.LastMove.Place = 5 }), ref.ErrMalformed, "state.last_move.place"},
		{"turn 1024", state(func(s *ref.State) { s.Turn = 1024 }), ref.ErrOutOfRange, "state.turn"},
		{"turn -1", state(func(s *ref.State) { s.Turn = -1 }), ref.ErrOutOfRange, "state.turn"},
		{"first fault in layout order", state(func(s *ref.State) { s.Turn, s.Black = 2000, 90 }), ref.ErrOutOfRange, "state.black"},
		{"1024 moves (EC-13)", moves(make([]ref.Move, 1024)...), ref.ErrOutOfRange, "record.moves.count"},
		{"direction 8", moves(ref.PieceMove(8)), ref.ErrOutOfRange, "record.moves[0].dir"},
		{"direction -1", moves(ref.PieceMove(0), ref.PieceMove(-1)), ref.ErrOutOfRange, "record.moves[1].dir"},
		{"move place 64", moves(ref.WallMove(ref.Horizontal, 64)), ref.ErrOutOfRange, "record.moves[0].place"},
		{"orientation 2", moves(ref.WallMove(2, 0)), ref.ErrOutOfRange, "record.moves[0].orientation"},
		{"move kind 2", moves(ref.Move{Kind: 2}), ref.ErrOutOfRange, "record.moves[0].kind"},
		{"place on a pawn move", moves(ref.Move{Kind: ref.Piece, Place: 3}), ref.ErrMalformed, "record.moves[0].place"},
		{"orientation on a pawn move", moves(ref.Move{Kind: ref.Piece, Orientation: ref.Vertical}), ref.ErrMalformed, "record.moves[0].orientation"},
		{"direction on a wall", moves(ref.Move{Kind: ref.Wall, Dir: 1}), ref.ErrMalformed, "record.moves[0].dir"},
	}
	for _, c := range cases {
		code, err := ref.Encode(c.v)
		if code != "" {
			t.Errorf("%s: got code %q as well as %v", c.name, code, err)
		}
		checkError(t, errorCase{c.name, "", c.kind, ref.NoOffset, 0, c.field}, err)
	}
}

// The encoder accepts each range's upper limit.
func TestEncodeLimits(t *testing.T) {
	ten := []int{63, 62, 61, 60, 59, 58, 57, 56, 55, 0}
	v := &ref.Value{
		State: &ref.State{White: 80, Black: 80, Walls: ref.Walls{White: ref.PlayerWalls{H: ten, V: ten}, Black: ref.PlayerWalls{H: ten, V: ten}},
			LastMove: ref.LastMove{Player: ref.Black, Kind: ref.Wall, Place: 63}, Turn: 1023},
		Record: &ref.Record{Moves: make([]ref.Move, 1023)},
	}
	v.Record.Moves[1022] = ref.PieceMove(7)
	code, err := ref.Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ref.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(v, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestBitLen(t *testing.T) {
	for _, c := range []struct {
		v    *ref.Value
		bits int
	}{
		{&ref.Value{}, 2},
		{&ref.Value{Record: &ref.Record{}}, 12},
		{&ref.Value{State: &ref.State{}}, 44},
		{&ref.Value{State: &ref.State{LastMove: ref.LastMove{Kind: ref.Wall}, Walls: ref.Walls{Black: ref.PlayerWalls{V: []int{1, 2}}}}}, 62},
		{&ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.WallMove(ref.Horizontal, 0)}}}, 24},
		{maxValue(), spec.MaxBits},
	} {
		if got := c.v.BitLen(); got != c.bits {
			b, _ := json.Marshal(c.v)
			t.Errorf("BitLen(%s) = %d, want %d", b, got, c.bits)
		}
	}
}
