package main

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// The rules of pawn moves that depend on a direction or a player, each
// for white and for black and for north, east, south and west, so that a
// fault confined to one direction or one player fails vectors of its own.

// A compass direction, by its step in files and ranks.
type compass struct {
	name   string // "north"
	dx, dy int
}

var straights = []compass{{"north", 0, 1}, {"east", 1, 0}, {"south", 0, -1}, {"west", -1, 0}}

// dirOf returns the direction number of a step (dx, dy).
func dirOf(dx, dy int) int {
	for d := range rules.DirectionNames {
		if x, y := stepOf(d); x == dx && y == dy {
			return d
		}
	}
	panic(fmt.Sprintf("vectorgen: no direction (%d, %d)", dx, dy))
}

func stepOf(d int) (dx, dy int) {
	return [8]int{0, 1, 1, 1, 0, -1, -1, -1}[d], [8]int{1, 1, 0, -1, -1, -1, 0, 1}[d]
}

func sq(x, y int) int { return rules.Square(x, y) }

func name(n int) string { return rules.SquareName(n) }

func playerName(p ref.Player) string { return p.String() }

// at returns a State with the mover on square m and the other player on
// o, the other player having moved last at a turn whose parity agrees.
func at(mover ref.Player, m, o int) *ref.State {
	s := &ref.State{LastMove: ref.LastMove{Player: 1 - mover}, Turn: gen.TurnFor(mover, 10)}
	s.White, s.Black = m, o
	if mover == ref.Black {
		s.White, s.Black = o, m
	}
	return s
}

// separate adds to s a wall of owner between the orthogonally adjacent
// squares a and b: of the two walls that would, the first that conflicts
// with no wall of s.
func separate(s *ref.State, owner ref.Player, a, b int) { separateFrom(s, owner, a, b, 0) }

// separateFrom is separate trying the two walls from the one numbered
// first (0 or 1): the wall's half beside a and b differs.
func separateFrom(s *ref.State, owner ref.Player, a, b, first int) {
	ax, ay := rules.XY(a)
	bx, by := rules.XY(b)
	var options [][2]int // orientation, anchor
	if ax == bx {
		row := min(ay, by)
		for _, x := range []int{ax, ax - 1} {
			if x >= 0 && x < rules.AnchorSize {
				options = append(options, [2]int{int(ref.Horizontal), rules.AnchorSize*row + x})
			}
		}
	} else {
		col := min(ax, bx)
		for _, y := range []int{ay, ay - 1} {
			if y >= 0 && y < rules.AnchorSize {
				options = append(options, [2]int{int(ref.Vertical), rules.AnchorSize*y + col})
			}
		}
	}
	options = append(options[first:], options[:first]...)
	for _, o := range options {
		trial := cloneState(s)
		gen.AddWall(trial, owner, ref.Orientation(o[0]), o[1])
		if !hasKind(rules.Validate(trial), rules.WallsConflict) {
			gen.AddWall(s, owner, ref.Orientation(o[0]), o[1])
			return
		}
	}
	panic(fmt.Sprintf("vectorgen: no wall between %s and %s", name(a), name(b)))
}

func cloneState(s *ref.State) *ref.State {
	c := *s
	c.Walls.White.H = append([]int(nil), s.Walls.White.H...)
	c.Walls.White.V = append([]int(nil), s.Walls.White.V...)
	c.Walls.Black.H = append([]int(nil), s.Walls.Black.H...)
	c.Walls.Black.V = append([]int(nil), s.Walls.Black.V...)
	return &c
}

func hasKind(kinds []rules.Rule, k rules.Rule) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// wallNames lists the walls of s in players' notation.
func wallNames(s *ref.State) string {
	var names []string
	for _, p := range []ref.Player{ref.White, ref.Black} {
		g := s.Walls.Group(p)
		for _, a := range g.H {
			names = append(names, rules.WallName(ref.Horizontal, a))
		}
		for _, a := range g.V {
			names = append(names, rules.WallName(ref.Vertical, a))
		}
	}
	return strings.Join(names, ", ")
}

// addDirections adds, for each player and straight direction: a step; a
// step blocked by a wall; a jump over the opponent; a jump blocked by a
// wall behind the opponent, and by the board's edge; the side-steps to
// either side around an opponent whose jump a wall or the edge blocks; a
// side-step blocked by a wall; a diagonal while the jump is open; and the
// move off the board where the pawn is at the edge. The centre of the
// board is e5; the opponent stands there, or at the edge ahead of it.
func addDirections(s *builder) {
	for _, mover := range []ref.Player{ref.White, ref.Black} {
		for _, d := range straights {
			x := newStraight(s, mover, d)
			x.steps()
			walled, m := x.jumps()
			x.sideSteps(walled, m)
			x.atTheEdge()
			x.offBoard()
		}
		addDiagonalsOnto(s, mover)
	}
}

