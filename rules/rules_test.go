package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"pgregory.net/rapid"
)

// sq parses a square name such as "e1".
func sq(name string) int {
	n, ok := rules.ParseSquare(name)
	if !ok {
		panic("bad square " + name)
	}
	return n
}

// anchor parses a wall name's anchor, such as "c3" of "c3h".
func anchor(name string) int {
	_, p, ok := rules.ParseWall(name[:2] + "h")
	if !ok {
		panic("bad anchor " + name)
	}
	return p
}

// state builds a State: the squares, walls named like "c3h" (owned by
// white unless prefixed "b:"), and the last mover.
func state(white, black string, last ref.Player, walls ...string) *ref.State {
	s := &ref.State{White: sq(white), Black: sq(black), LastMove: ref.LastMove{Player: last}, Turn: 9}
	for _, w := range walls {
		g := &s.Walls.White
		if strings.HasPrefix(w, "b:") {
			g, w = &s.Walls.Black, w[2:]
		}
		if w[2] == 'h' {
			g.H = append(g.H, anchor(w))
		} else {
			g.V = append(g.V, anchor(w))
		}
	}
	return s
}

func TestParse(t *testing.T) {
	for n := 0; n < 81; n++ {
		if got, ok := rules.ParseSquare(rules.SquareName(n)); !ok || got != n {
			t.Errorf("ParseSquare(%s) = %d, %v", rules.SquareName(n), got, ok)
		}
	}
	for p := 0; p < 64; p++ {
		for _, o := range []ref.Orientation{ref.Horizontal, ref.Vertical} {
			if go_, gp, ok := rules.ParseWall(rules.WallName(o, p)); !ok || go_ != o || gp != p {
				t.Errorf("ParseWall(%s) = %v %d %v", rules.WallName(o, p), go_, gp, ok)
			}
		}
	}
	for _, bad := range []string{"", "j1", "a0", "a10", "i9h", "a9h", "c3x", "c3"} {
		_, okSq := rules.ParseSquare(bad)
		_, _, okWall := rules.ParseWall(bad)
		if okSq && len(bad) != 2 || okWall {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestNames(t *testing.T) {
	if got := rules.SquareName(4) + rules.SquareName(76) + rules.SquareName(80); got != "e1e9i9" {
		t.Errorf("got %s", got)
	}
	if got := rules.WallName(ref.Horizontal, 18) + rules.WallName(ref.Vertical, 0) + rules.WallName(ref.Horizontal, 63); got != "c3ha1vh8h" {
		t.Errorf("got %s", got)
	}
}

// Each pawn move from a position: where it lands, or the violation.
func TestPawnMoves(t *testing.T) {
	cases := []struct {
		name string
		s    *ref.State // white moves (black moved last) unless the last mover is white
		dir  int
		want string // a square, or a violation kind
	}{
		{"a step north", state("e1", "e9", ref.Black), 0, "e2"},
		{"a step south off the board", state("e1", "e9", ref.Black), 4, "off_board"},
		{"east from i1 does not wrap to a2", state("i1", "e9", ref.Black), 2, "off_board"},
		{"west from a5 does not wrap to i4", state("a5", "e9", ref.Black), 6, "off_board"},
		{"north from e9 leaves the board", state("e9", "a1", ref.Black), 0, "game_over"},
		{"black south from e1 leaves the board", state("a5", "e1", ref.White), 4, "game_over"},
		{"black north from a9 off the board", state("e5", "a9", ref.White), 0, "off_board"},
		{"a wall blocks the step", state("e1", "e9", ref.Black, "e1h"), 0, "wall_blocks_move"},
		{"the neighbouring wall half blocks too", state("e1", "e9", ref.Black, "d1h"), 0, "wall_blocks_move"},
		{"a wall two files away does not", state("e1", "e9", ref.Black, "c1h"), 0, "e2"},
		{"a vertical wall blocks east", state("e1", "e9", ref.Black, "e1v"), 2, "wall_blocks_move"},
		{"a vertical wall below blocks east", state("e2", "e9", ref.Black, "e1v"), 2, "wall_blocks_move"},
		{"a straight jump", state("e4", "e5", ref.Black), 0, "e6"},
		{"a jump west", state("e4", "d4", ref.Black), 6, "c4"},
		{"a jump blocked by a wall", state("e4", "e5", ref.Black, "e5h"), 0, "jump_blocked"},
		{"a jump blocked by the edge", state("e8", "e9", ref.Black), 0, "jump_blocked"},
		{"a jump blocked by the east edge", state("h4", "i4", ref.Black), 2, "jump_blocked"},
		{"a wall before the opponent blocks first", state("e4", "e5", ref.Black, "e4h", "b:e5h"), 0, "wall_blocks_move"},
		{"a side-step when the jump meets a wall", state("e4", "e5", ref.Black, "e5h"), 1, "f5"},
		{"a side-step the other way", state("e4", "e5", ref.Black, "e5h"), 7, "d5"},
		{"a side-step at the north edge", state("e8", "e9", ref.Black), 1, "f9"},
		{"a side-step at the north-east corner", state("h8", "h9", ref.Black), 7, "g9"},
		{"no side-step off the board at the corner", state("i8", "i9", ref.Black), 1, "illegal_diagonal"},
		{"a side-step along the east edge", state("h4", "i4", ref.Black), 1, "i5"},
		{"a side-step along the east edge, south", state("h4", "i4", ref.Black), 3, "i3"},
		{"black side-steps at the south edge", state("e1", "e2", ref.White), 5, "d1"},
		{"black side-steps at the south-west corner", state("a1", "a2", ref.White), 3, "b1"},
		{"no side-step while the jump is open", state("e4", "e5", ref.Black), 1, "illegal_diagonal"},
		{"no side-step through a wall", state("e4", "e5", ref.Black, "e5h", "b:e4v"), 1, "illegal_diagonal"},
		{"no diagonal without an adjacent opponent", state("e4", "e9", ref.Black), 1, "illegal_diagonal"},
		{"no diagonal jump onto the opponent", state("e4", "f5", ref.Black), 1, "illegal_diagonal"},
		{"no side-step when a wall separates the opponent", state("e4", "e5", ref.Black, "e4h", "b:e5h"), 1, "illegal_diagonal"},
	}
	for _, c := range cases {
		p := rules.Start(&ref.Value{State: c.s})
		next, k := p.Apply(ref.PieceMove(c.dir))
		got := string(k)
		if k == "" {
			got = rules.SquareName(next.White)
			if p.ToMove == ref.Black {
				got = rules.SquareName(next.Black)
			}
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestWallMoves(t *testing.T) {
	cases := []struct {
		name string
		s    *ref.State
		o    ref.Orientation
		at   string
		want string
	}{
		{"a free wall", state("e1", "e9", ref.Black), ref.Horizontal, "c3", ""},
		{"anchor 0", state("e1", "e9", ref.Black), ref.Vertical, "a1", ""},
		{"anchor 7", state("e1", "e9", ref.Black), ref.Horizontal, "h1", ""},
		{"anchor 56", state("e1", "e9", ref.Black), ref.Vertical, "a8", ""},
		{"anchor 63", state("e1", "e9", ref.Black), ref.Horizontal, "h8", ""},
		{"the same wall", state("e1", "e9", ref.Black, "c3h"), ref.Horizontal, "c3", "walls_conflict"},
		{"overlapping on the right", state("e1", "e9", ref.Black, "c3h"), ref.Horizontal, "d3", "walls_conflict"},
		{"overlapping on the left", state("e1", "e9", ref.Black, "c3h"), ref.Horizontal, "b3", "walls_conflict"},
		{"beside, not overlapping", state("e1", "e9", ref.Black, "c3h"), ref.Horizontal, "e3", ""},
		{"crossing", state("e1", "e9", ref.Black, "b:c3h"), ref.Vertical, "c3", "walls_conflict"},
		{"vertical overlapping above", state("e1", "e9", ref.Black, "c3v"), ref.Vertical, "c4", "walls_conflict"},
		{"vertical overlapping below", state("e1", "e9", ref.Black, "c3v"), ref.Vertical, "c2", "walls_conflict"},
		{"h at h1 and a2 do not overlap (no wrap)", state("e1", "e9", ref.Black, "h1h"), ref.Horizontal, "a2", ""},
		{"white's path cut", state("a1", "e9", ref.Black, "a1v"), ref.Horizontal, "a2", "no_path"},
		{"black's path cut", state("e1", "a9", ref.Black, "b:a8v"), ref.Horizontal, "a7", "no_path"},
		{"no walls left", state("e1", "e9", ref.Black, "a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h"), ref.Horizontal, "a7", "no_walls_left"},
		{"no walls left before the conflict", state("e1", "e9", ref.Black, "a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h"), ref.Horizontal, "a1", "no_walls_left"},
		{"a conflict before the path", state("a1", "e9", ref.Black, "a1v"), ref.Horizontal, "a1", "walls_conflict"},
		{"black's walls do not count for white", state("e1", "e9", ref.Black, "b:a1h", "b:c1h", "b:e1h", "b:g1h", "b:a3h", "b:c3h", "b:e3h", "b:g3h", "b:a5h", "b:c5h"), ref.Horizontal, "a7", ""},
		{"after the game", state("e9", "e5", ref.Black), ref.Horizontal, "a1", "game_over"},
	}
	for _, c := range cases {
		p := rules.Start(&ref.Value{State: c.s})
		next, k := p.Apply(ref.WallMove(c.o, anchor(c.at)))
		if string(k) != c.want {
			t.Errorf("%s: got %q, want %q", c.name, k, c.want)
			continue
		}
		if k == "" && (len(next.Walls) != len(p.Walls)+1 || next.WallsLeft[p.ToMove] != p.WallsLeft[p.ToMove]-1 || next.ToMove == p.ToMove || next.Turn != p.Turn+1) {
			t.Errorf("%s: position after the wall %+v", c.name, next)
		}
	}
}

func TestReplayCorpus(t *testing.T) {
	for _, c := range []struct {
		code         string
		moves        int
		white, black string
	}{
		{"QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk", 46, "g8", "a1"},
		{"ReBPNKwglK4p8Gkm5WkJ0CvCzSZGKEZmgmRkqm8QuSQCYmJiQkBAICZGQC2+IAhqBhRERiAgRkYgIE", 94, "a8", "i1"},
	} {
		v, err := ref.Decode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		ps, viol := rules.Replay(v)
		if viol != nil || len(ps) != c.moves {
			t.Fatalf("%s: %d positions, %v", c.code, len(ps), viol)
		}
		last := ps[len(ps)-1]
		if rules.SquareName(last.White) != c.white || rules.SquareName(last.Black) != c.black || !last.Over() || last.Turn != c.moves+1 {
			t.Errorf("%s: ends with white %s, black %s, turn %d", c.code, rules.SquareName(last.White), rules.SquareName(last.Black), last.Turn)
		}
	}
}

func TestReplayFirstMover(t *testing.T) {
	// Black moved last at turn 6 (parity would say white): white moves first.
	s := state("e2", "e8", ref.Black)
	s.Turn = 6
	v := &ref.Value{State: s, Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.PieceMove(4)}}}
	ps, viol := rules.Replay(v)
	if viol != nil || rules.SquareName(ps[0].White) != "e3" || rules.SquareName(ps[1].Black) != "e7" || ps[1].Turn != 8 {
		t.Errorf("got %+v, %v", ps, viol)
	}
	// A violation stops the replay, with the positions before it.
	v.Record.Moves = append(v.Record.Moves, ref.PieceMove(3), ref.PieceMove(0))
	ps, viol = rules.Replay(v)
	if len(ps) != 2 || viol == nil || *viol != (rules.Violation{Move: 2, Kind: rules.IllegalDiagonal}) {
		t.Errorf("got %d positions, %v", len(ps), viol)
	}
}

func TestValidate(t *testing.T) {
	s := state("e1", "e9", ref.Black)
	cases := []struct {
		s    *ref.State
		want string
	}{
		{s, ""},
		{state("e5", "e5", ref.Black), "pawns_overlap"},
		{state("e1", "e9", ref.Black, "c3h", "b:c3v"), "walls_conflict"},
		{state("e1", "e9", ref.Black, "c3h", "c3h"), "walls_conflict"},
		{state("a1", "e9", ref.Black, "a1v", "b:a2h"), "no_path"},
		{state("e1", "e9", ref.Black, "a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h", "e5h"), "too_many_walls"},
		{func() *ref.State {
			s := state("e1", "e9", ref.White, "c3h")
			s.LastMove.Kind, s.LastMove.Place = ref.Wall, anchor("d4")
			return s
		}(), "last_move_wall_missing"},
		{func() *ref.State {
			s := state("e1", "e9", ref.Black, "c3h")
			s.LastMove.Kind, s.LastMove.Place = ref.Wall, anchor("c3")
			return s
		}(), "last_move_wall_missing"},
		{func() *ref.State {
			s := state("e1", "e9", ref.White, "c3h")
			s.LastMove.Kind, s.LastMove.Place = ref.Wall, anchor("c3")
			return s
		}(), ""},
		{state("e5", "e5", ref.Black, "a1h", "a1v", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h"), "pawns_overlap too_many_walls walls_conflict"},
		{func() *ref.State {
			s := state("a1", "a1", ref.White, "a1v", "b:a2h", "a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h")
			s.LastMove.Kind, s.LastMove.Place = ref.Wall, anchor("h8")
			return s
		}(), "last_move_wall_missing no_path pawns_overlap too_many_walls walls_conflict"},
	}
	for i, c := range cases {
		var got []string
		for _, k := range rules.Validate(c.s) {
			got = append(got, string(k))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("case %d: got %v, want %s", i, got, c.want)
		}
	}
}

// plainPath is an independent path check: it lists the blocked edges of
// each wall from its geometry, then floods the board.
func plainPath(s *ref.State, from, goal int) bool {
	blocked := map[[2]int]bool{}
	edge := func(a, b int) { blocked[[2]int{min(a, b), max(a, b)}] = true }
	for _, h := range append(append([]int{}, s.Walls.White.H...), s.Walls.Black.H...) {
		x, y := h%8, h/8
		edge(9*y+x, 9*(y+1)+x)
		edge(9*y+x+1, 9*(y+1)+x+1)
	}
	for _, v := range append(append([]int{}, s.Walls.White.V...), s.Walls.Black.V...) {
		x, y := v%8, v/8
		edge(9*y+x, 9*y+x+1)
		edge(9*(y+1)+x, 9*(y+1)+x+1)
	}
	reached := map[int]bool{from: true}
	for changed := true; changed; {
		changed = false
		for n := range reached {
			if n/9 == goal {
				return true
			}
			var next []int
			if n%9 > 0 {
				next = append(next, n-1)
			}
			if n%9 < 8 {
				next = append(next, n+1)
			}
			if n >= 9 {
				next = append(next, n-9)
			}
			if n < 72 {
				next = append(next, n+9)
			}
			for _, m := range next {
				if !reached[m] && !blocked[[2]int{min(n, m), max(n, m)}] {
					reached[m] = true
					changed = true
				}
			}
		}
	}
	return false
}

// The path check agrees with the plain flood on random wall sets, dense
// enough to cut paths often.
func TestPathAgainstPlainSearch(t *testing.T) {
	cut := 0
	rapid.Check(t, func(t *rapid.T) {
		s := &ref.State{
			White: rapid.IntRange(0, 80).Draw(t, "white"),
			Black: rapid.IntRange(0, 80).Draw(t, "black"),
			Walls: ref.Walls{White: ref.PlayerWalls{
				H: rapid.SliceOfN(rapid.IntRange(0, 63), 0, 25).Draw(t, "h"),
				V: rapid.SliceOfN(rapid.IntRange(0, 63), 0, 25).Draw(t, "v"),
			}},
		}
		want := !plainPath(s, s.White, 8) || !plainPath(s, s.Black, 0)
		got := false
		for _, k := range rules.Validate(s) {
			got = got || k == rules.NoPath
		}
		if got != want {
			t.Fatalf("no_path %v, the plain search says %v", got, want)
		}
		if want {
			cut++
		}
	})
	if cut == 0 {
		t.Error("no wall set cut a path: the property was not tested")
	}
}

// Random legal games, move by move from the legal moves: Replay of their
// code accepts every move and gives exactly the positions played.
func TestRandomGamesReplay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := &ref.Value{Record: &ref.Record{}}
		if rapid.Bool().Draw(t, "from a state") {
			v.State = state("e3", "d7", ref.Player(rapid.IntRange(0, 1).Draw(t, "last")), "c3h", "b:e6v")
		}
		p := rules.Start(v)
		var played []rules.Position
		n := rapid.IntRange(0, 150).Draw(t, "moves")
		for i := 0; i < n; i++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := rapid.SampledFrom(legal).Draw(t, "move")
			next, k := p.Apply(m)
			if k != "" {
				t.Fatalf("LegalMoves offered %+v, Apply says %s", m, k)
			}
			v.Record.Moves = append(v.Record.Moves, m)
			played = append(played, next)
			p = next
		}
		code, err := ref.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		decoded, err := ref.Decode(code)
		if err != nil {
			t.Fatal(err)
		}
		got, viol := rules.Replay(decoded)
		if viol != nil || len(got) != len(played) {
			t.Fatalf("replay: %d positions, %v; played %d", len(got), viol, len(played))
		}
		for i := range got {
			if fmt.Sprint(got[i]) != fmt.Sprint(played[i]) {
				t.Fatalf("move %d: replay %+v, played %+v", i, got[i], played[i])
			}
		}
	})
}

// LegalMoves offers exactly the moves Apply accepts.
func TestLegalMovesAgreeWithApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := state(rules.SquareName(rapid.IntRange(0, 71).Draw(t, "white")), rules.SquareName(rapid.IntRange(9, 80).Draw(t, "black")),
			ref.Player(rapid.IntRange(0, 1).Draw(t, "last")))
		for _, a := range rapid.SliceOfN(rapid.IntRange(0, 63), 0, 6).Draw(t, "h") {
			s.Walls.White.H = append(s.Walls.White.H, a)
		}
		p := rules.Start(&ref.Value{State: s})
		legal := map[ref.Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		all := []ref.Move{}
		for d := 0; d < 8; d++ {
			all = append(all, ref.PieceMove(d))
		}
		for a := 0; a < 64; a++ {
			all = append(all, ref.WallMove(ref.Horizontal, a), ref.WallMove(ref.Vertical, a))
		}
		for _, m := range all {
			if _, k := p.Apply(m); (k == "") != legal[m] {
				t.Fatalf("%+v: Apply says %q, LegalMoves %v", m, k, legal[m])
			}
		}
	})
}

