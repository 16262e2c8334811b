package spec

// Sizes in bits of the parts of a code, from the layout (qf.md, "Sizes").
const (
	FlagBits        = 2  // the two flags
	StateFixedBits  = 42 // a State without walls and with a pawn last move
	RecordFixedBits = 10 // a Record without moves: the move count
	PieceMoveBits   = 4  // kind and direction
	WallMoveBits    = 8  // kind, orientation and anchor

	// MinChars and MaxChars bound the length of a valid code in
	// characters: flags 00 alone, and a State with 40 walls and a wall last
	// move followed by 1023 wall moves.
	MinChars = 1
	MaxChars = 1414
	MaxBits  = 8484
)

// StateBits returns the size in bits of a State chunk holding walls wall
// anchors in all, with a wall last move when lastWall is true.
func StateBits(walls int, lastWall bool) int {
	n := StateFixedBits + walls*WallGroups[0].Anchor.Width
	if lastWall {
		n += LastMovePlace.Width
	}
	return n
}

// RecordBits returns the size in bits of a Record chunk of pieces pawn moves
// and walls wall moves.
func RecordBits(pieces, walls int) int {
	return RecordFixedBits + pieces*PieceMoveBits + walls*WallMoveBits
}

// Chars returns the number of characters that hold bits bits: ceil(bits/6).
func Chars(bits int) int {
	return (bits + 5) / 6
}