// A straightCase is the tests of one player moving in one straight
// direction from e5 (c), the opponent out of the way (far) or in it.
type straightCase struct {
	s            *builder
	mover, other ref.Player
	who, opp     string
	d            compass
	dir          int
	c, far       int
}

func newStraight(s *builder, mover ref.Player, d compass) *straightCase {
	x := &straightCase{s: s, mover: mover, other: 1 - mover, d: d, dir: dirOf(d.dx, d.dy), c: sq(4, 4), far: sq(0, 4)}
	x.who, x.opp = playerName(mover), playerName(x.other)
	if d.dx == -1 {
		x.far = sq(8, 4) // out of the way of e5 in every direction
	}
	return x
}

func (x *straightCase) id(what string) string { return x.who + "-" + x.d.name + "-" + what }

func (x *straightCase) move(st *ref.State, dirs ...int) *ref.Value {
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = rules.DirectionNames[d]
	}
	return game(st, names...)
}

func (x *straightCase) ahead(n, k int) int {
	px, py := rules.XY(n)
	return sq(px+k*x.d.dx, py+k*x.d.dy)
}

func (x *straightCase) flags(f ...string) []string {
	return append(f, "Direction", title(x.d.name), "Mover"+title(x.who))
}

// steps adds a step, and a step that a wall blocks.
func (x *straightCase) steps() {
	s, c, who, d := x.s, x.c, x.who, x.d
	st := at(x.mover, c, x.far)
	s.replayValue(x.id("step"), fmt.Sprintf("%s on %s steps %s to %s.", title(who), name(c), d.name, name(x.ahead(c, 1))), "",
		x.move(st, x.dir), x.flags("Step")...)
	st = at(x.mover, c, x.far)
	separate(st, x.other, c, x.ahead(c, 1))
	s.replayValue(x.id("step-wall-blocked"), fmt.Sprintf("%s on %s steps %s; the wall %s is in the way.", title(who), name(c), d.name, wallNames(st)),
		"wall_blocks_move", x.move(st, x.dir), x.flags("WallBlocksMove")...)
	st = at(x.mover, c, x.far)
	separateFrom(st, x.other, c, x.ahead(c, 1), 1)
	s.replayValue(x.id("step-wall-blocked-other-half"), fmt.Sprintf("%s on %s steps %s; the wall %s, whose other half is beside it, is in the way.", title(who), name(c), d.name, wallNames(st)),
		"wall_blocks_move", x.move(st, x.dir), x.flags("WallBlocksMove")...)
}

// jumps adds a jump over the opponent on e5, and one that a wall behind
// the opponent blocks; it returns that position and the mover's square.
func (x *straightCase) jumps() (walled *ref.State, m int) {
	s, c, who, opp, d := x.s, x.c, x.who, x.opp, x.d
	m = x.ahead(c, -1)
	st := at(x.mover, m, c)
	s.replayValue(x.id("jump"), fmt.Sprintf("%s on %s jumps %s over %s on %s to %s.", title(who), name(m), d.name, opp, name(c), name(x.ahead(c, 1))), "",
		x.move(st, x.dir), x.flags("Jump")...)
	walled = at(x.mover, m, c)
	separate(walled, x.other, c, x.ahead(c, 1))
	s.replayValue(x.id("jump-wall-blocked"), fmt.Sprintf("%s on %s jumps %s over %s on %s; the wall %s stands behind %s.", title(who), name(m), d.name, opp, name(c), wallNames(walled), opp),
		"jump_blocked", x.move(walled, x.dir), x.flags("JumpBlocked")...)
	return walled, m
}

