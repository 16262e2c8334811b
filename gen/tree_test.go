package gen

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
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
		tree := parseTree(text)
		if !reflect.DeepEqual(tree, want) {
			t.Fatalf("seed %d: parseTree(%s) = %#v, encoding/json reads %#v", seed, text, tree, want)
		}
		for k := 0; k < 3; k++ {
			tree = r.breakJSON(tree)
			want, err := json.Marshal(tree)
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
		[]any(nil), json.Number(""), true, false, nil, 4.5, map[string]any{"z": []any{}, "<": "x", "a": map[string]any{}}} {
		want, _ := json.Marshal(x)
		if got := appendTree(nil, x); !bytes.Equal(got, want) {
			t.Errorf("appendTree(%#v) = %s, json.Marshal = %s", x, got, want)
		}
	}
}
