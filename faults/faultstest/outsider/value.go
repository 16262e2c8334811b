package outsider

import (
	"slices"
	"strconv"
)

// A Value is what a code holds (spec/qf.md, "Canonical JSON"): a State, a
// Record, both or neither. Numbers are int64 so that the encoder can hold
// values out of range before it refuses them.
type Value struct {
	State  *State  // nil when the code has no State chunk
	Record *Record // nil when the code has no Record chunk
}

// Players and orientations index the wall groups of a State.
const (
	white = 0
	black = 1

	horizontal = 0
	vertical   = 1
)

// A State is a position (spec/qf.md, "Meaning").
type State struct {
	White, Black int64
	// Walls holds the anchors of each group, by player and orientation,
	// in the order of the code: Walls[black][vertical] is black's "v".
	Walls [2][2][]int64
	Last  LastMove
	Turn  int64
}

// A LastMove is the last move of a State. Place is used only for a wall.
type LastMove struct {
	Player int // white or black
	Wall   bool
	Place  int64
}

// A Record is a list of moves.
type Record struct {
	Moves []Move
}

// A Move is a pawn move (Dir) or a wall (Orientation and Place).
type Move struct {
	Wall        bool
	Dir         int64
	Orientation int // horizontal or vertical
	Place       int64
}

// sortGroups sorts each wall group by anchor, duplicates kept
// (WallsMergedSorted). It is what becomes of the groups in a data model
// that keeps a player's walls, each with its orientation, in one list
// sorted by anchor, and splits the list by orientation again to write the
// JSON or the code: a stable sort of one list, split, is a sort of each
// part, and nothing is merged away.
func (s *State) sortGroups() {
	for p := range 2 {
		for o := range 2 {
			slices.Sort(s.Walls[p][o])
		}
	}
}

// parityPlayer returns the player who made the last move, as a data
// model without that field computes it from the turn (PlayerFromParity):
// turn n follows n-1 moves, white's first, so white moved last when the
// turn is even.
func parityPlayer(turn int64) int {
	if turn%2 == 0 {
		return white
	}
	return black
}

var (
	playerNames      = [2]string{"white", "black"}
	orientationNames = [2]string{"h", "v"}
)

// appendJSON appends the canonical JSON of v to b.
func (v *Value) appendJSON(b []byte) []byte {
	b = append(b, `{"state":`...)
	if v.State == nil {
		b = append(b, "null"...)
	} else {
		b = v.State.appendJSON(b)
	}
	b = append(b, `,"record":`...)
	if v.Record == nil {
		b = append(b, "null"...)
	} else {
		b = v.Record.appendJSON(b)
	}
	return append(b, '}')
}

func (s *State) appendJSON(b []byte) []byte {
	b = append(b, `{"white":`...)
	b = strconv.AppendInt(b, s.White, 10)
	b = append(b, `,"black":`...)
	b = strconv.AppendInt(b, s.Black, 10)
	b = append(b, `,"walls":{`...)
	for p := range 2 {
		if p > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, playerNames[p]...)
		b = append(b, `":{"h":`...)
		b = appendInts(b, s.Walls[p][horizontal])
		b = append(b, `,"v":`...)
		b = appendInts(b, s.Walls[p][vertical])
		b = append(b, '}')
	}
	b = append(b, `},"last_move":{"player":"`...)
	b = append(b, playerNames[s.Last.Player]...)
	if s.Last.Wall {
		b = append(b, `","kind":"wall","place":`...)
		b = strconv.AppendInt(b, s.Last.Place, 10)
	} else {
		b = append(b, `","kind":"piece"`...)
	}
	b = append(b, `},"turn":`...)
	b = strconv.AppendInt(b, s.Turn, 10)
	return append(b, '}')
}

func (r *Record) appendJSON(b []byte) []byte {
	b = append(b, `{"moves":[`...)
	for i, m := range r.Moves {
		if i > 0 {
			b = append(b, ',')
		}
		if m.Wall {
			b = append(b, `{"kind":"wall","orientation":"`...)
			b = append(b, orientationNames[m.Orientation]...)
			b = append(b, `","place":`...)
			b = strconv.AppendInt(b, m.Place, 10)
		} else {
			b = append(b, `{"kind":"piece","dir":`...)
			b = strconv.AppendInt(b, m.Dir, 10)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

func appendInts(b []byte, xs []int64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return append(b, ']')
}
