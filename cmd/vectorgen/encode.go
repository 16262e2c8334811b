package main

import (
	"fmt"
	"strings"

	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
)

// initialMembers are the members of the initial State but its last move
// and turn, as JSON.
const initialMembers = `"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}}`

// addEncode adds the encoding tests but the corpus and the random values.
func addEncode(s *builder) {
	addEncodeValid(s)
	addEncodeOutOfRange(s)
	addEncodeMalformed(s)
	addEncodePrecedence(s)
	addEncodeRaw(s)
}

// addEncodeValid adds valid values at the edges of every field, written as given.
func addEncodeValid(s *builder) {
	s.encodeValue("neither-chunk", "No State, no Record: 'A'.", valid, &ref.Value{}, "NeitherChunk", "Minimum", "FaultBase64Library")
	s.encodeValue("empty-record", "An empty record: 12 bits, exactly 'QA'.", valid, &ref.Value{Record: &ref.Record{}},
		"EmptyRecord", "ExactLength", "FaultEmptyRecord", "FaultExtraCharacter", "FaultBase64Library")
	s.encodeValue("three-pawn-moves", "Three pawn moves: 24 bits, exactly 4 characters.", valid,
		&ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.PieceMove(4), ref.PieceMove(0)}}},
		"ExactLength", "FaultExtraCharacter")
	s.encodeValue("initial-board", "The initial board as the fansite writes it.", valid, &ref.Value{State: initial()}, "TurnNumber")
	s.encodeValue("turn-0", "Turn 0.", valid, &ref.Value{State: &ref.State{White: 4, Black: 76}}, "TurnNumber", "Boundary")
	s.encodeValue("walls-descending-duplicates", "White's horizontal walls 63, 0, 63, written as given.", valid,
		&ref.Value{State: &ref.State{White: 4, Black: 76, Walls: ref.Walls{White: ref.PlayerWalls{H: []int{63, 0, 63}}}, Turn: 4}},
		"WallOrder", "FaultWallsReordered")
	s.encodeValue("last-move-black-turn-10", "Black moved last at turn 10: the player is written as given.", valid,
		&ref.Value{State: &ref.State{White: 31, Black: 49, LastMove: ref.LastMove{Player: ref.Black}, Turn: 10}},
		"LastMovePlayer", "FaultPlayerFromParity")
	s.encodeValue("last-move-white-turn-5", "White moved last at turn 5: the player is written as given.", valid,
		&ref.Value{State: &ref.State{White: 13, Black: 67, LastMove: ref.LastMove{Player: ref.White, Kind: ref.Wall, Place: 51}, Turn: 5}},
		"LastMovePlayer", "FaultPlayerFromParity")
	s.encodeValue("last-move-wall-missing", "A wall last move at an anchor where no wall stands.", valid,
		&ref.Value{State: &ref.State{White: 4, Black: 76, LastMove: ref.LastMove{Kind: ref.Wall, Place: 40}, Turn: 2}},
		"LastMoveNoWall")
	s.encodeValue("upper-limits", "Every field at the top of its range.", valid, &ref.Value{
		State: &ref.State{White: 80, Black: 80, Walls: ref.Walls{White: ref.PlayerWalls{H: seq(10, 63, 63)}},
			LastMove: ref.LastMove{Player: ref.Black, Kind: ref.Wall, Place: 63}, Turn: 1023},
		Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(7), ref.WallMove(ref.Vertical, 63)}},
	}, "Boundary", "SquareRange", "WallCountRange")
	s.encodeValue("lower-limits", "Every field at the bottom of its range.", valid, &ref.Value{
		State:  &ref.State{Walls: ref.Walls{Black: ref.PlayerWalls{V: []int{0}}}, LastMove: ref.LastMove{Kind: ref.Wall}},
		Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.WallMove(ref.Horizontal, 0)}},
	}, "Boundary")
	s.encodeValue("maximum", "The longest value: 1414 characters.", valid, gen.MaxValue(), "Maximum", "MoveCountLimit", "ExactLength")
}

