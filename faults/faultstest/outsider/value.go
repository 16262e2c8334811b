package outsider

import (
	"fmt"
	"slices"
	"strings"
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

// model changes v as the implementation's data model keeps a value, read
// from a code or to be written as one: with WallsMergedSorted, a player's
// walls in one list sorted by anchor (stably) and split by orientation
// again to write the JSON or the code, which sorts each group, nothing
// merged away; with PlayerFromParity, no last move's player but the
// turn's parity (turn n follows n-1 moves, white's first, so white moved
// last when the turn is even); with EmptyRecordLost, no record of 0 moves.
func (v *Value) model(faults faultSet) {
	if st := v.State; st != nil {
		for p := range st.Walls {
			for _, group := range st.Walls[p] {
				if faults[WallsMergedSorted] {
					slices.Sort(group)
				}
			}
		}
		if faults[PlayerFromParity] {
			st.Last.Player = int(st.Turn & 1)
		}
	}
	if v.Record != nil && len(v.Record.Moves) == 0 && faults[EmptyRecordLost] {
		v.Record = nil
	}
}

var (
	playerNames      = [2]string{"white", "black"}
	orientationNames = [2]string{"h", "v"}
	kindNames        = [2]string{"piece", "wall"}
)

// canonical returns the canonical JSON of v.
func (v *Value) canonical() []byte {
	b := []byte(`{"state":`)
	if st := v.State; st == nil {
		b = append(b, "null"...)
	} else {
		w := st.Walls
		b = fmt.Appendf(b, `{"white":%d,"black":%d,"walls":{"white":{"h":%s,"v":%s},"black":{"h":%s,"v":%s}},`+
			`"last_move":{"player":"%s","kind":"%s"`, st.White, st.Black, ints(w[white][horizontal]), ints(w[white][vertical]),
			ints(w[black][horizontal]), ints(w[black][vertical]), playerNames[st.Last.Player], kindNames[b2i(st.Last.Wall)])
		if st.Last.Wall {
			b = fmt.Appendf(b, `,"place":%d`, st.Last.Place)
		}
		b = fmt.Appendf(b, `},"turn":%d}`, st.Turn)
	}
	if v.Record == nil {
		return append(b, `,"record":null}`...)
	}
	b = append(b, `,"record":{"moves":[`...)
	for i, m := range v.Record.Moves {
		if i > 0 {
			b = append(b, ',')
		}
		if m.Wall {
			b = fmt.Appendf(b, `{"kind":"wall","orientation":"%s","place":%d}`, orientationNames[m.Orientation], m.Place)
		} else {
			b = fmt.Appendf(b, `{"kind":"piece","dir":%d}`, m.Dir)
		}
	}
	return append(b, "]}}"...)
}

// ints returns xs as a JSON array.
func ints(xs []int64) string { return strings.ReplaceAll(fmt.Sprint(xs), " ", ",") }

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
