package main

import (
	"strings"

	"github.com/qf-format/qf-conformance/internal/bitstring"
	"github.com/qf-format/qf-conformance/ref"
)

// Every decoding fault, and every fault seen in real decoders, in each
// combination of chunks a decoder may support: neither, a Record alone, a
// State alone, both. A decoder that handles only records sees, from the
// vectors of its own combination, every fault it has.

// A combination of chunks, with a value whose code has padding bits.
type combination struct {
	id    string // "record-only"
	words string // "a Record alone"
	value *ref.Value
}

func combinations() []combination {
	return []combination{
		{"neither-chunk", "flags 00 alone", &ref.Value{}},
		{"record-only", "a Record alone", &ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.PieceMove(4), ref.PieceMove(0), ref.PieceMove(4)}}}},
		{"state-only", "a State alone", &ref.Value{State: initial()}},
		{"state-and-record", "a State and a Record", &ref.Value{State: initial(), Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0)}}}},
	}
}

// hasState reports whether the combination holds a State.
func (c combination) hasState() bool { return c.value.State != nil }

// withPaddingBit returns code with its last padding bit set.
func withPaddingBit(code string) string {
	bits := bitstring.Bits(code)
	return bitstring.Code(bits[:len(bits)-1] + "1")
}

// zeroFillDecodes reports whether a decoder that reads missing bits as
// zeros would accept code, a truncated one: whether code followed by some
// zero characters decodes.
func zeroFillDecodes(code string) bool {
	for k := 1; k <= 3; k++ {
		if _, err := ref.Decode(code + strings.Repeat("A", k)); err == nil {
			return true
		}
	}
	return false
}

// addChunksStrict adds the strict decoding faults in each combination.
func addChunksStrict(s *builder) {
	for _, c := range combinations() {
		code := mustEncode(c.value)
		mid := len(code) / 2
		s.decode("equals-after-"+c.id, "'=' after "+c.words+" ("+code+"): invalid_character.", string(ref.ErrInvalidCharacter), code+"=",
			"EqualsSign", "FaultPadding")
		s.decode("space-inside-"+c.id, "A space inside "+c.words+" ("+code+"): invalid_character; read as 'A' it would shift the fields.", string(ref.ErrInvalidCharacter),
			code[:mid]+" "+code[mid:], "Whitespace", "FaultJunkAsZeros")
		if c.id != "neither-chunk" { // strict/trailing-after-neither-chunk and strict/padding-neither-chunk are there
			s.decode("trailing-after-"+c.id, "An 'A' after "+c.words+" ("+code+"): trailing_data.", string(ref.ErrTrailingData), code+"A",
				"TrailingData", "FaultIgnoresTrailing")
			s.decode("padding-"+c.id, "A 1 in the last padding bit of "+c.words+": nonzero_padding.", string(ref.ErrNonzeroPadding), withPaddingBit(code),
				"NonzeroPadding")
		}
		if c.id != "neither-chunk" {
			short := code[:len(code)-1]
			flags := []string{"Truncated", "FaultCrashOnShortInput"}
			if zeroFillDecodes(short) {
				flags = append(flags, "FaultZeroFill")
			}
			s.decode("truncated-"+c.id, c.words+" without its last character ("+short+"): truncated.", string(ref.ErrTruncated), short, flags...)
		}
		if c.hasState() {
			v := *c.value
			st := *v.State
			st.White = 81
			s.decode("out-of-range-"+c.id, "White on square 81 in "+c.words+": out_of_range.", string(ref.ErrOutOfRange), rawCode(&v, &st),
				"SquareRange")
		}
	}
	// Padding bits of more records, the first of them or the last.
	for _, r := range []struct {
		id, comment string
		moves       []ref.Move
		bit         int // the padding bit set, from the first
	}{
		{"padding-record-one-pawn-move", "One pawn move: 16 bits, the first of 2 padding bits set.", []ref.Move{ref.PieceMove(3)}, 0},
		{"padding-record-one-wall-move", "One wall move: 20 bits, the last of 4 padding bits set.", []ref.Move{ref.WallMove(ref.Vertical, 33)}, 3},
		{"padding-record-first-bit", "QEBAQ (28 bits) with the first of its 2 padding bits set.", []ref.Move{ref.PieceMove(0), ref.PieceMove(4), ref.PieceMove(0), ref.PieceMove(4)}, 0},
	} {
		v := &ref.Value{Record: &ref.Record{Moves: r.moves}}
		bits := bitstring.Bits(mustEncode(v))
		at := v.BitLen() + r.bit
		s.decode(r.id, r.comment+" nonzero_padding.", string(ref.ErrNonzeroPadding), bitstring.Code(bits[:at]+"1"+bits[at+1:]), "NonzeroPadding")
	}

	// The faults of real decoders about the State, with a Record after it.
	record := &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.WallMove(ref.Vertical, 9)}}
	s.decodeValue("walls-descending-duplicates-with-record", "White's horizontal walls 63, 0, 63, then a Record: kept in this order.",
		&ref.Value{State: &ref.State{White: 4, Black: 76, Walls: ref.Walls{White: ref.PlayerWalls{H: []int{63, 0, 63}}}, Turn: 4}, Record: record},
		"WallOrder", "FaultWallsReordered")
	s.decodeValue("last-move-wall-missing-with-record", "A wall last move at anchor 40, where no wall stands, then a Record: valid.",
		&ref.Value{State: &ref.State{White: 4, Black: 76, LastMove: ref.LastMove{Kind: ref.Wall, Place: 40}, Turn: 2}, Record: record},
		"LastMoveNoWall", "FaultLastMoveWallError")
	s.decodeValue("pawn-last-move-with-record", "A pawn last move, the turn 1023 right after it, then a Record.",
		&ref.Value{State: &ref.State{White: 13, Black: 67, Turn: 1023}, Record: record},
		"PawnLastMove", "FaultPlaceAfterPawn")
}

