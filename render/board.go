// Package render draws qf positions as boards: SVG, deterministic to the
// byte, and text for terminals. The display flags are the fansite
// viewer's: 8 flips the board to black's view, 4 highlights the last move,
// 2 draws every wall grey, 1 adds an info bar with the turn and the walls
// left.
package render

import (
	"fmt"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Display flags, as the fansite viewer numbers them.
const (
	FlagFlip      = 8 // black's view: rank 9 at the bottom
	FlagHighlight = 4 // mark the last move
	FlagGrey      = 2 // walls grey, not in their owner's colour
	FlagInfo      = 1 // an info bar: turn, side to move, walls left
)

// A Board is what is drawn: a position and its last move.
type Board struct {
	rules.Position
	// Last is the move that led to the position: a pawn's square, or a wall.
	// HasLast is false when there is none (the initial position).
	Last    Last
	HasLast bool
}

// Last is a move to highlight: the square a pawn moved to, or a wall.
type Last struct {
	Wall   bool
	Square int        // for a pawn move
	Of     rules.Wall // for a wall; Of.Anchor may name no wall on the board
}

// BoardOf returns the board of v after move moves of its record: with
// moves 0, the State (or the initial position). It fails when the record
// is shorter, or when one of those moves breaks the rules.
func BoardOf(v *ref.Value, moves int) (Board, error) {
	b := Board{Position: rules.Start(v)}
	if s := v.State; s != nil {
		b.HasLast = true
		if s.LastMove.Kind == ref.Wall {
			b.Last = Last{Wall: true, Of: stateWall(b.Walls, s.LastMove)}
		} else if s.LastMove.Player == ref.Black {
			b.Last = Last{Square: s.Black}
		} else {
			b.Last = Last{Square: s.White}
		}
	}
	if moves == 0 {
		return b, nil
	}
	n := 0
	if v.Record != nil {
		n = len(v.Record.Moves)
	}
	if moves < 0 || moves > n {
		return b, fmt.Errorf("render: after %d moves: the record has %d", moves, n)
	}
	positions, violation := rules.Replay(v)
	if violation != nil && violation.Move < moves {
		return b, fmt.Errorf("render: %s is illegal: %s", rules.MoveLabel(violation.Move), violation.Kind)
	}
	before := b.Position
	if moves > 1 {
		before = positions[moves-2]
	}
	b.Position = positions[moves-1]
	b.HasLast = true
	if m := v.Record.Moves[moves-1]; m.Kind == ref.Wall {
		b.Last = Last{Wall: true, Of: b.Walls[len(b.Walls)-1]}
	} else if before.ToMove == ref.Black {
		b.Last = Last{Square: b.Black}
	} else {
		b.Last = Last{Square: b.White}
	}
	return b, nil
}

// stateWall returns the wall a State's wall last move names: the first at
// its anchor in the order white-h, white-v, black-h, black-v, as the
// fansite viewer highlights it, or a wall of the mover at that anchor that
// is not on the board.
func stateWall(walls []rules.Wall, lm ref.LastMove) rules.Wall {
	for _, w := range walls {
		if w.Anchor == lm.Place {
			return w
		}
	}
	return rules.Wall{Owner: lm.Player, Anchor: lm.Place}
}
