package rules

import "github.com/qf-format/qf-conformance/ref"

// LegalMoves returns every move the player to move may play: its pawn
// moves, then its walls. It returns none when the game is over.
func (p *Position) LegalMoves() []ref.Move {
	return append(p.PawnMoves(), p.WallMoves()...)
}
