package suite

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/spec"
)

// answerText returns the answer of a report's JSON: an error object, or
// a result.
func answerText(text string) answer {
	var e spec.ErrorObject
	if json.Unmarshal([]byte(text), &e) == nil && e.Kind != "" {
		return answerOf(&e, json.RawMessage(text))
	}
	return answerOf(nil, json.RawMessage(text))
}

func TestDifference(t *testing.T) {
	for _, c := range []struct{ want, got, says string }{
		{`{"kind":"truncated","bit":34,"field":"state.turn"}`, `{"state":null,"record":null}`, "want truncated at bit 34 (state.turn), got a value"},
		{`{"kind":"invalid_character","char":4}`, `{"kind":"trailing_data","char":8}`, "want invalid_character at char 4, got trailing_data at char 8"},
		{`{"kind":"truncated","bit":0,"field":"flags.state"}`, `{"kind":"truncated"}`, "want truncated at bit 0 (flags.state), got truncated with no offset"},
		{`{"kind":"truncated","bit":0,"field":"flags.state"}`, `{"kind":"Invalid Code"}`, `want truncated at bit 0 (flags.state), got "Invalid Code" with no offset`},
		{`{"state":null,"record":null}`, `{"kind":"truncated","bit":0,"field":"flags.state"}`, "want a value, got truncated at bit 0 (flags.state)"},
		{`{"state":{"walls":{"white":{"h":[63,0],"v":[]}}}}`, `{"state":{"walls":{"white":{"h":[0,63],"v":[]}}}}`, "at state.walls.white.h[0]: want 63, got 0"},
		{`{"squares":[[13,76],[13,67]],"violation":null}`, `{"squares":[[13,76]],"violation":{"move":1,"kind":"off_board"}}`, `at squares[1]: want [13,67], got nothing (the list ends); the violation: want null, got {"kind":"off_board","move":1}`},
		{`{"squares":[[13,76],[13,67]],"violation":null}`, `{"squares":[[13,76],[13,68]],"violation":null}`, `at squares[1][1]: want 67, got 68`},
		{`"QBc"`, `"QBcA"`, `at char 3, bit 18 (the end of the shorter code): want the code "QBc", got "QBcA"`},
		{`"QBc"`, `"QBd"`, `at char 2, bit 17 (the padding): want the code "QBc", got "QBd"`},
		{`"j7oklAHMe1ICg"`, `"j7oklAHMe1ICh"`, `at char 12, bit 77 (the padding): want the code "j7oklAHMe1ICg", got "j7oklAHMe1ICh"`},
		{`"j7oklAHMe1ICg"`, `"j7oklAHMf1ICg"`, `at char 8, bit 53 (state.walls.black.v[0]): want the code "j7oklAHMe1ICg", got "j7oklAHMf1ICg"`},
		{`"QBc"`, `"Q=c"`, `at char 1, bit 6 (record.moves.count): want the code "QBc", got "Q=c"`},
		// Fields that print alike once escaped for a terminal, said by code point.
		{"{\"kind\":\"malformed\",\"field\":\"[\\\"\u2028\\\"]\"}", `{"kind":"malformed","field":"[\"\\u2028\"]"}`, "want malformed ([\"\u2028\"]), got malformed ([\"\\u2028\"]): the fields differ, want U+005B U+0022 U+2028 U+0022 U+005D, got U+005B U+0022 U+005C U+0075 U+0032 U+0030 U+0032 U+0038 U+0022 U+005D"},
		{`{"kind":"out_of_range","field":"state.white"}`, `"cgAA"`, `want out_of_range (state.white), got the code "cgAA"`},
		{`["no_path"]`, `[]`, `at [0]: want "no_path", got nothing (the list ends)`},
		// A replay whose squares are an object with a "kind" is still a replay.
		{`{"squares":[],"violation":{"move":0,"kind":"off_board"}}`, `{"squares":[],"violation":{"move":0,"kind":"jump_blocked"}}`, `at violation.kind: want "off_board", got "jump_blocked"`},
	} {
		if got := differenceOf(answerText(c.want), answerText(c.got)).String(); got != c.says {
			t.Errorf("want %s, got %s:\n got %q\nwant %q", c.want, c.got, got, c.says)
		}
	}
}

// The place of a difference is the first field that differs, as the
// layout names it: a list that ends differs at its count, a chunk at its
// flag, a code at the field of its first differing bit, an error before
// the spec's at the implementation's.
func TestDifferencePlace(t *testing.T) {
	for _, c := range []struct {
		want, got, field string
		char, bit        int
	}{
		{`{"state":{"walls":{"white":{"h":[63,0],"v":[]}}}}`, `{"state":{"walls":{"white":{"h":[63],"v":[]}}}}`, "state.walls.white.h.count", -1, -1},
		{`{"state":{"walls":{"white":{"h":[63,0],"v":[]}}}}`, `{"state":{"walls":{"white":{"h":[63,1],"v":[]}}}}`, "state.walls.white.h[]", -1, -1},
		{`{"state":null,"record":null}`, `{"state":null,"record":{"moves":[]}}`, "flags.record", -1, -1},
		{`"j7oklAHMe1ICg"`, `"j7oklAHMf1ICg"`, "state.walls.black.v[]", 8, 53},
		{`{"kind":"truncated","bit":34,"field":"state.turn"}`, `{"kind":"out_of_range","bit":9,"field":"state.black"}`, "state.black", 1, 9},
		{`{"kind":"truncated","bit":34,"field":"state.turn"}`, `{"state":null,"record":null}`, "state.turn", 5, 34},
	} {
		p := differenceOf(answerText(c.want), answerText(c.got)).Place
		if p.Field != c.field || p.Char != c.char || p.Bit != c.bit {
			t.Errorf("want %s, got %s: place %+v, want field %s, char %d, bit %d", c.want, c.got, p, c.field, c.char, c.bit)
		}
	}
}

// An encoder's errors are in the order it writes their fields: the
// layout's, a list's items in turn, a move's fields before the next
// move's.
func TestFieldOrder(t *testing.T) {
	paths := []string{"flags.state", "state.white", "state.walls.white.h.count", "state.walls.white.h[2]", "state.walls.white.h[10]",
		"state.walls.black.v[0]", "state.turn", "record.moves.count", "record.moves[3].dir", "record.moves[3].place", "record.moves[5].kind"}
	for i := 1; i < len(paths); i++ {
		a, aok := fieldOrder(paths[i-1])
		b, bok := fieldOrder(paths[i])
		if !aok || !bok || a >= b {
			t.Errorf("%s (%d, %v) not before %s (%d, %v)", paths[i-1], a, aok, paths[i], b, bok)
		}
	}
	if _, ok := fieldOrder(`state["x"]`); ok {
		t.Errorf("an unknown key has an order")
	}
}
