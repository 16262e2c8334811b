package main

import (
	"strings"

	"github.com/qf-format/qf-conformance/ref"
)

// The shapes of the catalogue's faults (faults): each caught by
// three vectors or more that carry its family's flag, one thing each.

// wallOrders are State values whose walls a decoder or encoder that
// reorders them changes: duplicates in order, distinct anchors out of
// order, and one anchor in both of a player's groups.
var wallOrders = []struct {
	id, comment string
	h, v        []int
}{
	{"walls-duplicates-in-order", "White's horizontal walls 5, 5, 9: in order, a duplicate kept.", []int{5, 5, 9}, nil},
	{"walls-unsorted-distinct", "White's horizontal walls 40, 20: distinct, out of order, kept so.", []int{40, 20}, nil},
	{"walls-same-anchor-both-groups", "White's walls 18 horizontal and 18 vertical: one anchor in both groups, both kept.", []int{18}, []int{18}},
}

func wallOrderState(h, v []int) *ref.State {
	return initialWith(func(st *ref.State) { st.Walls.White.H, st.Walls.White.V = h, v })
}

// plusAndSlash is a value whose code holds '+' and '/'.
var plusAndSlash = &ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.WallMove(ref.Vertical, 62), ref.WallMove(ref.Vertical, 63), ref.WallMove(ref.Horizontal, 63)}}}

// addStrictVariants adds strict decoding vectors for the shapes of the
// faults that the others leave to fewer than three.
func addStrictVariants(s *builder) {
	for _, w := range wallOrders {
		s.decodeValue(w.id, w.comment, &ref.Value{State: wallOrderState(w.h, w.v)}, "WallOrder", "FaultWallsReordered")
	}
	s.decodeValue("last-move-white-turn-5", "White moved last, at turn 5 (the turn's parity would say black): kept.",
		&ref.Value{State: initialWith(func(st *ref.State) { st.White, st.Black, st.Turn = 13, 67, 5 })}, "LastMovePlayer", "FaultPlayerFromParity")
	s.decodeValue("record-walks-off-east", "White walks from e1 to i1, then east: off the board, but the code decodes.",
		game(nil, strings.Fields("E S E N E S E N E")...), "RulesNotChecked", "FaultRulesApplied")
	s.decodeValue("record-walks-off-west", "Black walks from e9 to a9, then west: off the board, but the code decodes.",
		game(nil, strings.Fields("N W S W N W S W N W")...), "RulesNotChecked", "FaultRulesApplied")
	s.decodeValue("record-diagonal-alone", "White's first move is north-east, with no opponent beside it: illegal, but the code decodes.",
		game(nil, "NE"), "RulesNotChecked", "FaultRulesApplied")
	s.decodeValue("record-diagonal-onto-black", "White's north-east onto black, no jump: illegal, but the code decodes.",
		game(nil, strings.Fields("N S N S N S a1h E a8h S NE")...), "RulesNotChecked", "FaultRulesApplied")
	if c := mustEncode(plusAndSlash); !strings.Contains(c, "+") || !strings.Contains(c, "/") {
		s.failf("plus-and-slash: %s", c)
	}
	s.decodeValue("plus-and-slash", "Wall moves at anchors 62 and 63: a code with '+' and '/'.", plusAndSlash, "FaultBase64Library")
}

// addLenientVariants adds lenient decoding vectors for the shapes of the
// faults that the others leave to fewer than three.
func addLenientVariants(s *builder) {
	s.decode("empty-record", "A Record of 0 moves, QA.", valid, "QA", "EmptyRecord", "FaultEmptyRecord")
	s.decodeValue("last-move-black-turn-10", "Black moved last, at turn 10 (the turn's parity would say white): kept.",
		&ref.Value{State: initialWith(func(st *ref.State) { st.White, st.Black, st.Turn, st.LastMove.Player = 31, 49, 10, ref.Black })},
		"LastMovePlayer", "FaultPlayerFromParity")
	s.decodeValue("record-i1-east", "White on i1 moves east: off the board, but the code decodes.",
		game(pos("i1", "e9", black, 2), "E"), "RulesNotChecked", "FaultRulesApplied")
	s.decodeValue("record-diagonal-alone", "White's first move is north-east, with no opponent beside it: illegal, but the code decodes.",
		game(nil, "NE"), "RulesNotChecked", "FaultRulesApplied")
	s.decode("length-5-and-a-space", "QEB AQ: five characters of the alphabet, a length standard Base64 refuses, and a space deleted.",
		valid, "QEB AQ", "Base64Length", "FaultBase64Library")
}

// addEncodeVariants adds encoding vectors for the shapes of the faults
// that the others leave to fewer than three.
func addEncodeVariants(s *builder) {
	for _, w := range wallOrders {
		flags := []string{"WallOrder", "FaultWallsReordered"}
		if w.v != nil {
			flags = flags[:1] // no encoder of the catalogue merges a player's groups
		}
		s.encodeValue(w.id, strings.Replace(w.comment, "kept", "written", 1), valid, &ref.Value{State: wallOrderState(w.h, w.v)}, flags...)
	}
	s.encodeValue("empty-record-after-walls", "A State with two walls, then an empty record.", valid,
		&ref.Value{State: wallOrderState([]int{0, 18}, nil), Record: &ref.Record{}}, "EmptyRecord", "FaultEmptyRecord")
	s.encodeValue("three-wall-moves", "Three wall moves: 36 bits, 6 characters; in whole bytes, 40 bits and 7.", valid,
		&ref.Value{Record: &ref.Record{Moves: []ref.Move{ref.WallMove(ref.Horizontal, 0), ref.WallMove(ref.Vertical, 9), ref.WallMove(ref.Horizontal, 45)}}},
		"FaultBase64Library")
	s.encodeValue("plus-and-slash", "Wall moves at anchors 62 and 63: a code with '+' and '/'.", valid, plusAndSlash, "FaultBase64Library")
}
