// Package spec holds the qf format's layout as data: every field's path,
// width and range, in the order the fields are written, and the functions
// that give the length of a code from its contents.
//
// The normative text is qf.md in this directory; the section "Layout" there
// is the table these variables encode. The reference codec, the model of
// the conformance suite and the tools read field widths and range limits
// from here. One copy is deliberate: cmd/vectorgen writes the codes it
// builds bit by bit (cmd/vectorgen/codes.go) with their widths as
// literals, so that the vectors do not trust the layout they test.
package spec

import (
	"strconv"
	"strings"
)

// Version is the version of this specification and of the conformance suite
// built from it. It changes when a decision in qf.md changes.
const Version = "1.1.0"

// A Field is one bit field of the layout.
//
// Name is the field's path as it appears in error objects and field
// breakdowns, such as "state.white" or "record.moves[].dir". A field that
// repeats has "[]" in its name, where the 0-based index goes; Path fills it
// in. Desc is the same field in words, with "#" where the item's number,
// counted from 1, goes.
//
// Every field is an unsigned integer, most significant bit first, that may
// hold 0 through Max. Max is 1<<Width - 1 for every field except the squares
// (80) and the wall counts (10), whose widths hold more than is allowed.
type Field struct {
	Name  string
	Desc  string
	Width int
	Max   int
}

// Path returns the field's path with index i in place of "[]".
// For a field that does not repeat it returns Name.
func (f Field) Path(i int) string {
	at := strings.Index(f.Name, "[]")
	if at < 0 {
		return f.Name
	}
	var buf [48]byte
	b := append(buf[:0], f.Name[:at+1]...)
	b = strconv.AppendInt(b, int64(i), 10)
	return string(append(b, f.Name[at+1:]...))
}

// Describe returns the field in words with item i, counted from 1 as
// text counts (the path's index is i), in place of "#": MoveDir.Describe(0)
// is "move 1 direction", the field record.moves[0].dir.
func (f Field) Describe(i int) string {
	return strings.Replace(f.Desc, "#", strconv.Itoa(i+1), 1)
}

// Limit reports whether the field's range is narrower than its width:
// whether a value that fits in the bits can still be out of range.
func (f Field) Limit() bool {
	return f.Max < 1<<f.Width-1
}

// The flags, first in every code.
var (
	StateFlag  = Field{"flags.state", "state flag", 1, 1}
	RecordFlag = Field{"flags.record", "record flag", 1, 1}
)

// The State chunk, present when StateFlag is 1. The wall groups follow the
// squares in the order of WallGroups; the last-move place is present only
// when the last-move kind is 1 (wall).
var (
	White = Field{"state.white", "white square", 7, MaxSquare}
	Black = Field{"state.black", "black square", 7, MaxSquare}

	LastMovePlayer = Field{"state.last_move.player", "last move player", 1, 1}
	LastMoveKind   = Field{"state.last_move.kind", "last move kind", 1, 1}
	LastMovePlace  = Field{"state.last_move.place", "last move wall anchor", 6, MaxAnchor}
	Turn           = Field{"state.turn", "turn number", 10, MaxTurn}
)

// A WallGroup is one of the four lists of wall anchors in a State: a count,
// then that many anchors.
type WallGroup struct {
	Player      string // "white" or "black"
	Orientation string // "h" or "v"
	Count       Field
	Anchor      Field
}

// WallGroups lists the State's wall groups in layout order.
var WallGroups = [4]WallGroup{
	wallGroup("white", "h", "horizontal"),
	wallGroup("white", "v", "vertical"),
	wallGroup("black", "h", "horizontal"),
	wallGroup("black", "v", "vertical"),
}

func wallGroup(player, o, orientation string) WallGroup {
	path := "state.walls." + player + "." + o
	desc := player + " " + orientation + " wall"
	return WallGroup{
		Player:      player,
		Orientation: o,
		Count:       Field{path + ".count", desc + " count", 4, MaxWallsPerGroup},
		Anchor:      Field{path + "[]", desc + " # anchor", 6, MaxAnchor},
	}
}

// The Record chunk, present when RecordFlag is 1: a count, then that many
// moves. A move is its kind, then a direction (kind 0, pawn) or an
// orientation and an anchor (kind 1, wall).
var (
	MoveCount       = Field{"record.moves.count", "move count", 10, MaxMoves}
	MoveKind        = Field{"record.moves[].kind", "move # kind", 1, 1}
	MoveDir         = Field{"record.moves[].dir", "move # direction", 3, 7}
	MoveOrientation = Field{"record.moves[].orientation", "move # orientation", 1, 1}
	MovePlace       = Field{"record.moves[].place", "move # wall anchor", 6, MaxAnchor}
)

// Layout lists every field once, in the order a code holds them. Repeated
// and conditional fields appear at their place; qf.md says when each is
// present.
var Layout = []Field{
	StateFlag, RecordFlag,
	White, Black,
	WallGroups[0].Count, WallGroups[0].Anchor,
	WallGroups[1].Count, WallGroups[1].Anchor,
	WallGroups[2].Count, WallGroups[2].Anchor,
	WallGroups[3].Count, WallGroups[3].Anchor,
	LastMovePlayer, LastMoveKind, LastMovePlace, Turn,
	MoveCount, MoveKind, MoveDir, MoveOrientation, MovePlace,
}

// Range limits of the format.
const (
	MaxSquare        = 80   // squares are 0..80, 9 files by 9 ranks
	MaxAnchor        = 63   // wall anchors are 0..63, 8 by 8
	MaxWallsPerGroup = 10   // a wall group lists at most 10 anchors
	MaxTurn          = 1023 // the turn number is 0..1023
	MaxMoves         = 1023 // a record holds at most 1023 moves
)

// Alphabet is the standard Base64 alphabet of qf.md section "Characters":
// a character's index in it is the six bits it stands for.
const Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// InAlphabet reports whether every byte of s is in Alphabet.
func InAlphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(Alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// FieldOf returns the field of the layout at path, such as
// "state.walls.white.h[3]" or "record.moves.count", and whether there is
// one.
func FieldOf(path string) (Field, bool) {
	name := path
	if i := strings.IndexByte(path, '['); i >= 0 {
		if j := strings.IndexByte(path[i:], ']'); j >= 0 {
			name = path[:i] + "[]" + path[i+j+1:]
		}
	}
	for _, f := range Layout {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}