// addEncodeOutOfRange adds values outside the ranges of their fields: out_of_range, never masked, spilled or dropped.
func addEncodeOutOfRange(s *builder) {
	state := func(edit func(*ref.State)) *ref.Value {
		st := initial()
		edit(st)
		return &ref.Value{State: st}
	}
	s.encodeValue("white-81", "White on square 81.", outOfRange, state(func(st *ref.State) { st.White = 81 }),
		"SquareRange", "Boundary", "EncoderOverflow")
	s.encodeValue("white-200", "White on 200: masked it would be 72; unchecked it would spill into the flags.", outOfRange,
		state(func(st *ref.State) { st.White = 200 }), "EncoderOverflow", "FaultSpill", "FaultMask")
	s.encodeValue("white-minus-1", "White on square -1.", outOfRange, state(func(st *ref.State) { st.White = -1 }), "Boundary")
	s.encodeValue("white-minus-2", "White on square -2: negative, whatever its bits as an unsigned number.", outOfRange,
		state(func(st *ref.State) { st.White = -2 }), "EncoderOverflow")
	s.encodeValue("black-128", "Black on 128, one past the 7 bits.", outOfRange, state(func(st *ref.State) { st.Black = 128 }),
		"EncoderOverflow", "FaultMask")
	for _, g := range wallGroups {
		s.encodeValue("walls-11-"+g.name, "11 walls in the "+g.name+" group.", outOfRange,
			state(func(st *ref.State) { g.set(st, seq(11, 0, 5)) }), "WallCountRange", "Boundary")
	}
	s.encodeValue("walls-16", "16 walls in a group: masked, the count would be 0 followed by 16 anchors.", outOfRange,
		state(func(st *ref.State) { st.Walls.White.H = seq(16, 0, 3) }), "WallCountRange", "EncoderOverflow", "FaultMask")
	s.encodeValue("anchor-64", "A wall anchor of 64.", outOfRange, state(func(st *ref.State) { st.Walls.Black.H = []int{5, 64} }),
		"Boundary", "EncoderOverflow", "FaultAnchorDropped")
	s.encodeValue("anchor-100", "A vertical wall anchor of 100 in white's group.", outOfRange, state(func(st *ref.State) { st.Walls.White.V = []int{100} }),
		"EncoderOverflow", "FaultAnchorDropped")
	s.encodeValue("anchor-minus-1", "A wall anchor of -1.", outOfRange, state(func(st *ref.State) { st.Walls.White.V = []int{-1} }),
		"Boundary")
	s.encodeValue("last-move-place-64", "A wall last move at anchor 64.", outOfRange,
		state(func(st *ref.State) { st.LastMove = ref.LastMove{Kind: ref.Wall, Place: 64} }), "Boundary", "EncoderOverflow")
	s.encodeValue("turn-1024", "Turn 1024: masked it would be 0.", outOfRange, state(func(st *ref.State) { st.Turn = 1024 }),
		"Boundary", "EncoderOverflow", "FaultMask")
	s.encodeValue("turn-minus-1", "Turn -1.", outOfRange, state(func(st *ref.State) { st.Turn = -1 }), "Boundary")
	s.encodeValue("first-fault-reported", "Black 90 and turn 2000: black comes first in the layout.", outOfRange,
		state(func(st *ref.State) { st.Black, st.Turn = 90, 2000 }), "Precedence")
	moves := func(m ...ref.Move) *ref.Value { return &ref.Value{Record: &ref.Record{Moves: m}} }
	s.encodeValue("direction-8", "A pawn move in direction 8.", outOfRange, moves(ref.PieceMove(1), ref.PieceMove(8)),
		"Boundary", "EncoderOverflow")
	s.encodeValue("direction-minus-1", "A pawn move in direction -1.", outOfRange, moves(ref.PieceMove(-1)), "Boundary")
	// Numbers past 16 bits in moves written as canonical JSON writes them,
	// which a reader may take apart by their text.
	s.encode("direction-65536", "A pawn move in direction 65536: out of range, not 65536 modulo 2^16, which is 0.", outOfRange,
		`{"state":null,"record":{"moves":[{"kind":"piece","dir":65536}]}}`, "EncoderOverflow", "FaultMask")
	s.encode("move-place-65545", "A wall move at anchor 65545: out of range, not 65545 modulo 2^16, which is 9.", outOfRange,
		`{"state":null,"record":{"moves":[{"kind":"wall","orientation":"h","place":65545}]}}`, "EncoderOverflow", "FaultMask")
	s.encodeValue("move-place-64", "A wall move at anchor 64.", outOfRange, moves(ref.WallMove(ref.Vertical, 64)),
		"Boundary", "EncoderOverflow", "FaultAnchorDropped")
	s.encodeValue("moves-1023", "1023 pawn moves: the largest record.", valid, moves(make([]ref.Move, 1023)...), "MoveCountLimit", "Boundary")
	s.encodeValue("moves-1024", "1024 moves, the memo's number: masked, the count would be 0.", outOfRange,
		moves(make([]ref.Move, 1024)...), "MoveCountLimit", "Boundary", "FaultMask")
}

