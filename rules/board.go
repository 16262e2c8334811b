// Package rules gives a decoded qf code its meaning on the board: the
// geometry of squares, walls and directions, the replay of a record move by
// move under the rules of Quoridor, and the validation of a State.
//
// It implements spec/qf.md sections "Geometry" and "Replay and
// validation". Decoding (package ref) does not depend on it: a code that
// breaks the rules still decodes, and this package says how.
package rules

import (
	"strconv"

	"github.com/qf-format/qf-conformance/ref"
)

// Board dimensions.
const (
	Size          = 9  // squares per side
	AnchorSize    = 8  // anchors per side
	WallsPerSide  = 10 // walls each player has
	WhiteStart    = 4  // e1
	BlackStart    = 76 // e9
	whiteGoalRank = Size - 1
	blackGoalRank = 0
)

// Square returns the square at file x and rank y (0-based), 9y + x.
func Square(x, y int) int { return Size*y + x }

// XY returns the file and rank (0-based) of square n.
func XY(n int) (x, y int) { return n % Size, n / Size }

// SquareName returns the players' name of square n, such as "e1".
func SquareName(n int) string {
	if n < 0 || n >= Size*Size {
		return "?" + strconv.Itoa(n)
	}
	x, y := XY(n)
	return string(rune('a'+x)) + strconv.Itoa(y+1)
}

// DirectionNames are the compass names of a pawn move's directions 0-7,
// clockwise from white's forward (north, toward rank 9); DirectionWords
// the same in words.
var (
	DirectionNames = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	DirectionWords = [8]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"}
)

// MoveName names a record's move in words: "pawn north", "wall c3h".
func MoveName(m ref.Move) string {
	if m.Kind == ref.Wall {
		return "wall " + WallName(m.Orientation, int(m.Place))
	}
	if m.Dir < 0 || int(m.Dir) >= len(DirectionWords) {
		return "pawn direction " + strconv.Itoa(int(m.Dir))
	}
	return "pawn " + DirectionWords[m.Dir]
}

// A Wall is a wall on the board: its owner, orientation and anchor.
type Wall struct {
	Owner       ref.Player
	Orientation ref.Orientation
	Anchor      int // 0..63: 8*row + column
}

// Name returns the players' name of the wall: its anchor's square and
// orientation, such as "c3h".
func (w Wall) Name() string {
	return WallName(w.Orientation, w.Anchor)
}

// WallName returns the players' name of a wall of orientation o at anchor
// p, such as "c3h" for anchor 18 horizontal.
func WallName(o ref.Orientation, p int) string {
	x, y := p%AnchorSize, p/AnchorSize
	return SquareName(Square(x, y)) + o.String()
}

// walls records which anchors hold a horizontal or a vertical wall. A wall
// at anchor (x, y) blocks two squares' worth of one grid line; see blocked.
type walls struct {
	h, v [AnchorSize * AnchorSize]bool
}

func (w *walls) has(o ref.Orientation, p int) bool {
	if o == ref.Vertical {
		return w.v[p]
	}
	return w.h[p]
}

func (w *walls) put(o ref.Orientation, p int) {
	if o == ref.Vertical {
		w.v[p] = true
	} else {
		w.h[p] = true
	}
}

// conflicts reports whether a wall of orientation o at anchor p conflicts
// with one already there: the same wall, an overlapping one (horizontal
// walls at p and p±1 in one row, vertical walls at p and p±8), or a
// crossing one (the other orientation at p).
func (w *walls) conflicts(o ref.Orientation, p int) bool {
	x, y := p%AnchorSize, p/AnchorSize
	if w.has(o, p) || w.has(1-o, p) {
		return true
	}
	if o == ref.Horizontal {
		return x > 0 && w.h[p-1] || x < AnchorSize-1 && w.h[p+1]
	}
	return y > 0 && w.v[p-AnchorSize] || y < AnchorSize-1 && w.v[p+AnchorSize]
}

