package rules

import (
	"fmt"

	"github.com/qf-format/qf-conformance/ref"
)

// A Rule names a rule of the game that a move or a State breaks: the kind
// of a violation, as in spec/qf.md section "Replay and validation" and
// the protocol's replay and validate answers.
type Rule string

// Violations of a record move, reported in this order of precedence when a
// move breaks several rules: GameOver first; then, for a wall,
// NoWallsLeft, WallsConflict, NoPath; for a straight pawn move, OffBoard,
// WallBlocksMove, JumpBlocked. A diagonal that is not a legal side-step is
// IllegalDiagonal, whatever the reason.
const (
	GameOver        Rule = "game_over"        // a pawn had already reached its goal rank
	OffBoard        Rule = "off_board"        // the step leaves the board
	WallBlocksMove  Rule = "wall_blocks_move" // a wall stands in the step's way
	JumpBlocked     Rule = "jump_blocked"     // a wall or the edge is behind the opponent to jump
	IllegalDiagonal Rule = "illegal_diagonal" // a diagonal that is not a side-step
	NoWallsLeft     Rule = "no_walls_left"    // the player has placed all 10 walls
	WallsConflict   Rule = "walls_conflict"   // the wall overlaps or crosses one on the board
	NoPath          Rule = "no_path"          // the wall cuts a player off from its goal rank
)

// A Position is the board between two moves.
type Position struct {
	White, Black int        // the pawns' squares
	Walls        []Wall     // the walls on the board: the State's, then the record's in order
	ToMove       ref.Player // who moves next
	Turn         int        // the number of the move about to be played
	WallsLeft    [2]int     // by player (ref.White, ref.Black); negative when a State has more than 10
	grid         walls
}

// Start returns the position a record of v starts from: v's State, or the
// initial position (white e1, black e9, no walls, turn 1). With a State the
// first mover is the player who did not make its last move, whatever the
// turn's parity (spec/qf.md, EC-23).
func Start(v *ref.Value) Position {
	s := v.State
	if s == nil {
		return Position{White: WhiteStart, Black: BlackStart, ToMove: ref.White, Turn: 1,
			WallsLeft: [2]int{WallsPerSide, WallsPerSide}}
	}
	p := Position{White: s.White, Black: s.Black, ToMove: 1 - s.LastMove.Player, Turn: s.Turn,
		WallsLeft: [2]int{WallsPerSide, WallsPerSide}}
	if n := s.Walls.Count(); n > 0 {
		p.Walls = make([]Wall, 0, n)
	}
	for _, g := range stateGroups(s) {
		for _, a := range g.anchors {
			p.Walls = append(p.Walls, Wall{Owner: g.owner, Orientation: g.orientation, Anchor: a})
			p.grid.put(g.orientation, a)
			p.WallsLeft[g.owner]--
		}
	}
	return p
}

type group struct {
	owner       ref.Player
	orientation ref.Orientation
	anchors     []int
}

func stateGroups(s *ref.State) [4]group {
	return [4]group{
		{ref.White, ref.Horizontal, s.Walls.White.H},
		{ref.White, ref.Vertical, s.Walls.White.V},
		{ref.Black, ref.Horizontal, s.Walls.Black.H},
		{ref.Black, ref.Vertical, s.Walls.Black.V},
	}
}

// pawn returns the square of player pl's pawn.
func (p *Position) pawn(pl ref.Player) int {
	if pl == ref.Black {
		return p.Black
	}
	return p.White
}

// Over reports whether a pawn stands on its goal rank.
func (p *Position) Over() bool {
	_, wy := XY(p.White)
	_, by := XY(p.Black)
	return wy == whiteGoalRank || by == blackGoalRank
}

// Apply returns the position after the player to move plays m, or the kind
// of the first rule m breaks.
func (p Position) Apply(m ref.Move) (Position, Rule) {
	if p.Over() {
		return p, GameOver
	}
	if m.Kind == ref.Wall {
		return p.placeWall(m.Orientation, int(m.Place))
	}
	to, k := p.pawnTarget(int(m.Dir))
	if k != "" {
		return p, k
	}
	if p.ToMove == ref.Black {
		p.Black = to
	} else {
		p.White = to
	}
	p.next()
	return p, ""
}

func (p *Position) next() {
	p.ToMove = 1 - p.ToMove
	p.Turn++
}

func (p Position) placeWall(o ref.Orientation, a int) (Position, Rule) {
	switch {
	case p.WallsLeft[p.ToMove] <= 0:
		return p, NoWallsLeft
	case p.grid.conflicts(o, a):
		return p, WallsConflict
	}
	grid := p.grid
	grid.put(o, a)
	if !grid.pathsOpen(p.White, p.Black) {
		return p, NoPath
	}
	p.grid = grid
	// A new slice: positions returned earlier keep their own walls.
	p.Walls = append(p.Walls[:len(p.Walls):len(p.Walls)], Wall{Owner: p.ToMove, Orientation: o, Anchor: a})
	p.WallsLeft[p.ToMove]--
	p.next()
	return p, ""
}

