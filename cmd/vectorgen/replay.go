package main

import (
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/vectors"
)

// Positions and records in players' notation, for the replay and
// validation tests.

var game = gen.Game

// pos is gen.Pos with the turn at or after turn whose parity agrees with
// the last mover: a vector tests one rule, and the first-mover rule only
// where it says so (those use gen.Pos).
func pos(white, black string, last ref.Player, turn int, walls ...string) *ref.State {
	s := gen.Pos(white, black, last, turn, walls...)
	s.Turn = gen.TurnFor(1-last, turn)
	return s
}

// replay adds a replay test of code; want is "" for a legal record, the
// kind of its violation, or the error kind of a code that does not decode.
func (s *builder) replay(id, comment, want, code string, flags ...string) {
	t := s.expect(id, comment, code, flags)
	full := s.prefix() + "/" + id
	if t.Error != nil {
		t.ID = full
		s.check(&t, want)
		t.ID = id
		s.add(t)
		return
	}
	// A vector tests one thing: the first mover is the one the turn's
	// parity names too, but in the vectors of the first-mover rule.
	v, _ := ref.Decode(code)
	if v.State != nil && v.Record != nil && !gen.ParityAgrees(v.State) && !slices.Contains(flags, "FirstMover") {
		s.failf("%s: the State's last mover disagrees with its turn's parity; flag FirstMover if that is the point", full)
	}
	t.Flags = append(t.Flags, ruleFlags(v)...)
	got := ""
	if t.Violation != nil {
		got = string(t.Violation.Kind)
	}
	if got != want {
		s.failf("%s: meant to be %q, the rules say %q", full, want, got)
	}
	s.add(t)
}

// ruleFlags returns the flags of the rules that decide the moves of v's
// record, up to the first illegal one (vectors.RuleFlags), and
// StopsAtViolation when moves follow it.
func ruleFlags(v *ref.Value) []string {
	if v.Record == nil {
		return nil
	}
	var flags []string
	p := rules.Start(v)
	for i, m := range v.Record.Moves {
		flags = append(flags, vectors.RuleFlags[p.RuleID(m)])
		next, k := p.Apply(m)
		if k != "" {
			if i < len(v.Record.Moves)-1 {
				flags = append(flags, "StopsAtViolation")
			}
			break
		}
		p = next
	}
	return flags
}

func (s *builder) replayValue(id, comment, want string, v *ref.Value, flags ...string) {
	s.replay(id, comment, want, mustEncode(v), flags...)
}

// validate adds a validation test of code; want is the violations joined
// by spaces, or the error kind of a code that does not decode.
func (s *builder) validate(id, comment, want, code string, flags ...string) {
	t := s.expect(id, comment, code, flags)
	full := s.prefix() + "/" + id
	if t.Error != nil {
		t.ID = full
		s.check(&t, want)
		t.ID = id
		s.add(t)
		return
	}
	if got := strings.Join(*t.Violations, " "); got != want {
		s.failf("%s: meant to be %q, the rules say %q", full, want, got)
	}
	s.add(t)
}

func (s *builder) validateState(id, comment, want string, st *ref.State, flags ...string) {
	s.validate(id, comment, want, mustEncode(&ref.Value{State: st}), flags...)
}

const (
	white = ref.White
	black = ref.Black
)

// tenWalls are ten walls that conflict with nothing and block no path.
var tenWalls = []string{"a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h"}

func blackWalls(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "b:" + n
	}
	return out
}

// addReplay adds the replay tests but the corpus and the random games.
func addReplay(s *builder) {
	addReplayFirstMover(s)
	addReplayJumps(s)
	addReplayViolations(s)
	addReplayWalls(s)
	addReplayUndecodable(s)
}

