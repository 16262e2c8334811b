package outsider

import "slices"

// This file holds the rules of spec/qf.md, "Replay and validation".

// A board is the walls on the board, by orientation and anchor, and
// whether each move between neighbouring squares is blocked.
type board struct {
	walls [2][64]bool // [orientation][anchor]
	// north[sq] blocks sq to sq+9, east[sq] blocks sq to sq+1.
	north, east [81]bool
}

// place puts a wall on the board.
func (b *board) place(orient int, anchor int) {
	b.walls[orient][anchor] = true
	x, y := anchor%8, anchor/8
	sq := 9*y + x
	if orient == horizontal {
		b.north[sq], b.north[sq+1] = true, true
	} else {
		b.east[sq], b.east[sq+9] = true, true
	}
}

// The directions, spec/qf.md, "Geometry": dx and dy of each.
var (
	dirX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirY = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
)

func onBoard(x, y int) bool { return 0 <= x && x < 9 && 0 <= y && y < 9 }

// blocked reports whether a wall separates the square sq from its
// neighbour one orthogonal step (dx, dy) away, which is on the board.
func (b *board) blocked(sq, dx, dy int) bool {
	if dx+dy < 0 { // the step back from the neighbour
		sq, dx, dy = sq+9*dy+dx, -dx, -dy
	}
	if dy == 1 {
		return b.north[sq]
	}
	return b.east[sq]
}

// conflicts reports whether a wall conflicts with one on the board
// (spec/qf.md, "Geometry"): the same wall, an overlapping one or a
// crossing one. With touching, walls that meet end to end count as
// overlapping too (TouchingWallsConflict).
func (b *board) conflicts(orient, anchor int, touching bool) bool {
	if b.walls[orient][anchor] || b.walls[1-orient][anchor] {
		return true
	}
	step := [2]int{horizontal: 1, vertical: 8}[orient] // to the next anchor along the wall
	for d := 1; d <= 1+b2i(touching); d++ {
		for _, a := range [2]int{anchor - d*step, anchor + d*step} {
			if 0 <= a && a < 64 && (orient == vertical || a/8 == anchor/8) && b.walls[orient][a] {
				return true
			}
		}
	}
	return false
}

// pathTo reports whether a pawn on from can reach the rank goal (0 or 8)
// one square at a time through no wall; from a square off the board, it
// cannot.
func (b *board) pathTo(from int, goal int) bool {
	if from > maxSquare {
		return false // a square of 81-127, let through by HighSquares
	}
	var seen [81]bool
	var queue [81]int
	queue[0], seen[from] = from, true
	for head, tail := 0, 1; head < tail; head++ {
		sq := queue[head]
		if sq/9 == goal {
			return true
		}
		for d := 0; d < 8; d += 2 {
			x, y := sq%9+dirX[d], sq/9+dirY[d]
			if !onBoard(x, y) || b.blocked(sq, dirX[d], dirY[d]) || seen[9*y+x] {
				continue
			}
			seen[9*y+x] = true
			queue[tail] = 9*y + x
			tail++
		}
	}
	return false
}

// goals are the goal ranks of white and black.
var goals = [2]int{8, 0}

// validate returns the violations of the State st, sorted
// (spec/qf.md, V-1 to V-6).
func validate(st *State, faults faultSet) []string {
	var kinds []string
	if st.White == st.Black {
		kinds = append(kinds, "pawns_overlap")
	}
	var b board
	conflict := false
	for p := range 2 {
		n := len(st.Walls[p][horizontal]) + len(st.Walls[p][vertical])
		if faults[TooManyWallsPerGroup] {
			n = max(len(st.Walls[p][horizontal]), len(st.Walls[p][vertical]))
		}
		if n > maxCount {
			kinds = append(kinds, "too_many_walls")
		}
		for o, group := range st.Walls[p] {
			for _, a := range group {
				conflict = conflict || b.conflicts(o, int(a), false)
				b.place(o, int(a))
			}
		}
	}
	if conflict {
		kinds = append(kinds, "walls_conflict")
	}
	if !b.pathTo(int(st.White), goals[white]) || !b.pathTo(int(st.Black), goals[black]) {
		kinds = append(kinds, "no_path")
	}
	if last := st.Last; last.Wall && !slices.Contains(st.Walls[last.Player][horizontal], last.Place) &&
		!slices.Contains(st.Walls[last.Player][vertical], last.Place) {
		kinds = append(kinds, "last_move_wall_missing")
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}
