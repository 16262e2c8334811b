package outsider

// A game is a record being replayed (spec/qf.md, R-1 to R-20).
type game struct {
	faults faultSet
	board  board
	pawns  [2]int // the squares of white and black
	hand   [2]int // walls in hand
	mover  int
}

// A violation is the first illegal move of a record: its index and kind,
// and whether it is a pawn move to a file beyond a-i.
type violation struct {
	move     int
	kind     string
	offFiles bool
}

// replay plays the record of v from its start, appending the squares
// after each legal move to squares, and returns them with the first
// violation, or nil.
func replay(v *Value, faults faultSet, squares [][2]int) ([][2]int, *violation) {
	if v.Record == nil {
		return squares, nil
	}
	g := newGame(v.State, faults)
	for i, m := range v.Record.Moves {
		if kind := g.play(m); kind != "" {
			x := g.aimedFile(m)
			return squares, &violation{i, kind, kind != "game_over" && (x < 0 || x > 8)}
		}
		squares = append(squares, g.pawns)
		g.mover = 1 - g.mover
	}
	return squares, nil
}

// newGame returns the start of a record after the State st, or after the
// initial position when st is nil.
func newGame(st *State, faults faultSet) *game {
	g := &game{faults: faults, pawns: [2]int{4, 76}, hand: [2]int{maxCount, maxCount}}
	if st == nil {
		return g
	}
	g.pawns = [2]int{int(st.White), int(st.Black)}
	for p := range 2 {
		for o, group := range st.Walls[p] {
			for _, a := range group {
				g.board.place(o, int(a))
			}
			g.hand[p] -= len(group)
		}
	}
	g.mover = 1 - st.Last.Player
	if faults[FirstMoverParity] {
		g.mover = int(1 - st.Turn%2)
	}
	return g
}

// play plays one move of the mover, and returns the kind of its
// violation, or "" when it is legal (R-19 says which kind comes first).
// A pawn on a square of 81-127 is off the board: it cannot move.
func (g *game) play(m Move) string {
	if g.pawns[white]/9 == goals[white] || g.pawns[black]/9 == goals[black] {
		return "game_over"
	}
	if m.Wall {
		return g.wall(m.Orientation, int(m.Place))
	}
	if g.pawns[g.mover] > maxSquare {
		return "off_board" // a square of 81-127, let through by HighSquares
	}
	if m.Dir%2 == 0 {
		return g.step(int(m.Dir))
	}
	return g.diagonal(int(m.Dir))
}

// wall places a wall of the mover.
func (g *game) wall(orient, anchor int) string {
	switch {
	case g.hand[g.mover] <= 0:
		return "no_walls_left"
	case g.board.conflicts(orient, anchor, g.faults[TouchingWallsConflict]):
		return "walls_conflict"
	}
	after := g.board
	after.place(orient, anchor)
	if !after.pathTo(g.pawns[white], goals[white]) || !after.pathTo(g.pawns[black], goals[black]) {
		return "no_path"
	}
	g.board = after
	g.hand[g.mover]--
	return ""
}

// step moves the mover's pawn straight, jumping over the opponent when
// it stands ahead.
func (g *game) step(dir int) string {
	sq := g.pawns[g.mover]
	dx, dy := dirX[dir], dirY[dir]
	x, y := sq%9+dx, sq/9+dy
	switch {
	case !onBoard(x, y):
		return "off_board"
	case g.board.blocked(sq, dx, dy):
		return "wall_blocks_move"
	}
	ahead := 9*y + x
	if ahead == g.pawns[1-g.mover] {
		if !onBoard(x+dx, y+dy) || g.board.blocked(ahead, dx, dy) {
			return "jump_blocked"
		}
		ahead += 9*dy + dx
	}
	g.pawns[g.mover] = ahead
	return ""
}

// aimedFile returns the file (x, 0-8 on the board) of the square that a
// pawn move aims at: the square in its direction, or the one beyond when
// the opponent stands there and the move jumps; for a wall, the file of
// the mover's pawn.
func (g *game) aimedFile(m Move) int {
	sq, opp := g.pawns[g.mover], g.pawns[1-g.mover]
	if m.Wall {
		return sq % 9
	}
	dx, dy := dirX[m.Dir], dirY[m.Dir]
	x, y := sq%9+dx, sq/9+dy
	if onBoard(x, y) && 9*y+x == opp && (m.Dir%2 == 0 || g.faults[SquareArithmeticNoWrap]) {
		x += dx
	}
	return x
}

// diagonal moves the mover's pawn diagonally, which is legal only as the
// side-step around an adjacent opponent whose straight jump is blocked
//
func (g *game) diagonal(dir int) string {
	const illegal = "illegal_diagonal"
	sq, opp := g.pawns[g.mover], g.pawns[1-g.mover]
	x, y := sq%9, sq/9
	dx, dy := dirX[dir], dirY[dir]
	if !onBoard(x+dx, y+dy) {
		return illegal
	}
	if g.faults[SquareArithmeticNoWrap] && sq+9*dy+dx == opp {
		// The fansite's square arithmetic adds a move's offset again when
		// it lands on the opponent; done on files and ranks, nothing
		// wraps, and walls are ignored.
		if !onBoard(x+2*dx, y+2*dy) {
			return illegal
		}
		g.pawns[g.mover] = sq + 2*(9*dy+dx)
		return ""
	}
	// The step from the pawn to the opponent, and from the opponent to
	// the target.
	var sx, sy, tx, ty int
	switch opp {
	case sq + dx:
		sx, ty = dx, dy
	case sq + 9*dy:
		sy, tx = dy, dx
	default:
		return illegal
	}
	if g.board.blocked(sq, sx, sy) {
		return illegal
	}
	ox, oy := opp%9, opp/9
	if !g.faults[DiagonalWhenAdjacent] && onBoard(ox+sx, oy+sy) && !g.board.blocked(opp, sx, sy) {
		return illegal
	}
	if g.board.blocked(opp, tx, ty) {
		return illegal
	}
	g.pawns[g.mover] = sq + 9*dy + dx
	return ""
}