// addReplayFirstMover adds the first mover after a State, whatever the turn's parity says.
func addReplayFirstMover(s *builder) {
	s.replay("initial-steps", "Both pawns step forward twice from the initial position.", legal, "QEBAQ", "StartPosition")
	s.replayValue("first-mover-after-black", "Black moved last at turn 6, whose parity says black moves: white moves first.", legal,
		game(gen.Pos("e2", "e8", black, 6), "N", "S"), "FirstMover", "FaultFirstMoverFromParity")
	s.replayValue("first-mover-after-white", "White moved last at turn 5, whose parity says white moves: black moves first.", legal,
		game(gen.Pos("e2", "e8", white, 5), "S", "N"), "FirstMover", "FaultFirstMoverFromParity")
	s.replayValue("first-mover-after-black-odd-turn", "Black moved last at turn 7: white moves first, as the parity says too.", legal,
		game(gen.Pos("e2", "e8", black, 7), "N", "S"))
	s.replayValue("first-mover-after-white-even-turn", "White moved last at turn 8: black moves first, as the parity says too.", legal,
		game(gen.Pos("e2", "e8", white, 8), "S", "N"))
	s.replayValue("first-mover-black-wall", "White moved last at turn 3, whose parity says white: black moves first, and places a wall.", "",
		game(gen.Pos("e2", "e8", white, 3), "c6h", "N"), "FirstMover", "FaultFirstMoverFromParity")
	s.replayValue("first-mover-white-off-board", "Black moved last at turn 4, whose parity says black: white on e1 moves first, south, off the board.", "off_board",
		game(gen.Pos("e1", "e8", black, 4), "S"), "FirstMover", "FaultFirstMoverFromParity")
	s.replayValue("walls-at-corner-anchors", "Walls at anchors 0, 7, 56 and 63: a1h, h1v, a8v, h8h.", legal,
		game(nil, "a1h", "h1v", "a8v", "h8h"), "Boundary")
}

// addReplayJumps adds jumps, and side-steps at every edge and corner.
func addReplayJumps(s *builder) {
	s.replayValue("jump-north", "White jumps north over black, e4 to e6.", legal, game(pos("e4", "e5", black, 9), "N"), "Jump")
	s.replayValue("jump-south", "Black jumps south over white, e6 to e4.", legal, game(pos("e5", "e6", white, 9), "S"), "Jump")
	s.replayValue("jump-east", "White jumps east over black, d4 to f4.", legal, game(pos("d4", "e4", black, 9), "E"), "Jump")
	s.replayValue("jump-west", "White jumps west over black, f4 to d4.", legal, game(pos("f4", "e4", black, 9), "W"), "Jump")
	s.replayValue("jump-to-the-edge", "White jumps from e7 over e8 onto e9, the goal rank.", legal, game(pos("e7", "e8", black, 9), "N"), "Jump")
	s.replayValue("side-step-wall-behind", "A wall behind black (e5h): white side-steps NE to f5 and, later, NW.", legal,
		game(pos("e4", "e5", black, 9, "e5h"), "NE"), "SideStep")
	s.replayValue("side-step-north-edge", "Black on e9, the edge behind it: white side-steps NW from e8 to d9.", legal,
		game(pos("e8", "e9", black, 9), "NW"), "SideStep")
	s.replayValue("side-step-south-edge", "White on e1: black side-steps SE from e2 to f1.", legal,
		game(pos("e1", "e2", white, 9), "SE"), "SideStep")
	s.replayValue("side-step-east-edge", "Black on i5: white side-steps NE from h5 to i6.", legal,
		game(pos("h5", "i5", black, 9), "NE"), "SideStep")
	s.replayValue("side-step-west-edge", "Black on a5: white side-steps SW from b5 to a4.", legal,
		game(pos("b5", "a5", black, 9), "SW"), "SideStep")
	s.replayValue("side-step-corner-i9", "Black in the corner i9: white side-steps NW from i8 to h9.", legal,
		game(pos("i8", "i9", black, 9), "NW"), "SideStep")
	s.replayValue("side-step-corner-a9", "Black in the corner a9: white side-steps NE from a8 to b9.", legal,
		game(pos("a8", "a9", black, 9), "NE"), "SideStep")
	s.replayValue("side-step-corner-a1", "White in the corner a1: black side-steps SE from a2 to b1.", legal,
		game(pos("a1", "a2", white, 9), "SE"), "SideStep")
	s.replayValue("side-step-corner-i1", "White in the corner i1: black side-steps SW from i2 to h1.", legal,
		game(pos("i1", "i2", white, 9), "SW"), "SideStep")
}