// pawnTarget returns the square where the player to move lands in
// direction dir, or why it cannot move there.
func (p *Position) pawnTarget(dir int) (int, Rule) {
	me, opp := p.pawn(p.ToMove), p.pawn(1-p.ToMove)
	x, y := XY(me)
	d := directions[dir]
	if d.dx == 0 || d.dy == 0 {
		// A straight step, or a jump over the opponent.
		nx, ny := x+d.dx, y+d.dy
		switch {
		case !onBoard(nx, ny):
			return 0, OffBoard
		case p.grid.blocked(x, y, d.dx, d.dy):
			return 0, WallBlocksMove
		case Square(nx, ny) != opp:
			return Square(nx, ny), ""
		}
		jx, jy := nx+d.dx, ny+d.dy
		if !onBoard(jx, jy) || p.grid.blocked(nx, ny, d.dx, d.dy) {
			return 0, JumpBlocked
		}
		return Square(jx, jy), ""
	}
	// A diagonal: legal only as a side-step around an adjacent opponent
	// whose straight jump is blocked, with nothing between the opponent
	// and the target. The opponent is beside (x+dx, y) or ahead (x, y+dy).
	tx, ty := x+d.dx, y+d.dy
	if !onBoard(tx, ty) {
		return 0, IllegalDiagonal
	}
	for _, via := range [2]step{{d.dx, 0}, {0, d.dy}} {
		ox, oy := x+via.dx, y+via.dy
		if !onBoard(ox, oy) || Square(ox, oy) != opp || p.grid.blocked(x, y, via.dx, via.dy) {
			continue
		}
		jumpBlocked := !onBoard(ox+via.dx, oy+via.dy) || p.grid.blocked(ox, oy, via.dx, via.dy)
		if jumpBlocked && !p.grid.blocked(ox, oy, tx-ox, ty-oy) {
			return Square(tx, ty), ""
		}
	}
	return 0, IllegalDiagonal
}

// Notation names m, played from before to after, in players' notation:
// the square its pawn reached ("e2"), or its wall ("c3h").
func Notation(before, after *Position, m ref.Move) string {
	if m.Kind == ref.Wall {
		return WallName(m.Orientation, int(m.Place))
	}
	if before.ToMove == ref.Black {
		return SquareName(after.Black)
	}
	return SquareName(after.White)
}

// A Violation is the first move of a record that breaks the rules: its
// 0-based index and the kind.
type Violation struct {
	Move int  `json:"move"`
	Kind Rule `json:"kind"`
}

// Replay plays v's record from Start(v) and returns the position after
// each move, up to the first move that breaks the rules, and that
// violation (nil when every move is legal). A value without a record has
// no positions.
func Replay(v *ref.Value) ([]Position, *Violation) {
	var positions []Position
	if v.Record != nil {
		positions = make([]Position, 0, len(v.Record.Moves))
	}
	violation := play(v, func(p Position) { positions = append(positions, p) })
	return positions, violation
}

// Squares plays v's record as Replay does, appends to squares the pawns'
// squares (white's, black's) of each position Replay returns, and returns
// them and the violation Replay returns; it keeps no position.
func Squares(v *ref.Value, squares [][2]int) ([][2]int, *Violation) {
	violation := play(v, func(p Position) { squares = append(squares, [2]int{p.White, p.Black}) })
	return squares, violation
}

// Check returns the first move of v's record that breaks the rules, as
// Replay does, without keeping the positions; nil when every move is
// legal or v has no record.
func Check(v *ref.Value) *Violation {
	return play(v, func(Position) {})
}

// play plays v's record, calling each with the position after each legal
// move, and returns the first violation.
func play(v *ref.Value, each func(Position)) *Violation {
	if v.Record == nil {
		return nil
	}
	p := Start(v)
	for i, m := range v.Record.Moves {
		next, k := p.Apply(m)
		if k != "" {
			return &Violation{Move: i, Kind: k}
		}
		each(next)
		p = next
	}
	return nil
}

// PawnMoves returns the legal pawn moves of the player to move, in
// direction order; none when the game is over.
func (p *Position) PawnMoves() []ref.Move {
	if p.Over() {
		return nil
	}
	var moves []ref.Move
	for dir := 0; dir < 8; dir++ {
		if _, k := p.pawnTarget(dir); k == "" {
			moves = append(moves, ref.PieceMove(dir))
		}
	}
	return moves
}

// WallMoves returns the legal walls of the player to move, horizontal then
// vertical, by anchor; none when the game is over or the player has no
// walls left.
func (p *Position) WallMoves() []ref.Move {
	if p.Over() || p.WallsLeft[p.ToMove] <= 0 {
		return nil
	}
	var moves []ref.Move
	for _, o := range []ref.Orientation{ref.Horizontal, ref.Vertical} {
		for a := 0; a < AnchorSize*AnchorSize; a++ {
			if _, k := p.placeWall(o, a); k == "" {
				moves = append(moves, ref.WallMove(o, a))
			}
		}
	}
	return moves
}

// MoveLabel names the record's move of 0-based index i in text, as every
// message of this module does: counted from 1, with its path, "move 1
// (record.moves[0])". JSON answers keep the 0-based index ("move": 0).
func MoveLabel(i int) string { return fmt.Sprintf("move %d (record.moves[%d])", i+1, i) }