func TestMoveNames(t *testing.T) {
	for _, c := range []struct {
		m    ref.Move
		want string
	}{
		{ref.PieceMove(0), "pawn north"}, {ref.PieceMove(1), "pawn northeast"}, {ref.PieceMove(7), "pawn northwest"},
		{ref.PieceMove(9), "pawn direction 9"}, {ref.WallMove(ref.Horizontal, 18), "wall c3h"}, {ref.WallMove(ref.Vertical, 63), "wall h8v"},
	} {
		if got := rules.MoveName(c.m); got != c.want {
			t.Errorf("MoveName(%+v) = %q, want %q", c.m, got, c.want)
		}
	}
	start := rules.Start(&ref.Value{})
	after, _ := start.Apply(ref.PieceMove(0))
	again, _ := after.Apply(ref.PieceMove(4))
	if a, b := rules.Notation(&start, &after, ref.PieceMove(0)), rules.Notation(&after, &again, ref.PieceMove(4)); a != "e2" || b != "e8" {
		t.Errorf("white north, black south: %s, %s", a, b)
	}
}

// TestCheck: Check finds what Replay finds, on games steered to where the
// rules are subtle (gen.ReplayValue: most break a rule, some at once).
func TestCheck(t *testing.T) {
	r := gen.NewRand(1)
	broken := 0
	for range 2000 {
		v := r.ReplayValue()
		_, want := rules.Replay(v)
		got := rules.Check(v)
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Fatalf("Check = %v, Replay's violation %v", got, want)
		}
		if got != nil {
			broken++
		}
	}
	if broken == 0 || broken == 2000 {
		t.Fatalf("%d of 2000 games break a rule: the test tells nothing", broken)
	}
}

// TestSquares: Squares appends the pawns' squares of the positions Replay
// returns, and its violation, on games steered to where the rules are
// subtle and on values of the whole space (no record, long records).
func TestSquares(t *testing.T) {
	r := gen.NewRand(2)
	moves := 0
	for i := range 4000 {
		v := r.ReplayValue()
		if i%2 == 1 {
			v = r.Value()
		}
		positions, want := rules.Replay(v)
		prefix := [][2]int{{-1, -2}}
		got, violation := rules.Squares(v, prefix)
		if len(got) != 1+len(positions) || got[0] != prefix[0] {
			t.Fatalf("%d squares after the prefix, Replay's positions %d", len(got)-1, len(positions))
		}
		for k, p := range positions {
			if got[1+k] != [2]int{p.White, p.Black} {
				t.Fatalf("move %d: squares %v, Replay's position %d, %d", k, got[1+k], p.White, p.Black)
			}
		}
		if (violation == nil) != (want == nil) || violation != nil && *violation != *want {
			t.Fatalf("Squares' violation %v, Replay's %v", violation, want)
		}
		moves += len(positions)
	}
	if moves == 0 {
		t.Fatal("no move replayed: the test tells nothing")
	}
}
