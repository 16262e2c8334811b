package ref

import (
	"math"
	"strconv"
)

// A Value is the content of a qf code: an optional State and an optional
// Record. A nil State means the code has none (its state flag is 0); a nil
// Record likewise. A non-nil Record with no moves is an empty record, which
// is not the same as no record.
type Value struct {
	State  *State
	Record *Record
}

// A State is a position: both pawns, the walls on the board, the move that
// led to it and the number of the move about to be played.
type State struct {
	White    int // white's square, 0..80 (9*rank + file, a1 = 0)
	Black    int // black's square, 0..80
	Walls    Walls
	LastMove LastMove
	Turn     int // 0..1023
}

// Walls holds a State's four wall groups. Each group keeps the anchors in
// the order of the code, duplicates included.
type Walls struct {
	White PlayerWalls
	Black PlayerWalls
}

// PlayerWalls holds one player's wall anchors (0..63, 8*row + column) by
// orientation. At most 10 anchors may stand in each list.
type PlayerWalls struct {
	H []int // horizontal walls
	V []int // vertical walls
}

// LastMove is the move that led to a State. Place is the wall's anchor and
// is meaningful only when Kind is Wall; it must be 0 otherwise.
type LastMove struct {
	Player Player
	Kind   MoveKind
	Place  int
}

// A Record is a list of moves.
type Record struct {
	Moves []Move
}

// A Move is one move of a Record: a pawn move (Kind Piece) in direction Dir,
// or a wall (Kind Wall) with an Orientation at anchor Place. The fields of
// the other kind must be zero.
//
// Dir and Place are 16-bit, so that a Move takes 6 bytes and a record of
// 1023 moves 6 KiB: decoding a long record is mostly writing its moves.
// A value beyond them is out of range all the same: reading JSON, and
// PieceMove and WallMove, saturate it to math.MaxInt16 or math.MinInt16,
// which Encode refuses as a number beyond 16-bit integers.
type Move struct {
	Kind        MoveKind
	Orientation Orientation
	Dir         int16 // 0..7, clockwise from white's forward: 0 N, 1 NE, ... 7 NW
	Place       int16 // 0..63
}

// Player is white (who moves first from the initial position) or black.
type Player uint8

// The players, as the code writes them.
const (
	White Player = 0
	Black Player = 1
)

// MoveKind is the kind of a move: a pawn ("piece") move or a wall.
type MoveKind uint8

// The move kinds, as the code writes them.
const (
	Piece MoveKind = 0
	Wall  MoveKind = 1
)

// Orientation is the orientation of a wall.
type Orientation uint8

// The wall orientations, as the code writes them.
const (
	Horizontal Orientation = 0
	Vertical   Orientation = 1
)

// String returns "white" or "black".
func (p Player) String() string { return name(uint8(p), "white", "black") }

// String returns "piece" or "wall".
func (k MoveKind) String() string { return name(uint8(k), "piece", "wall") }

// String returns "h" or "v".
func (o Orientation) String() string { return name(uint8(o), "h", "v") }

func name(v uint8, zero, one string) string {
	switch v {
	case 0:
		return zero
	case 1:
		return one
	}
	return "invalid(" + strconv.Itoa(int(v)) + ")"
}

// PieceMove returns the pawn move in direction dir.
func PieceMove(dir int) Move { return Move{Kind: Piece, Dir: narrow(dir)} }

// WallMove returns the wall move at anchor place with orientation o.
func WallMove(o Orientation, place int) Move {
	return Move{Kind: Wall, Orientation: o, Place: narrow(place)}
}

// narrow returns v as a Move's field holds it: saturated to the range of
// int16.
func narrow(v int) int16 {
	return int16(max(math.MinInt16, min(v, math.MaxInt16)))
}

// Group returns the wall group of player p.
func (w *Walls) Group(p Player) *PlayerWalls {
	if p == Black {
		return &w.Black
	}
	return &w.White
}

// list returns the list of g's walls of orientation o.
func (g *PlayerWalls) list(o Orientation) *[]int {
	if o == Vertical {
		return &g.V
	}
	return &g.H
}

// Count returns the number of wall anchors in all four groups.
func (w *Walls) Count() int {
	return len(w.White.H) + len(w.White.V) + len(w.Black.H) + len(w.Black.V)
}