// addReplayViolations adds violations, each at least three times, and where the fansite's square arithmetic and the rules disagree.
func addReplayViolations(s *builder) {
	s.replayValue("i1-east", "White on i1 moves east: off the board; the scripts' arithmetic (8 + 1) reaches a2.", "off_board",
		game(pos("i1", "e9", black, 9), "E"), "OffBoard", "EdgeMove", "FaultSquareArithmetic")
	s.replayValue("a5-west", "White on a5 moves west: off the board; the scripts' arithmetic reaches i4.", "off_board",
		game(pos("a5", "e9", black, 9), "W"), "OffBoard", "EdgeMove", "FaultSquareArithmetic")
	s.replayValue("e9-north-black", "Black on e9 moves north: off the board; the scripts' arithmetic reaches 85.", "off_board",
		game(pos("e1", "e9", white, 2), "N"), "OffBoard", "EdgeMove", "FaultSquareArithmetic")
	s.replayValue("first-move-south", "White's first move goes south from e1.", "off_board", game(nil, "S"), "OffBoard", "FirstMover")
	s.replayValue("wall-blocks-north", "A wall e1h right in front of white.", "wall_blocks_move", game(pos("e1", "e9", black, 2, "b:e1h"), "N"), "WallBlocksMove")
	s.replayValue("wall-half-blocks-north", "The wall d1h covers e1 too.", "wall_blocks_move", game(pos("e1", "e9", black, 2, "b:d1h"), "N"), "WallBlocksMove")
	s.replayValue("wall-blocks-east", "A vertical wall e4v east of white on e5.", "wall_blocks_move", game(pos("e5", "e9", black, 2, "e4v"), "E"), "WallBlocksMove")
	s.replayValue("wall-before-jump", "A wall between the pawns and one behind black: the first wall is reported.", "wall_blocks_move",
		game(pos("e4", "e5", black, 9, "e4h", "b:e5h"), "N"), "WallBlocksMove", "ViolationOrder")
	s.replayValue("jump-blocked-by-wall", "A wall e5h behind black: white's straight jump north.", "jump_blocked",
		game(pos("e4", "e5", black, 9, "e5h"), "N"), "JumpBlocked")
	s.replayValue("jump-blocked-by-north-edge", "Black on e9: white's jump from e8 would leave the board.", "jump_blocked",
		game(pos("e8", "e9", black, 9), "N"), "JumpBlocked")
	s.replayValue("jump-blocked-by-east-edge", "Black on i4: white's jump east from h4 would leave the board.", "jump_blocked",
		game(pos("h4", "i4", black, 9), "E"), "JumpBlocked")
	s.replayValue("diagonal-without-opponent", "White's first move is NE, with no pawn to side-step.", "illegal_diagonal",
		game(nil, "NE"), "IllegalDiagonal")
	s.replayValue("diagonal-with-open-jump", "Black ahead of white and nothing behind it: no side-step while the jump is open.", "illegal_diagonal",
		game(pos("e4", "e5", black, 9), "NE"), "IllegalDiagonal")
	s.replayValue("diagonal-onto-opponent", "Black diagonally ahead on f5: the scripts' arithmetic would jump to g6.", "illegal_diagonal",
		game(pos("e4", "f5", black, 9), "NE"), "IllegalDiagonal", "FaultSquareArithmetic")
	s.replayValue("diagonal-onto-opponent-black", "White diagonally ahead of black, on d5 from e6: black's SW is no jump.", "illegal_diagonal",
		game(pos("d5", "e6", white, 9), "SW"), "IllegalDiagonal", "FaultSquareArithmetic")
	s.replayValue("diagonal-with-open-jump-black", "White ahead of black with room behind: black's SE is no side-step.", "illegal_diagonal",
		game(pos("e5", "e6", white, 9), "SE"), "IllegalDiagonal")
	s.replayValue("diagonal-through-wall", "The jump is blocked by e5h, but black's e4v walls e5 off from f5: no side-step NE.", "illegal_diagonal",
		game(pos("e4", "e5", black, 9, "e5h", "b:e4v"), "NE"), "IllegalDiagonal")
	s.replayValue("diagonal-wall-between-pawns", "The jump is blocked by e5h, but e4h stands between white on e4 and black on e5: no side-step NE through it.",
		"illegal_diagonal", game(pos("e4", "e5", black, 9, "e5h", "b:e4h"), "NE"))
	s.replayValue("diagonal-wall-between-pawns-east", "Black on i4, the edge behind it, and h4v between it and white on h4: no side-step NE.",
		"illegal_diagonal", game(pos("h4", "i4", black, 9, "b:h4v"), "NE"))
	s.replayValue("diagonal-wall-between-pawns-black", "White on e5 below black on e6, e4h behind white, e5h between them: black's SW is no side-step.",
		"illegal_diagonal", game(pos("e5", "e6", white, 9, "e4h", "b:e5h"), "SW"))
	s.replayValue("diagonal-wall-between-pawns-from-start", "The pawns meet on e4 and e5; white walls black in behind (e5h), black puts e4h between them: white's NE is no side-step.",
		"illegal_diagonal", game(nil, "N", "S", "N", "S", "N", "S", "a1h", "S", "e5h", "e4h", "NE"))
	s.replayValue("diagonal-wall-beyond-from-start", "The pawns meet on e4 and e5; e5h behind black, then black's e4v between e5 and f5: white's NE is no side-step.",
		"illegal_diagonal", game(nil, "N", "S", "N", "S", "N", "S", "a1h", "S", "e5h", "e4v", "NE"))
	s.replayValue("diagonal-off-board-from-start", "White's first move is SE from e1: off the board, so no side-step.", "illegal_diagonal",
		game(nil, "SE"))
	s.replayValue("stops-at-violation", "White's first move goes south, off the board; the moves after it are not played.", "off_board",
		game(nil, "S", "N", "N"))
	s.replayValue("stops-at-violation-in-state", "White on i1 moves east, off the board; the wall and the step after it are not played.", "off_board",
		game(pos("i1", "e9", black, 2), "E", "c3h", "N"))
	s.replayValue("diagonal-off-corner", "Black on i9: white's NE side-step from i8 would leave the board.", "illegal_diagonal",
		game(pos("i8", "i9", black, 9), "NE"), "IllegalDiagonal")
	s.replayValue("same-wall-twice", "Black places c3h where white just did.", "walls_conflict", game(nil, "c3h", "c3h"), "WallsConflict")
	s.replayValue("overlapping-walls", "d3h overlaps c3h.", "walls_conflict", game(nil, "c3h", "d3h"), "WallsConflict")
	s.replayValue("crossing-walls", "c3v crosses c3h.", "walls_conflict", game(nil, "c3h", "c3v"), "WallsConflict")
	s.replayValue("crossing-state-wall", "Black's c3v crosses the State's c3h.", "walls_conflict", game(pos("e1", "e9", white, 2, "c3h"), "c3v"), "WallsConflict", "StartPosition")
	s.replayValue("overlapping-state-wall", "c4v overlaps the State's c3v.", "walls_conflict", game(pos("e1", "e9", black, 2, "b:c3v"), "c4v"), "WallsConflict")
	eleven := []string{}
	for i, w := range tenWalls {
		eleven = append(eleven, w, []string{"S", "N"}[i%2])
	}
	s.replayValue("eleventh-wall", "White places ten walls while black steps back and forth, then an eleventh.", "no_walls_left",
		game(nil, append(eleven, "a7h")...), "NoWallsLeft")
	s.replayValue("state-ten-walls", "White has ten walls in the State and places another.", "no_walls_left",
		game(pos("e2", "e8", black, 21, tenWalls...), "g7h"), "NoWallsLeft")
	s.replayValue("state-twelve-walls", "White has twelve walls in the State (too many) and places another.", "no_walls_left",
		game(pos("e2", "e8", black, 21, append(tenWalls, "b2v", "d2v")...), "a7h"), "NoWallsLeft")
	s.replayValue("no-walls-left-before-conflict", "White has no walls left and places one on c3h, already there.", "no_walls_left",
		game(pos("e2", "e8", black, 21, tenWalls...), "c3h"), "NoWallsLeft", "ViolationOrder")
	s.replayValue("white-boxes-itself", "White on a1 behind a1v places a2h: no path out.", "no_path",
		game(pos("a1", "e9", black, 2, "a1v"), "a2h"), "NoPath")
	s.replayValue("black-boxes-white", "Black places a2h over white, boxed in on a1 by a1v.", "no_path",
		game(pos("a1", "e9", white, 2, "a1v"), "a2h"), "NoPath")
	s.replayValue("white-boxes-black", "White places a7h under black, boxed in on a9 by a8v.", "no_path",
		game(pos("e1", "a9", black, 2, "b:a8v"), "a7h"), "NoPath")
	s.replayValue("row-closed", "b5h d5h f5h h5h and a5v leave a way through a6; white's a6h closes it.", "no_path",
		game(pos("e1", "e9", black, 2, "b5h", "d5h", "b:f5h", "b:h5h", "b:a5v"), "a6h"), "NoPath")
	s.replayValue("win-then-move", "White reaches e9 and wins; black's move after it.", "game_over",
		game(pos("e8", "a5", black, 9), "N", "S"), "GameOver")
	s.replayValue("state-already-won", "White already stands on its goal rank in the State.", "game_over",
		game(pos("c9", "e5", black, 9), "S"), "GameOver")
	s.replayValue("state-black-won", "Black stands on rank 1; a wall after the game.", "game_over",
		game(pos("e5", "c1", black, 9), "c3h"), "GameOver")
	s.replayValue("game-over-before-no-walls", "After the game, a wall by a player without walls: game_over comes first.", "game_over",
		game(pos("c9", "e5", black, 21, tenWalls...), "g7h"), "GameOver", "ViolationOrder")
}

