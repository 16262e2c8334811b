package gen

import (
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
)

// Play returns a random legal game of up to length moves from the State
// start (nil for the initial position): each move is drawn from the legal
// moves of the player to move, a wall one time in wallOdds when any is
// legal (never when wallOdds is 0), until a pawn reaches its goal rank or
// length moves are played.
func (r *Rand) Play(start *ref.State, length, wallOdds int) *ref.Value {
	v := &ref.Value{State: start, Record: &ref.Record{Moves: []ref.Move{}}}
	p := rules.Start(v)
	for len(v.Record.Moves) < length {
		moves := p.PawnMoves()
		if wallOdds > 0 && r.Intn(wallOdds) == 0 {
			if walls := p.WallMoves(); len(walls) > 0 {
				moves = walls
			}
		}
		if len(moves) == 0 {
			break // the game is over
		}
		m := moves[r.Intn(len(moves))]
		p, _ = p.Apply(m)
		v.Record.Moves = append(v.Record.Moves, m)
	}
	return v
}
