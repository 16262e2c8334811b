package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
)

// The trees EncodeValue breaks are read and written as encoding/json
// reads (with UseNumber) and writes them, byte for byte: the trees of
// boundary values, and the same trees broken once, twice and three times,
// for 3,000 seeds, a repeated key written as the key again.
func TestTreeAsEncodingJSON(t *testing.T) {
	for seed := uint64(1); seed <= 3000; seed++ {
		r := NewRand(seed)
		text, err := r.BoundaryValue().AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		var want any
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		tree := parseTree(text, nil)
		if !reflect.DeepEqual(asMaps(tree), want) {
			t.Fatalf("seed %d: parseTree(%s) = %#v, encoding/json reads %#v", seed, text, asMaps(tree), want)
		}
		for k := 0; k < 3; k++ {
			tree = r.breakJSON(tree)
			want, err := json.Marshal(asMaps(tree))
			if err != nil {
				t.Fatal(err)
			}
			// A repeated key is written as the key once more, which
			// json.Marshal cannot write.
			want = bytes.ReplaceAll(want, []byte(`\u0000repeated"`), []byte(`"`))
			if got := appendTree(nil, tree); !bytes.Equal(got, want) {
				t.Fatalf("seed %d: appendTree = %s, json.Marshal = %s", seed, got, want)
			}
		}
	}
}

// Strings that need escaping, and the types no tree holds, are written as
// json.Marshal writes them too.
func TestAppendTreeEscapes(t *testing.T) {
	for _, x := range []any{"<a & b>", "tab\there", "quote\"", "back\\slash", "é", "\u2028", string([]byte{0xff}),
		[]any(nil), json.Number(""), true, false, nil, 4.5, treeOf(map[string]any{"z": []any{}, "<": "x", "a": map[string]any{}})} {
		want, _ := json.Marshal(asMaps(x))
		if got := appendTree(nil, x); !bytes.Equal(got, want) {
			t.Errorf("appendTree(%#v) = %s, json.Marshal = %s", x, got, want)
		}
	}
}

// asMaps returns tree with its objects as maps, as encoding/json reads
// and writes them.
func asMaps(tree any) any {
	switch x := tree.(type) {
	case *object:
		m := map[string]any{}
		for _, member := range x.members {
			m[member.key] = asMaps(member.value)
		}
		return m
	case []any:
		if x == nil {
			return x
		}
		list := make([]any, len(x))
		for i, v := range x {
			list[i] = asMaps(v)
		}
		return list
	}
	return tree
}

// treeOf returns x, whose objects are maps, as a tree.
func treeOf(x any) any {
	switch x := x.(type) {
	case map[string]any:
		o := &object{}
		for k, v := range x {
			o.set(k, treeOf(v))
		}
		return o
	case []any:
		for i, v := range x {
			x[i] = treeOf(v)
		}
	}
	return x
}

// An object keeps its members in the order of their keys whatever the
// order they are set in, each key once, and removes them.
func TestObjectOrder(t *testing.T) {
	o := &object{}
	for _, k := range []string{"state", "record", "a\x00repeated", "a", "é", "", "state"} {
		o.set(k, k)
	}
	o.remove("record")
	o.remove("absent")
	var keys []string
	for _, m := range o.members {
		keys = append(keys, m.key)
	}
	if got, want := fmt.Sprintf("%q", keys), `["" "a" "a\x00repeated" "state" "é"]`; got != want {
		t.Errorf("keys %s, want %s", got, want)
	}
	if o.get("state") != "state" || o.get("record") != nil {
		t.Errorf("get: %v, %v", o.get("state"), o.get("record"))
	}
}

