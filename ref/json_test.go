package ref_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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
		{"1e400", 0, false},
		{"80e-1", 8, true},
		{"1.5e1", 15, true},
		{"0.0", 0, true},
		{"-0.0e5", 0, true},
		{"0.000000000000000000000000000000", 0, true},
		{"9223372036854775807", 0, false},
		{"-9223372036854775808", 0, false},
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

// A number is an integer when its exact decimal value is one, however
// close a float would come: these are malformed, not rounded.
func TestUnmarshalNotIntegers(t *testing.T) {
	for _, num := range []string{"4.5", "3.99999999999999999999", "1e-400", "15e-1", "80.000000000000000000001", "-0.5", "1E-1"} {
		doc := `{"state":{"white":` + num + `,"black":76,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":1},"record":null}`
		var v ref.Value
		checkError(t, errorCase{"white " + num, "", ref.ErrMalformed, ref.NoOffset, 0, "state.white"}, v.UnmarshalJSON([]byte(doc)))
	}
}

// Of several faults, the first in the order of spec/qf.md "Errors" is
// reported: depth first in canonical order, whatever the order of the
// text; a missing, repeated or malformed member before the members after
// it; unknown keys after the known ones, the first in byte order.
func TestUnmarshalFaultOrder(t *testing.T) {
	const walls = `"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}}`
	const lastMove = `"last_move":{"player":"white","kind":"piece"}`
	for _, c := range []struct{ json, field, why string }{
		{`{"record":{"moves":[{"kind":"jump"}]},"state":{"white":"x"}}`, "state.white", "state before record, whatever the text's order"},
		{`{"state":{"white":4,"walls":7,"turn":"x"},"record":null}`, "state.black", "a missing member before the malformed ones after it"},
		{`{"state":{"turn":1,"black":"x","white":"y",` + walls + `,` + lastMove + `},"record":null}`, "state.white", "white before black"},
		{`{"zzz":1,"state":null}`, "record", "a missing member before an unknown key"},
		{`{"state":null,"record":null,"b":1,"a":2}`, "a", "unknown keys in byte order"},
		{`{"state":null,"record":null,"B":1,"a":2}`, "B", "byte order: upper case first"},
		{`{"state":null,"state":null,"record":null}`, "state", "a repeated key"},
		{`{"state":null,"record":null,"record":{"moves":[]},"a":1}`, "record", "a repeated key before an unknown one"},
		{`{"state":{"white":"x","black":76,` + walls + `,` + lastMove + `,"turn":1},"record":null,"record":null}`, "state.white", "a fault in state before record repeated"},
		{`{"state":{"white":4,"black":76,"walls":{"white":{"h":[1,"a",null],"v":[]},"black":{"h":[],"v":[]}},` + lastMove + `,"turn":1},"record":null}`, "state.walls.white.h[1]", "the first bad item of a list"},
		{`{"state":{"white":4,"black":76,"walls":{"black":{"h":[],"v":["x"]},"white":{"h":[],"v":[]}},` + lastMove + `,"turn":1},"record":null}`, "state.walls.black.v[0]", "white's walls first, found fine"},
		{`{"state":null,"record":{"moves":[{"dir":"x","kind":"piece","zz":1}]}}`, "record.moves[0].dir", "dir before an unknown key"},
		{`{"state":null,"record":{"moves":[{"place":9,"kind":"wall"}]}}`, "record.moves[0].orientation", "orientation before place"},
		{`{"state":null,"record":{"moves":[{"dir":9}]}}`, "record.moves[0].kind", "kind first: without it nothing else is known"},
		{`{"state":null,"record":{"moves":[{"kind":"piece","dir":1},{"kind":"piece","dir":1,"dir":2}]}}`, "record.moves[1].dir", "a repeated key in a move"},
		{`{"state":{"white":4,"black":76,` + walls + `,"last_move":{"kind":"wall","player":"red"},"turn":1},"record":null}`, "state.last_move.player", "player before kind and place"},
		{`{"state":{"white":4,"black":76,` + walls + `,"last_move":{"player":"white","kind":"piece","place":1,"a":1},"turn":1},"record":null}`, "state.last_move.a", "unknown keys in byte order, place unknown on a pawn move"},
		{`{"state":null,"record":null,"a.b":1}`, `["a.b"]`, "a key with a dot, in brackets: not a.b"},
		{`{"state":null,"record":{"moves":[],"":1}}`, `record[""]`, "the empty key"},
		{`{"state":null,"record":{"moves":[],"x\u001b":1}}`, `record["x\u001b"]`, "a control character, escaped"},
	} {
		var v ref.Value
		err := v.UnmarshalJSON([]byte(c.json))
		var e *ref.Error
		if !errors.As(err, &e) || e.Kind != ref.ErrMalformed || e.Field != c.field {
			t.Errorf("%s: %s\n got %v\nwant malformed at %s", c.why, c.json, err, c.field)
		}
	}
}