// addReplayWalls adds the rules of walls for either player: the path check of the mover and of the opponent, the wall limit counting the State's walls, the end of the game, overlaps on either side, and conflicts between the walls of one player and of both.
func addReplayWalls(s *builder) {
	s.replayValue("white-boxes-black-corner", "White places h7h under black, boxed in on i9 by h8v.", "no_path",
		game(pos("e1", "i9", black, 2, "b:h8v"), "h7h"), "NoPath")
	s.replayValue("black-boxes-white-corner", "Black places h2h over white, boxed in on i1 by h1v.", "no_path",
		game(pos("i1", "e9", white, 2, "h1v"), "h2h"), "NoPath")
	s.replayValue("black-boxes-itself", "Black on a9 behind a8v places a7h: no path out for black.", "no_path",
		game(pos("e1", "a9", white, 2, "a8v"), "a7h"), "NoPath")
	s.replayValue("state-ten-walls-black", "Black has ten walls in the State and places another.", "no_walls_left",
		game(pos("e2", "e8", white, 22, blackWalls(tenWalls...)...), "g7h"), "NoWallsLeft")
	nine := func(owner string) []string {
		if owner == "b" {
			return blackWalls(tenWalls[:9]...)
		}
		return tenWalls[:9]
	}
	s.replayValue("state-nine-walls-white", "White has nine walls in the State: its tenth is legal, the next no_walls_left.", "no_walls_left",
		game(pos("e2", "e8", black, 21, nine("w")...), "g7h", "S", "a7h"), "NoWallsLeft")
	s.replayValue("state-nine-walls-black", "Black has nine walls in the State: its tenth is legal, the next no_walls_left.", "no_walls_left",
		game(pos("e2", "e8", white, 22, nine("b")...), "g7h", "N", "a7h"), "NoWallsLeft")
	s.replayValue("black-wins-then-move", "Black reaches e1 and wins; white's move after it.", "game_over",
		game(pos("a5", "e2", white, 10), "S", "N"), "GameOver")
	s.replayValue("win-then-wall", "White reaches e9 and wins; black's wall after it.", "game_over",
		game(pos("e8", "a5", black, 9), "N", "c3h"), "GameOver")
	s.replayValue("overlapping-walls-left", "b3h overlaps c3h from the left.", "walls_conflict", game(nil, "c3h", "b3h"), "WallsConflict")
	s.replayValue("overlapping-walls-below", "c2v overlaps the State's c3v from below.", "walls_conflict",
		game(pos("e1", "e9", black, 2, "b:c3v"), "c2v"), "WallsConflict")
	s.replayValue("overlapping-walls-above", "c4v overlaps c3v from above, both black's.", "walls_conflict",
		game(pos("e1", "e9", white, 2, "b:c3v"), "c4v"), "WallsConflict")
	s.replayValue("same-wall-same-player", "White places c3h twice.", "walls_conflict", game(nil, "c3h", "S", "c3h"), "WallsConflict")
	s.replayValue("crossing-walls-same-player", "White places c3h, then c3v across it.", "walls_conflict", game(nil, "c3h", "S", "c3v"), "WallsConflict")
	s.replayValue("overlapping-walls-same-player", "White places c3h, then d3h over it.", "walls_conflict", game(nil, "c3h", "S", "d3h"), "WallsConflict")
}