// The tree EncodeValue breaks is the tree parseTree reads of the value's
// canonical JSON, made without the text: for the boundary values of 3,000
// seeds, with groups of too many walls, records of too many moves and
// enums without a name, and the same trees broken alike.
func TestValueTreeAsParsed(t *testing.T) {
	var a arena
	for seed := uint64(1); seed <= 3000; seed++ {
		r := NewRand(seed)
		v := r.BoundaryValue()
		switch seed % 4 {
		case 1:
			if v.State == nil {
				v.State = r.BoundaryState()
			}
			v.State.Walls.Black.V = append(v.State.Walls.Black.V, 1, 64, -1, 99999)
			v.State.LastMove.Kind, v.State.LastMove.Player = ref.MoveKind(seed%3), ref.Player(seed%5%3)
		case 2:
			v.Record = &ref.Record{Moves: make([]ref.Move, spec.MaxMoves+1+int(seed%20))}
			v.Record.Moves[0] = ref.Move{Kind: ref.Wall, Orientation: ref.Orientation(seed % 3), Place: -7}
			v.Record.Moves[1] = ref.Move{Kind: ref.MoveKind(2), Dir: 1024}
		}
		text, _ := v.AppendJSON(nil)
		want := parseTree(text, nil)
		got := a.valueTree(v)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: valueTree = %#v, parseTree(%s) = %#v", seed, asMaps(got), text, asMaps(want))
		}
		r1, r2 := NewRand(seed), NewRand(seed)
		for k := 0; k < 3; k++ {
			want, got = r1.breakJSON(want), r2.breakJSON(got)
			if w, g := appendTree(nil, want), appendTree(nil, got); !bytes.Equal(g, w) {
				t.Fatalf("seed %d: valueTree broken %d times: %s, parseTree's: %s", seed, k+1, g, w)
			}
		}
	}
}

// parseTree returns the tree of text, JSON that ref.Value.AppendJSON
// wrote: objects, lists, integers, strings without escapes and null.
// EncodeValue makes the same tree without the text (valueTree);
// TestValueTreeAsParsed holds the two to each other and parseTree to
// encoding/json. Its keys, strings and numbers share text's memory, made
// a string once; its objects and lists are a's, which the next tree of a
// reuses (nil: made anew).
func parseTree(text []byte, a *arena) any {
	if a == nil {
		a = new(arena)
	}
	a.objects, a.members, a.items = a.objects[:0], a.members[:0], a.items[:0]
	x, _ := a.parseValue(string(text))
	return x
}

func (a *arena) parseValue(b string) (any, string) {
	switch b[0] {
	case '{':
		o := a.object(5)
		b = b[1:]
		for b[0] != '}' {
			key, rest := parseString(b)
			var v any
			v, b = a.parseValue(rest[1:]) // after the ':'
			o.set(key, v)
			if b[0] == ',' {
				b = b[1:]
			}
		}
		return o, b[1:]
	case '[':
		var room [16]any
		items := room[:0]
		b = b[1:]
		for b[0] != ']' {
			var x any
			x, b = a.parseValue(b)
			items = append(items, x)
			if b[0] == ',' {
				b = b[1:]
			}
		}
		return a.list(items), b[1:]
	case '"':
		str, rest := parseString(b)
		return boxedString(str), rest
	case 'n':
		return nil, b[len("null"):]
	}
	i := 1
	for i < len(b) && (b[i] == '-' || '0' <= b[i] && b[i] <= '9') {
		i++
	}
	return boxedNumber(b[:i]), b[i:]
}

// boxedNumber returns the number n as a tree holds it: for 0 to 1023, most
// numbers of a value, an interface value made once, so that a tree of
// them allocates none.
func boxedNumber(n string) any {
	if v, err := strconv.Atoi(n); err == nil && 0 <= v && v < len(smallNumbers) && n == strconv.Itoa(v) {
		return smallNumbers[v]
	}
	return json.Number(n)
}

// parseString returns the string at the start of b, which has no escapes.
func parseString(b string) (string, string) {
	i := 1
	for b[i] != '"' {
		i++
	}
	return b[1:i], b[i+1:]
}