// sideSteps adds the side-steps around the opponent whose jump a wall
// blocks, to either side, and one that a wall between the opponent and
// the target blocks; and a diagonal while the jump is open.
func (x *straightCase) sideSteps(walled *ref.State, m int) {
	s, c, who, opp, d := x.s, x.c, x.who, x.opp, x.d
	for _, side := range [][2]int{{d.dy, -d.dx}, {-d.dy, d.dx}} {
		diag := dirOf(d.dx+side[0], d.dy+side[1])
		target := sq(4+side[0], 4+side[1])
		dname := strings.ToLower(rules.DirectionNames[diag])
		s.replayValue(x.id("side-step-"+dname), fmt.Sprintf("The wall %s behind %s on %s blocks the jump: %s side-steps %s from %s to %s.", wallNames(walled), opp, name(c), who, rules.DirectionNames[diag], name(m), name(target)), "",
			x.move(walled, diag), x.flags("SideStep")...)
		blocked := cloneState(walled)
		separate(blocked, x.other, c, target)
		s.replayValue(x.id("side-step-"+dname+"-wall-blocked"), fmt.Sprintf("Walls %s: the jump is blocked, and so is %s's side-step %s from %s to %s.", wallNames(blocked), who, rules.DirectionNames[diag], name(m), name(target)),
			"illegal_diagonal", x.move(blocked, diag), x.flags("IllegalDiagonal", "SideStep")...)
		if side == [2]int{d.dy, -d.dx} {
			s.replayValue(x.id("diagonal-"+dname+"-jump-open"), fmt.Sprintf("Nothing behind %s on %s: %s's diagonal %s from %s is no side-step while the jump is open.", opp, name(c), who, rules.DirectionNames[diag], name(m)),
				"illegal_diagonal", x.move(at(x.mover, m, c), diag), x.flags("IllegalDiagonal")...)
		}
	}
}

// atTheEdge adds the opponent at the edge: the jump leaves the board,
// and the side-steps land beside it. When that edge is the opponent's
// goal rank, the opponent has won: the move is game_over.
func (x *straightCase) atTheEdge() {
	s, who, opp, d := x.s, x.who, x.opp, x.d
	edge := x.ahead(x.c, 4)
	m := x.ahead(edge, -1)
	st := at(x.mover, m, edge)
	if _, ey := rules.XY(edge); (x.other == ref.White && ey == rules.Size-1) || (x.other == ref.Black && ey == 0) {
		s.replayValue(x.id("jump-edge-game-over"), fmt.Sprintf("%s on %s stands on its goal rank: it has won, and %s's jump %s is game_over.", title(opp), name(edge), who, d.name),
			"game_over", x.move(st, x.dir), x.flags("GameOver")...)
		return
	}
	s.replayValue(x.id("jump-edge-blocked"), fmt.Sprintf("%s on %s jumps %s over %s on %s, at the edge: the jump would leave the board.", title(who), name(m), d.name, opp, name(edge)),
		"jump_blocked", x.move(st, x.dir), x.flags("JumpBlocked")...)
	side := [2]int{d.dy, -d.dx}
	diag := dirOf(d.dx+side[0], d.dy+side[1])
	ex, ey := rules.XY(edge)
	s.replayValue(x.id("side-step-edge"), fmt.Sprintf("%s on %s at the edge: %s side-steps %s from %s to %s.", title(opp), name(edge), who, rules.DirectionNames[diag], name(m), name(sq(ex+side[0], ey+side[1]))), "",
		x.move(st, diag), x.flags("SideStep")...)
}

// offBoard adds, at the edge itself, the move that leaves the board:
// off_board, where square arithmetic would wrap or leave it. (A pawn on
// its own goal rank has won instead: no such vector.)
func (x *straightCase) offBoard() {
	own := x.ahead(x.c, 4)
	if _, y := rules.XY(own); x.mover == ref.White && y == rules.Size-1 || x.mover == ref.Black && y == 0 {
		return
	}
	x.s.replayValue(x.id("off-board"), fmt.Sprintf("%s on %s, at the edge, moves %s: off the board.", title(x.who), name(own), x.d.name),
		"off_board", x.move(at(x.mover, own, x.far), x.dir), x.flags("OffBoard", "FaultSquareArithmetic")...)
}

// addDiagonalsOnto adds a diagonal onto the opponent, in each diagonal
// direction: no jump, whatever square arithmetic would make of it.
func addDiagonalsOnto(s *builder, mover ref.Player) {
	who, opp := playerName(mover), playerName(1-mover)
	for _, dname := range []string{"NE", "SE", "SW", "NW"} {
		d := gen.Directions[dname]
		dx, dy := stepOf(d)
		m := sq(4-dx, 4-dy)
		st := at(mover, m, sq(4, 4))
		s.replayValue(who+"-diagonal-onto-opponent-"+strings.ToLower(dname), fmt.Sprintf("%s on %s moves %s onto %s on e5: no diagonal jump.", title(who), name(m), dname, opp),
			"illegal_diagonal", game(st, dname), "IllegalDiagonal", "Direction", "Mover"+title(who), "FaultSquareArithmetic")
	}
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