// addEncodeMalformed adds JSON that is not a canonical value, and numbers whose exact decimal value decides: malformed.
func addEncodeMalformed(s *builder) {
	for _, m := range []struct{ id, comment, value string }{
		{"not-an-object", "A list instead of an object.", `[]`},
		{"null", "null instead of a value.", `null`},
		{"missing-record", "No \"record\" key.", `{"state":null}`},
		{"missing-state", "No \"state\" key.", `{"record":null}`},
		{"unknown-key", "An unknown top-level key.", `{"state":null,"record":null,"comment":"hi"}`},
		{"square-as-string", "A square as a string.", `{"state":{"white":"4","black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`},
		{"square-fraction", "A square of 4.5.", `{"state":{"white":4.5,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`},
		{"walls-null", "null for a list of walls.", `{"state":{"white":4,"black":76,"walls":{"white":{"h":null,"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`},
		{"walls-missing-group", "No black walls.", `{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`},
		{"player-unknown", "A player named \"red\".", `{"state":{` + initialMembers + `,"last_move":{"player":"red","kind":"piece"},"turn":1},"record":null}`},
		{"player-as-number", "The player as 0.", `{"state":{` + initialMembers + `,"last_move":{"player":0,"kind":"piece"},"turn":1},"record":null}`},
		{"kind-pawn", "A last-move kind \"pawn\" (the spec says \"piece\").", `{"state":{` + initialMembers + `,"last_move":{"player":"white","kind":"pawn"},"turn":1},"record":null}`},
		{"place-on-pawn-last-move", "A place on a pawn last move.", `{"state":{` + initialMembers + `,"last_move":{"player":"white","kind":"piece","place":4},"turn":1},"record":null}`},
		{"wall-last-move-without-place", "A wall last move without a place.", `{"state":{` + initialMembers + `,"last_move":{"player":"white","kind":"wall"},"turn":1},"record":null}`},
		{"missing-turn", "No turn.", `{"state":{` + initialMembers + `,"last_move":{"player":"white","kind":"piece"}},"record":null}`},
		{"moves-null", "null for the list of moves.", `{"state":null,"record":{"moves":null}}`},
		{"record-without-moves", "A record without \"moves\".", `{"state":null,"record":{}}`},
		{"move-kind-unknown", "A move of kind \"jump\".", `{"state":null,"record":{"moves":[{"kind":"piece","dir":0},{"kind":"jump","dir":0}]}}`},
		{"move-orientation-unknown", "A wall move with orientation \"x\".", `{"state":null,"record":{"moves":[{"kind":"wall","orientation":"x","place":9}]}}`},
		{"move-orientation-as-number", "A wall move with orientation 1.", `{"state":null,"record":{"moves":[{"kind":"wall","orientation":1,"place":9}]}}`},
		{"dir-on-wall-move", "A direction on a wall move.", `{"state":null,"record":{"moves":[{"kind":"wall","orientation":"h","place":9,"dir":0}]}}`},
		{"place-on-pawn-move", "A place on a pawn move.", `{"state":null,"record":{"moves":[{"kind":"piece","dir":0,"place":9}]}}`},
		{"pawn-move-without-dir", "A pawn move without a direction.", `{"state":null,"record":{"moves":[{"kind":"piece"}]}}`},
		{"move-key-case", "A pawn move with \"Kind\" for \"kind\": keys are matched exactly, so the kind is missing.", `{"state":null,"record":{"moves":[{"Kind":"piece","dir":0}]}}`},
		{"move-kind-after-dir", "A move whose kind, after its direction, is \"White\".", `{"state":null,"record":{"moves":[{"dir":0,"kind":"White"}]}}`},
		{"unknown-key-plain", "An unknown key of ASCII letters and digits, a, z, A, Z, 0 and 9 among them: its path is the key as it is, in no brackets.", `{"state":null,"record":null,"azAZ09":1}`},
	} {
		s.encode("malformed-"+m.id, m.comment, malformed, m.value, "Malformed")
	}
	// Numbers whose exact decimal value decides, whatever a float would
	// make of them.
	const piece = `{"state":null,"record":{"moves":[{"kind":"piece","dir":%s}]}}`
	s.encode("number-not-quite-4", "A direction of 3.99999999999999999999: not an integer, though a float would round it to 4.", malformed,
		fmt.Sprintf(piece, "3.99999999999999999999"), "Malformed", "ExactNumber")
	s.encode("number-1e-400", "A direction of 1e-400: not an integer, though a float would round it to 0.", malformed,
		fmt.Sprintf(piece, "1e-400"), "Malformed", "ExactNumber")
	s.encode("number-1e400", "A direction of 1e400: an integer, far out of range (a float would make it infinite).", outOfRange,
		fmt.Sprintf(piece, "1e400"), "ExactNumber", "EncoderOverflow")
	s.encode("number-spellings", "Directions 7.0, 70e-1 and 0.7e1: the integer 7, however spelled.", valid,
		`{"state":null,"record":{"moves":[{"kind":"piece","dir":7.0},{"kind":"piece","dir":70e-1},{"kind":"piece","dir":0.7e1}]}}`, "ExactNumber")
	s.encode("number-exponent-forms", "Directions 5E0, 5e+0 and 50E-1: exponents with a capital E or a plus sign, the integer 5 each.", valid,
		`{"state":null,"record":{"moves":[{"kind":"piece","dir":5E0},{"kind":"piece","dir":5e+0},{"kind":"piece","dir":50E-1}]}}`, "ExactNumber")
}