// addReplayUndecodable adds codes that do not decode.
func addReplayUndecodable(s *builder) {
	s.replay("not-a-code", "An '=' after a code: invalid_character, not a replay.", "invalid_character", "QEBAQ=", "NotACode")
	s.replay("truncated-record", "A truncated record.", "truncated", "QEBA", "NotACode")
	s.replay("empty", "The empty string: truncated at bit 0, not a replay.", "truncated", "", "NotACode", "FaultCrashOnShortInput")
}

// addReplayRandom adds n random legal games: from the initial position or
// from a State, each move drawn from the legal moves (a wall 1 time in 4
// when any is legal), until a pawn wins or max moves are played.
func addReplayRandom(s *builder, r *gen.Rand, n, max int) {
	starts := []*ref.State{nil, pos("e3", "d7", black, 5, "c3h", "b:e6v"), pos("c5", "g5", white, 12, "d4v", "b:f5v", "a6h")}
	for i := 0; i < n; i++ {
		v := r.Play(starts[i%len(starts)], 20+r.Intn(max-20), 4)
		code := mustEncode(v)
		s.replay("random-"+digest(code), "A random legal game of "+itoa(len(v.Record.Moves))+" moves.", "", code, "Random")
	}
}

// addValidate adds the validation tests but the corpus and random States.
func addValidate(s *builder) {
	none := ""
	s.validate("no-state", "A record without a State: no State violations.", none, "QEBAQ", "WithoutState")
	s.validate("neither-chunk", "No State at all.", none, "A", "FaultChunkRejected", "WithoutState")
	s.validateState("initial-board", "The initial position.", none, initial())
	s.validateState("ten-walls-each", "Ten walls for each player, none conflicting, paths open.", none,
		pos("e2", "e8", black, 21, append(tenWalls, blackWalls("a7h", "c7h", "e7h", "g7h", "b6h", "d6h", "f6h", "h6h", "a8v", "b8v")...)...))
	wallLast := func(st *ref.State, mover ref.Player, at string) *ref.State {
		_, a, _ := rules.ParseWall(at + "h")
		st.LastMove = ref.LastMove{Player: mover, Kind: ref.Wall, Place: a}
		return st
	}
	s.validateState("last-move-wall-present", "White's last wall c3h is in white's group.", none,
		wallLast(pos("e2", "e8", white, 4, "c3h"), white, "c3"))
	s.validateState("last-move-vertical-wall-present", "Black's last wall d4v is in black's vertical group.", none,
		wallLast(pos("e2", "e8", black, 4, "b:d4v"), black, "d4"))

	s.validateState("pawns-overlap-center", "Both pawns on e5.", "pawns_overlap", pos("e5", "e5", black, 9), "PawnsOverlap")
	s.validateState("pawns-overlap-corner", "Both pawns on a1.", "pawns_overlap", pos("a1", "a1", black, 9), "PawnsOverlap")
	s.validateState("pawns-overlap-goal", "Both pawns on i9.", "pawns_overlap", pos("i9", "i9", white, 9), "PawnsOverlap")
	s.validateState("eleven-walls-white", "White has 11 walls.", "too_many_walls", pos("e2", "e8", black, 21, append(tenWalls, "e5v")...), "TooManyWalls")
	s.validateState("eleven-walls-black", "Black has 11 walls.", "too_many_walls", pos("e2", "e8", black, 21, blackWalls(append(tenWalls, "e5v")...)...), "TooManyWalls")
	s.validateState("twenty-walls-white", "White has 10 horizontal and 10 vertical walls.", "too_many_walls",
		pos("e2", "e8", black, 21, append(append([]string{}, tenWalls...), "b6v", "b8v", "d6v", "d8v", "f6v", "f8v", "h6v", "h8v", "h1v", "a2v")...), "TooManyWalls")
	s.validateState("duplicate-wall", "White's c3h twice.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "c3h"), "WallsConflict")
	s.validateState("overlapping-walls", "c3h and black's d3h overlap.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "b:d3h"), "WallsConflict")
	s.validateState("crossing-walls", "c3h and black's c3v cross.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "b:c3v"), "WallsConflict")
	s.validateState("white-enclosed", "White on a1 enclosed by a1v and a2h.", "no_path", pos("a1", "e9", black, 4, "a1v", "b:a2h"), "NoPath")
	s.validateState("black-enclosed", "Black on a9 enclosed by a8v and a7h.", "no_path", pos("e1", "a9", black, 4, "b:a8v", "a7h"), "NoPath")
	s.validateState("row-walled", "b5h d5h f5h h5h, a5v and a6h wall rank 5 off from rank 6.", "no_path",
		pos("e1", "e9", black, 4, "b5h", "d5h", "f5h", "b:h5h", "b:a6h", "b:a5v"), "NoPath")
	s.validateState("last-move-wall-missing", "A wall last move at d4, where no wall stands.", "last_move_wall_missing",
		wallLast(pos("e2", "e8", white, 4), white, "d4"), "LastMoveWallMissing", "FaultLastMoveWallError")
	s.validateState("last-move-wall-of-the-opponent", "White's last wall at c3, but c3h is black's.", "last_move_wall_missing",
		wallLast(pos("e2", "e8", white, 4, "b:c3h"), white, "c3"), "LastMoveWallMissing")
	s.validateState("last-move-wall-elsewhere", "Black's last wall at h8; black's walls are at a1 and c1.", "last_move_wall_missing",
		wallLast(pos("e2", "e8", black, 4, "b:a1h", "b:c1v"), black, "h8"), "LastMoveWallMissing")
	s.validateState("every-violation", "Pawns on one square, 11 white walls with a duplicate, white enclosed, the last wall missing.",
		"last_move_wall_missing no_path pawns_overlap too_many_walls walls_conflict",
		wallLast(pos("a1", "a1", white, 4, append(tenWalls[:9:9], "a1h", "a1v")...), white, "h8"),
		"PawnsOverlap", "TooManyWalls", "WallsConflict", "NoPath", "LastMoveWallMissing", "ViolationOrder")

	s.validate("not-a-code", "A code with nonzero padding: its error, not a validation.", "nonzero_padding", "gkwAAAAR", "NotACode")
	s.validate("empty", "The empty string: truncated at bit 0, not a validation.", "truncated", "", "NotACode", "FaultCrashOnShortInput")

	// Conflicts between the walls of one player and of both, overlaps on
	// either side.
	s.validateState("duplicate-wall-both-players", "c3h for white and for black.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "b:c3h"), "WallsConflict")
	s.validateState("crossing-walls-same-player", "White's c3h and c3v cross.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "c3v"), "WallsConflict")
	s.validateState("overlapping-walls-same-player", "White's c3h and d3h overlap.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "d3h"), "WallsConflict")
	s.validateState("overlapping-walls-left", "Black's b3h overlaps white's c3h from the left.", "walls_conflict", pos("e2", "e8", black, 4, "c3h", "b:b3h"), "WallsConflict")
	s.validateState("overlapping-walls-below", "Black's c2v overlaps white's c3v from below.", "walls_conflict", pos("e2", "e8", black, 4, "c3v", "b:c2v"), "WallsConflict")
	s.validateState("overlapping-walls-above", "Black's c4v overlaps white's c3v from above.", "walls_conflict", pos("e2", "e8", black, 4, "c3v", "b:c4v"), "WallsConflict")
	s.validateState("adjacent-walls", "c3h and e3h touch end to end: no conflict.", "", pos("e2", "e8", black, 4, "c3h", "e3h"))
}

// addValidateRandom adds n random States.
func addValidateRandom(s *builder, r *gen.Rand, n int) {
	for seen := map[string]bool{}; len(seen) < n; {
		st := r.State()
		code := mustEncode(&ref.Value{State: st})
		if seen[code] {
			continue
		}
		seen[code] = true
		var kinds []string
		for _, k := range rules.Validate(st) {
			kinds = append(kinds, string(k))
		}
		s.validate("random-"+digest(code), "A random State.", strings.Join(kinds, " "), code, "Random")
	}
}