// blocked reports whether a wall stands between square (x, y) and its
// orthogonal neighbour (x+dx, y+dy), both on the board.
//
// A step north from rank y to y+1 crosses the horizontal grid line of
// anchor row y, which the horizontal walls at anchors (x-1, y) and (x, y)
// cover; a step east from file x to x+1 crosses the vertical line of
// anchor column x, covered by the vertical walls at (x, y-1) and (x, y).
func (w *walls) blocked(x, y, dx, dy int) bool {
	switch {
	case dy != 0:
		row := min(y, y+dy)
		return w.covers(&w.h, x-1, row) || w.covers(&w.h, x, row)
	default:
		col := min(x, x+dx)
		return w.covers(&w.v, col, y-1) || w.covers(&w.v, col, y)
	}
}

// covers reports whether grid holds a wall at anchor (x, y), which may be
// off the anchor grid (then it holds none).
func (w *walls) covers(grid *[AnchorSize * AnchorSize]bool, x, y int) bool {
	return x >= 0 && x < AnchorSize && y >= 0 && y < AnchorSize && grid[AnchorSize*y+x]
}

// pathsOpen reports whether both pawns, white on square white and black
// on square black, can reach their goal ranks around the walls (pawns
// never block a path).
func (w *walls) pathsOpen(white, black int) bool {
	o := w.openings()
	return o.reach(white, whiteGoalRank) && o.reach(black, blackGoalRank)
}

// openings are the board's openings between squares, a rank at a time:
// bit x of a word for file x.
type openings struct {
	east  [Size]uint16     // no wall between (x, y) and (x+1, y)
	north [Size - 1]uint16 // no wall between (x, y) and (x, y+1)
}

func (w *walls) openings() openings {
	var o openings
	for y := range o.east {
		// The vertical line east of file x is covered in rank y by the
		// vertical walls at anchors (x, y-1) and (x, y).
		o.east[y] = ^(w.row(&w.v, y-1) | w.row(&w.v, y)) & (1<<(Size-1) - 1)
	}
	for y := range o.north {
		// The horizontal line north of rank y is covered at file x by the
		// horizontal walls at anchors (x-1, y) and (x, y).
		h := w.row(&w.h, y)
		o.north[y] = ^(h | h<<1) & (1<<Size - 1)
	}
	return o
}

// reach reports whether a pawn on square from can reach rank goal. It
// floods the board a rank at a time: the squares reached in a rank,
// spread east and west through the rank's openings and north and south
// through those of the lines between ranks, until nothing changes.
func (o *openings) reach(from, goal int) bool {
	var reach [Size]uint16
	x, y := XY(from)
	reach[y] = 1 << x
	for changed := true; changed && reach[goal] == 0; {
		changed = false
		for y := range reach {
			r := reach[y]
			if y > 0 {
				r |= reach[y-1] & o.north[y-1]
			}
			if y < Size-1 {
				r |= reach[y+1] & o.north[y]
			}
			for spread := r; ; r = spread {
				spread = r | (r&o.east[y])<<1 | r>>1&o.east[y]
				if spread == r {
					break
				}
			}
			if r != reach[y] {
				reach[y], changed = r, true
			}
		}
	}
	return reach[goal] != 0
}

// row returns the walls of grid in anchor row y, bit x for the anchor
// (x, y); none for a row off the anchor grid.
func (w *walls) row(grid *[AnchorSize * AnchorSize]bool, y int) uint16 {
	var bits uint16
	if y < 0 || y >= AnchorSize {
		return 0
	}
	for x, on := range grid[AnchorSize*y : AnchorSize*(y+1)] {
		if on {
			bits |= 1 << x
		}
	}
	return bits
}

func onBoard(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// A step is the change of file and rank of a direction.
type step struct{ dx, dy int }

// Directions, clockwise from white's forward (spec/qf.md, "Geometry").
var directions = [8]step{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// ParseSquare returns the square of a name such as "e1", and whether the
// name is one.
func ParseSquare(name string) (int, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'i' || name[1] < '1' || name[1] > '9' {
		return 0, false
	}
	return Square(int(name[0]-'a'), int(name[1]-'1')), true
}

// ParseWall returns the orientation and anchor of a wall name such as
// "c3h", and whether the name is one.
func ParseWall(name string) (ref.Orientation, int, bool) {
	if len(name) != 3 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return 0, 0, false
	}
	p := AnchorSize*int(name[1]-'1') + int(name[0]-'a')
	switch name[2] {
	case 'h':
		return ref.Horizontal, p, true
	case 'v':
		return ref.Vertical, p, true
	}
	return 0, 0, false
}
