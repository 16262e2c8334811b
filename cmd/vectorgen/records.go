package main

import "strings"

// A record game: moves from the initial board, white first, in players'
// notation (a direction, "N" or "NE", or a wall, "c3h").
type recordGame struct {
	id, comment, want string
	moves             string // space-separated
	flags             []string
}

// addReplayRecords adds the record-only twins of the rule checks: games
// from the initial board, without a State, into each situation the rules
// judge, two or more for each rule's flag. A decoder that knows only
// records (a real one does, and refuses every State) is judged on them
// too.
func addReplayRecords(s *builder) {
	for _, g := range recordGames {
		s.replayValue("record-"+g.id, g.comment+" No State: from the initial board.", g.want, game(nil, strings.Fields(g.moves)...), g.flags...)
	}
}

// Moves that pass a player's turn without getting in the way: walls at
// the far corners, and steps back and forth.
var recordGames = []recordGame{
	// Steps in each straight direction, and off the board at each edge.
	{"white-steps-north", "White steps north, e1 to e2.", legal, "N", []string{"Step", "North", "Direction", "MoverWhite"}},
	{"black-steps-south", "Black steps south, e9 to e8.", legal, "N S", []string{"Step", "South", "Direction", "MoverBlack"}},
	{"white-steps-east-west", "White steps east to f1, then west back to e1.", legal, "E S W", []string{"Step", "East", "West", "Direction", "MoverWhite"}},
	{"black-steps-west-east", "Black steps west to d9, then east back to e9.", legal, "N W S E", []string{"Step", "West", "East", "Direction", "MoverBlack"}},
	{"white-off-board-south", "White on e1 moves south: off the board.", "off_board", "S", []string{"OffBoard", "South", "Direction", "MoverWhite", "EdgeMove"}},
	{"black-off-board-north", "Black on e9 moves north: off the board.", "off_board", "N N", []string{"OffBoard", "North", "Direction", "MoverBlack", "EdgeMove"}},
	{"white-off-board-east", "White walks east to i1, then east once more: off the board, where square arithmetic reaches a2.", "off_board",
		"E S E N E S E N E", []string{"OffBoard", "East", "Direction", "MoverWhite", "EdgeMove", "FaultSquareArithmetic"}},
	{"black-off-board-west", "Black walks west to a9, then west once more: off the board, where square arithmetic reaches i8.", "off_board",
		"N W S W N W S W N W", []string{"OffBoard", "West", "Direction", "MoverBlack", "EdgeMove", "FaultSquareArithmetic"}},

	// Diagonals with no opponent to side-step.
	{"white-diagonal-alone", "White's first move is north-east, with no opponent beside it.", "illegal_diagonal", "NE", []string{"IllegalDiagonal", "Direction", "MoverWhite"}},
	{"black-diagonal-alone", "Black moves south-west, with no opponent beside it.", "illegal_diagonal", "N SW", []string{"IllegalDiagonal", "Direction", "MoverBlack"}},
	{"white-diagonal-alone-at-edge", "White walks east to h1, then moves north-east to i2: no opponent on i1, whose jump the edge would block.", "illegal_diagonal",
		"E S E N E S NE", []string{"IllegalDiagonal", "Direction", "MoverWhite"}},
	{"black-diagonal-alone-beside-wall", "White's wall c8v between c9 and d9; black moves south-west from e9 to d8: no opponent on d9, whose jump west the wall would block.", "illegal_diagonal",
		"c8v SW", []string{"IllegalDiagonal", "Direction", "MoverBlack"}},

	// Walls in the way of a step.
	{"white-step-wall-blocked", "White's wall e1h, black steps, white steps north into it.", "wall_blocks_move", "e1h S N", []string{"WallBlocksMove", "North", "Direction", "MoverWhite"}},
	{"black-step-wall-blocked", "White's wall d8h in front of black, who steps south into it.", "wall_blocks_move", "d8h S", []string{"WallBlocksMove", "South", "Direction", "MoverBlack"}},
	{"white-step-wall-blocked-east", "Black's wall e1v beside white, who steps east into it.", "wall_blocks_move", "N e1v S a8h E", []string{"WallBlocksMove", "East", "Direction", "MoverWhite"}},

	// The pawns meet in the middle: jumps, blocked jumps, side-steps.
	{"black-jumps-south", "White on e5, black on e6 jumps south over it to e4.", legal, "N S N S N S N S", []string{"Jump", "South", "Direction", "MoverBlack"}},
	{"white-jumps-north", "Black on e5, white on e4 jumps north over it to e6.", legal, "N S N S N S a1h S N", []string{"Jump", "North", "Direction", "MoverWhite"}},
	{"white-jump-wall-blocked", "Black on e5 with white's wall e5h behind it: white's jump north is blocked.", "jump_blocked",
		"N S N S N S a1h S e5h a8h N", []string{"JumpBlocked", "North", "Direction", "MoverWhite"}},
	{"black-jump-wall-blocked", "White on e5 with black's wall d4h behind it: black's jump south is blocked.", "jump_blocked",
		"N S N S N S N d4h a1h S", []string{"JumpBlocked", "South", "Direction", "MoverBlack"}},
	{"white-side-steps", "Black on e5, the jump blocked by e5h: white side-steps north-east to f5.", legal,
		"N S N S N S a1h S e5h a8h NE", []string{"SideStep", "Direction", "MoverWhite"}},
	{"black-side-steps", "White on e5, the jump blocked by d4h: black side-steps south-west to d5.", legal,
		"N S N S N S N d4h a1h SW", []string{"SideStep", "Direction", "MoverBlack"}},
	{"white-side-step-jump-open", "Black on e5, nothing behind it: white's north-east is no side-step while the jump is open.", "illegal_diagonal",
		"N S N S N S a1h S NE", []string{"IllegalDiagonal", "SideStep", "Direction", "MoverWhite"}},
	{"black-side-step-jump-open", "White on e5, nothing behind it: black's south-west is no side-step while the jump is open.", "illegal_diagonal",
		"N S N S N S N SW", []string{"IllegalDiagonal", "SideStep", "Direction", "MoverBlack"}},
	{"white-diagonal-onto-black", "Black on f5, diagonally ahead of white on e4: white's north-east onto it is no jump.", "illegal_diagonal",
		"N S N S N S a1h E a8h S NE", []string{"IllegalDiagonal", "Direction", "MoverWhite", "FaultSquareArithmetic"}},

	// Walls: conflicts, paths cut off, the limit of 10.
	{"walls-same", "White's wall c3h, then black's c3h, the same wall.", "walls_conflict", "c3h c3h", []string{"WallsConflict", "MoverBlack"}},
	{"walls-crossing", "White's wall c3h, then black's c3v crossing it.", "walls_conflict", "c3h c3v", []string{"WallsConflict", "MoverBlack"}},
	{"white-cuts-itself-off", "Walls d1v and e1v either side of white, then white's e2h above it: white has no path.", "no_path",
		"d1v e1v e2h", []string{"NoPath", "MoverWhite"}},
	{"white-cuts-black-off", "Walls d8v and e8v either side of black, then white's e7h below it: black has no path.", "no_path",
		"d8v e8v e7h", []string{"NoPath", "MoverWhite"}},
	{"white-eleventh-wall", "White places its 10 walls, black stepping to and fro, then an eleventh.", "no_walls_left",
		"a1h W c1h E e1h W g1h E a3h W c3h E e3h W g3h E a5h W c5h E e5h", []string{"NoWallsLeft", "MoverWhite"}},
	{"black-eleventh-wall", "Black places its 10 walls, white stepping to and fro, then an eleventh.", "no_walls_left",
		"E a8h W c8h E e8h W g8h E a6h W c6h E e6h W g6h E a4h W c4h E e4h", []string{"NoWallsLeft", "MoverBlack"}},

	// The end of the game.
	{"white-wins-black-moves", "White walks to e9, black stepping aside down file d; then black moves: the game is over.", "game_over",
		"N W N S N S N S N S N S N S N S", []string{"GameOver", "MoverBlack"}},
	{"black-wins-white-moves", "Black walks to e1, white stepping aside up file d; then white moves: the game is over.", "game_over",
		"W S N S N S N S N S N S N S N S N", []string{"GameOver", "MoverWhite"}},
	{"game-over-and-conflict", "White's first move is the wall a5h; white then walks to e9 and has won; black's wall a5h would conflict too: game_over comes first.", "game_over",
		"a5h W N S N S N S N S N S N S N S N a5h", []string{"GameOver", "ViolationOrder", "MoverBlack"}},
	{"conflict-and-no-walls-left", "White's eleventh wall is c3h again: no_walls_left comes before walls_conflict.", "no_walls_left",
		"a1h W c1h E e1h W g1h E a3h W c3h E e3h W g3h E a5h W c5h E c3h", []string{"NoWallsLeft", "ViolationOrder", "MoverWhite"}},
}
