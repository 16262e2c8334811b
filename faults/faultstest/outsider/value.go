package outsider

import (
	"slices"

	"github.com/go-json-experiment/json"
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
	kindNames        = [2]string{"piece", "wall"}
)

// The canonical JSON's objects, as json.Marshal writes them: members in
// the order of the fields, nil lists as [], a nil pointer as null or left
// out.
type (
	jsonValue struct {
		State  *jsonState  `json:"state"`
		Record *jsonRecord `json:"record"`
	}
	jsonState struct {
		White int64     `json:"white"`
		Black int64     `json:"black"`
		Walls jsonWalls `json:"walls"`
		Last  jsonMove  `json:"last_move"`
		Turn  int64     `json:"turn"`
	}
	jsonWalls struct {
		White jsonGroups `json:"white"`
		Black jsonGroups `json:"black"`
	}
	jsonGroups struct {
		H []int64 `json:"h"`
		V []int64 `json:"v"`
	}
	jsonRecord struct {
		Moves []jsonMove `json:"moves"`
	}
	// A jsonMove is a move of a record, or with Player a State's last move.
	jsonMove struct {
		Player      string `json:"player,omitempty"`
		Kind        string `json:"kind"`
		Dir         *int64 `json:"dir,omitempty"`
		Orientation string `json:"orientation,omitempty"`
		Place       *int64 `json:"place,omitempty"`
	}
)

// canonical returns the canonical JSON of v.
func (v *Value) canonical() []byte {
	var out jsonValue
	if st := v.State; st != nil {
		out.State = &jsonState{White: st.White, Black: st.Black, Turn: st.Turn,
			Last: jsonMove{Player: playerNames[st.Last.Player], Kind: kindNames[b2i(st.Last.Wall)]}}
		out.State.Walls.White = jsonGroups{st.Walls[white][horizontal], st.Walls[white][vertical]}
		out.State.Walls.Black = jsonGroups{st.Walls[black][horizontal], st.Walls[black][vertical]}
		if st.Last.Wall {
			out.State.Last.Place = &st.Last.Place
		}
	}
	if v.Record != nil {
		out.Record = &jsonRecord{Moves: []jsonMove{}}
		for _, m := range v.Record.Moves {
			jm := jsonMove{Kind: kindNames[b2i(m.Wall)], Dir: &m.Dir}
			if m.Wall {
				jm.Dir, jm.Orientation, jm.Place = nil, orientationNames[m.Orientation], &m.Place
			}
			out.Record.Moves = append(out.Record.Moves, jm)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err) // no value of these types fails
	}
	return b
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