// rawCode returns the code of v with its State replaced by st, written
// bit by bit: st may hold values the encoder refuses.
func rawCode(v *ref.Value, st *ref.State) string {
	bits := "1" + flagBits(v.Record != nil) + f(st.White, 7) + f(st.Black, 7) + noWalls + "0" + "0" + f(st.Turn, 10)
	if v.Record != nil {
		alone := &ref.Value{Record: v.Record}
		bits += bitstring.Bits(mustEncode(alone))[2:alone.BitLen()] // without its flags
	}
	return code(bits)
}

func flagBits(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// addChunksLenient adds the lenient decoding cases in each combination.
func addChunksLenient(s *builder) {
	for _, c := range combinations() {
		code := mustEncode(c.value)
		s.decode("trailing-after-"+c.id, "'AAAA' after "+c.words+" ("+code+"): ignored.", "valid", code+"AAAA", "TrailingData")
		s.decode("padding-"+c.id, "A 1 in the last padding bit of "+c.words+": ignored.", "valid", withPaddingBit(code), "NonzeroPadding")
		s.decode("junk-inside-"+c.id, "A space and '=' inside and after "+c.words+": deleted.", "valid",
			code[:len(code)/2]+" "+code[len(code)/2:]+"=", "DeletionNotHoles", "Whitespace", "EqualsSign", "FaultPadding")
		if c.id != "neither-chunk" {
			short := code[:len(code)-1]
			s.decode("truncated-"+c.id, c.words+" without its last character, and a newline: truncated.", string(ref.ErrTruncated), short+"\n",
				"Truncated", "FaultCrashOnShortInput")
		}
		if c.hasState() {
			v := *c.value
			st := *v.State
			st.Black = 81
			s.decode("out-of-range-"+c.id, "Black on square 81 in "+c.words+", after a space: out_of_range at bit 9.", string(ref.ErrOutOfRange), " "+rawCode(&v, &st),
				"SquareRange")
		}
	}
}

// addChunksEncode adds the encoding faults of each chunk, with and without
// the other chunk.
func addChunksEncode(s *builder) {
	outOfRange, malformed := string(ref.ErrOutOfRange), string(ref.ErrMalformed)
	withRecord := func(st *ref.State) *ref.Value {
		return &ref.Value{State: st, Record: &ref.Record{Moves: []ref.Move{ref.PieceMove(0), ref.WallMove(ref.Horizontal, 9)}}}
	}
	withState := func(moves ...ref.Move) *ref.Value {
		return &ref.Value{State: initial(), Record: &ref.Record{Moves: moves}}
	}
	st := initial()
	st.White = 81
	s.encodeValue("white-81-with-record", "White on square 81, a Record after the State.", outOfRange, withRecord(st), "SquareRange", "EncoderOverflow")
	st = initial()
	st.Turn = 1024
	s.encodeValue("turn-1024-with-record", "Turn 1024, a Record after the State: masked it would be 0.", outOfRange, withRecord(st), "EncoderOverflow", "FaultMask")
	st = initial()
	st.Walls.White.H = seq(11, 0, 5)
	s.encodeValue("walls-11-with-record", "11 white horizontal walls, a Record after the State.", outOfRange, withRecord(st), "WallCountRange")
	s.encodeValue("direction-8-with-state", "A pawn move in direction 8 after a State.", outOfRange, withState(ref.PieceMove(0), ref.PieceMove(8)), "EncoderOverflow")
	s.encodeValue("move-place-64-with-state", "A wall move at anchor 64 after a State.", outOfRange, withState(ref.WallMove(ref.Horizontal, 64)),
		"EncoderOverflow", "FaultAnchorDropped")
	s.encodeValue("moves-1024-with-state", "1024 moves after a State: masked, the count would be 0.", outOfRange, withState(make([]ref.Move, 1024)...),
		"MoveCountLimit", "FaultMask")
	s.encodeValue("empty-record-with-state", "The initial State and an empty Record: 54 bits, exactly 9 characters.", "valid", withState(),
		"EmptyRecord", "ExactLength", "FaultEmptyRecord", "FaultExtraCharacter")
	st = &ref.State{White: 31, Black: 49, LastMove: ref.LastMove{Player: ref.Black}, Turn: 10}
	s.encodeValue("last-move-black-turn-10-with-record", "Black moved last at turn 10, a Record after: the player is written as given.", "valid", withRecord(st),
		"LastMovePlayer", "FaultPlayerFromParity")
	st = &ref.State{White: 4, Black: 76, Walls: ref.Walls{Black: ref.PlayerWalls{V: []int{40, 3, 40}}}, Turn: 4}
	s.encodeValue("walls-descending-duplicates-with-record", "Black's vertical walls 40, 3, 40, a Record after: written as given.", "valid", withRecord(st),
		"WallOrder", "FaultWallsReordered")

	// Anchors of 64 and more in each group.
	for _, g := range wallGroups {
		st := initial()
		g.set(st, []int{7, 64, 9})
		s.encodeValue("anchor-64-"+g.name, "The anchors 7, 64, 9 in the "+g.name+" group: dropped, 64 would leave 7, 9.", outOfRange, &ref.Value{State: st},
			"EncoderOverflow", "FaultAnchorDropped")
	}
	moves := func(n int) *ref.Value { return &ref.Value{Record: &ref.Record{Moves: make([]ref.Move, n)}} }
	s.encodeValue("moves-1025", "1025 moves: masked, the count would be 1.", outOfRange, moves(1025), "MoveCountLimit", "FaultMask")
	s.encodeValue("moves-2047", "2047 moves: masked, the count would be 1023.", outOfRange, moves(2047), "MoveCountLimit", "FaultMask")

	// Malformed State and Record members beside the other chunk.
	const state = `{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1}`
	s.encode("malformed-state-with-record", "A square as a string, a Record after the State.", malformed,
		`{"state":`+strings.Replace(state, `"white":4`, `"white":"4"`, 1)+`,"record":{"moves":[]}}`, "Malformed")
	s.encode("malformed-record-with-state", "A move of kind \"jump\" after a State.", malformed,
		`{"state":`+state+`,"record":{"moves":[{"kind":"jump","dir":0}]}}`, "Malformed")
}