// Text that is not one JSON value, or not UTF-8, is malformed with no
// path: there is no value to speak of. A name (a player, a kind, an
// orientation) that ends with the text, or holds a bad escape, is so too
// (it panicked, found by FuzzEncodeAsRef).
func TestUnmarshalNotJSON(t *testing.T) {
	for _, doc := range []string{
		``, `{`, `{"state":null,"record":null} x`, `{"state":null,"record":null}{}`,
		"{\"state\":null,\"record\":null,\"\xff\":1}", `{"state":nul,"record":null}`, `{'state':null}`,
		`{"state":{"last_move":{"player":"`, `{"state":{"last_move":{"kind":"\u12"}}}`, `{"record":{"moves":[{"kind":"`,
		`{"record":{"moves":[{"kind":"wall","orientation":"\x"}]},"state":null}`,
	} {
		var v ref.Value
		err := v.UnmarshalJSON([]byte(doc))
		var e *ref.Error
		if !errors.As(err, &e) || e.Kind != ref.ErrMalformed || e.Field != "" || !strings.Contains(e.Error(), "not JSON") {
			t.Errorf("%q: got %v, want malformed: not JSON", doc, err)
		}
	}
}

// A number beyond the integers a field is read into is out of range, and
// said to be so, not to be the largest or smallest integer it was read
// as: beyond 64-bit integers for a square, beyond 16-bit ones for a
// move's direction (Move).
func TestHugeNumberMessage(t *testing.T) {
	for _, c := range []struct{ value, want, not string }{
		{`{"state":{"white":%s,"black":0,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"white","kind":"piece"},"turn":0},"record":null}`,
			"a number beyond 64-bit integers", "922337"},
		{`{"state":null,"record":{"moves":[{"kind":"piece","dir":%s}]}}`, "a number beyond 16-bit integers", "3276"},
	} {
		for _, n := range []string{"1e400", "-1e400", "99999999999999999999", "-40000", "1e9"} {
			if c.not == "922337" && (n == "-40000" || n == "1e9") {
				continue // 64-bit integers, said as they are
			}
			var v ref.Value
			if err := v.UnmarshalJSON([]byte(fmt.Sprintf(c.value, n))); err != nil {
				t.Fatal(err)
			}
			_, err := ref.Encode(&v)
			var e *ref.Error
			if !errors.As(err, &e) || e.Kind != ref.ErrOutOfRange || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.not) {
				t.Errorf("%s: %v", n, err)
			}
		}
	}
}

// An escaped lone surrogate is JSON and reads as U+FFFD (spec/qf.md
// section "Canonical JSON"): in a key it is an unknown key, named so; in a
// player's name, a name that is not one.
func TestUnmarshalLoneSurrogate(t *testing.T) {
	for _, c := range []struct{ json, field string }{
		{`{"state":null,"record":null,"\ud800":1}`, "[\"\uFFFD\"]"},
		{`{"state":null,"record":null,"\udc00x":1}`, "[\"\uFFFDx\"]"},
		{`{"state":{"white":0,"black":0,"walls":{"white":{"h":[],"v":[]},"black":{"h":[],"v":[]}},"last_move":{"player":"\ud800","kind":"piece"},"turn":0},"record":null}`, "state.last_move.player"},
	} {
		var v ref.Value
		err := v.UnmarshalJSON([]byte(c.json))
		var e *ref.Error
		if !errors.As(err, &e) || e.Kind != ref.ErrMalformed || e.Field != c.field {
			t.Errorf("%s: got %v, want malformed at %s", c.json, err, c.field)
		}
	}
}
