package gen

import (
	"strings"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Positions and records in players' notation.

// Pos returns a State: the squares by name ("e1"), the last mover, the
// turn, and walls named like "c3h", white's unless prefixed "b:". It
// panics on a name that is not one: positions are written by hand.
func Pos(white, black string, last ref.Player, turn int, walls ...string) *ref.State {
	s := &ref.State{White: Square(white), Black: Square(black), LastMove: ref.LastMove{Player: last}, Turn: turn}
	for _, w := range walls {
		owner := ref.White
		if name, ok := strings.CutPrefix(w, "b:"); ok {
			owner, w = ref.Black, name
		}
		o, a, ok := rules.ParseWall(w)
		if !ok {
			panic("gen: bad wall " + w)
		}
		AddWall(s, owner, o, a)
	}
	return s
}

// AddWall adds the wall of orientation o at anchor a to owner's group of s.
func AddWall(s *ref.State, owner ref.Player, o ref.Orientation, a int) {
	g := s.Walls.Group(owner)
	if o == ref.Vertical {
		g.V = append(g.V, a)
	} else {
		g.H = append(g.H, a)
	}
}

// Square returns the square of a name such as "e1", and panics on a name
// that is not one.
func Square(name string) int {
	n, ok := rules.ParseSquare(name)
	if !ok {
		panic("gen: bad square " + name)
	}
	return n
}

// Directions by their compass names (rules.DirectionNames).
var Directions = func() map[string]int {
	m := map[string]int{}
	for d, name := range rules.DirectionNames {
		m[name] = d
	}
	return m
}()

// Game returns the value of a State (nil for the initial position) and a
// record of moves: a direction ("N", "NE", ...) or a wall ("c3h").
func Game(s *ref.State, moves ...string) *ref.Value {
	v := &ref.Value{State: s, Record: &ref.Record{Moves: []ref.Move{}}}
	for _, m := range moves {
		if d, ok := Directions[m]; ok {
			v.Record.Moves = append(v.Record.Moves, ref.PieceMove(d))
			continue
		}
		o, a, ok := rules.ParseWall(m)
		if !ok {
			panic("gen: bad move " + m)
		}
		v.Record.Moves = append(v.Record.Moves, ref.WallMove(o, a))
	}
	return v
}

// TurnFor returns the turn nearest at or above turn whose parity agrees
// with the player to move next: white plays the odd turns (turn 1 is
// white's first move), black the even ones.
func TurnFor(toMove ref.Player, turn int) int {
	if (turn%2 == 1) != (toMove == ref.White) {
		turn++
	}
	return turn
}

// ParityAgrees reports whether a State's last mover agrees with its
// turn's parity: the player to move next, the other one, plays turn.
func ParityAgrees(s *ref.State) bool {
	return TurnFor(1-s.LastMove.Player, s.Turn) == s.Turn
}
