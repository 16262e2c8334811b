package ref_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/qf-format/qf-conformance/ref"
)

func TestMarshalJSON(t *testing.T) {
	cases := []struct {
		code string
		want string
	}{
		{"A", `{"state":null,"record":null}`},
		{"QA", `{"state":null,"record":{"moves":[]}}`},
		{"gkwAAAAQ", `{"state":{"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`},
		{"j7oklAHMe1ICg", `{"state":{"white":31,"black":58,"walls":{"white":{"h":[18,20],"v":[]},"black":{"h":[51],"v":[59]}},"last_move":{"player":"white","kind":"wall","place":18},"turn":10},"record":null}`},
		{"QEBAQ", `{"state":null,"record":{"moves":[{"kind":"piece","dir":0},{"kind":"piece","dir":4},{"kind":"piece","dir":0},{"kind":"piece","dir":4}]}}`},
		{toCode(bits("01", b(1, 10), "1", "1", b(9, 6))), `{"state":null,"record":{"moves":[{"kind":"wall","orientation":"v","place":9}]}}`},
	}
	for _, c := range cases {
		v, err := ref.Decode(c.code)
		if err != nil {
			t.Fatalf("Decode(%q): %v", c.code, err)
		}
		got, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("Marshal(Decode(%q)) =\n%s\nwant\n%s", c.code, got, c.want)
		}
		var back ref.Value
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", got, err)
		}
		if diff := cmp.Diff(v, &back); diff != "" {
			t.Errorf("Unmarshal(Marshal(%q)) (-want +got):\n%s", c.code, diff)
		}
	}
	// A value that cannot be named does not marshal.
	if _, err := json.Marshal(&ref.Value{Record: &ref.Record{Moves: []ref.Move{{Kind: 5}}}}); err == nil {
		t.Error("Marshal of move kind 5 succeeded")
	}
}

func TestUnmarshalJSON(t *testing.T) {
	const empty = `"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}}`
	state := func(members string) string {
		return `{"state":{` + members + `},"record":null}`
	}
	malformed := []struct {
		json  string
		field string
	}{
		{`[]`, ""},
		{`null`, ""},
		{`"A"`, ""},
		{`{}`, "state"},
		{`{"state":null}`, "record"},
		{`{"record":null,"state":null,"extra":1}`, "extra"},
		{`{"state":[],"record":null}`, "state"},
		{state(`"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.white"},
		{state(`"white":"4","black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.white"},
		{state(`"white":4.5,"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.white"},
		{state(`"white":null,"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.white"},
		{state(`"white":4,"black":76,"walls":{"white":{"h":null,"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.walls.white.h"},
		{state(`"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[1,"2"],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.walls.black.h[1]"},
		{state(`"white":4,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.walls.black.v"},
		{state(`"white":4,"black":76,"walls":{"white":{"h":[],"v":[],"d":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1`), "state.walls.white.d"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":"red","kind":"piece"},"turn":1`), "state.last_move.player"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":0,"kind":"piece"},"turn":1`), "state.last_move.player"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":"white","kind":"pawn"},"turn":1`), "state.last_move.kind"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece","place":3},"turn":1`), "state.last_move.place"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":"white","kind":"wall"},"turn":1`), "state.last_move.place"},
		{state(`"white":4,"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"}`), "state.turn"},
		{`{"state":null,"record":{}}`, "record.moves"},
		{`{"state":null,"record":{"moves":null}}`, "record.moves"},
		{`{"state":null,"record":{"moves":[{"kind":"piece","dir":1},{"kind":"jump","dir":1}]}}`, "record.moves[1].kind"},
		{`{"state":null,"record":{"moves":[{"kind":"piece","dir":1,"place":4}]}}`, "record.moves[0].place"},
		{`{"state":null,"record":{"moves":[{"kind":"piece"}]}}`, "record.moves[0].dir"},
		{`{"state":null,"record":{"moves":[{"kind":"wall","orientation":"x","place":4}]}}`, "record.moves[0].orientation"},
		{`{"state":null,"record":{"moves":[{"kind":"wall","orientation":"h","dir":4,"place":4}]}}`, "record.moves[0].dir"},
	}
	for _, c := range malformed {
		var v ref.Value
		err := v.UnmarshalJSON([]byte(c.json))
		checkError(t, errorCase{c.json, "", ref.ErrMalformed, ref.NoOffset, 0, c.field}, err)
	}

	// Integers of any size and spelling are read, so that Encode can
	// refuse them as out of range.
	for _, c := range []struct {
		num  string
		want int
		ok   bool
	}{
		{"80", 80, true},
		{"1e1", 10, true},
		{"8.0", 8, true},
		{"-0", 0, true},
		{"81", 81, false},
		{"-1", -1, false},
		{"1e3", 1000, false},
		{"99999999999999999999999", 0, false},
		{"-1e400", 0, false},
	} {
		var v ref.Value
		doc := state(`"white":` + c.num + `,"black":76,` + empty + `,"last_move":{"player":"white","kind":"piece"},"turn":1`)
		if err := json.Unmarshal([]byte(doc), &v); err != nil {
			t.Errorf("white %s: %v", c.num, err)
			continue
		}
		if c.want != 0 && v.State.White != c.want {
			t.Errorf("white %s read as %d", c.num, v.State.White)
		}
		_, err := ref.Encode(&v)
		if c.ok && err != nil {
			t.Errorf("white %s: %v", c.num, err)
		}
		if !c.ok {
			checkError(t, errorCase{"white " + c.num, "", ref.ErrOutOfRange, ref.NoOffset, 0, "state.white"}, err)
		}
	}
}