// addEncodePrecedence adds several faults at once: the first in the order of spec/qf.md, "Errors", is reported, whatever the order of the text; the shape is checked before the ranges.
func addEncodePrecedence(s *builder) {
	const walls = `"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}}`
	const lastMove = `"last_move":{"player":"white","kind":"piece"}`
	for _, m := range []struct{ id, comment, value string }{
		{"state-before-record", "A bad move kind first in the text, a bad square after it: state comes before record.",
			`{"record":{"moves":[{"kind":"jump","dir":0}]},"state":{"white":"x","black":76,` + walls + `,` + lastMove + `,"turn":1}}`},
		{"missing-before-later", "No black square, and walls that are not an object: the missing key comes first.",
			`{"state":{"white":4,"walls":7,` + lastMove + `,"turn":1},"record":null}`},
		{"malformed-before-later-missing", "A white square \"x\" and no black square: white comes first.",
			`{"state":{"white":"x",` + walls + `,` + lastMove + `,"turn":1},"record":null}`},
		{"malformed-before-unknown", "A white square \"x\" and an unknown key \"a\" in the State: the known key comes first.",
			`{"state":{"a":1,"white":"x","black":76,` + walls + `,` + lastMove + `,"turn":1},"record":null}`},
		{"white-before-black", "Both squares malformed, black's first in the text: white is reported.",
			`{"state":{"black":"y","white":"x",` + walls + `,` + lastMove + `,"turn":1},"record":null}`},
		{"missing-before-unknown", "An unknown key and no \"record\": the missing key comes first.",
			`{"comment":1,"state":null}`},
		{"unknown-in-byte-order", "Unknown keys \"b\" and \"a\": \"a\" comes first in byte order.",
			`{"state":null,"record":null,"b":1,"a":2}`},
		{"unknown-upper-case-first", "Unknown keys \"a\" and \"B\": upper case comes first in byte order.",
			`{"state":null,"record":null,"a":1,"B":2}`},
		{"first-bad-item", "White's horizontal walls [1, \"a\", null]: the first bad item, [1].",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,"a",null],"v":[]},"black":{"h":[],"v":["x"]}},` + lastMove + `,"turn":1},"record":null}`},
		{"white-walls-before-black", "A bad item in black's vertical walls first in the text, one in white's after: white's come first.",
			`{"state":{"white":4,"black":76,"walls":{"black":{"h":[],"v":["x"]},"white":{"h":[],"v":[true]}},` + lastMove + `,"turn":1},"record":null}`},
		{"player-before-kind", "A last move of kind \"jump\" by player \"red\": the player comes first.",
			`{"state":{"white":4,"black":76,` + walls + `,"last_move":{"kind":"jump","player":"red"},"turn":1},"record":null}`},
		{"unknown-after-known", "A pawn last move with a place and a key \"a\": both unknown, \"a\" first in byte order.",
			`{"state":{"white":4,"black":76,` + walls + `,"last_move":{"player":"white","kind":"piece","place":1,"a":1},"turn":1},"record":null}`},
		{"kind-first", "A move with a bad direction and no kind: without the kind nothing else is known.",
			`{"state":null,"record":{"moves":[{"dir":"x"}]}}`},
		{"dir-before-unknown", "A pawn move with a bad direction and an unknown key: the direction comes first.",
			`{"state":null,"record":{"moves":[{"zz":1,"dir":"x","kind":"piece"}]}}`},
		{"orientation-before-place", "A wall move with a bad place and no orientation: the orientation comes first.",
			`{"state":null,"record":{"moves":[{"kind":"wall","place":"x"}]}}`},
		{"earlier-move-first", "The first move (record.moves[0]) with an unknown key, the second with a bad kind: the first comes first.",
			`{"state":null,"record":{"moves":[{"kind":"piece","dir":0,"x":1},{"kind":"jump"}]}}`},
	} {
		s.encode("malformed-order-"+m.id, m.comment, malformed, m.value, "Malformed", "MalformedOrder")
	}

	// A malformed value with an out-of-range one: the shape is checked first.
	s.encode("malformed-before-out-of-range", "White 200 and a player \"red\": malformed comes first.", malformed,
		strings.Replace(`{"state":{`+initialMembers+`,"last_move":{"player":"red","kind":"piece"},"turn":1},"record":null}`, `"white":4`, `"white":200`, 1),
		"Malformed", "Precedence")
}

// wallGroups names the four wall groups of a State, in layout order, each
// with a function that sets its anchors.
var wallGroups = []struct {
	name string
	set  func(*ref.State, []int)
}{
	{"white-h", func(st *ref.State, a []int) { st.Walls.White.H = a }},
	{"white-v", func(st *ref.State, a []int) { st.Walls.White.V = a }},
	{"black-h", func(st *ref.State, a []int) { st.Walls.Black.H = a }},
	{"black-v", func(st *ref.State, a []int) { st.Walls.Black.V = a }},
}

// addEncodeRaw adds values sent as their text is written (value_text):
// repeated keys at each level, escaped lone surrogates, and unknown keys
// whose field paths need escapes, each malformed at the field it names.
func addEncodeRaw(s *builder) {
	const state = `{"white":4,"black":76,` + `"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1}`
	for _, m := range []struct{ id, comment, text, field string }{
		{"repeated-key-top", "\"record\" twice at the top, with two values: keeping the last, a parser would encode 'QA'.",
			`{"state":null,"record":{"moves":[]},"record":null}`, "record"},
		{"repeated-key-top-same-value", "\"state\" twice at the top, both null: repeated keys are malformed even when they agree.",
			`{"state":null,"record":null,"state":null}`, "state"},
		{"repeated-key-state", "\"turn\" twice in the State.",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1,"turn":2},"record":null}`, "state.turn"},
		{"repeated-key-walls", "\"black\" twice in the walls.",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`, "state.walls.black"},
		{"repeated-key-group", "\"h\" twice in white's group of walls.",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[3],"v":[],"h":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`, "state.walls.white.h"},
		{"repeated-key-last-move", "\"player\" twice in the last move.",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece","player":"black"},"turn":1},"record":null}`, "state.last_move.player"},
		{"repeated-key-record", "\"moves\" twice in the record.",
			`{"state":null,"record":{"moves":[],"moves":[]}}`, "record.moves"},
		{"repeated-key-move", "\"dir\" twice in the second move.",
			`{"state":null,"record":{"moves":[{"kind":"piece","dir":0},{"kind":"piece","dir":1,"dir":2}]}}`, "record.moves[1].dir"},
	} {
		s.encodeText(m.id, m.comment, m.text, m.field, "RawValue", "RepeatedKey", "Malformed")
	}
	for _, m := range []struct{ id, comment, text, field string }{
		{"lone-surrogate-key", "An unknown key \"\\ud800\", an escaped lone surrogate: read as U+FFFD, which its path holds.",
			`{"state":null,"record":null,"\ud800":1}`, "[\"\uFFFD\"]"},
		{"lone-surrogate-low-key", "An unknown key \"x\\udc00\", a low surrogate alone: read as U+FFFD.",
			`{"state":null,"record":null,"x\udc00":1}`, "[\"x\uFFFD\"]"},
		{"lone-surrogate-player", "A player named \"\\ud800\": JSON, read as U+FFFD, which is no player.",
			`{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"\ud800","kind":"piece"},"turn":1},"record":null}`, "state.last_move.player"},
	} {
		s.encodeText(m.id, m.comment, m.text, m.field, "RawValue", "LoneSurrogate", "Malformed")
	}
	for _, m := range []struct{ id, comment, text, field string }{
		{"key-escape-control", "An unknown key U+001B: a control without a short escape, \\u001b in lowercase hex in its path.",
			`{"state":null,"record":null,"\u001b":1}`, `["\u001b"]`},
		{"key-escape-short", "An unknown key of U+0008, U+000C, U+000A, U+000D, U+0009: their short escapes in its path.",
			`{"state":null,"record":null,"\b\f\n\r\t":1}`, `["\b\f\n\r\t"]`},
		{"key-escape-nul", "An unknown key U+0000 in the State.",
			`{"state":` + state[:len(state)-1] + `,"\u0000":1},"record":null}`, `state["\u0000"]`},
		{"key-escape-quote-backslash", "An unknown key a\"b\\c: the quote and the backslash escaped in its path.",
			`{"state":null,"record":null,"a\"b\\c":1}`, `["a\"b\\c"]`},
		{"key-escape-dot", "An unknown key a.b: a dot, which would make another path, so it is bracketed.",
			`{"state":null,"record":null,"a.b":1}`, `["a.b"]`},
		{"key-non-ascii", "An unknown key é, written raw: raw in its path too, and the answer must be UTF-8.",
			`{"state":null,"record":null,"é":1}`, `["é"]`},
		{"key-non-ascii-escaped", "An unknown key \\u00e9 (é) written as an escape: the path has é raw, not its escape.",
			`{"state":null,"record":null,"\u00e9":1}`, `["é"]`},
		{"key-non-ascii-in-move", "An unknown key ü in a move: a field with non-ASCII below the top.",
			`{"state":null,"record":{"moves":[{"kind":"piece","dir":0,"ü":1}]}}`, `record.moves[0]["ü"]`},
		{"key-astral", "An unknown key U+1F600, escaped as a surrogate pair: one character, raw in its path.",
			`{"state":null,"record":null,"\ud83d\ude00":1}`, "[\"\U0001F600\"]"},
		{"key-line-separator", "An unknown key U+2028: not escaped in its path (JavaScript's writers may escape it in the answer, which is the same string).",
			`{"state":null,"record":null,"\u2028":1}`, "[\"\u2028\"]"},
		{"key-delete-html", "An unknown key of U+007F, <, & and >: none escaped in its path.",
			`{"state":null,"record":null,"\u007f<&>":1}`, "[\"\u007f<&>\"]"},
	} {
		s.encodeText(m.id, m.comment, m.text, m.field, "RawValue", "KeyEscape", "Malformed")
	}
	s.encodeTextOf("known-key-escaped", "The key \"state\" written \"st\\u0061te\": an escape spells the same key, so the value is whole.", valid,
		`{"st\u0061te":null,"record":null}`, "", "RawValue", "KeyEscape")
}
