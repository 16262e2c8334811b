package outsider

import (
	"strconv"
	"strings"
)

// The widths of the fields, spec/qf.md, "Layout".
const (
	flagWidth   = 1
	squareWidth = 7
	countWidth  = 4
	anchorWidth = 6
	turnWidth   = 10
	movesWidth  = 10
	dirWidth    = 3
	maxSquare   = 80
	maxCount    = 10
	maxAnchor   = 63
	maxDir      = 7
	maxTurn     = 1023
	maxMoves    = 1023
	alphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
)

// sextet returns the index of c in the alphabet, or -1.
func sextet(c byte) int { return strings.IndexByte(alphabet, c) }

// A fieldName is one row of the layout.
type fieldName uint8

const (
	flagsState fieldName = iota
	flagsRecord
	stateWhite
	stateBlack
	wallCount  // of group (player, orient)
	wallAnchor // index in group (player, orient)
	lastPlayer
	lastKind
	lastPlace
	stateTurn
	movesCount
	moveKind // of move index
	moveDir
	moveOrientation
	movePlace
)

// A field is a field of a code: its row of the layout, and which wall
// group or move it belongs to. It is a small value, so that naming the
// field of every read costs nothing until an error needs its path.
type field struct {
	name           fieldName
	player, orient int
	index          int
}

// paths are the fields' paths, as spec/qf.md writes them; a wall
// group's and a move's after the group's or the move's own.
var paths = [...]string{flagsState: "flags.state", flagsRecord: "flags.record", stateWhite: "state.white",
	stateBlack: "state.black", wallCount: ".count", lastPlayer: "state.last_move.player",
	lastKind: "state.last_move.kind", lastPlace: "state.last_move.place", stateTurn: "state.turn",
	movesCount: "record.moves.count", moveKind: ".kind", moveDir: ".dir", moveOrientation: ".orientation",
	movePlace: ".place"}

// path returns the field's path as spec/qf.md writes it:
// "state.walls.white.h.count", "record.moves[12].dir".
func (f field) path() string {
	switch {
	case f.name == wallCount:
		return groupPath(f.player, f.orient) + paths[f.name]
	case f.name == wallAnchor:
		return groupPath(f.player, f.orient) + "[" + strconv.Itoa(f.index) + "]"
	case f.name > movesCount:
		return "record.moves[" + strconv.Itoa(f.index) + "]" + paths[f.name]
	}
	return paths[f.name]
}

// inRecord reports whether the field belongs to the Record chunk.
func (f field) inRecord() bool { return f.name >= movesCount }

// words names the fields for people where their paths do not: "turn".
var fieldWords = [...]string{stateWhite: "white square", stateBlack: "black square", stateTurn: "turn", movesCount: "move count"}

// words names the field for people: "white horizontal wall count".
func (f field) words() string {
	group := playerNames[f.player] + " " + [2]string{"horizontal", "vertical"}[f.orient] + " wall"
	switch {
	case f.name == wallCount:
		return group + " count"
	case f.name == wallAnchor:
		return "anchor " + strconv.Itoa(f.index) + " of the " + group + "s"
	case int(f.name) < len(fieldWords) && fieldWords[f.name] != "":
		return fieldWords[f.name]
	}
	return f.path()
}

// groupPath returns the path of a wall group: "state.walls.black.v".
func groupPath(player, orient int) string {
	return "state.walls." + playerNames[player] + "." + orientationNames[orient]
}
